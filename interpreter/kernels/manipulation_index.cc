// Kernels of strided_slice and take (spec §5.6; out-of-range take indices: eval.trap.index).
#include <algorithm>
#include <cmath>

#include "interpreter/runtime_names.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/gather.h"

namespace rlx::interp {
namespace {

std::vector<int64_t> IntTuple(OpInvocation& inv, std::string_view param) {
  std::vector<int64_t> out;
  const Value& v = inv.Arg(param);
  if (!v.is_tuple()) return out;
  for (const Value& f : v.tuple()) {
    if (!f.is_prim() || f.prim().is_float()) {
      Fail(ErrorCode::kInvalidValue, "R." + inv.op().name + " " + std::string(param) + " must hold integers");
    }
    out.push_back(f.prim().i);
  }
  return out;
}

Value StridedSlice(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  const int rank = x->ndim();
  std::vector<int64_t> axes = IntTuple(inv, "axes"), begin = IntTuple(inv, "begin"),
                       end = IntTuple(inv, "end"), strides = IntTuple(inv, "strides");
  std::vector<int64_t> start(rank, 0), step(rank, 1), shape = x->shape();
  for (size_t k = 0; k < axes.size(); ++k) {
    const int ax = static_cast<int>(axes[k] < 0 ? axes[k] + rank : axes[k]);
    const int64_t n = x->shape()[ax];
    const int64_t s = k < strides.size() ? strides[k] : 1;
    // op.strided_slice.c4 at run time
    if (s == 0) inv.FailConstraint(4, "a stride is 0");
    int64_t b = k < begin.size() ? begin[k] : 0, e = k < end.size() ? end[k] : n;
    // numpy basic slicing: negative indices count from the end, then clamp.
    if (b < 0) b = b < -n ? -1 : b + n;
    if (e < 0) e = e < -n ? -1 : e + n;
    int64_t len;
    if (s > 0) {
      b = std::clamp<int64_t>(b, 0, n);
      e = std::clamp<int64_t>(e, 0, n);
      len = e > b ? (e - b - 1) / s + 1 : 0;  // no overflow for huge strides
    } else {
      b = std::clamp<int64_t>(b, -1, n - 1);
      e = std::clamp<int64_t>(e, -1, n - 1);
      // In 128 bits: -s overflows int64 for s = INT64_MIN.
      len = b > e ? static_cast<int64_t>(
                        (static_cast<__int128>(b) - e - 1) / -static_cast<__int128>(s) + 1)
                  : 0;
    }
    start[ax] = b;
    step[ax] = s;
    shape[ax] = len;
  }
  std::vector<int64_t> in_strides = RowMajorStrides(x->shape());
  return Value::FromTensor(Gather(inv, x, shape, [&](const std::vector<int64_t>& idx) {
    int64_t off = 0;
    for (int d = 0; d < rank; ++d) off += (start[d] + idx[d] * step[d]) * in_strides[d];
    return off;
  }));
}

Value Take(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  Tensor indices = inv.TensorArg("indices");
  std::optional<int64_t> axis_attr = inv.attrs().OptInt("axis");
  const std::string mode = inv.attrs().Str("mode");
  std::vector<int64_t> xshape = axis_attr ? x->shape() : std::vector<int64_t>{x->num_elements()};
  const int axis = axis_attr ? static_cast<int>(*axis_attr < 0 ? *axis_attr + x->ndim() : *axis_attr) : 0;
  const int64_t n = xshape[axis];
  std::vector<int64_t> shape(xshape.begin(), xshape.begin() + axis);
  shape.insert(shape.end(), indices->shape().begin(), indices->shape().end());
  shape.insert(shape.end(), xshape.begin() + axis + 1, xshape.end());
  const int ir = indices->ndim();
  std::vector<int64_t> xstrides = RowMajorStrides(xshape), istrides = RowMajorStrides(indices->shape());
  std::vector<bool> nan_at;  // "nan" mode: result elements that become NaN
  const bool nan_mode = mode == "nan";
  int64_t out_i = 0;
  Tensor out = Gather(inv, x, shape, [&](const std::vector<int64_t>& idx) {
    int64_t ioff = 0;
    for (int d = 0; d < ir; ++d) ioff += idx[axis + d] * istrides[d];
    int64_t k = indices->GetInt(ioff);
    if (IsUnsignedInt(indices->dtype()) && k < 0) k = INT64_MAX;  // a huge uint64 index
    ++out_i;
    if (k < 0 || k >= n) {
      if (nan_mode && IsFloat(x->dtype())) {
        nan_at.resize(out_i, false);
        nan_at[out_i - 1] = true;
        return int64_t{-1};
      }
      if (n == 0 || mode == "fast" || nan_mode) {
        // eval.trap.index
        Fail(ErrorCode::kIndexOutOfBounds, "R.take index " + std::to_string(k) +
                                               " is outside [0, " + std::to_string(n) + ")");
      }
      k = mode == "wrap" ? ((k % n) + n) % n : std::clamp<int64_t>(k, 0, n - 1);
    }
    int64_t off = 0;
    for (int d = 0; d < axis; ++d) off += idx[d] * xstrides[d];
    off += k * xstrides[axis];
    for (size_t d = axis + 1; d < xshape.size(); ++d) off += idx[d - 1 + ir] * xstrides[d];
    return off;
  });
  for (size_t i = 0; i < nan_at.size(); ++i) {
    if (nan_at[i]) out->SetDouble(static_cast<int64_t>(i), std::nan(""));
  }
  return Value::FromTensor(out);
}

}  // namespace

Value IndexKernel(OpInvocation& inv) {
  if (inv.op().id == OpId::kStridedSlice) return StridedSlice(inv);
  return Take(inv);
}

}  // namespace rlx::interp
