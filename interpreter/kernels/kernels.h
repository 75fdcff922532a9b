// The reference kernels, one entry point per op family (one file each). Each reads its op
// from the invocation and computes the op's semantics (spec chapter 5, numerics eval.num.*).
#pragma once

#include "interpreter/runtime_names.h"
#include "interpreter/kernels/element_types.h"
#include "interpreter/kernels/op_invocation.h"

namespace rlx::interp {

/// The typed element pointer of a tensor.
template <class T>
T* Data(const Tensor& t) {
  return reinterpret_cast<T*>(t->mutable_data());
}

/// A copy of `t` converted to `dtype` as astype converts (eval.num.astype).
Tensor ConvertTensor(OpInvocation& inv, const Tensor& t, DataType dtype);

Value UnaryKernel(OpInvocation& inv);       // §5.1          unary.cc
Value BinaryKernel(OpInvocation& inv);      // §5.2          binary.cc
Value WhereKernel(OpInvocation& inv);       // §5.3          selection.cc
Value ClipKernel(OpInvocation& inv);        // §5.3          selection.cc
Value AstypeKernel(OpInvocation& inv);      // §5.3          selection.cc
Value ReductionKernel(OpInvocation& inv);   // §5.4 sum … std      reduction.cc
Value SearchKernel(OpInvocation& inv);      // §5.4 argmax/argmin  reduction.cc
Value ScanKernel(OpInvocation& inv);        // §5.4 cumsum/cumprod reduction.cc
Value MatmulKernel(OpInvocation& inv);      // §5.5          linalg.cc
Value ManipulateKernel(OpInvocation& inv);  // §5.6          manipulation.cc
Value IndexKernel(OpInvocation& inv);       // §5.6 strided_slice, take  manipulation_index.cc
Value CreateKernel(OpInvocation& inv);      // §5.7          creation.cc
Value NNKernel(OpInvocation& inv);          // §5.8 softmax, norms, pad  nn.cc
Value ConvPoolKernel(OpInvocation& inv);    // §5.8 conv2d and pooling  nn_conv_pool.cc
Value IntrinsicKernel(OpInvocation& inv);   // §5.9          intrinsics.cc
Value MemoryKernel(OpInvocation& inv);      // §5.10         memory.cc

}  // namespace rlx::interp
