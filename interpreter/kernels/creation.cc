// Kernels of the creation ops (spec §5.7): zeros, ones, full, the *_like ops, arange, eye.
#include <algorithm>
#include <cmath>

#include "ir/base/check.h"
#include "interpreter/runtime_names.h"
#include "interpreter/kernels/kernels.h"

namespace rlx::interp {
namespace {

// A tensor whose every element is `fill` (a 0-d tensor) converted as astype converts.
Tensor Filled(OpInvocation& inv, DataType dtype, const std::vector<int64_t>& shape, const Tensor& fill) {
  Tensor out = inv.Alloc(dtype, shape);
  DispatchDType(fill->dtype(), [&](auto from_tag) {
    using From = decltype(from_tag);
    DispatchDType(dtype, [&](auto to_tag) {
      using To = decltype(to_tag);
      const To v = ConvertElem<To>(Data<From>(fill)[0]);
      To* o = Data<To>(out);
      for (int64_t i = 0; i < out->num_elements(); ++i) o[i] = v;
    });
  });
  return out;
}

Tensor Scalar(OpInvocation& inv, int64_t v) {
  Tensor t = inv.Alloc(DataType::kInt64, {});
  t->SetInt(0, v);
  return t;
}

bool IsIntPrim(const Value& v) { return v.is_prim() && !v.prim().is_float(); }

Value Arange(OpInvocation& inv) {
  const bool has_end = inv.Has("end");
  const Value& vs = inv.Arg("start");
  const Value& ve = has_end ? inv.Arg("end") : vs;
  const Value& vstep = inv.Arg("step");
  const bool all_int = IsIntPrim(vs) && IsIntPrim(ve) && (!inv.Has("step") || IsIntPrim(vstep));
  DataType dtype = inv.attrs().DType("dtype");
  if (dtype == DataType::kVoid) dtype = all_int ? DataType::kInt64 : DataType::kFloat32;
  if (all_int) {
    const int64_t start = has_end ? vs.prim().i : 0, end = ve.prim().i;
    const int64_t step = inv.Has("step") ? vstep.prim().i : 1;
    // op.arange.c2 at run time; eval.trap.value
    if (step == 0) Fail(ErrorCode::kInvalidValue, "R.arange step is 0");
    __int128 span = static_cast<__int128>(end) - start;
    __int128 len = step > 0 ? (span + step - 1) / step : (span + step + 1) / step;
    if (len < 0) len = 0;
    if (len > (int64_t{1} << 62)) Fail(ErrorCode::kTensorTooLarge, "R.arange has too many elements");
    Tensor out = inv.Alloc(dtype, {static_cast<int64_t>(len)});
    DispatchDType(dtype, [&](auto tag) {
      using T = decltype(tag);
      T* o = Data<T>(out);
      for (int64_t i = 0; i < static_cast<int64_t>(len); ++i) {
        o[i] = ConvertElem<T>(static_cast<int64_t>(start + static_cast<__int128>(i) * step));
      }
    });
    return Value::FromTensor(out);
  }
  const double start = has_end ? inv.FloatArg("start") : 0.0, end = inv.FloatArg(has_end ? "end" : "start");
  const double step = inv.Has("step") ? inv.FloatArg("step") : 1.0;
  if (step == 0 || std::isnan(step)) Fail(ErrorCode::kInvalidValue, "R.arange step is " + std::to_string(step));
  double len = std::ceil((end - start) / step);
  if (!(len > 0)) len = 0;
  if (len > 9.0e18) Fail(ErrorCode::kTensorTooLarge, "R.arange has too many elements");
  Tensor out = inv.Alloc(dtype, {static_cast<int64_t>(len)});
  DispatchDType(dtype, [&](auto tag) {
    using T = decltype(tag);
    T* o = Data<T>(out);
    for (int64_t i = 0; i < static_cast<int64_t>(len); ++i) {
      o[i] = ConvertElem<T>(start + static_cast<double>(i) * step);
    }
  });
  return Value::FromTensor(out);
}

Value Eye(OpInvocation& inv) {
  const int64_t n = inv.IntArg("n");
  const int64_t m = inv.Has("m") ? inv.IntArg("m") : n;
  const int64_t k = inv.IntArg("k");
  if (n < 0 || m < 0) inv.FailConstraint(2, "negative extent");
  Tensor out = inv.Alloc(inv.attrs().DType("dtype"), {n, m});
  // Only the rows whose diagonal element j = i + k lies in [0, m): at most min(n, m) of them,
  // so R.eye(2**62, 0) does no work.
  const __int128 first = std::max<__int128>(0, -static_cast<__int128>(k));
  const __int128 last = std::min<__int128>(n, static_cast<__int128>(m) - k);
  for (__int128 i = first; i < last; ++i) {
    const int64_t row = static_cast<int64_t>(i);
    out->SetInt(row * m + static_cast<int64_t>(i + k), 1);
  }
  return Value::FromTensor(out);
}

}  // namespace

Value CreateKernel(OpInvocation& inv) {
  switch (inv.op().id) {
    case OpId::kZeros:
    case OpId::kOnes: {
      std::vector<int64_t> shape = inv.ShapeArg("shape");
      for (int64_t d : shape) {
        // op.zeros.c3 / op.ones.c3 at run time
        if (d < 0) inv.FailConstraint(3, "an extent is " + std::to_string(d));
      }
      Tensor fill = Scalar(inv, inv.op().id == OpId::kOnes ? 1 : 0);
      return Value::FromTensor(Filled(inv, inv.attrs().DType("dtype"), shape, fill));
    }
    case OpId::kFull: {
      Tensor fill = inv.TensorArg("fill_value");
      DataType dtype = inv.attrs().DType("dtype");
      std::vector<int64_t> shape = inv.ShapeArg("shape");
      for (int64_t d : shape) {
        if (d < 0) inv.FailConstraint(3, "an extent is " + std::to_string(d));
      }
      return Value::FromTensor(Filled(inv, dtype == DataType::kVoid ? fill->dtype() : dtype, shape, fill));
    }
    case OpId::kZerosLike:
    case OpId::kOnesLike:
    case OpId::kFullLike: {
      Tensor x = inv.TensorArg("x");
      DataType dtype = inv.attrs().DType("dtype");
      if (dtype == DataType::kVoid) dtype = x->dtype();
      Tensor fill = inv.op().id == OpId::kFullLike ? inv.TensorArg("fill_value")
                                                   : Scalar(inv, inv.op().id == OpId::kOnesLike ? 1 : 0);
      return Value::FromTensor(Filled(inv, dtype, x->shape(), fill));
    }
    case OpId::kArange: return Arange(inv);
    case OpId::kEye: return Eye(inv);
    default: break;
  }
  RLX_UNREACHABLE("no kernel for R." + inv.op().name + " (kernel_registry.cc)");
}

}  // namespace rlx::interp
