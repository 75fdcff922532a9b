// Compiled TIR expressions (spec tir.eval.expr, tir.eval.num): every arithmetic node computes
// with the scalar functions of the Relax kernels (scalar_ops.h), typed on its element type, so
// TIR numerics are chapter 4's exactly.
#include <bit>
#include <cmath>

#include "runtime/exp_double.h"
#include "interpreter/kernels/scalar_ops.h"
#include "interpreter/tir/tir_affine.h"
#include "interpreter/tir/tir_compile.h"
#include "ir/base/check.h"

namespace rlx::interp::tir_eval {
namespace {

template <class T>
class ImmNode final : public TypedNode<T, ImmNode<T>> {
 public:
  explicit ImmNode(T v) : v_(v) {}
  T Eval(Frame&, int) const { return v_; }

 private:
  T v_;
};

class IntVarNode final : public ExprNode {
 public:
  IntVarNode(DataType t, int slot) : ExprNode(t), slot_(slot) {}
  int64_t Int(Frame& f, int) const override { return f.ints[slot_]; }
  double Float(Frame& f, int) const override { return static_cast<double>(f.ints[slot_]); }

 private:
  int slot_;
};

class FloatVarNode final : public ExprNode {
 public:
  FloatVarNode(DataType t, int slot) : ExprNode(t), slot_(slot) {}
  int64_t Int(Frame& f, int) const override { return SaturateFromDouble<int64_t>(f.floats[slot_]); }
  double Float(Frame& f, int) const override { return f.floats[slot_]; }

 private:
  int slot_;
};

// + - * / % // min max on elements of type T.
template <class T>
class BinaryNode final : public TypedNode<T, BinaryNode<T>> {
 public:
  BinaryNode(PrimKind k, ExprPtr a, ExprPtr b) : k_(k), a_(std::move(a)), b_(std::move(b)) {}
  T Eval(Frame& f, int lane) const {
    const T x = Get<T>(*a_, f, lane), y = Get<T>(*b_, f, lane);
    switch (k_) {
      case PrimKind::kAdd: return scalar::Add{}(x, y);
      case PrimKind::kSub: return scalar::Subtract{}(x, y);
      case PrimKind::kMul: return scalar::Multiply{}(x, y);
      case PrimKind::kTruncDiv: return scalar::Divide{}(x, y);  // tir.expr.div
      case PrimKind::kTruncMod: return scalar::Mod{}(x, y);
      case PrimKind::kFloorDiv: return scalar::FloorDivide{}(x, y);
      case PrimKind::kFloorMod: return scalar::FloorMod{}(x, y);
      case PrimKind::kMin: return scalar::Min{}(x, y);
      case PrimKind::kMax: return scalar::Max{}(x, y);
      default: RLX_UNREACHABLE("an arithmetic kind");
    }
  }

 private:
  PrimKind k_;
  ExprPtr a_, b_;
};

// The hot arithmetic of loop bodies (+ - * of one element type), without BinaryNode's switch.
template <class T, class Op>
class ArithNode final : public TypedNode<T, ArithNode<T, Op>> {
 public:
  ArithNode(ExprPtr a, ExprPtr b) : a_(std::move(a)), b_(std::move(b)) {}
  T Eval(Frame& f, int lane) const { return Op{}(Get<T>(*a_, f, lane), Get<T>(*b_, f, lane)); }

 private:
  ExprPtr a_, b_;
};

// Comparisons of elements of type T (NaN compares false, except !=).
template <class T>
class CompareNode final : public TypedNode<bool, CompareNode<T>> {
 public:
  CompareNode(PrimKind k, ExprPtr a, ExprPtr b) : k_(k), a_(std::move(a)), b_(std::move(b)) {}
  bool Eval(Frame& f, int lane) const {
    const T x = Get<T>(*a_, f, lane), y = Get<T>(*b_, f, lane);
    switch (k_) {
      case PrimKind::kEQ: return scalar::Equal{}(x, y);
      case PrimKind::kNE: return scalar::NotEqual{}(x, y);
      case PrimKind::kLT: return scalar::Less{}(x, y);
      case PrimKind::kLE: return scalar::LessEqual{}(x, y);
      case PrimKind::kGT: return scalar::Greater{}(x, y);
      case PrimKind::kGE: return scalar::GreaterEqual{}(x, y);
      default: RLX_UNREACHABLE("a comparison kind");
    }
  }

 private:
  PrimKind k_;
  ExprPtr a_, b_;
};

// A conjunction of affine comparisons (tir_affine.h) in one node.
class AffineConjunctionNode final : public TypedNode<bool, AffineConjunctionNode> {
 public:
  explicit AffineConjunctionNode(AffineConjunction c) : c_(std::move(c)) {}
  bool Eval(Frame& f, int) const { return c_.Holds(f); }

 private:
  AffineConjunction c_;
};

// `and`, `or` and `not` of bools; both operands are evaluated (tir.eval.expr).
class LogicNode final : public TypedNode<bool, LogicNode> {
 public:
  LogicNode(PrimKind k, ExprPtr a, ExprPtr b) : k_(k), a_(std::move(a)), b_(std::move(b)) {}
  bool Eval(Frame& f, int lane) const {
    const bool x = a_->Int(f, lane) != 0;
    if (k_ == PrimKind::kNot) return !x;
    const bool y = b_->Int(f, lane) != 0;
    return k_ == PrimKind::kAnd ? (x && y) : (x || y);
  }

 private:
  PrimKind k_;
  ExprPtr a_, b_;
};

// T.Select evaluates both values; T.if_then_else only the one its condition takes.
template <class T>
class SelectNode final : public TypedNode<T, SelectNode<T>> {
 public:
  SelectNode(bool lazy, ExprPtr c, ExprPtr a, ExprPtr b)
      : lazy_(lazy), c_(std::move(c)), a_(std::move(a)), b_(std::move(b)) {}
  T Eval(Frame& f, int lane) const {
    const bool c = c_->Int(f, lane) != 0;
    if (lazy_) return c ? Get<T>(*a_, f, lane) : Get<T>(*b_, f, lane);
    const T x = Get<T>(*a_, f, lane), y = Get<T>(*b_, f, lane);
    return c ? x : y;
  }

 private:
  bool lazy_;
  ExprPtr c_, a_, b_;
};

// T.Cast(To, x) as R.astype converts (eval.num.astype). `From` is the operand's element type.
template <class To, class From>
class CastNode final : public TypedNode<To, CastNode<To, From>> {
 public:
  explicit CastNode(ExprPtr a) : a_(std::move(a)) {}
  To Eval(Frame& f, int lane) const { return ConvertElem<To>(Get<From>(*a_, f, lane)); }

 private:
  ExprPtr a_;
};

using DoubleFn = double (*)(double);

// A float function of one float operand, computed in double and rounded once to T
// (eval.num.transcendental).
template <class T>
class FloatFnNode final : public TypedNode<T, FloatFnNode<T>> {
 public:
  FloatFnNode(DoubleFn fn, ExprPtr a) : fn_(fn), a_(std::move(a)) {}
  T Eval(Frame& f, int lane) const { return RoundFloat<T>(fn_(a_->Float(f, lane))); }

 private:
  DoubleFn fn_;
  ExprPtr a_;
};

// A predicate of one float operand (isnan, isinf, isfinite).
class FloatPredicateNode final : public TypedNode<bool, FloatPredicateNode> {
 public:
  FloatPredicateNode(tir::Intrinsic op, ExprPtr a) : op_(op), a_(std::move(a)) {}
  bool Eval(Frame& f, int lane) const {
    const double x = a_->Float(f, lane);
    if (op_ == tir::Intrinsic::kIsNan) return std::isnan(x);
    if (op_ == tir::Intrinsic::kIsInf) return std::isinf(x);
    return std::isfinite(x);
  }

 private:
  tir::Intrinsic op_;
  ExprPtr a_;
};

// The other intrinsics, on elements of type T: abs, pow, atan2, fmod, copysign, hypot, the
// bitwise operations, the shifts, popcount and likely.
template <class T>
class IntrinsicNode final : public TypedNode<T, IntrinsicNode<T>> {
 public:
  IntrinsicNode(tir::Intrinsic op, std::vector<ExprPtr> args) : op_(op), args_(std::move(args)) {}
  T Eval(Frame& f, int lane) const {
    const T x = Get<T>(*args_[0], f, lane);
    if (args_.size() == 1) return Unary(x);
    return Binary(x, Get<T>(*args_[1], f, lane));
  }

 private:
  T Unary(T x) const {
    using tir::Intrinsic;
    if constexpr (kIsFloatElem<T>) {
      if (op_ == Intrinsic::kAbs) return RoundFloat<T>(std::fabs(ToDouble(x)));
    } else {
      switch (op_) {
        case Intrinsic::kAbs: return scalar::IntAbs(x);
        case Intrinsic::kBitwiseNot:
          if constexpr (std::is_same_v<T, bool>) return !x;
          else return static_cast<T>(~x);
        case Intrinsic::kPopcount:
          if constexpr (std::is_same_v<T, bool>) return x;
          else return static_cast<T>(std::popcount(static_cast<std::make_unsigned_t<T>>(x)));
        case Intrinsic::kLikely: return x;
        default: break;
      }
    }
    RLX_UNREACHABLE("a unary intrinsic of this dtype");
  }
  T Binary(T x, T y) const {
    using tir::Intrinsic;
    if constexpr (kIsFloatElem<T>) {
      const double a = ToDouble(x), b = ToDouble(y);
      switch (op_) {
        case Intrinsic::kPow: return scalar::Power{}(x, y);
        case Intrinsic::kAtan2: return RoundFloat<T>(std::atan2(a, b));
        case Intrinsic::kFmod: return RoundFloat<T>(std::fmod(a, b));
        case Intrinsic::kCopysign: return RoundFloat<T>(std::copysign(a, b));
        case Intrinsic::kHypot: return RoundFloat<T>(std::hypot(a, b));
        default: break;
      }
    } else {
      switch (op_) {
        case Intrinsic::kBitwiseAnd: return scalar::BitAnd{}(x, y);
        case Intrinsic::kBitwiseOr: return scalar::BitOr{}(x, y);
        case Intrinsic::kBitwiseXor: return scalar::BitXor{}(x, y);
        case Intrinsic::kShiftLeft: return scalar::LeftShift{}(x, y);
        case Intrinsic::kShiftRight: return scalar::RightShift{}(x, y);
        case Intrinsic::kPow: return scalar::Power{}(x, y);  // eval.num.int-power
        default: break;
      }
    }
    RLX_UNREACHABLE("a binary intrinsic of this dtype");
  }
  tir::Intrinsic op_;
  std::vector<ExprPtr> args_;
};

// T.Let(body, where={var: value}): the variable's slot holds the value while the body runs.
class LetNode final : public ExprNode {
 public:
  LetNode(bool is_float, int slot, ExprPtr value, ExprPtr body)
      : ExprNode(body->dtype), is_float_(is_float), slot_(slot), value_(std::move(value)), body_(std::move(body)) {}
  int64_t Int(Frame& f, int lane) const override {
    Bind(f, lane);
    return body_->Int(f, lane);
  }
  double Float(Frame& f, int lane) const override {
    Bind(f, lane);
    return body_->Float(f, lane);
  }

 private:
  void Bind(Frame& f, int lane) const {
    if (is_float_) f.floats[slot_] = value_->Float(f, lane);
    else f.ints[slot_] = value_->Int(f, lane);
  }
  bool is_float_;
  int slot_;
  ExprPtr value_, body_;
};

// Lane i of T.Ramp(base, stride, lanes): base + i * stride, wrapped to the dtype.
class RampNode final : public ExprNode {
 public:
  RampNode(DataType t, ExprPtr base, ExprPtr stride) : ExprNode(t), base_(std::move(base)), stride_(std::move(stride)) {}
  int64_t Int(Frame& f, int lane) const override {
    const uint64_t b = static_cast<uint64_t>(base_->Int(f, 0)), s = static_cast<uint64_t>(stride_->Int(f, 0));
    return WrapToDType(dtype, b + static_cast<uint64_t>(lane) * s);
  }
  double Float(Frame& f, int lane) const override { return static_cast<double>(Int(f, lane)); }

 private:
  ExprPtr base_, stride_;
};

// Every lane of T.Broadcast(value, lanes) is the scalar value.
class BroadcastNode final : public ExprNode {
 public:
  explicit BroadcastNode(ExprPtr v) : ExprNode(v->dtype), v_(std::move(v)) {}
  int64_t Int(Frame& f, int) const override { return v_->Int(f, 0); }
  double Float(Frame& f, int) const override { return v_->Float(f, 0); }

 private:
  ExprPtr v_;
};

DoubleFn FloatFunction(tir::Intrinsic op, DataType t) {
  using tir::Intrinsic;
  switch (op) {
    // exp as R.exp computes it: libm for float64, the inline double exp for narrower types.
    case Intrinsic::kExp:
      if (t == DataType::kFloat64) return [](double x) { return std::exp(x); };
      return [](double x) { return runtime::ExpForNarrowFloat(x); };
    case Intrinsic::kExp2: return [](double x) { return std::exp2(x); };
    case Intrinsic::kExp10: return [](double x) { return std::pow(10.0, x); };
    case Intrinsic::kExpm1: return [](double x) { return std::expm1(x); };
    case Intrinsic::kLog: return [](double x) { return std::log(x); };
    case Intrinsic::kLog2: return [](double x) { return std::log2(x); };
    case Intrinsic::kLog10: return [](double x) { return std::log10(x); };
    case Intrinsic::kLog1p: return [](double x) { return std::log1p(x); };
    case Intrinsic::kSqrt: return [](double x) { return std::sqrt(x); };
    case Intrinsic::kRsqrt: return [](double x) { return 1.0 / std::sqrt(x); };
    case Intrinsic::kSin: return [](double x) { return std::sin(x); };
    case Intrinsic::kCos: return [](double x) { return std::cos(x); };
    case Intrinsic::kTan: return [](double x) { return std::tan(x); };
    case Intrinsic::kAsin: return [](double x) { return std::asin(x); };
    case Intrinsic::kAcos: return [](double x) { return std::acos(x); };
    case Intrinsic::kAtan: return [](double x) { return std::atan(x); };
    case Intrinsic::kSinh: return [](double x) { return std::sinh(x); };
    case Intrinsic::kCosh: return [](double x) { return std::cosh(x); };
    case Intrinsic::kTanh: return [](double x) { return std::tanh(x); };
    case Intrinsic::kAsinh: return [](double x) { return std::asinh(x); };
    case Intrinsic::kAcosh: return [](double x) { return std::acosh(x); };
    case Intrinsic::kAtanh: return [](double x) { return std::atanh(x); };
    case Intrinsic::kSigmoid: return [](double x) { return scalar::Sigmoid(x); };
    case Intrinsic::kErf: return [](double x) { return std::erf(x); };
    case Intrinsic::kErfc: return [](double x) { return std::erfc(x); };
    case Intrinsic::kFloor: return [](double x) { return std::floor(x); };
    case Intrinsic::kCeil: return [](double x) { return std::ceil(x); };
    // T.round rounds half to even, as TVM lowers it (llvm.nearbyint) and as R.round does.
    case Intrinsic::kRound:
    case Intrinsic::kNearbyint: return [](double x) { return std::nearbyint(x); };
    case Intrinsic::kTrunc: return [](double x) { return std::trunc(x); };
    case Intrinsic::kFabs: return [](double x) { return std::fabs(x); };
    default: return nullptr;
  }
}

[[noreturn]] void BadOperands(const PrimExpr& e, const std::string& why) {
  IllFormed(std::string("TIR ") + PrimKindName(e.kind) + " expression: " + why, "tir.eval.ill-formed");
}

void RequireSameDType(const PrimExpr& e, const ExprNode& a, const ExprNode& b) {
  if (a.dtype != b.dtype) {
    BadOperands(e, "operands of different dtypes " + std::string(DataTypeName(a.dtype)) + " and " +
                       std::string(DataTypeName(b.dtype)));
  }
}

ExprPtr CompileImm(const PrimExpr& e) {
  return DispatchDType(e.dtype, [&](auto tag) -> ExprPtr {
    using T = decltype(tag);
    if constexpr (kIsFloatElem<T>) return std::make_unique<ImmNode<T>>(RoundFloat<T>(e.float_value));
    else if constexpr (std::is_same_v<T, bool>) return std::make_unique<ImmNode<T>>(e.int_value != 0);
    else return std::make_unique<ImmNode<T>>(static_cast<T>(e.int_value));
  });
}

ExprPtr CompileBinary(const PrimExpr& e, Scope& scope) {
  if (IsComparisonKind(e.kind) || e.kind == PrimKind::kAnd) {
    if (auto c = CompileAffineConjunction(e, scope)) return std::make_unique<AffineConjunctionNode>(std::move(*c));
  }
  ExprPtr a = CompileExpr(*e.operands[0], scope);
  ExprPtr b = CompileExpr(*e.operands[1], scope);
  if (e.kind == PrimKind::kAnd || e.kind == PrimKind::kOr) {
    if (a->dtype != DataType::kBool || b->dtype != DataType::kBool) BadOperands(e, "operands must be bool");
    return std::make_unique<LogicNode>(e.kind, std::move(a), std::move(b));
  }
  RequireSameDType(e, *a, *b);
  const DataType t = a->dtype;
  return DispatchDType(t, [&](auto tag) -> ExprPtr {
    using T = decltype(tag);
    if (IsComparisonKind(e.kind)) return std::make_unique<CompareNode<T>>(e.kind, std::move(a), std::move(b));
    switch (e.kind) {
      case PrimKind::kAdd: return std::make_unique<ArithNode<T, scalar::Add>>(std::move(a), std::move(b));
      case PrimKind::kSub: return std::make_unique<ArithNode<T, scalar::Subtract>>(std::move(a), std::move(b));
      case PrimKind::kMul: return std::make_unique<ArithNode<T, scalar::Multiply>>(std::move(a), std::move(b));
      default: return std::make_unique<BinaryNode<T>>(e.kind, std::move(a), std::move(b));
    }
  });
}

ExprPtr CompileSelect(bool lazy, DataType t, ExprPtr c, ExprPtr a, ExprPtr b) {
  return DispatchDType(t, [&](auto tag) -> ExprPtr {
    using T = decltype(tag);
    return std::make_unique<SelectNode<T>>(lazy, std::move(c), std::move(a), std::move(b));
  });
}

ExprPtr CompileCast(DataType to, ExprPtr a) {
  return DispatchDType(to, [&](auto to_tag) -> ExprPtr {
    using To = decltype(to_tag);
    return DispatchDType(a->dtype, [&](auto from_tag) -> ExprPtr {
      using From = decltype(from_tag);
      return std::make_unique<CastNode<To, From>>(std::move(a));
    });
  });
}

ExprPtr CompileCall(const PrimExpr& e, Scope& scope) {
  const tir::IntrinsicInfo& info = tir::GetIntrinsic(e.intrinsic);
  if (static_cast<int>(e.args.size()) != info.arity) BadOperands(e, std::string("T.") + info.name + " takes " + std::to_string(info.arity) + " arguments");
  std::vector<ExprPtr> args;
  for (size_t i = 0; i < e.args.size(); ++i) {
    // T.if_then_else evaluates its second argument only where the condition holds.
    const bool taken_branch = e.intrinsic == tir::Intrinsic::kIfThenElse && i == 1;
    const size_t facts = taken_branch ? scope.Assume(*e.args[0]) : 0;
    args.push_back(CompileExpr(*e.args[i], scope));
    if (taken_branch) scope.ForgetFacts(facts);
  }
  const DataType t = args.back()->dtype;
  if (e.intrinsic == tir::Intrinsic::kIfThenElse) {
    if (args[0]->dtype != DataType::kBool) BadOperands(e, "the condition of T.if_then_else must be bool");
    RequireSameDType(e, *args[1], *args[2]);
    return CompileSelect(true, t, std::move(args[0]), std::move(args[1]), std::move(args[2]));
  }
  if (args.size() == 2) RequireSameDType(e, *args[0], *args[1]);
  const bool float_operand = IsFloat(t);
  const bool ok = info.operands == tir::IntrinsicOperands::kFloat     ? float_operand
                  : info.operands == tir::IntrinsicOperands::kInt     ? !float_operand
                  : info.operands == tir::IntrinsicOperands::kBool    ? t == DataType::kBool
                                                                      : true;
  if (!ok) BadOperands(e, std::string("T.") + info.name + " does not take " + std::string(DataTypeName(t)));
  if (info.result == tir::IntrinsicResult::kBool && float_operand) {
    return std::make_unique<FloatPredicateNode>(e.intrinsic, std::move(args[0]));
  }
  if (DoubleFn fn = FloatFunction(e.intrinsic, t)) {
    return DispatchDType(t, [&](auto tag) -> ExprPtr {
      using T = decltype(tag);
      if constexpr (kIsFloatElem<T>) return std::make_unique<FloatFnNode<T>>(fn, std::move(args[0]));
      else RLX_UNREACHABLE("a float function of a non-float");
    });
  }
  return DispatchDType(t, [&](auto tag) -> ExprPtr {
    using T = decltype(tag);
    return std::make_unique<IntrinsicNode<T>>(e.intrinsic, std::move(args));
  });
}

ExprPtr CompileLet(const PrimExpr& e, Scope& scope) {
  const PrimExpr& var = *e.operands[0];
  ExprPtr value = CompileExpr(*e.operands[1], scope);
  if (value->dtype != var.dtype) BadOperands(e, "the value's dtype is not the variable's");
  const int slot = scope.Define(var, scope.Bound(*e.operands[1]));
  ExprPtr body = CompileExpr(*e.operands[2], scope);
  scope.Undefine(var);
  return std::make_unique<LetNode>(IsFloat(var.dtype), slot, std::move(value), std::move(body));
}

}  // namespace

int64_t WrapToDType(DataType t, uint64_t v) {
  if (t == DataType::kBool) return v != 0;
  const int bits = DataTypeBits(t);
  if (bits >= 64) return static_cast<int64_t>(v);
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  v &= mask;
  if (IsSignedInt(t) && (v >> (bits - 1))) v |= ~mask;  // sign-extend
  return static_cast<int64_t>(v);
}

ExprPtr CompileExpr(const PrimExpr& e, Scope& scope) {
  switch (e.kind) {
    case PrimKind::kIntImm:
    case PrimKind::kFloatImm: return CompileImm(e);
    case PrimKind::kVar: {
      if (e.dtype == DataType::kVoid) BadOperands(e, "handle '" + e.name + "' used as a value");
      const Scope::VarSlot& v = scope.Lookup(e);
      if (v.is_float) return std::make_unique<FloatVarNode>(e.dtype, v.slot);
      return std::make_unique<IntVarNode>(e.dtype, v.slot);
    }
    case PrimKind::kNot: {
      ExprPtr a = CompileExpr(*e.operands[0], scope);
      if (a->dtype != DataType::kBool) BadOperands(e, "the operand must be bool");
      return std::make_unique<LogicNode>(e.kind, std::move(a), nullptr);
    }
    case PrimKind::kSelect: {
      ExprPtr c = CompileExpr(*e.operands[0], scope);
      ExprPtr a = CompileExpr(*e.operands[1], scope);
      ExprPtr b = CompileExpr(*e.operands[2], scope);
      if (c->dtype != DataType::kBool) BadOperands(e, "the condition must be bool");
      RequireSameDType(e, *a, *b);
      const DataType t = a->dtype;
      return CompileSelect(false, t, std::move(c), std::move(a), std::move(b));
    }
    case PrimKind::kCast: return CompileCast(e.dtype, CompileExpr(*e.operands[0], scope));
    case PrimKind::kCall: return CompileCall(e, scope);
    case PrimKind::kBufferLoad: return CompileLoad(e, scope);
    case PrimKind::kLet: return CompileLet(e, scope);
    case PrimKind::kRamp: {
      ExprPtr base = CompileExpr(*e.operands[0], scope);
      ExprPtr stride = CompileExpr(*e.operands[1], scope);
      if (!IsInteger(base->dtype)) BadOperands(e, "a ramp's base must be an integer");
      RequireSameDType(e, *base, *stride);
      const DataType t = base->dtype;
      return std::make_unique<RampNode>(t, std::move(base), std::move(stride));
    }
    case PrimKind::kBroadcast: return std::make_unique<BroadcastNode>(CompileExpr(*e.operands[0], scope));
    default:
      if (e.arity() == 2) return CompileBinary(e, scope);
      BadOperands(e, "unknown expression kind");
  }
}

}  // namespace rlx::interp::tir_eval
