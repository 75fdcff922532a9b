// Interval arithmetic over TIR integer expressions: what the loop ranges, block domains and lets
// around an expression say of its values (simplify-tir decides conditions with it,
// flatten-buffers and code generation prove indices in bounds).
#pragma once

#include <optional>
#include <unordered_map>

#include "ir/prim_expr.h"

namespace rlx::tir {

/// [lo, hi] over the mathematical integers.
struct Interval {
  __int128 lo, hi;
};

/// The values of an integer or bool dtype; nullopt for uint64 (its immediates are bit patterns)
/// and for non-integers.
std::optional<Interval> DTypeRange(DataType t);

/// The known ranges of variables, and the ranges of expressions of them.
class IntRanges {
 public:
  void Set(const PrimExpr* var, Interval r) { ranges_[var] = r; }
  /// [min, min + extent - 1] for a variable of a loop (or domain) of constant bounds, extent > 0.
  void SetLoop(const PrimExpr* var, int64_t min, int64_t extent) {
    ranges_[var] = Interval{min, static_cast<__int128>(min) + extent - 1};
  }
  bool Has(const PrimExpr* var) const { return ranges_.count(var) > 0; }

  /// [lo, hi] of an integer expression of constants, variables, `+ - * min max` and floor
  /// division and modulo by a positive constant when every sub-expression stays in its dtype (a variable
  /// not known ranging over its dtype; comparisons and logic are [0, 1]); nullopt when one may
  /// leave it, or the expression is anything else.
  std::optional<Interval> RangeOf(const PrimExpr& e) const;

 private:
  std::unordered_map<const PrimExpr*, Interval> ranges_;
};

}  // namespace rlx::tir
