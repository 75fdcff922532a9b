// Lowerings of the elementwise ops (pass.legalize-ops): unary (§5.1), binary (§5.2) and
// selection (§5.3). Each computes what its kernel computes, element for element: the TIR
// arithmetic and intrinsics are chapter 4's (tir.eval.num), and the composites (gelu, silu, ...)
// are written in float64 in the order of eval.num.transcendental and rounded once.
#include <cmath>

#include "compiler/legalize/broadcast.h"
#include "compiler/legalize/prim_func_builder.h"

namespace rlx::compiler::legalize {
namespace {

using tir::Intrinsic;

// The unary op `id` applied to the element x of dtype t.
Ref<PrimExpr> UnaryValue(OpId id, const Ref<PrimExpr>& x, DataType t) {
  const bool is_float = IsFloat(t);
  const bool is_signed = IsSignedInt(t);
  auto f64 = [&] { return CastTo(DataType::kFloat64, x); };
  auto round_back = [&](const Ref<PrimExpr>& v) { return CastTo(t, v); };
  switch (id) {
    case OpId::kAbs:
      if (is_float) return Intrin(Intrinsic::kFabs, {x});
      return is_signed ? Intrin(Intrinsic::kAbs, {x}) : x;
    case OpId::kNegative:  // -x: flips the sign bit of a float (eval.num.nan), wraps an integer
      return is_float ? Mul(Const(-1, t), x) : Sub(Const(0, t), x);
    case OpId::kSign:
      if (is_float) {  // NaN and the zeros are their own sign (eval.num.nan)
        return PrimExpr::Select(Bin(PrimKind::kGT, x, Const(0, t)), Const(1, t),
                                PrimExpr::Select(Bin(PrimKind::kLT, x, Const(0, t)),
                                                 Const(-1, t), x));
      }
      return PrimExpr::Select(Bin(PrimKind::kGT, x, Const(0, t)), Const(1, t),
                              is_signed ? PrimExpr::Select(Bin(PrimKind::kLT, x, Const(0, t)),
                                                           Const(-1, t), Const(0, t))
                                        : Const(0, t));
    case OpId::kSquare: return Mul(x, x);
    case OpId::kExp: return Intrin(Intrinsic::kExp, {x});
    case OpId::kLog: return Intrin(Intrinsic::kLog, {x});
    case OpId::kSqrt: return Intrin(Intrinsic::kSqrt, {x});
    case OpId::kRsqrt: return Intrin(Intrinsic::kRsqrt, {x});
    case OpId::kSin: return Intrin(Intrinsic::kSin, {x});
    case OpId::kCos: return Intrin(Intrinsic::kCos, {x});
    case OpId::kTan: return Intrin(Intrinsic::kTan, {x});
    case OpId::kTanh: return Intrin(Intrinsic::kTanh, {x});
    case OpId::kSigmoid: return Intrin(Intrinsic::kSigmoid, {x});
    case OpId::kErf: return Intrin(Intrinsic::kErf, {x});
    // eval.num.round: integral values, the identity on integers.
    case OpId::kFloor: return is_float ? Intrin(Intrinsic::kFloor, {x}) : x;
    case OpId::kCeil: return is_float ? Intrin(Intrinsic::kCeil, {x}) : x;
    case OpId::kRound: return is_float ? Intrin(Intrinsic::kRound, {x}) : x;
    case OpId::kTrunc: return is_float ? Intrin(Intrinsic::kTrunc, {x}) : x;
    case OpId::kIsNan:
      return is_float ? Intrin(Intrinsic::kIsNan, {x}) : Const(0, DataType::kBool);
    case OpId::kIsInf:
      return is_float ? Intrin(Intrinsic::kIsInf, {x}) : Const(0, DataType::kBool);
    case OpId::kIsFinite:
      return is_float ? Intrin(Intrinsic::kIsFinite, {x}) : Const(1, DataType::kBool);
    // op.logical_not.c1: 1 where x is zero, else 0, in x's dtype.
    case OpId::kLogicalNot:
      if (t == DataType::kBool) return PrimExpr::Not(x);
      return PrimExpr::Select(Bin(PrimKind::kEQ, x, Const(0, t)), Const(1, t), Const(0, t));
    case OpId::kBitwiseNot:
      return t == DataType::kBool ? PrimExpr::Not(x) : Intrin(Intrinsic::kBitwiseNot, {x});
    case OpId::kRelu:  // maximum(x, 0): NaN stays, relu(-0.0) = +0.0 (eval.num.nan)
      return Bin(PrimKind::kMax, x, Const(0, t));
    case OpId::kGelu:  // 0.5 * x * erfc(-x / sqrt(2))
      return round_back(Mul(Mul(F64(0.5), f64()),
                            Intrin(Intrinsic::kErfc, {Bin(PrimKind::kTruncDiv,
                                                          Mul(F64(-1), f64()),
                                                          F64(std::sqrt(2.0)))})));
    case OpId::kGeluTanh: {  // x / (1 + exp(-2u)), u = sqrt(2/pi) * (x + 0.044715 x^3)
      Ref<PrimExpr> xd = f64();
      Ref<PrimExpr> cube = Mul(Mul(Mul(F64(0.044715), xd), xd), xd);
      Ref<PrimExpr> u = Mul(F64(std::sqrt(2.0 / M_PI)), Add(xd, cube));
      return round_back(Bin(PrimKind::kTruncDiv, xd,
                            Add(F64(1), Intrin(Intrinsic::kExp, {Mul(F64(-2), u)}))));
    }
    case OpId::kSilu:  // x / (1 + exp(-x))
      return round_back(Bin(PrimKind::kTruncDiv, f64(),
                            Add(F64(1), Intrin(Intrinsic::kExp, {Mul(F64(-1), f64())}))));
    default: break;
  }
  return nullptr;
}

// The binary op `id` on elements a and b of dtype t.
Ref<PrimExpr> BinaryValue(OpId id, const Ref<PrimExpr>& a, const Ref<PrimExpr>& b, DataType t) {
  switch (id) {
    case OpId::kAdd: return Add(a, b);
    case OpId::kSubtract: return Sub(a, b);
    case OpId::kMultiply: return Mul(a, b);
    case OpId::kDivide: return Bin(PrimKind::kTruncDiv, a, b);  // tir.expr.div
    // On floats (spec §5.2): the floor of the rounded quotient; fmod; fmod moved to the
    // divisor's sign, a zero taking the divisor's sign (numpy.remainder).
    case OpId::kFloorDivide:
      if (IsFloat(t)) return Intrin(Intrinsic::kFloor, {Bin(PrimKind::kTruncDiv, a, b)});
      return Bin(PrimKind::kFloorDiv, a, b);
    case OpId::kFloorMod: {
      if (!IsFloat(t)) return Bin(PrimKind::kFloorMod, a, b);
      Ref<PrimExpr> m = Intrin(Intrinsic::kFmod, {a, b});
      Ref<PrimExpr> zero = Const(0, t);
      Ref<PrimExpr> other_sign =
          Bin(PrimKind::kNE, Bin(PrimKind::kLT, b, zero), Bin(PrimKind::kLT, m, zero));
      return PrimExpr::Select(Bin(PrimKind::kNE, m, zero),
                              PrimExpr::Select(other_sign, Add(m, b), m),
                              Intrin(Intrinsic::kCopysign, {zero, b}));
    }
    case OpId::kMod:
      return IsFloat(t) ? Intrin(Intrinsic::kFmod, {a, b}) : Bin(PrimKind::kTruncMod, a, b);
    case OpId::kPower: return Intrin(Intrinsic::kPow, {a, b});
    case OpId::kMaximum: return Bin(PrimKind::kMax, a, b);
    case OpId::kMinimum: return Bin(PrimKind::kMin, a, b);
    case OpId::kEqual: return Bin(PrimKind::kEQ, a, b);
    case OpId::kNotEqual: return Bin(PrimKind::kNE, a, b);
    case OpId::kLess: return Bin(PrimKind::kLT, a, b);
    case OpId::kLessEqual: return Bin(PrimKind::kLE, a, b);
    case OpId::kGreater: return Bin(PrimKind::kGT, a, b);
    case OpId::kGreaterEqual: return Bin(PrimKind::kGE, a, b);
    case OpId::kLogicalAnd: return Bin(PrimKind::kAnd, CastTo(DataType::kBool, a), CastTo(DataType::kBool, b));
    case OpId::kLogicalOr: return Bin(PrimKind::kOr, CastTo(DataType::kBool, a), CastTo(DataType::kBool, b));
    case OpId::kLogicalXor: return Bin(PrimKind::kNE, CastTo(DataType::kBool, a), CastTo(DataType::kBool, b));
    case OpId::kBitwiseAnd:
      return t == DataType::kBool ? Bin(PrimKind::kAnd, a, b) : Intrin(Intrinsic::kBitwiseAnd, {a, b});
    case OpId::kBitwiseOr:
      return t == DataType::kBool ? Bin(PrimKind::kOr, a, b) : Intrin(Intrinsic::kBitwiseOr, {a, b});
    case OpId::kBitwiseXor:
      return t == DataType::kBool ? Bin(PrimKind::kNE, a, b) : Intrin(Intrinsic::kBitwiseXor, {a, b});
    case OpId::kLeftShift: return Intrin(Intrinsic::kShiftLeft, {a, b});
    case OpId::kRightShift: return Intrin(Intrinsic::kShiftRight, {a, b});
    default: break;
  }
  return nullptr;
}

}  // namespace

// An elementwise operand: a tensor buffer, or a prim value computed in the PrimFunc
// (sinfo.op.prim-operand: a 0-d tensor).
struct Operand {
  Ref<tir::Buffer> buffer;
  Ref<PrimExpr> scalar;
  bool ok() const { return buffer || scalar; }
  Ref<PrimExpr> At(PrimFuncBuilder& b, const Indices& out_shape, const Indices& i,
                   const std::string& op) const {
    if (scalar) return scalar;
    return b.Load(buffer, BroadcastIndex(b, buffer, out_shape, i, op));
  }
};

Operand LowerOperand(PrimFuncBuilder& b, const LowerRequest& r, std::string_view param,
                     const std::string& name) {
  Ref<Expr> arg = r.Arg(param);
  if (const TensorStructInfo* t = r.Tensor(param)) return {b.Input(name, arg, *t), nullptr};
  return {nullptr, b.Map(r.PrimValueOf(arg))};
}

std::optional<Lowered> LowerUnary(const LowerRequest& r) {
  const TensorStructInfo* x = r.Tensor(r.op.params[0].name);
  const TensorStructInfo* out = r.ResultTensor();
  if (!x || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("x", r.Arg(r.op.params[0].name), *x);
  Ref<tir::Buffer> o = b.Output("compute", *out);
  b.Compute("compute", o, [&](const Indices& i) {
    return UnaryValue(r.op.id, b.Load(in, i), x->dtype);
  });
  return b.Finish(r.op.name);
}

std::optional<Lowered> LowerBinary(const LowerRequest& r) {
  const TensorStructInfo* out = r.ResultTensor();
  if (!out) return std::nullopt;
  PrimFuncBuilder b;
  Operand x1 = LowerOperand(b, r, "x1", "x1");
  Operand x2 = LowerOperand(b, r, "x2", "x2");
  if (!x1.ok() || !x2.ok()) return std::nullopt;
  Ref<tir::Buffer> o = b.Output("T_" + r.op.name, *out);
  b.Compute("T_" + r.op.name, o, [&](const Indices& i) {
    Ref<PrimExpr> a = x1.At(b, o->shape, i, r.op.name);
    Ref<PrimExpr> c = x2.At(b, o->shape, i, r.op.name);
    return BinaryValue(r.op.id, a, c, a->dtype);
  });
  return b.Finish(r.op.name);
}

std::optional<Lowered> LowerWhere(const LowerRequest& r) {
  const TensorStructInfo* out = r.ResultTensor();
  if (!out) return std::nullopt;
  PrimFuncBuilder b;
  Operand c = LowerOperand(b, r, "condition", "condition");
  Operand x1 = LowerOperand(b, r, "x1", "x1");
  Operand x2 = LowerOperand(b, r, "x2", "x2");
  if (!c.ok() || !x1.ok() || !x2.ok()) return std::nullopt;
  Ref<tir::Buffer> o = b.Output("T_where", *out);
  b.Compute("T_where", o, [&](const Indices& i) {
    // One statement each: the operands' assertions come in operand order.
    Ref<PrimExpr> cond = CastTo(DataType::kBool, c.At(b, o->shape, i, "where"));
    Ref<PrimExpr> a = CastTo(out->dtype, x1.At(b, o->shape, i, "where"));
    Ref<PrimExpr> e = CastTo(out->dtype, x2.At(b, o->shape, i, "where"));
    return PrimExpr::Select(cond, a, e);
  });
  return b.Finish("where");
}

std::optional<Lowered> LowerClip(const LowerRequest& r) {
  const TensorStructInfo* x = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!x || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("x", r.Arg("x"), *x);
  Operand lo = LowerOperand(b, r, "min", "min");
  Operand hi = LowerOperand(b, r, "max", "max");
  if (!lo.scalar || !hi.scalar) return std::nullopt;
  Ref<tir::Buffer> o = b.Output("compute", *out);
  // eval.num.clip: minimum(maximum(x, lo'), hi'), the bounds converted as astype converts.
  b.Compute("compute", o, [&](const Indices& i) {
    return Bin(PrimKind::kMin, Bin(PrimKind::kMax, b.Load(in, i), CastTo(x->dtype, lo.scalar)),
               CastTo(x->dtype, hi.scalar));
  });
  return b.Finish("clip");
}

std::optional<Lowered> LowerAstype(const LowerRequest& r) {
  const TensorStructInfo* x = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!x || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("x", r.Arg("x"), *x);
  Ref<tir::Buffer> o = b.Output("compute", *out);
  b.Compute("compute", o, [&](const Indices& i) { return CastTo(out->dtype, b.Load(in, i)); });
  return b.Finish("astype");
}

}  // namespace rlx::compiler::legalize
