// The prover's fast path: integer shape arithmetic in a canonical polynomial form. Sums and
// products are expanded; what is not a polynomial (division, min, max, select) becomes an
// atom over normalized operands. Two expressions with the same normal form are equal for
// every valuation where both are defined (spec sinfo.prove.definedness).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/prim_expr.h"

namespace rlx::prover {

/// A product of atoms (atom ids, sorted; a repeated id is a power). Empty: the constant 1.
using Monomial = std::vector<int>;

/// A polynomial with integer coefficients over atoms.
struct Polynomial {
  std::map<Monomial, __int128> terms;  // no zero coefficients

  bool IsZero() const { return terms.empty(); }
  /// The constant value when the polynomial has no atoms.
  std::optional<__int128> Constant() const;
  friend bool operator==(const Polynomial&, const Polynomial&) = default;
};

/// A closed range of integers; the ends saturate at ±kUnbounded (no bound).
struct Interval {
  static constexpr __int128 kUnbounded = static_cast<__int128>(1) << 120;
  __int128 lo = -kUnbounded, hi = kUnbounded;
};

/// The range of an integer (or bool) dtype's values.
Interval DTypeRange(DataType t);

/// Known ranges of variables (read off assumptions), by variable node.
using VarBounds = std::unordered_map<const PrimExpr*, Interval>;

/// Normalizes expressions into polynomials over a shared table of atoms.
///
/// Division and modulo are simplified by the rules of checker/prover/div_rules.claims (each
/// rule is proven by Z3 in a test, as Halide verifies its simplifier's rules): quotients that
/// divide exactly, multiples of the divisor taken out of the dividend, remainders known to lie
/// within the divisor, nested floor divisions, trunc division of non-negative operands.
class PolyContext {
 public:
  /// `bounds`: ranges of variables (may be null). `eliminate_mod`: write floormod(a, b) as
  /// a - b * floordiv(a, b) (and truncmod alike), which decides identities that relate the two
  /// (n - n % m == (n // m) * m) but hides a remainder's range; callers try both forms.
  explicit PolyContext(const VarBounds* bounds = nullptr, bool eliminate_mod = false)
      : bounds_(bounds), eliminate_mod_(eliminate_mod) {}

  /// The normal form of an integer PrimExpr, or nullopt when it is not integer arithmetic
  /// (floats, comparisons), a coefficient grows beyond 2^100, or the form outgrows its size
  /// budget (kMaxTerms terms: (v0 + ... + v19)^10 is not expanded).
  std::optional<Polynomial> Normalize(const Ref<PrimExpr>& e);

  /// The range of a polynomial's values, from the ranges of its atoms (interval arithmetic),
  /// narrowed by the facts that differ from it by a constant (or from its negation).
  Interval Range(const Polynomial& p) const;

  /// A fresh atom standing for an unknown value within `range`.
  int FreshAtom(const Interval& range);

  /// A polynomial fact: `p` lies in `range`.
  struct Fact {
    Polynomial p;
    Interval range;
  };
  const std::vector<Fact>& facts() const { return facts_; }

  /// Records that `p` lies in `range` for every valuation considered (an assumption, the
  /// definition of a quotient or remainder atom, or a sub-expression within its dtype). At most
  /// kMaxFacts are kept. A fact on an even power c * x^(2k) (plus a constant) is narrowed to
  /// the powers in range, and bounds x (n * n <= 2^31 - 1 gives n * n <= 46340^2 and
  /// |n| <= 46340; rule range.even-power).
  void AddFact(const Polynomial& p, const Interval& range);
  static constexpr size_t kMaxFacts = 64;

  /// The range of atom `id` (a variable's bounds, a remainder within its divisor, ...).
  Interval AtomRange(int id) const { return atoms_[id].range; }

  /// The operands of atom `id` when it is a floor quotient x // y.
  struct Quotient {
    Polynomial x, y;
  };
  std::optional<Quotient> FloorQuotient(int id) const {
    if (atoms_[id].kind != PrimKind::kFloorDiv || atoms_[id].var) return std::nullopt;
    return Quotient{atoms_[id].x, atoms_[id].y};
  }

  /// True when atom `id` is a variable (not a compound atom).
  bool IsVarAtom(int id) const { return atoms_[id].var != nullptr; }
  /// The variable of a variable atom.
  const PrimExpr* AtomVar(int id) const { return atoms_[id].var; }
  /// A canonical, deterministic text of a polynomial (for keys and messages).
  std::string Key(const Polynomial& p) const;

  /// The most terms a normal form may have.
  static constexpr size_t kMaxTerms = 2048;

 private:
  struct Atom {
    std::string key;
    const PrimExpr* var = nullptr;  // set for variable atoms
    PrimKind kind = PrimKind::kVar;
    Polynomial x, y;  // the operands of a division, modulo, min or max atom
    Interval range;
  };
  int AtomId(const std::string& key, const PrimExpr* var);
  /// The atom kind(x, y); `tag` tells apart atoms of equal operands (a select's condition).
  Polynomial CompoundAtom(PrimKind kind, const Polynomial& x, const Polynomial& y,
                          const std::string& tag = "");
  Interval RangeOfNewAtom(const Atom& a) const;
  Interval NarrowEvenPower(const Polynomial& p, Interval r);
  std::optional<Polynomial> Binary(const PrimExpr& e);
  std::optional<Polynomial> MinMax(PrimKind kind, const Polynomial& a, const Polynomial& b);
  std::optional<Polynomial> Division(PrimKind kind, const Polynomial& a, const Polynomial& b);
  std::optional<Polynomial> FloorDivision(bool is_div, const Polynomial& a, const Polynomial& b);

  Interval AtomicRange(const Polynomial& p) const;
  void AddDefiningFacts(int id);

  std::vector<Fact> facts_;
  const VarBounds* bounds_;
  bool eliminate_mod_;
  std::vector<Atom> atoms_;
  std::unordered_map<std::string, int> by_key_;
};

Polynomial Add(const Polynomial& a, const Polynomial& b, __int128 scale_b = 1);
/// The constant polynomial c.
Polynomial ConstantPoly(__int128 c);
std::optional<Polynomial> Mul(const Polynomial& a, const Polynomial& b);

}  // namespace rlx::prover
