// Kernels of the unary elementwise ops (spec §5.1). Numerics: eval.num.*; the scalar functions
// are in scalar_ops.h.
#include <cmath>

#include "runtime/exp_double.h"
#include "interpreter/kernels/kernels.h"
#include "interpreter/kernels/scalar_ops.h"
#include "interpreter/runtime_names.h"
#include "ir/base/check.h"
#include "ir/op_dtype_class.h"

namespace rlx::interp {
namespace {

// A unary op: floats through `ff` (double -> double, rounded once), integers and bool through
// `fi` (T -> T).
template <class FloatF, class IntF>
Value Unary(OpInvocation& inv, FloatF ff, IntF fi) {
  Tensor x = inv.TensorArg(inv.op().params[0].name);
  // op.<name>.c2 on the value's dtype (open statically when the dtype was void).
  if (std::string why = DTypeClassViolation(inv.op(), x->dtype()); !why.empty()) inv.FailConstraint(2, why);
  Tensor out = inv.AllocUninitialized(x->dtype(), x->shape());
  const int64_t n = x->num_elements();
  DispatchDType(x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* in = Data<T>(x);
    T* o = Data<T>(out);
    if constexpr (kIsFloatElem<T>) {
      for (int64_t i = 0; i < n; ++i) o[i] = RoundFloat<T>(ff(ToDouble(in[i])));
    } else {
      for (int64_t i = 0; i < n; ++i) o[i] = fi(in[i]);
    }
  });
  return Value::FromTensor(out);
}

// A unary predicate (isnan, isinf, isfinite): bool result; integers and bool
// give `fi(x)`.
template <class F, class IntF>
Value Predicate(OpInvocation& inv, F f, IntF fi) {
  Tensor x = inv.TensorArg("x");
  Tensor out = inv.AllocUninitialized(DataType::kBool, x->shape());
  const int64_t n = x->num_elements();
  DispatchDType(x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* in = Data<T>(x);
    bool* o = Data<bool>(out);
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (kIsFloatElem<T>) o[i] = f(ToDouble(in[i]));
      else o[i] = fi(in[i]);
    }
  });
  return Value::FromTensor(out);
}

template <class T>
T IntNeg(T x) {
  if constexpr (std::is_same_v<T, bool>) return x;
  else return scalar::Wrap<T>(uint64_t{0} - scalar::U64(x));
}
template <class T>
T IntSign(T x) {
  if constexpr (std::is_signed_v<T>) return static_cast<T>((x > 0) - (x < 0));
  else return static_cast<T>(x > 0);
}
template <class T>
T IntSquare(T x) {
  return scalar::Wrap<T>(scalar::U64(x) * scalar::U64(x));
}
template <class T>
T IntRelu(T x) {
  return x > T(0) ? x : T(0);
}
template <class T>
T BitNot(T x) {
  if constexpr (std::is_same_v<T, bool>) return !x;
  else return static_cast<T>(~x);
}

auto Identity = [](auto x) { return x; };
// exp over float32: compiled for the baseline and for AVX2 (chosen at load time); the two
// clones compute the same double-precision values, so results do not depend on the machine.
__attribute__((target_clones("avx2", "default"))) void ExpFloat32(const float* in, float* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = static_cast<float>(runtime::ExpForNarrowFloat(static_cast<double>(in[i])));
}

struct IsZero {
  template <class T>
  T operator()(T x) const { return static_cast<T>(x == T(0)); }
};

}  // namespace

Value UnaryKernel(OpInvocation& inv) {
  using namespace scalar;
  switch (inv.op().id) {
    case OpId::kAbs: return Unary(inv, [](double x) { return std::fabs(x); }, [](auto x) { return scalar::IntAbs(x); });
    case OpId::kNegative: return Unary(inv, [](double x) { return -x; }, [](auto x) { return IntNeg(x); });
    case OpId::kSign: return Unary(inv, [](double x) { return Sign(x); }, [](auto x) { return IntSign(x); });
    case OpId::kSquare: return Unary(inv, [](double x) { return x * x; }, [](auto x) { return IntSquare(x); });
    case OpId::kExp: {
      // float64 uses libm; the narrow types an inline exp that vectorizes (exp_double.h).
      Tensor x = inv.TensorArg("x");
      if (x->dtype() == DataType::kFloat64) return Unary(inv, [](double v) { return std::exp(v); }, Identity);
      if (x->dtype() == DataType::kFloat32) {
        Tensor out = inv.AllocUninitialized(x->dtype(), x->shape());
        ExpFloat32(Data<float>(x), Data<float>(out), x->num_elements());
        return Value::FromTensor(out);
      }
      return Unary(inv, [](double v) { return runtime::ExpForNarrowFloat(v); }, Identity);
    }
    case OpId::kLog: return Unary(inv, [](double x) { return std::log(x); }, Identity);
    case OpId::kSqrt: return Unary(inv, [](double x) { return std::sqrt(x); }, Identity);
    case OpId::kRsqrt: return Unary(inv, [](double x) { return 1.0 / std::sqrt(x); }, Identity);
    case OpId::kSin: return Unary(inv, [](double x) { return std::sin(x); }, Identity);
    case OpId::kCos: return Unary(inv, [](double x) { return std::cos(x); }, Identity);
    case OpId::kTan: return Unary(inv, [](double x) { return std::tan(x); }, Identity);
    case OpId::kTanh: return Unary(inv, [](double x) { return std::tanh(x); }, Identity);
    case OpId::kSigmoid: return Unary(inv, [](double x) { return Sigmoid(x); }, Identity);
    case OpId::kErf: return Unary(inv, [](double x) { return std::erf(x); }, Identity);
    case OpId::kFloor: return Unary(inv, [](double x) { return std::floor(x); }, Identity);
    case OpId::kCeil: return Unary(inv, [](double x) { return std::ceil(x); }, Identity);
    // eval.num.round: half to even (the default rounding mode).
    case OpId::kRound: return Unary(inv, [](double x) { return std::nearbyint(x); }, Identity);
    case OpId::kTrunc: return Unary(inv, [](double x) { return std::trunc(x); }, Identity);
    // op.logical_not.c1: 1 where x is zero, else 0, in x's dtype (NaN is not zero).
    case OpId::kLogicalNot: return Unary(inv, [](double x) { return x == 0 ? 1.0 : 0.0; }, IsZero{});
    case OpId::kBitwiseNot: return Unary(inv, [](double x) { return x; }, [](auto x) { return BitNot(x); });
    case OpId::kRelu: return Unary(inv, [](double x) { return Relu(x); }, [](auto x) { return IntRelu(x); });
    case OpId::kGelu: return Unary(inv, [](double x) { return Gelu(x); }, Identity);
    case OpId::kGeluTanh: return Unary(inv, [](double x) { return GeluTanh(x); }, Identity);
    case OpId::kSilu: return Unary(inv, [](double x) { return Silu(x); }, Identity);
    case OpId::kIsNan: return Predicate(inv, [](double x) { return std::isnan(x); }, [](auto) { return false; });
    case OpId::kIsInf: return Predicate(inv, [](double x) { return std::isinf(x); }, [](auto) { return false; });
    case OpId::kIsFinite: return Predicate(inv, [](double x) { return std::isfinite(x); }, [](auto) { return true; });
    default: break;
  }
  RLX_UNREACHABLE("no kernel for R." + inv.op().name + " (kernel_registry.cc)");
}

}  // namespace rlx::interp
