// Kernels of the elementwise ops: unary (spec §5.1), binary with broadcasting (§5.2), where,
// clip and astype (§5.3). Numerics: eval.num.*; the scalar functions are in scalar_ops.h.
#include <cmath>

#include "interpreter/runtime_names.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/exp_double.h"
#include "ir/op_dtype_class.h"
#include "interpreter/kernels/kernels.h"
#include "interpreter/kernels/scalar_ops.h"

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
T IntAbs(T x) {
  if constexpr (std::is_signed_v<T>) return x < 0 ? scalar::Wrap<T>(uint64_t{0} - scalar::U64(x)) : x;
  else return x;
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
  for (int64_t i = 0; i < n; ++i) out[i] = static_cast<float>(ExpForNarrowFloat(static_cast<double>(in[i])));
}

struct IsZero {
  template <class T>
  T operator()(T x) const { return static_cast<T>(x == T(0)); }
};

// Applies a binary functor with broadcasting; the result dtype is T (or bool for Out = bool).
template <class Out, class F>
struct BinaryLoop {
  template <class T>
  static void Run(const Tensor& a, const Tensor& b, const Tensor& out, F f) {
    const T* pa = Data<T>(a);
    const T* pb = Data<T>(b);
    Out* po = Data<Out>(out);
    const int64_t n = out->num_elements();
    if (a->shape() == b->shape()) {
      for (int64_t i = 0; i < n; ++i) po[i] = f(pa[i], pb[i]);
    } else if (b->num_elements() == 1 && a->shape() == out->shape()) {
      const T s = pb[0];
      for (int64_t i = 0; i < n; ++i) po[i] = f(pa[i], s);
    } else if (a->num_elements() == 1 && b->shape() == out->shape()) {
      const T s = pa[0];
      for (int64_t i = 0; i < n; ++i) po[i] = f(s, pb[i]);
    } else {
      std::array<std::vector<int64_t>, 2> strides = {BroadcastStrides(a->shape(), out->shape()),
                                                     BroadcastStrides(b->shape(), out->shape())};
      ForEachBroadcast<2>(out->shape(), strides, [&](int64_t i, const std::array<int64_t, 2>& o) {
        po[i] = f(pa[o[0]], pb[o[1]]);
      });
    }
  }
};

// The result of a binary op: a PrimValue when both operands are primitive values.
Value BinaryResult(OpInvocation& inv, const Tensor& out) {
  if (inv.Arg("x1").is_prim() && inv.Arg("x2").is_prim()) {
    PrimScalar p;
    p.dtype = out->dtype();
    if (IsFloat(p.dtype)) p.f = out->GetDouble(0);
    else p.i = out->GetInt(0);
    return Value::FromPrim(p);
  }
  return Value::FromTensor(out);
}

template <bool kBoolResult, class F>
Value Binary(OpInvocation& inv, F f) {
  Tensor a = inv.TensorArg("x1");
  Tensor b = inv.TensorArg("x2");
  std::vector<int64_t> shape;
  std::string why;
  // The constraints in order, on the values (open statically when a dtype was void or an
  // extent symbolic): c2 equal dtypes, c3 the dtype class, c4 the shapes broadcast.
  if (a->dtype() != b->dtype()) {
    inv.FailConstraint(2, "operand dtypes " + std::string(DataTypeName(a->dtype())) + " and " +
                              std::string(DataTypeName(b->dtype())) + " differ");
  }
  if (std::string bad = DTypeClassViolation(inv.op(), a->dtype()); !bad.empty()) inv.FailConstraint(3, bad);
  if (!BroadcastShapes({a->shape(), b->shape()}, &shape, &why)) inv.FailConstraint(4, why);
  Tensor out = inv.AllocUninitialized(kBoolResult ? DataType::kBool : a->dtype(), shape);
  DispatchDType(a->dtype(), [&](auto tag) {
    using T = decltype(tag);
    using Out = std::conditional_t<kBoolResult, bool, T>;
    BinaryLoop<Out, F>::template Run<T>(a, b, out, f);
  });
  return BinaryResult(inv, out);
}

}  // namespace

Value UnaryKernel(OpInvocation& inv) {
  using namespace scalar;
  switch (inv.op().id) {
    case OpId::kAbs: return Unary(inv, [](double x) { return std::fabs(x); }, [](auto x) { return IntAbs(x); });
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
      return Unary(inv, [](double v) { return ExpForNarrowFloat(v); }, Identity);
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
  Fail(ErrorCode::kInvalidValue, "no unary kernel for R." + inv.op().name);
}

Value BinaryKernel(OpInvocation& inv) {
  using namespace scalar;
  switch (inv.op().id) {
    case OpId::kAdd: return Binary<false>(inv, Add{});
    case OpId::kSubtract: return Binary<false>(inv, Subtract{});
    case OpId::kMultiply: return Binary<false>(inv, Multiply{});
    case OpId::kDivide: return Binary<false>(inv, Divide{});
    case OpId::kFloorDivide: return Binary<false>(inv, FloorDivide{});
    case OpId::kFloorMod: return Binary<false>(inv, FloorMod{});
    case OpId::kMod: return Binary<false>(inv, Mod{});
    case OpId::kPower: return Binary<false>(inv, Power{});
    case OpId::kMaximum: return Binary<false>(inv, Max{});
    case OpId::kMinimum: return Binary<false>(inv, Min{});
    case OpId::kEqual: return Binary<true>(inv, Equal{});
    case OpId::kNotEqual: return Binary<true>(inv, NotEqual{});
    case OpId::kLess: return Binary<true>(inv, Less{});
    case OpId::kLessEqual: return Binary<true>(inv, LessEqual{});
    case OpId::kGreater: return Binary<true>(inv, Greater{});
    case OpId::kGreaterEqual: return Binary<true>(inv, GreaterEqual{});
    case OpId::kLogicalAnd: return Binary<true>(inv, LogicalAnd{});
    case OpId::kLogicalOr: return Binary<true>(inv, LogicalOr{});
    case OpId::kLogicalXor: return Binary<true>(inv, LogicalXor{});
    case OpId::kBitwiseAnd: return Binary<false>(inv, BitAnd{});
    case OpId::kBitwiseOr: return Binary<false>(inv, BitOr{});
    case OpId::kBitwiseXor: return Binary<false>(inv, BitXor{});
    case OpId::kLeftShift: return Binary<false>(inv, LeftShift{});
    case OpId::kRightShift: return Binary<false>(inv, RightShift{});
    default: break;
  }
  Fail(ErrorCode::kInvalidValue, "no binary kernel for R." + inv.op().name);
}

Value WhereKernel(OpInvocation& inv) {
  Tensor c = inv.TensorArg("condition");
  Tensor a = inv.TensorArg("x1");
  Tensor b = inv.TensorArg("x2");
  std::vector<int64_t> shape;
  std::string why;
  // op.where.c4
  if (!BroadcastShapes({c->shape(), a->shape(), b->shape()}, &shape, &why)) inv.FailConstraint(4, why);
  Tensor out = inv.Alloc(a->dtype(), shape);
  std::array<std::vector<int64_t>, 3> strides = {BroadcastStrides(c->shape(), shape),
                                                 BroadcastStrides(a->shape(), shape),
                                                 BroadcastStrides(b->shape(), shape)};
  DispatchDType(a->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const bool* pc = Data<bool>(c);
    const T* pa = Data<T>(a);
    const T* pb = Data<T>(b);
    T* po = Data<T>(out);
    ForEachBroadcast<3>(shape, strides, [&](int64_t i, const std::array<int64_t, 3>& o) {
      po[i] = pc[o[0]] ? pa[o[1]] : pb[o[2]];
    });
  });
  return Value::FromTensor(out);
}

Value ClipKernel(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  Tensor out = inv.Alloc(x->dtype(), x->shape());
  // The bounds convert to x's dtype as astype converts (spec §5.3 clip).
  Tensor lo = inv.TensorArg("min");
  Tensor hi = inv.TensorArg("max");
  DispatchDType(x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    T l{}, h{};
    DispatchDType(lo->dtype(), [&](auto t2) { l = ConvertElem<T>(Data<decltype(t2)>(lo)[0]); });
    DispatchDType(hi->dtype(), [&](auto t2) { h = ConvertElem<T>(Data<decltype(t2)>(hi)[0]); });
    const T* in = Data<T>(x);
    T* o = Data<T>(out);
    scalar::Max mx;
    scalar::Min mn;
    for (int64_t i = 0; i < x->num_elements(); ++i) o[i] = mn(mx(in[i], l), h);
  });
  return Value::FromTensor(out);
}

Value AstypeKernel(OpInvocation& inv) {
  return Value::FromTensor(ConvertTensor(inv, inv.TensorArg("x"), inv.attrs().DType("dtype")));
}

Tensor ConvertTensor(OpInvocation& inv, const Tensor& x, DataType to) {
  Tensor out = inv.AllocUninitialized(to, x->shape());
  DispatchDType(x->dtype(), [&](auto from_tag) {
    using From = decltype(from_tag);
    DispatchDType(to, [&](auto to_tag) {
      using To = decltype(to_tag);
      const From* in = Data<From>(x);
      To* o = Data<To>(out);
      for (int64_t i = 0; i < x->num_elements(); ++i) o[i] = ConvertElem<To>(in[i]);
    });
  });
  return out;
}

}  // namespace rlx::interp
