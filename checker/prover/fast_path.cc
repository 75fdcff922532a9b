#include "checker/prover/fast_path.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "checker/prover/poly_sign.h"
#include "checker/prover/prover.h"
#include "checker/prover/quotient_clearing.h"
#include "ir/analysis/prim_eval.h"
#include "ir/analysis/structural_equal.h"

namespace rlx::prover {
namespace {

// Simple bounds of a variable read off assumptions of the form v op c / c op v.
using Bounds = Interval;

void ReadBounds(const Ref<PrimExpr>& a, VarBounds* b) {
  if (!a) return;
  if (a->kind == PrimKind::kAnd) {
    ReadBounds(a->operands[0], b);
    ReadBounds(a->operands[1], b);
    return;
  }
  if (!IsComparisonKind(a->kind)) return;
  const Ref<PrimExpr>& x = a->operands[0];
  const Ref<PrimExpr>& y = a->operands[1];
  PrimKind k = a->kind;
  const PrimExpr* v;
  __int128 c;
  if (x->is_var() && y->is_int()) {
    v = x.get();
    c = y->int_value;
  } else if (y->is_var() && x->is_int()) {
    v = y.get();
    c = x->int_value;
    // Mirror c op v into v op' c.
    k = k == PrimKind::kLT   ? PrimKind::kGT
        : k == PrimKind::kLE ? PrimKind::kGE
        : k == PrimKind::kGT ? PrimKind::kLT
        : k == PrimKind::kGE ? PrimKind::kLE
                             : k;
  } else {
    return;
  }
  Bounds& bd = (*b)[v];
  switch (k) {
    case PrimKind::kEQ:
      bd.lo = std::max(bd.lo, c);
      bd.hi = std::min(bd.hi, c);
      break;
    case PrimKind::kGE: bd.lo = std::max(bd.lo, c); break;
    case PrimKind::kGT: bd.lo = std::max(bd.lo, c + 1); break;
    case PrimKind::kLE: bd.hi = std::min(bd.hi, c); break;
    case PrimKind::kLT: bd.hi = std::min(bd.hi, c - 1); break;
    default: break;
  }
}

// The value of a comparison whose difference rhs - lhs lies in `d` for every valuation, or
// nullopt when the range does not fix it.
std::optional<bool> DecideByRange(PrimKind kind, const Interval& d) {
  switch (kind) {
    case PrimKind::kLE:
      if (d.lo >= 0) return true;
      if (d.hi < 0) return false;
      break;
    case PrimKind::kLT:
      if (d.lo > 0) return true;
      if (d.hi <= 0) return false;
      break;
    case PrimKind::kGE:
      if (d.hi <= 0) return true;
      if (d.lo > 0) return false;
      break;
    case PrimKind::kGT:
      if (d.hi < 0) return true;
      if (d.lo >= 0) return false;
      break;
    case PrimKind::kEQ:
      if (d.lo > 0 || d.hi < 0) return false;
      break;
    case PrimKind::kNE:
      if (d.lo > 0 || d.hi < 0) return true;
      break;
    default: break;
  }
  return std::nullopt;
}

// Definedness facts (sinfo.prove.definedness): every product in `e` fits in its dtype. With
// rule range.even-power, n * n of an int32 n is at most 46340^2.
void AddDefinednessFacts(PolyContext* ctx, const Ref<PrimExpr>& e) {
  if (!e) return;
  for (int i = 0; i < e->arity(); ++i) AddDefinednessFacts(ctx, e->operands[i]);
  if (e->kind != PrimKind::kMul || !IsInteger(e->dtype) || e->dtype == DataType::kBool) return;
  if (auto p = ctx->Normalize(e)) ctx->AddFact(*p, DTypeRange(e->dtype));
}

// A normal-form context for `claim`: the assumptions' facts and the claim's definedness facts.
void PrepareContext(PolyContext* ctx, const Ref<PrimExpr>& claim, const Knowledge& k) {
  for (const auto& f : k.facts) AddFact(ctx, f);
  AddDefinednessFacts(ctx, claim);
}

// p >= 0 for every valuation, by the polynomial tests: the range of p, its range over the box
// of its atoms (rule poly.corners), a non-negative quadratic form (poly.psd), shifted
// coefficients (poly.shifted, poly.relational-shift), and, `clear_depth` times over, clearing
// the divisor of its quotients (div.clear).
bool ProvenNonNegative(const Polynomial& p, PolyContext& ctx, int clear_depth) {
  if (ctx.Range(p).lo >= 0) return true;
  if (auto box = MultilinearRange(p, ctx); box && box->lo >= 0) return true;
  if (QuadraticNonNegative(p) || ShiftedNonNegative(p, ctx, false) ||
      RelationalShiftNonNegative(p, ctx, false)) {
    return true;
  }
  return clear_depth > 0 && ClearedNonNegative(p, ctx, [&](const Polynomial& cleared) {
           return ProvenNonNegative(cleared, ctx, clear_depth - 1);
         });
}

// How many times a claim's quotients may be cleared of their divisor (two divisors in turn).
constexpr int kClearDepth = 2;

// A comparison decided in one normal form (see PolyContext for `eliminate_mod`).
std::optional<bool> DecideComparison(const Ref<PrimExpr>& claim, const Knowledge& k,
                                     bool eliminate_mod) {
  std::optional<bool> always;
  PolyContext ctx(&k.bounds, eliminate_mod);
  PrepareContext(&ctx, claim, k);
  auto a = ctx.Normalize(claim->operands[0]);
  auto b = ctx.Normalize(claim->operands[1]);
  if (!a || !b) return std::nullopt;
  Polynomial diff = Add(*b, *a, -1);  // rhs - lhs
  if (auto c = diff.Constant()) {
    switch (claim->kind) {
      case PrimKind::kEQ: return *c == 0;
      case PrimKind::kNE: return *c != 0;
      case PrimKind::kLT: return *c > 0;
      case PrimKind::kLE: return *c >= 0;
      case PrimKind::kGT: return *c < 0;
      case PrimKind::kGE: return *c <= 0;
      default: return std::nullopt;
    }
  }
  // A polynomial is >= 0 when every coefficient is non-negative and every factor is a
  // variable bounded below by 0 or is raised to an even power (n * n >= 0); > 0 when its
  // constant term is positive, too. Checked for rhs - lhs and for lhs - rhs.
  auto sign = [&](const Polynomial& p, bool* positive) {
    bool nonneg = true;
    for (const auto& [m, coeff] : p.terms) {
      if (coeff < 0) nonneg = false;
      for (size_t i = 0; i < m.size() && nonneg; ++i) {
        size_t j = i;
        while (j < m.size() && m[j] == m[i]) ++j;
        bool even = (j - i) % 2 == 0;
        int id = m[i];
        i = j - 1;
        if (even) continue;
        auto it = ctx.IsVarAtom(id) ? k.bounds.find(ctx.AtomVar(id)) : k.bounds.end();
        if (it == k.bounds.end() || it->second.lo < 0) nonneg = false;
      }
    }
    auto cst = p.terms.find({});
    *positive = nonneg && cst != p.terms.end() && cst->second > 0;
    return nonneg;
  };
  bool up_pos, down_pos;
  bool up = sign(diff, &up_pos);                 // lhs <= rhs (< when up_pos)
  bool down = sign(Add(*a, *b, -1), &down_pos);  // lhs >= rhs (> when down_pos)
  switch (claim->kind) {
    case PrimKind::kLE:
      if (up)
        always = true;
      else if (down_pos)
        always = false;
      break;
    case PrimKind::kLT:
      if (up_pos)
        always = true;
      else if (down)
        always = false;
      break;
    case PrimKind::kGE:
      if (down)
        always = true;
      else if (up_pos)
        always = false;
      break;
    case PrimKind::kGT:
      if (down_pos)
        always = true;
      else if (up)
        always = false;
      break;
    case PrimKind::kNE:
      if (up_pos || down_pos) always = true;
      break;
    case PrimKind::kEQ:
      if (up_pos || down_pos) always = false;
      break;
    default: break;
  }
  if (always) return always;
  // The range of the difference, from the ranges of its atoms (variables' bounds, remainders
  // within their divisors, quotients of bounded dividends).
  if (auto v = DecideByRange(claim->kind, ctx.Range(diff))) return v;
  // A quadratic difference that is non-negative at every integer point (rule poly.psd); d >= 1
  // is d - 1 >= 0. Only proofs come from here and from the shifted coefficients below.
  auto at_least = [](const Polynomial& d, __int128 k) {
    Polynomial shifted = d;
    if (k != 0) {
      Polynomial c;
      c.terms[{}] = -k;
      shifted = Add(d, c);
    }
    return QuadraticNonNegative(shifted);
  };
  Polynomial neg = Add(Polynomial{}, diff, -1);  // lhs - rhs
  // A multilinear difference over the box of its atoms' ranges: exact at the corners (rule
  // poly.corners); then the coefficients after shifting atoms to their bounds (rule poly.shifted).
  if (auto box = MultilinearRange(diff, ctx)) {
    if (auto v = DecideByRange(claim->kind, *box)) return v;
  }
  auto nonneg = [&](const Polynomial& d, bool strict) {
    if (at_least(d, strict ? 1 : 0) || ShiftedNonNegative(d, ctx, strict) ||
        RelationalShiftNonNegative(d, ctx, strict)) {
      return true;
    }
    // Quotients cleared of their common divisor (rule div.clear); d >= 1 is d - 1 >= 0.
    Polynomial target = strict ? Add(d, ConstantPoly(-1)) : d;
    return ClearedNonNegative(target, ctx, [&](const Polynomial& cleared) {
      return ProvenNonNegative(cleared, ctx, kClearDepth - 1);
    });
  };
  switch (claim->kind) {
    case PrimKind::kLE:
      if (nonneg(diff, false)) return true;
      break;
    case PrimKind::kLT:
      if (nonneg(diff, true)) return true;
      break;
    case PrimKind::kGE:
      if (nonneg(neg, false)) return true;
      break;
    case PrimKind::kGT:
      if (nonneg(neg, true)) return true;
      break;
    case PrimKind::kNE:
      if (nonneg(diff, true) || nonneg(neg, true)) return true;
      break;
    case PrimKind::kEQ:
      if (nonneg(diff, false) && nonneg(neg, false)) return true;
      break;
    default: break;
  }
  return std::nullopt;
}

// The disjuncts of a tree of `or`s.
void CollectDisjuncts(const Ref<PrimExpr>& e, std::vector<Ref<PrimExpr>>* out) {
  if (e->kind == PrimKind::kOr) {
    CollectDisjuncts(e->operands[0], out);
    CollectDisjuncts(e->operands[1], out);
  } else {
    out->push_back(e);
  }
}

// Rule poly.value-set: a disjunction of equalities d == v1 or d == v2 or ... (each disjunct's
// sides differ by d plus a constant) holds when every integer between the least and the greatest
// value is among the values and d lies between them (proven as two inequalities). Decides
// ceil-mode pooling adding 0 or 1 output row.
bool ProvenByValueSet(const Ref<PrimExpr>& claim, const Knowledge& k, bool eliminate_mod) {
  std::vector<Ref<PrimExpr>> disjuncts;
  CollectDisjuncts(claim, &disjuncts);
  if (disjuncts.size() < 2 || disjuncts.size() > 64) return false;
  PolyContext ctx(&k.bounds, eliminate_mod);
  PrepareContext(&ctx, claim, k);
  std::optional<Polynomial> first;  // lhs - rhs of the first disjunct, its constant dropped
  std::vector<__int128> values;     // the values of `first` that make a disjunct true
  for (const auto& d : disjuncts) {
    if (d->kind != PrimKind::kEQ || d->operands[0]->dtype == DataType::kBool) return false;
    auto l = ctx.Normalize(d->operands[0]), r = ctx.Normalize(d->operands[1]);
    if (!l || !r) return false;
    Polynomial diff = Add(*l, *r, -1);
    if (!first) {
      first = diff;
      first->terms.erase(Monomial{});
      if (first->IsZero()) return false;
    }
    auto c = Add(diff, *first, -1).Constant();  // diff == first + c: true where first == -c
    if (!c) return false;
    values.push_back(-*c);
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  const __int128 lo = values.front(), hi = values.back();
  if (hi - lo + 1 != static_cast<__int128>(values.size())) return false;
  return ProvenNonNegative(Add(*first, ConstantPoly(-lo)), ctx, kClearDepth) &&
         ProvenNonNegative(Add(ConstantPoly(hi), *first, -1), ctx, kClearDepth);
}

// The algebra stage (the fast path): a comparison whose two sides differ by a constant, or by
// a polynomial whose sign the bounds fix, has the same value for every valuation; so do
// conjunctions, disjunctions and negations of such comparisons. Returns that value, or nullopt.
std::optional<bool> DecideByAlgebraIn(const Ref<PrimExpr>& claim, const Knowledge& k) {
  switch (claim->kind) {
    case PrimKind::kIntImm:
      if (claim->dtype == DataType::kBool) return claim->int_value != 0;
      return std::nullopt;
    case PrimKind::kNot: {
      auto v = DecideByAlgebraIn(claim->operands[0], k);
      if (v) return !*v;
      return std::nullopt;
    }
    case PrimKind::kAnd:
    case PrimKind::kOr: {
      bool is_and = claim->kind == PrimKind::kAnd;
      auto x = DecideByAlgebraIn(claim->operands[0], k);
      if (x && *x != is_and) return *x;  // false && _, true || _
      auto y = DecideByAlgebraIn(claim->operands[1], k);
      if (y && *y != is_and) return *y;
      if (x && y) return *x;
      if (!is_and && (ProvenByValueSet(claim, k, false) || ProvenByValueSet(claim, k, true))) {
        return true;
      }
      return std::nullopt;
    }
    default: break;
  }
  if (!IsComparisonKind(claim->kind) || claim->operands[0]->dtype == DataType::kBool)
    return std::nullopt;
  // Two normal forms: remainders as atoms (their ranges are known), then remainders written
  // through quotients (identities relating n % m and n // m).
  if (auto v = DecideComparison(claim, k, /*eliminate_mod=*/false)) return v;
  return DecideComparison(claim, k, /*eliminate_mod=*/true);
}

// Equalities `v == e` among the assumptions (v a variable that e does not mention), which the
// algebra stage may substitute into the claim: every valuation it judges satisfies them.

bool Mentions(const Ref<PrimExpr>& e, const PrimExpr* v) {
  if (!e) return false;
  if (e.get() == v) return true;
  for (int i = 0; i < e->arity(); ++i) {
    if (Mentions(e->operands[i], v)) return true;
  }
  return false;
}

using Substitution = std::unordered_map<const PrimExpr*, Ref<PrimExpr>>;

void ReadEqualities(const Ref<PrimExpr>& a, Substitution* out) {
  if (!a) return;
  if (a->kind == PrimKind::kAnd) {
    ReadEqualities(a->operands[0], out);
    ReadEqualities(a->operands[1], out);
    return;
  }
  if (a->kind != PrimKind::kEQ || a->operands[0]->dtype == DataType::kBool) return;
  for (int side = 0; side < 2; ++side) {
    const Ref<PrimExpr>& v = a->operands[side];
    const Ref<PrimExpr>& e = a->operands[1 - side];
    if (v->is_var() && !e->is_int() && !Mentions(e, v.get()) && !out->count(v.get())) {
      out->emplace(v.get(), e);
      return;
    }
  }
}

Ref<PrimExpr> Substitute(const Ref<PrimExpr>& e, const Substitution& s) {
  if (!e) return e;
  if (e->is_var()) {
    auto it = s.find(e.get());
    return it == s.end() ? e : it->second;
  }
  Ref<PrimExpr> ops[3];
  bool changed = false;
  for (int i = 0; i < e->arity(); ++i) {
    ops[i] = Substitute(e->operands[i], s);
    changed |= ops[i] != e->operands[i];
  }
  return changed ? PrimExpr::WithOperands(*e, ops[0], ops[1], ops[2]) : e;
}

// A case split: which of two operands is smaller (for the min and max nodes over them), or
// whether a select's condition holds.
struct Split {
  Ref<PrimExpr> a, b;  // min/max operands (case 0: a <= b), or the condition in `a` for select
  bool select = false;
};

// The splits the min, max and select nodes of an expression need, in first-occurrence order;
// min(x, y) and max(y, x) share one. Operands are compared as terms (SameTerm): with
// equality up to renaming, min(k, m) and min(k, n) would share a split, which is unsound.
void CollectSplits(const Ref<PrimExpr>& e, std::vector<Split>* out) {
  if (!e) return;
  for (int i = 0; i < e->arity(); ++i) CollectSplits(e->operands[i], out);
  if (e->kind == PrimKind::kSelect) {
    for (const auto& s : *out) {
      if (s.select && SameTerm(s.a, e->operands[0])) return;
    }
    out->push_back({e->operands[0], nullptr, true});
    return;
  }
  if (e->kind != PrimKind::kMin && e->kind != PrimKind::kMax) return;
  const auto& x = e->operands[0];
  const auto& y = e->operands[1];
  for (const auto& s : *out) {
    if (s.select) continue;
    if ((SameTerm(s.a, x) && SameTerm(s.b, y)) || (SameTerm(s.a, y) && SameTerm(s.b, x))) {
      return;
    }
  }
  out->push_back({x, y, false});
}

// `e` in the case `bits` of the splits: bit i set means split i's a > b (or its condition false).
Ref<PrimExpr> Choose(const Ref<PrimExpr>& e, const std::vector<Split>& splits, unsigned bits) {
  if (!e || e->arity() == 0) return e;
  for (size_t i = 0; i < splits.size(); ++i) {
    const Split& s = splits[i];
    bool second = (bits >> i) & 1u;
    if (s.select && e->kind == PrimKind::kSelect && SameTerm(s.a, e->operands[0])) {
      return Choose(e->operands[second ? 2 : 1], splits, bits);
    }
    if (!s.select && (e->kind == PrimKind::kMin || e->kind == PrimKind::kMax)) {
      bool same = SameTerm(s.a, e->operands[0]) && SameTerm(s.b, e->operands[1]);
      bool swapped = SameTerm(s.a, e->operands[1]) && SameTerm(s.b, e->operands[0]);
      if (!same && !swapped) continue;
      const Ref<PrimExpr>& small = second ? s.b : s.a;
      const Ref<PrimExpr>& large = second ? s.a : s.b;
      return Choose(e->kind == PrimKind::kMin ? small : large, splits, bits);
    }
  }
  Ref<PrimExpr> ops[3];
  bool changed = false;
  for (int i = 0; i < e->arity(); ++i) {
    ops[i] = Choose(e->operands[i], splits, bits);
    changed |= ops[i] != e->operands[i];
  }
  return changed ? PrimExpr::WithOperands(*e, ops[0], ops[1], ops[2]) : e;
}

// Case splitting for the fast path: when the claim holds by algebra in every case of its min,
// max and select nodes (at most 3 splits, so 8 cases), it holds. The cases are not assumed
// (a case that cannot happen must still hold), which keeps this sound and simple.
bool ProvenByCases(const Ref<PrimExpr>& claim, const Knowledge& k) {
  std::vector<Split> splits;
  CollectSplits(claim, &splits);
  if (splits.empty() || splits.size() > 3) return false;
  for (unsigned bits = 0; bits < (1u << splits.size()); ++bits) {
    auto v = DecideByAlgebraIn(Choose(claim, splits, bits), k);
    if (!v || !*v) return false;
  }
  return true;
}

// Each assumption that compares integers, as a fact: rhs - lhs lies in a range.
void ReadFacts(const Ref<PrimExpr>& a, std::vector<Fact>* out) {
  if (!a) return;
  if (a->kind == PrimKind::kAnd) {
    ReadFacts(a->operands[0], out);
    ReadFacts(a->operands[1], out);
    return;
  }
  if (!IsComparisonKind(a->kind) || a->operands[0]->dtype == DataType::kBool) return;
  constexpr __int128 kInf = Interval::kUnbounded;
  Interval r;
  switch (a->kind) {
    case PrimKind::kLE: r = {0, kInf}; break;
    case PrimKind::kLT: r = {1, kInf}; break;
    case PrimKind::kGE: r = {-kInf, 0}; break;
    case PrimKind::kGT: r = {-kInf, -1}; break;
    case PrimKind::kEQ: r = {0, 0}; break;
    default: return;
  }
  out->push_back({a->operands[0], a->operands[1], r});
}

// Rule mod.residues: where every variable of the claim occurs only inside x % c (c a constant,
// x built from +, -, * and constants), the claim's value depends only on the variables modulo
// the least common multiple L of the divisors (c divides L, and x mod c is a polynomial's value
// mod c). So it holds everywhere when it holds at every residue combination (at most 4096).
// Assumptions are not needed for such a proof. Decides (n * n) % 4 == 0 or (n * n) % 4 == 1.
bool ProvenByResidues(const Ref<PrimExpr>& claim) {
  int64_t lcm = 1;
  bool ok = true;
  auto polynomial = [](auto&& self, const Ref<PrimExpr>& e) -> bool {
    if (e->is_var() || e->is_int()) return true;
    if (e->kind != PrimKind::kAdd && e->kind != PrimKind::kSub && e->kind != PrimKind::kMul)
      return false;
    return self(self, e->operands[0]) && self(self, e->operands[1]);
  };
  auto walk = [&](auto&& self, const Ref<PrimExpr>& e) -> void {
    if (!ok) return;
    if (e->is_var()) {
      ok = false;  // a variable outside every modulo
      return;
    }
    if (e->kind == PrimKind::kFloorMod && e->operands[1]->is_int() &&
        polynomial(polynomial, e->operands[0])) {
      int64_t c = e->operands[1]->int_value;
      if (c < 2 || c > 64) {
        ok = false;
        return;
      }
      lcm = std::lcm(lcm, c);
      ok = lcm <= 64;
      return;
    }
    for (int i = 0; i < e->arity(); ++i) self(self, e->operands[i]);
  };
  walk(walk, claim);
  std::vector<Ref<PrimExpr>> vars = FreeVars({claim});
  if (!ok || lcm == 1 || vars.empty()) return false;
  int64_t combos = 1;
  for (size_t i = 0; i < vars.size(); ++i) {
    combos *= lcm;
    if (combos > 4096) return false;
  }
  PrimAssignment v;
  for (int64_t k = 0; k < combos; ++k) {
    int64_t rest = k;
    for (const auto& var : vars) {
      v[var.get()] = rest % lcm;
      rest /= lcm;
    }
    auto r = EvalPrim(*claim, v);
    if (!r || *r == 0) return false;
  }
  return true;
}

}  // namespace

void AddFact(PolyContext* ctx, const Fact& f) {
  auto l = ctx->Normalize(f.lhs), r = ctx->Normalize(f.rhs);
  if (l && r) ctx->AddFact(Add(*r, *l, -1), f.range);
}

Knowledge ReadKnowledge(const std::vector<Ref<PrimExpr>>& assumptions) {
  Knowledge k;
  for (const auto& a : assumptions) {
    ReadBounds(a, &k.bounds);
    ReadFacts(a, &k.facts);
    ReadEqualities(a, &k.equalities);
  }
  return k;
}

std::optional<bool> DecideByAlgebra(const Ref<PrimExpr>& claim, const Knowledge& k) {
  return DecideByAlgebraIn(claim, k);
}

bool ProvenByAlgebra(const Ref<PrimExpr>& claim, const Knowledge& k) {
  if (ProvenByResidues(claim) || ProvenByCases(claim, k)) return true;
  if (k.equalities.empty()) return false;
  // The claim with the assumptions' equalities substituted (d == h * hd).
  Ref<PrimExpr> substituted = Substitute(claim, k.equalities);
  auto s = DecideByAlgebraIn(substituted, k);
  return (s && *s) || ProvenByCases(substituted, k);
}

}  // namespace rlx::prover
