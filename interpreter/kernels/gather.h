// Data movement shared by the shape-manipulation and indexing kernels: every result element
// is copied from one input element (or filled with zero), whatever the dtype.
#pragma once

#include <cstring>
#include <vector>

#include "interpreter/runtime_names.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/kernels.h"

namespace rlx::interp {

/// Calls f(index) for every multi-index of `shape` in row-major order; f returns nothing.
template <class F>
void ForEachIndex(const std::vector<int64_t>& shape, F&& f) {
  const int64_t total = NumElements(shape);
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t i = 0; i < total; ++i) {
    f(static_cast<const std::vector<int64_t>&>(idx));
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

/// A tensor of `out_shape` and x's dtype whose element at multi-index `idx` is x's element
/// at flat offset `src(idx)`, or zero when src returns a negative offset.
template <class F>
Tensor Gather(OpInvocation& inv, const Tensor& x, const std::vector<int64_t>& out_shape, F&& src) {
  Tensor out = inv.Alloc(x->dtype(), out_shape);
  const size_t es = static_cast<size_t>(DataTypeBytes(x->dtype()));
  const uint8_t* in = x->data();
  uint8_t* o = out->mutable_data();
  int64_t i = 0;
  ForEachIndex(out_shape, [&](const std::vector<int64_t>& idx) {
    int64_t s = src(idx);
    if (s >= 0) std::memcpy(o + i * es, in + s * es, es);
    ++i;
  });
  return out;
}

/// A fresh tensor: x with its axes reordered as permute_dims(x, axes) does.
inline Tensor PermuteGather(OpInvocation& inv, const Tensor& x, const std::vector<int>& axes) {
  const int rank = x->ndim();
  std::vector<int64_t> shape(rank), in_strides = RowMajorStrides(x->shape()), strides(rank);
  for (int i = 0; i < rank; ++i) {
    shape[i] = x->shape()[axes[i]];
    strides[i] = in_strides[axes[i]];
  }
  return Gather(inv, x, shape, [&](const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (int i = 0; i < rank; ++i) s += idx[i] * strides[i];
    return s;
  });
}

/// PermuteGather, or x itself when `axes` is the identity (for a kernel's own operands).
inline Tensor PermutedTensor(OpInvocation& inv, const Tensor& x, const std::vector<int>& axes) {
  for (size_t i = 0; i < axes.size(); ++i) {
    if (axes[i] != static_cast<int>(i)) return PermuteGather(inv, x, axes);
  }
  return x;
}

}  // namespace rlx::interp
