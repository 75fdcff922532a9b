#include "ir/tir/int_ranges.h"

#include <algorithm>

#include "ir/analysis/prim_eval.h"
#include "ir/dtype.h"

namespace rlx::tir {

std::optional<Interval> DTypeRange(DataType t) {
  if (t == DataType::kBool) return Interval{0, 1};
  if (t == DataType::kUInt64 || (!IsSignedInt(t) && !IsUnsignedInt(t))) return std::nullopt;
  const int bits = DataTypeBits(t);
  if (IsUnsignedInt(t)) return Interval{0, (static_cast<__int128>(1) << bits) - 1};
  return Interval{-(static_cast<__int128>(1) << (bits - 1)), (static_cast<__int128>(1) << (bits - 1)) - 1};
}


// [lo, hi] of an integer expression when every sub-expression stays in its dtype; nullopt when
// one may leave it (or the expression is not integer arithmetic of variables and constants).
std::optional<Interval> IntRanges::RangeOf(const PrimExpr& e) const {
  if (e.lanes != 1) return std::nullopt;
  if (e.dtype == DataType::kBool && (IsComparisonKind(e.kind) || e.kind == PrimKind::kAnd || e.kind == PrimKind::kOr ||
                                     e.kind == PrimKind::kNot)) {
    for (int i = 0; i < e.arity(); ++i) {
      if (!RangeOf(*e.operands[i])) return std::nullopt;
    }
    return Interval{0, 1};
  }
  const std::optional<Interval> whole = DTypeRange(e.dtype);
  if (!whole) return std::nullopt;
  const __int128 lo = whole->lo, hi = whole->hi;
  auto fits = [&](__int128 a, __int128 b) -> std::optional<Interval> {
    if (a < lo || b > hi) return std::nullopt;
    return Interval{a, b};
  };
  switch (e.kind) {
    case PrimKind::kIntImm: return Interval{e.int_value, e.int_value};
    case PrimKind::kVar: {
      auto it = ranges_.find(&e);
      return it != ranges_.end() ? it->second : Interval{lo, hi};
    }
    case PrimKind::kAdd:
    case PrimKind::kSub:
    case PrimKind::kMul:
    case PrimKind::kMin:
    case PrimKind::kMax: {
      auto a = RangeOf(*e.operands[0]), b = RangeOf(*e.operands[1]);
      if (!a || !b) return std::nullopt;
      // The operands are within int64, so the products fit in 128 bits.
      switch (e.kind) {
        case PrimKind::kAdd: return fits(a->lo + b->lo, a->hi + b->hi);
        case PrimKind::kSub: return fits(a->lo - b->hi, a->hi - b->lo);
        case PrimKind::kMin: return Interval{std::min(a->lo, b->lo), std::min(a->hi, b->hi)};
        case PrimKind::kMax: return Interval{std::max(a->lo, b->lo), std::max(a->hi, b->hi)};
        default: {
          const __int128 c[] = {a->lo * b->lo, a->lo * b->hi, a->hi * b->lo, a->hi * b->hi};
          return fits(*std::min_element(c, c + 4), *std::max_element(c, c + 4));
        }
      }
    }
    case PrimKind::kFloorDiv: {
      auto a = RangeOf(*e.operands[0]);
      const Ref<PrimExpr>& d = e.operands[1];
      if (!a || !d->is_int() || d->int_value <= 0) return std::nullopt;
      return Interval{FloorDiv(static_cast<int64_t>(a->lo), d->int_value), FloorDiv(static_cast<int64_t>(a->hi), d->int_value)};
    }
    case PrimKind::kFloorMod: {
      auto a = RangeOf(*e.operands[0]);
      const Ref<PrimExpr>& d = e.operands[1];
      if (!a || !d->is_int() || d->int_value <= 0) return std::nullopt;
      if (a->lo >= 0 && a->hi < d->int_value) return a;  // already a remainder
      return Interval{0, d->int_value - 1};
    }
    default: return std::nullopt;
  }
}

}  // namespace rlx::tir
