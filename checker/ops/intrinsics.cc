// Intrinsics (spec §5.9): shapes as values, packed calls, printing, assertions, null, and
// the bounded-dynamism ops get_dimension_size / set_dimension_size (spec §2.10).
#include "checker/ops/op_rules.h"
#include "ir/text/printer.h"

namespace rlx::checker::ops {

// op.shape_of.c1: expr is a tensor. The result is its shape: R.Shape of its extents when
// known, else of its rank.
Ref<StructInfo> ShapeOf(OpCall& c) {
  auto x = c.Tensor("expr", 1);
  if (!x) return nullptr;
  if (const auto* d = TensorDims(*x, c.state())) return ShapeStructInfo::Make(*d);
  return ShapeStructInfo::MakeNdim(x->ndim);
}

// op.tensor_to_shape.c1: expr is a 1-d tensor of an integer dtype. The result is an R.Shape
// whose rank is the tensor's extent when that is a constant.
Ref<StructInfo> TensorToShape(OpCall& c) {
  auto x = c.Tensor("expr", 1);
  if (!x) return nullptr;
  if (x->ndim != kUnknownNdim && x->ndim != 1) {
    return c.Fail(1, "R.tensor_to_shape needs a 1-d tensor, got " + std::to_string(x->ndim) + " dimensions");
  }
  if (x->dtype != DataType::kVoid && !IsInteger(x->dtype)) {
    return c.Fail(1, "R.tensor_to_shape needs an integer tensor, got " + std::string(DataTypeName(x->dtype)));
  }
  const auto* d = TensorDims(*x, c.state());
  if (d && d->size() == 1 && (*d)[0]->is_int() && (*d)[0]->int_value <= 1024) {
    return ShapeStructInfo::MakeNdim(static_cast<int>((*d)[0]->int_value));
  }
  return ShapeStructInfo::MakeNdim(kUnknownNdim);
}

// op.shape_to_tensor.c1: expr is a shape. The result is an int64 tensor of shape (ndim,).
Ref<StructInfo> ShapeToTensor(OpCall& c) {
  auto s = c.Shape("expr", 1);
  if (!s) return nullptr;
  if (s->ndim == kUnknownNdim) return MakeTensorNdim(1, DataType::kInt64);
  return MakeTensor({I64(s->ndim)}, DataType::kInt64);
}

// op.call_pure_packed.c1: the call has sinfo_args. The result is sinfo_args[0], or the
// tuple of all of them when there are several (sinfo.derive-func).
Ref<StructInfo> CallPurePacked(OpCall& c) {
  const auto& s = c.call().sinfo_args;
  if (s.empty()) return c.Fail(1, "R.call_pure_packed needs sinfo_args to describe its result");
  if (s.size() == 1) return s[0];
  return TupleStructInfo::Make(s);
}

// R.print has no constraint on its values; it returns void.
Ref<StructInfo> Print(OpCall&) { return VoidStructInfo(); }

// op.assert_op.c1: condition is a bool primitive value or a 0-d bool tensor. It returns void.
Ref<StructInfo> AssertOp(OpCall& c) {
  Ref<StructInfo> s = c.ArgSInfo("condition");
  if (auto p = As<PrimStructInfo>(s); p && p->dtype == DataType::kBool) return VoidStructInfo();
  if (auto t = As<TensorStructInfo>(s);
      t && (t->dtype == DataType::kBool || t->dtype == DataType::kVoid) && (t->ndim == 0 || t->ndim == kUnknownNdim)) {
    return VoidStructInfo();
  }
  return c.Fail(1, "R.assert_op condition must be a bool primitive value or a 0-d bool tensor, got " + Describe(s));
}

// R.null_value has no constraint; its result is R.Object.
Ref<StructInfo> NullValue(OpCall&) { return ObjectStructInfo::Make(); }

// op.to_vdevice.c1: data is a tensor. c2: dst_vdevice is a virtual device "kind[:index[:scope]]"
// (sinfo.inv.vdevice). The result is data's struct info on that device.
Ref<StructInfo> ToVDevice(OpCall& c) {
  auto x = c.Tensor("data", 1);
  if (!x) return nullptr;
  const std::string dst = c.Str("dst_vdevice");
  if (!IsValidVDevice(dst)) return c.Fail(2, "R.to_vdevice dst_vdevice \"" + dst + "\" is not kind[:index[:scope]]");
  return TensorStructInfo::Make(x->shape, x->dtype, x->ndim, dst);
}

// op.get_dimension_size.c1: x is a tensor. c2: axis is in range. The result is
// R.Prim("int64") with the extent as its value when known (sinfo.bound.get-dimension-size).
Ref<StructInfo> GetDimensionSize(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  if (x->ndim == kUnknownNdim) return PrimStructInfo::Make(DataType::kInt64);
  auto axis = c.Axis(2, c.Int("axis"), x->ndim);
  if (!axis) return nullptr;
  if (const auto* d = TensorDims(*x, c.state())) return PrimStructInfo::Make(DataType::kInt64, (*d)[*axis]);
  return PrimStructInfo::Make(DataType::kInt64);
}

// op.set_dimension_size.c1: x is a tensor. c2: axis is in range. c3: size is an int64
// primitive value. c4: 0 <= size <= the extent of x at the axis
// (sinfo.bound.set-dimension-size). The result is x with that extent replaced by size.
Ref<StructInfo> SetDimensionSize(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  auto size = c.Prim("size", 3, true);
  if (!size) return nullptr;
  if (size->dtype != DataType::kInt64) {
    return c.Fail(3, "R.set_dimension_size size must be an int64 value, got " + std::string(DataTypeName(size->dtype)));
  }
  if (size->value && c.Require(4, Cond(PrimKind::kGE, size->value, I64(0)),
                               "size " + text::PrintPrimExpr(size->value) + " must be >= 0") == Decision::kFails) {
    return nullptr;
  }
  if (x->ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  auto axis = c.Axis(2, c.Int("axis"), x->ndim);
  if (!axis) return nullptr;
  const auto* d = TensorDims(*x, c.state());
  if (size->value) {
    if (d && c.Require(4, Cond(PrimKind::kLE, size->value, (*d)[*axis]),
                       "size " + text::PrintPrimExpr(size->value) + " must not exceed the extent " +
                           text::PrintPrimExpr((*d)[*axis])) == Decision::kFails) {
      return nullptr;
    }
  }
  if (!d || !size->value) return MakeTensorNdim(x->ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> out = *d;
  out[*axis] = size->value;
  return MakeTensor(out, x->dtype, x->vdevice);
}

}  // namespace rlx::checker::ops
