// The struct-info rules of the op families (spec chapter 5), one function per op or per
// group of ops that share a rule. The registry (op_registry.cc) maps every OpId to one.
#pragma once

#include "checker/ops/op_call.h"
#include "ir/text/printer.h"

namespace rlx::checker::ops {

/// `e` as TVMScript, for the rules' messages.
inline std::string P(const Ref<PrimExpr>& e) { return text::PrintPrimExpr(e); }

// unary.cc (spec §5.1)
Ref<StructInfo> Unary(OpCall& c);
// binary.cc (spec §5.2)
Ref<StructInfo> Binary(OpCall& c);
// selection.cc (spec §5.3)
Ref<StructInfo> Where(OpCall& c);
Ref<StructInfo> Clip(OpCall& c);
Ref<StructInfo> Astype(OpCall& c);

// reduction.cc (spec §5.4)
Ref<StructInfo> Reduce(OpCall& c);
Ref<StructInfo> ArgReduce(OpCall& c);
Ref<StructInfo> Scan(OpCall& c);

// linalg.cc (spec §5.5)
Ref<StructInfo> Matmul(OpCall& c);

// manipulation.cc (spec §5.6)
Ref<StructInfo> Reshape(OpCall& c);
Ref<StructInfo> PermuteDims(OpCall& c);
Ref<StructInfo> ExpandDims(OpCall& c);
Ref<StructInfo> Squeeze(OpCall& c);
Ref<StructInfo> Flatten(OpCall& c);
Ref<StructInfo> BroadcastTo(OpCall& c);
Ref<StructInfo> Tile(OpCall& c);
Ref<StructInfo> Repeat(OpCall& c);
Ref<StructInfo> Flip(OpCall& c);
Ref<StructInfo> Trilu(OpCall& c);

// manipulation_join.cc (spec §5.6)
Ref<StructInfo> Concat(OpCall& c);
Ref<StructInfo> Stack(OpCall& c);
Ref<StructInfo> Split(OpCall& c);

// manipulation_index.cc (spec §5.6)
Ref<StructInfo> StridedSlice(OpCall& c);
Ref<StructInfo> Take(OpCall& c);

// creation.cc (spec §5.7)
Ref<StructInfo> Fill(OpCall& c);
Ref<StructInfo> FillLike(OpCall& c);
Ref<StructInfo> Arange(OpCall& c);
Ref<StructInfo> Eye(OpCall& c);

// nn.cc and nn_conv_pool.cc (spec §5.8)
Ref<StructInfo> Softmax(OpCall& c);
Ref<StructInfo> LayerNorm(OpCall& c);
Ref<StructInfo> RmsNorm(OpCall& c);
Ref<StructInfo> BatchNorm(OpCall& c);
Ref<StructInfo> Pad(OpCall& c);
Ref<StructInfo> Conv2d(OpCall& c);
Ref<StructInfo> Pool2d(OpCall& c);
Ref<StructInfo> AdaptiveAvgPool2d(OpCall& c);

// intrinsics.cc (spec §5.9)
Ref<StructInfo> ShapeOf(OpCall& c);
Ref<StructInfo> TensorToShape(OpCall& c);
Ref<StructInfo> ShapeToTensor(OpCall& c);
Ref<StructInfo> CallPurePacked(OpCall& c);
// dps_calls.cc
Ref<StructInfo> CallTir(OpCall& c);
Ref<StructInfo> CallTirInplace(OpCall& c);
Ref<StructInfo> CallDpsPacked(OpCall& c);
Ref<StructInfo> Print(OpCall& c);
Ref<StructInfo> AssertOp(OpCall& c);
Ref<StructInfo> NullValue(OpCall& c);
Ref<StructInfo> ToVDevice(OpCall& c);
// memory.cc (§5.10)
Ref<StructInfo> BuiltinAllocTensor(OpCall& c);
Ref<StructInfo> AllocStorage(OpCall& c);
Ref<StructInfo> AllocTensorInStorage(OpCall& c);
Ref<StructInfo> Kill(OpCall& c);
Ref<StructInfo> GetDimensionSize(OpCall& c);
Ref<StructInfo> SetDimensionSize(OpCall& c);

}  // namespace rlx::checker::ops
