#include "ir/analysis/prim_eval.h"

#include <limits>

namespace rlx {
namespace {

// The range of an integer dtype as __int128 bounds.
void Range(DataType t, __int128* lo, __int128* hi) {
  if (t == DataType::kBool) {
    *lo = 0;
    *hi = 1;
  } else if (IsUnsignedInt(t)) {
    *lo = 0;
    *hi = (static_cast<__int128>(1) << DataTypeBits(t)) - 1;
  } else {
    *lo = -(static_cast<__int128>(1) << (DataTypeBits(t) - 1));
    *hi = (static_cast<__int128>(1) << (DataTypeBits(t) - 1)) - 1;
  }
}

class Evaluator {
 public:
  explicit Evaluator(const PrimAssignment& v) : values_(v) {}
  PrimEvalError error = PrimEvalError::kNone;

  std::optional<__int128> Eval(const PrimExpr& e) {
    // TIR-only kinds (loads, casts, intrinsic calls) are evaluated by the TIR interpreter only.
    if (IsFloat(e.dtype) || e.dtype == DataType::kVoid || e.is_tir_only()) {
      return Fail(PrimEvalError::kNotInteger);
    }
    switch (e.kind) {
      case PrimKind::kIntImm:  // a uint64 value is stored as its 64-bit pattern (syntax.prim.int-imm)
        return Value(e.dtype, e.int_value);
      case PrimKind::kFloatImm: return Fail(PrimEvalError::kNotInteger);
      case PrimKind::kVar: {
        auto it = values_.find(&e);
        if (it == values_.end()) return Fail(PrimEvalError::kUnbound);
        return Check(e.dtype, Value(e.dtype, it->second));
      }
      case PrimKind::kNot: {
        auto a = Eval(*e.operands[0]);
        if (!a) return std::nullopt;
        return *a == 0 ? 1 : 0;
      }
      case PrimKind::kSelect: {
        // Both branches are evaluated: the expression is defined only if both are (TIR Select
        // evaluates both sides; if_then_else would not).
        auto c = Eval(*e.operands[0]);
        auto t = c ? Eval(*e.operands[1]) : std::nullopt;
        auto f = t ? Eval(*e.operands[2]) : std::nullopt;
        if (!f) return std::nullopt;
        return *c != 0 ? *t : *f;
      }
      default: break;
    }
    auto a = Eval(*e.operands[0]);
    if (!a) return std::nullopt;
    auto b = Eval(*e.operands[1]);
    if (!b) return std::nullopt;
    __int128 x = *a, y = *b, r = 0;
    switch (e.kind) {
      case PrimKind::kAdd: r = x + y; break;
      case PrimKind::kSub: r = x - y; break;
      case PrimKind::kMul: r = x * y; break;  // operands fit in 64 bits: no __int128 overflow
      case PrimKind::kFloorDiv:
      case PrimKind::kFloorMod:
      case PrimKind::kTruncDiv:
      case PrimKind::kTruncMod: {
        if (y == 0) return Fail(PrimEvalError::kDivisionByZero);
        __int128 q = x / y;  // truncates toward zero
        __int128 m = x % y;
        if (e.kind == PrimKind::kTruncDiv) r = q;
        if (e.kind == PrimKind::kTruncMod) r = m;
        bool adjust = m != 0 && ((m < 0) != (y < 0));
        if (e.kind == PrimKind::kFloorDiv) r = adjust ? q - 1 : q;
        if (e.kind == PrimKind::kFloorMod) r = adjust ? m + y : m;
        break;
      }
      case PrimKind::kMin: r = x < y ? x : y; break;
      case PrimKind::kMax: r = x > y ? x : y; break;
      case PrimKind::kEQ: return x == y;
      case PrimKind::kNE: return x != y;
      case PrimKind::kLT: return x < y;
      case PrimKind::kLE: return x <= y;
      case PrimKind::kGT: return x > y;
      case PrimKind::kGE: return x >= y;
      case PrimKind::kAnd: return x != 0 && y != 0;
      case PrimKind::kOr: return x != 0 || y != 0;
      default: return Fail(PrimEvalError::kNotInteger);
    }
    return Check(e.dtype, r);
  }

 private:
  std::optional<__int128> Fail(PrimEvalError why) {
    error = why;
    return std::nullopt;
  }
  // A stored 64-bit value of dtype `t` as a mathematical integer.
  static __int128 Value(DataType t, int64_t bits) {
    return t == DataType::kUInt64 ? static_cast<__int128>(static_cast<uint64_t>(bits)) : bits;
  }

  std::optional<__int128> Check(DataType t, __int128 v) {
    __int128 lo, hi;
    Range(t, &lo, &hi);
    if (v < lo || v > hi) return Fail(PrimEvalError::kOverflow);
    return v;
  }

  const PrimAssignment& values_;
};

}  // namespace

std::optional<int64_t> EvalPrim(const PrimExpr& e, const PrimAssignment& values,
                                PrimEvalError* error) {
  Evaluator ev(values);
  auto r = ev.Eval(e);
  if (error) *error = ev.error;
  if (!r) return std::nullopt;
  return static_cast<int64_t>(*r);
}

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b, m = a % b;
  return (m != 0 && ((m < 0) != (b < 0))) ? q - 1 : q;
}

int64_t FloorMod(int64_t a, int64_t b) {
  int64_t m = a % b;
  return (m != 0 && ((m < 0) != (b < 0))) ? m + b : m;
}

}  // namespace rlx
