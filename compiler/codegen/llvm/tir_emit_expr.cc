// TIR expressions to LLVM IR, as interpreter/tir/tir_expr.cc computes them (tir.eval.expr,
// tir.eval.num; chapter 4's numerics through the same scalar rules).
#include <llvm/IR/Intrinsics.h>

#include "compiler/codegen/llvm/tir_emitter.h"

namespace rlx::compiler::codegen {
namespace {

bool IsSigned(DataType t) { return IsSignedInt(t); }

// The helper of a float function of one double (kernel_runtime.cc's rlx_math_*), or "".
std::string MathHelper(tir::Intrinsic op, DataType t) {
  using tir::Intrinsic;
  switch (op) {
    case Intrinsic::kExp: return t == DataType::kFloat64 ? "rlx_math_exp" : "rlx_kernel_exp_narrow";
    case Intrinsic::kExp2: return "rlx_math_exp2";
    case Intrinsic::kExp10: return "rlx_math_exp10";
    case Intrinsic::kExpm1: return "rlx_math_expm1";
    case Intrinsic::kLog: return "rlx_math_log";
    case Intrinsic::kLog2: return "rlx_math_log2";
    case Intrinsic::kLog10: return "rlx_math_log10";
    case Intrinsic::kLog1p: return "rlx_math_log1p";
    case Intrinsic::kSin: return "rlx_math_sin";
    case Intrinsic::kCos: return "rlx_math_cos";
    case Intrinsic::kTan: return "rlx_math_tan";
    case Intrinsic::kAsin: return "rlx_math_asin";
    case Intrinsic::kAcos: return "rlx_math_acos";
    case Intrinsic::kAtan: return "rlx_math_atan";
    case Intrinsic::kSinh: return "rlx_math_sinh";
    case Intrinsic::kCosh: return "rlx_math_cosh";
    case Intrinsic::kTanh: return "rlx_math_tanh";
    case Intrinsic::kAsinh: return "rlx_math_asinh";
    case Intrinsic::kAcosh: return "rlx_math_acosh";
    case Intrinsic::kAtanh: return "rlx_math_atanh";
    case Intrinsic::kSigmoid: return "rlx_math_sigmoid";
    case Intrinsic::kErf: return "rlx_math_erf";
    case Intrinsic::kErfc: return "rlx_math_erfc";
    default: return "";
  }
}

}  // namespace

llvm::Value* TirEmitter::EmitImm(const PrimExpr& e) {
  const DataType t = e.dtype;
  if (t == DataType::kBool) return b_.getInt1(e.int_value != 0);
  if (IsFloat(t)) return llvm::ConstantFP::get(TypeOf(t), RoundToFloatDType(e.float_value, t));
  return llvm::ConstantInt::get(TypeOf(t), static_cast<uint64_t>(e.int_value), IsSigned(t));
}

llvm::Value* TirEmitter::EmitArith(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b) {
  if (t == DataType::kBool) {  // eval.num.int-wrap on 0/1: + is or, - is xor, * is and
    if (k == PrimKind::kAdd) return b_.CreateOr(a, b);
    if (k == PrimKind::kSub) return b_.CreateXor(a, b);
    return b_.CreateAnd(a, b);
  }
  if (IsFloat(t)) return FloatArith(k, t, a, b);
  if (k == PrimKind::kAdd) return b_.CreateAdd(a, b);
  if (k == PrimKind::kSub) return b_.CreateSub(a, b);
  return b_.CreateMul(a, b);
}

// Truncating and floor division and remainder of integers (scalar::Divide, Mod, FloorDivide,
// FloorMod): a zero divisor traps E3006 before dividing; INT_MIN / -1 wraps (never the
// hardware's SIGFPE).
llvm::Value* TirEmitter::EmitIntDivMod(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b) {
  llvm::Value* zero = llvm::ConstantInt::get(b->getType(), 0);
  TrapCode(b_.CreateICmpEQ(b, zero), ErrorCode::kDivisionByZero, "integer division or remainder by zero");
  const bool is_div = k == PrimKind::kTruncDiv || k == PrimKind::kFloorDiv;
  if (t == DataType::kBool) return is_div ? a : b_.getInt1(false);
  if (!IsSigned(t)) return is_div ? b_.CreateUDiv(a, b) : b_.CreateURem(a, b);
  llvm::Value* minus_one = b_.CreateICmpEQ(b, llvm::ConstantInt::get(b->getType(), -1, true));
  llvm::Value* safe_b = b_.CreateSelect(minus_one, llvm::ConstantInt::get(b->getType(), 1), b);
  llvm::Value* q = b_.CreateSelect(minus_one, b_.CreateSub(zero, a), b_.CreateSDiv(a, safe_b));
  llvm::Value* r = b_.CreateSelect(minus_one, zero, b_.CreateSRem(a, safe_b));
  if (k == PrimKind::kTruncDiv) return q;
  if (k == PrimKind::kTruncMod) return r;
  // Floor: when the remainder is nonzero and its sign is not the divisor's.
  llvm::Value* adjust = b_.CreateAnd(b_.CreateICmpNE(r, zero),
                                     b_.CreateICmpNE(b_.CreateICmpSLT(r, zero), b_.CreateICmpSLT(b, zero)));
  if (k == PrimKind::kFloorDiv) return b_.CreateSub(q, b_.CreateZExt(adjust, q->getType()));
  return b_.CreateAdd(r, b_.CreateSelect(adjust, b, zero));
}

// Float division and remainders (scalar::Divide, FloorDivide, Mod, FloorMod).
llvm::Value* TirEmitter::EmitFloatDivMod(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b) {
  llvm::Type* dbl = b_.getDoubleTy();
  switch (k) {
    case PrimKind::kTruncDiv: return FloatArith(PrimKind::kTruncDiv, t, a, b);
    case PrimKind::kFloorDiv:  // the floor of the quotient rounded to T
      return RoundTo(t, b_.CreateUnaryIntrinsic(llvm::Intrinsic::floor, AsDouble(t, FloatArith(PrimKind::kTruncDiv, t, a, b))));
    case PrimKind::kTruncMod:  // fmod in double (exact), rounded to T
      return RoundTo(t, b_.CreateFRem(AsDouble(t, a), AsDouble(t, b)));
    default: {  // numpy.remainder: fmod moved to the divisor's sign; a zero takes its sign
      llvm::Value* x = AsDouble(t, a);
      llvm::Value* y = AsDouble(t, b);
      llvm::Value* m = b_.CreateFRem(x, y);
      llvm::Value* zero = llvm::ConstantFP::get(dbl, 0.0);
      llvm::Value* moved = b_.CreateSelect(b_.CreateICmpNE(b_.CreateFCmpOLT(y, zero), b_.CreateFCmpOLT(m, zero)),
                                           b_.CreateFAdd(m, y), m);
      llvm::Value* signed_zero = b_.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, zero, y);
      llvm::Value* r = b_.CreateSelect(b_.CreateFCmpUNE(m, zero), moved, signed_zero);
      return RoundTo(t, r);
    }
  }
}

// max / min: integers by their order; floats as IEEE 754-2019 maximum / minimum (NaN
// propagates as the default NaN, +0 > -0), computed exactly in double (scalar::Max, Min).
llvm::Value* TirEmitter::EmitMinMax(bool is_max, DataType t, llvm::Value* a, llvm::Value* b) {
  if (t == DataType::kBool) return is_max ? b_.CreateOr(a, b) : b_.CreateAnd(a, b);
  if (!IsFloat(t)) {
    llvm::Value* gt = IsSigned(t) ? b_.CreateICmpSGT(a, b) : b_.CreateICmpUGT(a, b);
    return is_max ? b_.CreateSelect(gt, a, b) : b_.CreateSelect(gt, b, a);
  }
  llvm::Type* dbl = b_.getDoubleTy();
  llvm::Value* x = AsDouble(t, a);
  llvm::Value* y = AsDouble(t, b);
  llvm::Value* x_negative = b_.CreateICmpSLT(b_.CreateBitCast(x, b_.getInt64Ty()), I64(0));
  llvm::Value* equal = is_max ? b_.CreateSelect(x_negative, y, x) : b_.CreateSelect(x_negative, x, y);
  llvm::Value* ordered = is_max ? b_.CreateSelect(b_.CreateFCmpOGT(x, y), x, y) : b_.CreateSelect(b_.CreateFCmpOLT(x, y), x, y);
  llvm::Value* m = b_.CreateSelect(b_.CreateFCmpOEQ(x, y), equal, ordered);
  llvm::Value* nan = llvm::ConstantFP::getQNaN(dbl);
  return RoundTo(t, b_.CreateSelect(b_.CreateFCmpUNO(x, y), nan, m));
}

llvm::Value* TirEmitter::EmitCompare(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b) {
  if (IsFloat(t)) {  // ordered: NaN compares false, except !=
    switch (k) {
      case PrimKind::kEQ: return b_.CreateFCmpOEQ(a, b);
      case PrimKind::kNE: return b_.CreateFCmpUNE(a, b);
      case PrimKind::kLT: return b_.CreateFCmpOLT(a, b);
      case PrimKind::kLE: return b_.CreateFCmpOLE(a, b);
      case PrimKind::kGT: return b_.CreateFCmpOGT(a, b);
      default: return b_.CreateFCmpOGE(a, b);
    }
  }
  const bool s = IsSigned(t);
  switch (k) {
    case PrimKind::kEQ: return b_.CreateICmpEQ(a, b);
    case PrimKind::kNE: return b_.CreateICmpNE(a, b);
    case PrimKind::kLT: return s ? b_.CreateICmpSLT(a, b) : b_.CreateICmpULT(a, b);
    case PrimKind::kLE: return s ? b_.CreateICmpSLE(a, b) : b_.CreateICmpULE(a, b);
    case PrimKind::kGT: return s ? b_.CreateICmpSGT(a, b) : b_.CreateICmpUGT(a, b);
    default: return s ? b_.CreateICmpSGE(a, b) : b_.CreateICmpUGE(a, b);
  }
}

// T.Cast as R.astype converts (ConvertElem, eval.num.astype).
llvm::Value* TirEmitter::EmitCast(DataType to, DataType from, llvm::Value* v) {
  if (to == from) return v;
  llvm::Type* ty = TypeOf(to);
  if (to == DataType::kBool) {
    if (IsFloat(from)) return b_.CreateFCmpUNE(v, llvm::ConstantFP::get(v->getType(), 0.0));  // NaN != 0
    return b_.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0));
  }
  if (IsFloat(from) && IsFloat(to)) return RoundTo(to, AsDouble(from, v));  // one rounding
  if (IsFloat(from)) {  // truncation toward zero, NaN to 0, saturation
    const auto sat = IsSigned(to) ? llvm::Intrinsic::fptosi_sat : llvm::Intrinsic::fptoui_sat;
    return b_.CreateIntrinsic(sat, {ty, v->getType()}, {v});
  }
  const bool from_signed = IsSigned(from);  // bool is 0 / 1
  if (IsNarrowFloat(to)) {  // IntToFloat: one rounding, also from 64-bit integers
    llvm::FunctionCallee f = module_.getOrInsertFunction("rlx_kernel_narrow_from_int", b_.getDoubleTy(),
                                                         b_.getInt32Ty(), b_.getInt64Ty(), b_.getInt32Ty());
    return b_.CreateCall(f, {b_.getInt32(static_cast<int32_t>(to)), ToI64(v, from), b_.getInt32(from_signed ? 1 : 0)});
  }
  if (IsFloat(to)) return from_signed ? b_.CreateSIToFP(v, ty) : b_.CreateUIToFP(v, ty);
  return from_signed ? b_.CreateSExtOrTrunc(v, ty) : b_.CreateZExtOrTrunc(v, ty);
}

namespace {

// A float64 value converted from a dtype of at most 26 significant bits: the product of two such
// values is exact in float64.
bool NarrowToDouble(const PrimExpr& e) {
  if (e.kind != PrimKind::kCast || e.dtype != DataType::kFloat64) return false;
  switch (e.operands[0]->dtype) {
    case DataType::kFloat32:
    case DataType::kFloat16:
    case DataType::kBFloat16:
    case DataType::kInt8:
    case DataType::kInt16:
    case DataType::kUInt8:
    case DataType::kUInt16:
    case DataType::kBool: return true;
    default: return false;
  }
}

// `p` is an exact float64 product: `Cast(float64, a) * Cast(float64, b)` of narrow values.
bool ExactProduct(const PrimExpr& p) {
  return p.kind == PrimKind::kMul && p.dtype == DataType::kFloat64 && p.lanes == 1 && NarrowToDouble(*p.operands[0]) &&
         NarrowToDouble(*p.operands[1]);
}

}  // namespace

// `s + p` (or `p + s`) with `p` an exact float64 product is one fused multiply-add: rounding the
// exact product plus s once is what the two rounded operations give (tir.eval.num), and the
// FMA units do it at twice the rate. The operands are evaluated in the order written.
llvm::Value* TirEmitter::EmitExactMultiplyAdd(const PrimExpr& e) {
  const bool product_first = ExactProduct(*e.operands[0]);
  const PrimExpr& p = *e.operands[product_first ? 0 : 1];
  const PrimExpr& s = *e.operands[product_first ? 1 : 0];
  llvm::Value* sum = product_first ? nullptr : EmitExpr(s);
  llvm::Value* a = EmitExpr(*p.operands[0]);
  llvm::Value* b = EmitExpr(*p.operands[1]);
  if (product_first) sum = EmitExpr(s);
  return b_.CreateIntrinsic(llvm::Intrinsic::fma, {b_.getDoubleTy()}, {a, b, sum});
}

llvm::Value* TirEmitter::EmitBinary(const PrimExpr& e) {
  const PrimExpr& x = *e.operands[0];
  const PrimExpr& y = *e.operands[1];
  if (x.dtype != y.dtype) throw Unsupported{"an operation on operands of different dtypes (ill-formed TIR)"};
  if (e.kind == PrimKind::kAdd && x.dtype == DataType::kFloat64 && e.lanes == 1 && (ExactProduct(x) || ExactProduct(y))) {
    return EmitExactMultiplyAdd(e);
  }
  llvm::Value* a = EmitExpr(x);
  llvm::Value* b = EmitExpr(y);
  const DataType t = x.dtype;
  switch (e.kind) {
    case PrimKind::kAdd:
    case PrimKind::kSub:
    case PrimKind::kMul: return EmitArith(e.kind, t, a, b);
    case PrimKind::kTruncDiv:
    case PrimKind::kTruncMod:
    case PrimKind::kFloorDiv:
    case PrimKind::kFloorMod: return IsFloat(t) ? EmitFloatDivMod(e.kind, t, a, b) : EmitIntDivMod(e.kind, t, a, b);
    case PrimKind::kMin: return EmitMinMax(false, t, a, b);
    case PrimKind::kMax: return EmitMinMax(true, t, a, b);
    case PrimKind::kAnd:
    case PrimKind::kOr:
      if (t != DataType::kBool) throw Unsupported{"`and` / `or` of non-bool operands (ill-formed TIR)"};
      return e.kind == PrimKind::kAnd ? b_.CreateAnd(a, b) : b_.CreateOr(a, b);
    default:
      if (IsComparisonKind(e.kind)) return EmitCompare(e.kind, t, a, b);
      throw Unsupported{std::string("the TIR expression kind ") + PrimKindName(e.kind)};
  }
}

llvm::Value* TirEmitter::CallDouble(const char* helper, llvm::Value* x) {
  llvm::FunctionCallee f = module_.getOrInsertFunction(helper, b_.getDoubleTy(), b_.getDoubleTy());
  return b_.CreateCall(f, {x});
}

// A float function: the operand's exact value in double, the function in double (as the
// interpreter's libm calls, through the same helpers), rounded once to T.
llvm::Value* TirEmitter::EmitFloatFunction(const PrimExpr& e, llvm::Value* x) {
  using tir::Intrinsic;
  const DataType t = e.dtype;
  llvm::Type* dbl = b_.getDoubleTy();
  llvm::Value* d = AsDouble(t, x);
  llvm::Value* r = nullptr;
  const std::string helper = MathHelper(e.intrinsic, t);
  if (!helper.empty()) {
    r = CallDouble(helper.c_str(), d);
  } else {
    switch (e.intrinsic) {
      case Intrinsic::kSqrt: r = b_.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, d); break;
      case Intrinsic::kRsqrt:
        r = b_.CreateFDiv(llvm::ConstantFP::get(dbl, 1.0), b_.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, d));
        break;
      case Intrinsic::kFloor: r = b_.CreateUnaryIntrinsic(llvm::Intrinsic::floor, d); break;
      case Intrinsic::kCeil: r = b_.CreateUnaryIntrinsic(llvm::Intrinsic::ceil, d); break;
      case Intrinsic::kRound:
      case Intrinsic::kNearbyint: r = b_.CreateUnaryIntrinsic(llvm::Intrinsic::roundeven, d); break;
      case Intrinsic::kTrunc: r = b_.CreateUnaryIntrinsic(llvm::Intrinsic::trunc, d); break;
      case Intrinsic::kFabs:
      case Intrinsic::kAbs: r = b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, d); break;
      default: throw Unsupported{std::string("T.") + tir::GetIntrinsic(e.intrinsic).name + " on floats"};
    }
  }
  return RoundTo(t, r);
}

// The other intrinsics on elements of type t (interpreter IntrinsicNode).
llvm::Value* TirEmitter::EmitIntrinsic(const PrimExpr& e, DataType t, llvm::Value* x, llvm::Value* y) {
  using tir::Intrinsic;
  llvm::Type* dbl = b_.getDoubleTy();
  if (IsFloat(t)) {
    llvm::Value* a = AsDouble(t, x);
    if (e.intrinsic == Intrinsic::kIsNan) return b_.CreateFCmpUNO(a, a);
    llvm::Value* inf = llvm::ConstantFP::getInfinity(dbl);
    llvm::Value* mag = b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, a);
    if (e.intrinsic == Intrinsic::kIsInf) return b_.CreateFCmpOEQ(mag, inf);
    if (e.intrinsic == Intrinsic::kIsFinite) return b_.CreateFCmpOLT(mag, inf);
    if (!y) return EmitFloatFunction(e, x);
    llvm::Value* c = AsDouble(t, y);
    const char* helper = e.intrinsic == Intrinsic::kPow      ? "rlx_math_pow"
                         : e.intrinsic == Intrinsic::kAtan2  ? "rlx_math_atan2"
                         : e.intrinsic == Intrinsic::kFmod   ? "rlx_math_fmod"
                         : e.intrinsic == Intrinsic::kHypot  ? "rlx_math_hypot"
                         : e.intrinsic == Intrinsic::kCopysign ? "rlx_math_copysign"
                                                               : nullptr;
    if (!helper) throw Unsupported{std::string("T.") + tir::GetIntrinsic(e.intrinsic).name + " on floats"};
    llvm::FunctionCallee f = module_.getOrInsertFunction(helper, dbl, dbl, dbl);
    return RoundTo(t, b_.CreateCall(f, {a, c}));
  }
  llvm::Type* ty = x->getType();
  const unsigned bits = ty->getIntegerBitWidth();
  llvm::Value* zero = llvm::ConstantInt::get(ty, 0);
  switch (e.intrinsic) {
    case Intrinsic::kLikely: return x;
    case Intrinsic::kAbs:
      if (!IsSigned(t)) return x;
      return b_.CreateSelect(b_.CreateICmpSLT(x, zero), b_.CreateSub(zero, x), x);
    case Intrinsic::kBitwiseNot: return b_.CreateNot(x);
    case Intrinsic::kPopcount: return t == DataType::kBool ? x : b_.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, x);
    case Intrinsic::kBitwiseAnd: return b_.CreateAnd(x, y);
    case Intrinsic::kBitwiseOr: return b_.CreateOr(x, y);
    case Intrinsic::kBitwiseXor: return b_.CreateXor(x, y);
    case Intrinsic::kShiftLeft:
    case Intrinsic::kShiftRight: {
      if (t == DataType::kBool) return x;
      // eval.num.shift: counts outside [0, bits) shift everything out.
      llvm::Value* out = b_.CreateICmpUGE(y, llvm::ConstantInt::get(ty, bits));  // negative counts too
      llvm::Value* count = b_.CreateSelect(out, zero, y);
      if (e.intrinsic == Intrinsic::kShiftLeft) return b_.CreateSelect(out, zero, b_.CreateShl(x, count));
      if (!IsSigned(t)) return b_.CreateSelect(out, zero, b_.CreateLShr(x, count));
      llvm::Value* fill = b_.CreateSelect(b_.CreateICmpSLT(x, zero), llvm::ConstantInt::get(ty, -1, true), zero);
      return b_.CreateSelect(out, fill, b_.CreateAShr(x, count));
    }
    case Intrinsic::kPow: {  // eval.num.int-power, in the helper (it traps 0 ** negative)
      llvm::Value* result = b_.CreateAlloca(b_.getInt64Ty());
      llvm::FunctionCallee f = module_.getOrInsertFunction(
          "rlx_kernel_ipow", b_.getInt32Ty(), b_.getPtrTy(), b_.getInt64Ty(), b_.getInt64Ty(), b_.getInt32Ty(), b_.getPtrTy());
      llvm::Value* status = b_.CreateCall(
          f, {call_, ToI64(x, t), ToI64(y, t), b_.getInt32(static_cast<int32_t>(t)), result});
      TrapIf(b_.CreateICmpNE(status, b_.getInt32(0)), "", {});
      return b_.CreateTrunc(b_.CreateLoad(b_.getInt64Ty(), result), ty);
    }
    default: throw Unsupported{std::string("T.") + tir::GetIntrinsic(e.intrinsic).name + " on integers"};
  }
}

llvm::Value* TirEmitter::EmitLazySelect(const PrimExpr& cond, const PrimExpr& a, const PrimExpr& b) {
  llvm::Value* c = EmitExpr(cond);
  llvm::BasicBlock* then_bb = llvm::BasicBlock::Create(ctx_, "then", fn_);
  llvm::BasicBlock* else_bb = llvm::BasicBlock::Create(ctx_, "else", fn_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "select", fn_);
  b_.CreateCondBr(c, then_bb, else_bb);
  b_.SetInsertPoint(then_bb);
  llvm::Value* x = EmitExpr(a);
  llvm::BasicBlock* x_end = b_.GetInsertBlock();
  b_.CreateBr(done);
  b_.SetInsertPoint(else_bb);
  llvm::Value* y = EmitExpr(b);
  llvm::BasicBlock* y_end = b_.GetInsertBlock();
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
  llvm::PHINode* phi = b_.CreatePHI(x->getType(), 2);
  phi->addIncoming(x, x_end);
  phi->addIncoming(y, y_end);
  return phi;
}

llvm::Value* TirEmitter::EmitCall(const PrimExpr& e) {
  const tir::IntrinsicInfo& info = tir::GetIntrinsic(e.intrinsic);
  if (static_cast<int>(e.args.size()) != info.arity) throw Unsupported{std::string("T.") + info.name + " with a wrong arity"};
  if (e.intrinsic == tir::Intrinsic::kIfThenElse) {
    if (e.args[1]->dtype != e.args[2]->dtype) throw Unsupported{"T.if_then_else of different dtypes (ill-formed TIR)"};
    return EmitLazySelect(*e.args[0], *e.args[1], *e.args[2]);
  }
  llvm::Value* x = EmitExpr(*e.args[0]);
  llvm::Value* y = e.args.size() > 1 ? EmitExpr(*e.args[1]) : nullptr;
  if (y && e.args[0]->dtype != e.args[1]->dtype) throw Unsupported{"an intrinsic of different dtypes (ill-formed TIR)"};
  return EmitIntrinsic(e, e.args[0]->dtype, x, y);
}

llvm::Value* TirEmitter::EmitLet(const PrimExpr& e) {
  const PrimExpr& var = *e.operands[0];
  llvm::Value* value = EmitExpr(*e.operands[1]);
  DefineVar(var);
  SetVar(var, value);
  llvm::Value* body = EmitExpr(*e.operands[2]);
  UndefineVar(var);
  return body;
}

// Lane i of T.Ramp(base, stride, lanes): base + i * stride, wrapped to the dtype (base and
// stride evaluated as scalars).
llvm::Value* TirEmitter::EmitRamp(const PrimExpr& e) {
  if (!IsInteger(e.dtype)) throw Unsupported{"a ramp of a non-integer dtype"};
  const int lane = lane_;
  llvm::Value* base = AtLane(0, [&] { return EmitExpr(*e.operands[0]); });
  llvm::Value* stride = AtLane(0, [&] { return EmitExpr(*e.operands[1]); });
  llvm::Type* t = TypeOf(e.dtype);
  return b_.CreateAdd(base, b_.CreateMul(llvm::ConstantInt::get(t, static_cast<uint64_t>(lane)), stride));
}

// The exact double of a float16 or bfloat16 element's bits, inline (a load in an inner loop stays
// vectorizable): what HalfBitsToDouble / BFloat16BitsToDouble give, a NaN included (the quiet
// NaN of std::nan(""), with the element's sign).
llvm::Value* TirEmitter::Widen16(DataType t, llvm::Value* bits) {
  llvm::Value* wide = t == DataType::kFloat16
                          ? b_.CreateFPExt(b_.CreateBitCast(bits, b_.getHalfTy()), b_.getDoubleTy())
                          : b_.CreateFPExt(b_.CreateBitCast(b_.CreateShl(b_.CreateZExt(bits, b_.getInt32Ty()), 16),
                                                            b_.getFloatTy()),
                                           b_.getDoubleTy());
  llvm::Value* nan = llvm::ConstantFP::getNaN(b_.getDoubleTy(), /*Negative=*/false);
  llvm::Value* negative_nan = llvm::ConstantFP::getNaN(b_.getDoubleTy(), /*Negative=*/true);
  llvm::Value* canonical = b_.CreateSelect(b_.CreateICmpSLT(bits, b_.getInt16(0)), negative_nan, nan);
  return b_.CreateSelect(b_.CreateFCmpUNO(wide, wide), canonical, wide);
}

llvm::Value* TirEmitter::EmitLoad(const PrimExpr& e) {
  llvm::Value* p = ElementPointer(*e.buffer, e.args, "load from");
  const DataType t = e.buffer->dtype;
  llvm::LoadInst* v = b_.CreateLoad(MemoryTypeOf(t), p);
  TagAccess(v, *e.buffer);
  if (t == DataType::kFloat16 || t == DataType::kBFloat16) return Widen16(t, v);
  if (IsNarrowFloat(t)) {
    llvm::FunctionCallee f = module_.getOrInsertFunction("rlx_kernel_narrow_from_bits", b_.getDoubleTy(),
                                                         b_.getInt32Ty(), b_.getInt64Ty());
    return b_.CreateCall(f, {b_.getInt32(static_cast<int32_t>(t)), b_.CreateZExt(v, b_.getInt64Ty())});
  }
  return t == DataType::kBool ? b_.CreateICmpNE(v, b_.getInt8(0)) : v;
}

// tir.eval.vector: a vector expression is emitted once per lane, for the lane in lane_ (the
// interpreter evaluates lane by lane too, so the traps come in its order); scalar expressions
// ignore the lane. LLVM's SLP vectorizer turns lanes without checks back into vector code.
llvm::Value* TirEmitter::EmitExpr(const PrimExpr& e) {
  TypeOf(e.dtype);  // rejects the dtypes the generator does not handle
  switch (e.kind) {
    case PrimKind::kRamp: return EmitRamp(e);
    case PrimKind::kBroadcast: return AtLane(0, [&] { return EmitExpr(*e.operands[0]); });
    case PrimKind::kIntImm:
    case PrimKind::kFloatImm: return EmitImm(e);
    case PrimKind::kVar: return GetVar(e);
    case PrimKind::kNot: return b_.CreateNot(EmitExpr(*e.operands[0]));
    case PrimKind::kSelect: {
      llvm::Value* c = EmitExpr(*e.operands[0]);
      llvm::Value* a = EmitExpr(*e.operands[1]);
      llvm::Value* b = EmitExpr(*e.operands[2]);
      return b_.CreateSelect(c, a, b);
    }
    case PrimKind::kCast: {
      const PrimExpr& x = *e.operands[0];
      return EmitCast(e.dtype, x.dtype, EmitExpr(x));
    }
    case PrimKind::kCall: return EmitCall(e);
    case PrimKind::kBufferLoad: return EmitLoad(e);
    case PrimKind::kLet: return EmitLet(e);
    default:
      if (e.arity() == 2) return EmitBinary(e);
      throw Unsupported{std::string("the TIR expression kind ") + PrimKindName(e.kind)};
  }
}

}  // namespace rlx::compiler::codegen
