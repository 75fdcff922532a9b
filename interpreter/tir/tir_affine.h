// Conditions of affine integer comparisons, the guards of loop nests (a padding guard
// `0 <= y + r - 1 and y + r - 1 < 56`, a predicate of a split loop), evaluated without a node
// per operation: comparisons of an operand with a constant become one unsigned range check per
// operand, and an operand that the enclosing loop nest keeps (Scope::RegisterNestAccess) is read
// from its slot. Internal to interpreter/tir/.
#pragma once

#include <optional>
#include <vector>

#include "interpreter/tir/tir_compile.h"

namespace rlx::interp::tir_eval {

/// An integer operand affine in the frame's integer slots, wrapped to its dtype.
struct AffineOperand {
  DataType dtype = DataType::kInt64;
  Affine form;
  int slot = -1;  // the nest's offset slot that keeps it, or -1

  int64_t Eval(const Frame& f) const {
    const uint64_t v = slot >= 0 ? static_cast<uint64_t>(f.offsets[slot]) : form.Eval(f);
    return dtype == DataType::kInt64 ? static_cast<int64_t>(v) : WrapToDType(dtype, v);
  }
  bool SameForm(const AffineOperand& o) const {
    return dtype == o.dtype && form.constant == o.form.constant && form.terms == o.form.terms;
  }
};

/// lo <= x <= hi (x not uint64).
struct AffineRange {
  AffineOperand x;
  int64_t lo, hi;
  bool Holds(const Frame& f) const {
    return static_cast<uint64_t>(x.Eval(f)) - static_cast<uint64_t>(lo) <=
           static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  }
};

/// Any other comparison of two affine operands.
struct AffineComparison {
  PrimKind kind;
  AffineOperand a, b;
  bool Holds(const Frame& f) const;
};

/// lo <= x <= lo + span for an int64 operand the nest keeps in `slot` (the common case,
/// checked first).
struct SlotRange {
  int slot;
  uint64_t lo, span;
  bool Holds(const Frame& f) const { return static_cast<uint64_t>(f.offsets[slot]) - lo <= span; }
};

/// A conjunction of them. Comparisons cannot trap, so stopping at the first false one is what
/// evaluating every operand of `and` gives (tir.eval.expr).
struct AffineConjunction {
  std::vector<SlotRange> slot_ranges;
  std::vector<AffineRange> ranges;
  std::vector<AffineComparison> others;
  bool never = false;  // the ranges contradict each other

  bool Holds(const Frame& f) const {
    if (never) return false;
    for (const SlotRange& r : slot_ranges) {
      if (!r.Holds(f)) return false;
    }
    for (const AffineRange& r : ranges) {
      if (!r.Holds(f)) return false;
    }
    for (const AffineComparison& c : others) {
      if (!c.Holds(f)) return false;
    }
    return true;
  }
};

/// `e` — a comparison or an `and` of comparisons, each of two integer operands affine in the
/// scope's variables — as an AffineConjunction; nullopt when it is not one, or when the scope
/// does not optimize.
std::optional<AffineConjunction> CompileAffineConjunction(const PrimExpr& e, Scope& scope);

}  // namespace rlx::interp::tir_eval
