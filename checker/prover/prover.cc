#include "checker/prover/prover.h"

#include <algorithm>
#include <random>
#include <unordered_map>
#include <unordered_set>

#include "checker/prover/polynomial.h"
#include "checker/prover/z3_backend.h"
#include "ir/analysis/prim_eval.h"
#include "ir/analysis/structural_equal.h"
#include "ir/expr.h"

namespace rlx::prover {
namespace {

void CollectVars(const Ref<PrimExpr>& e, std::unordered_set<const PrimExpr*>* seen,
                 std::vector<Ref<PrimExpr>>* out) {
  if (!e) return;
  if (e->is_var()) {
    if (seen->insert(e.get()).second) out->push_back(e);
    return;
  }
  for (int i = 0; i < e->arity(); ++i) CollectVars(e->operands[i], seen, out);
}

bool DividesByConstantZero(const Ref<PrimExpr>& e) {
  if (!e) return false;
  bool div = e->kind == PrimKind::kFloorDiv || e->kind == PrimKind::kFloorMod ||
             e->kind == PrimKind::kTruncDiv || e->kind == PrimKind::kTruncMod;
  if (div && e->operands[1]->is_int() && e->operands[1]->int_value == 0) return true;
  for (int i = 0; i < e->arity(); ++i) {
    if (DividesByConstantZero(e->operands[i])) return true;
  }
  return false;
}

// Simple bounds of a variable read off assumptions of the form v op c / c op v.
struct Bounds {
  __int128 lo = INT64_MIN, hi = INT64_MAX;
};

void ReadBounds(const Ref<PrimExpr>& a, std::unordered_map<const PrimExpr*, Bounds>* b) {
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
    k = k == PrimKind::kLT ? PrimKind::kGT : k == PrimKind::kLE ? PrimKind::kGE
      : k == PrimKind::kGT ? PrimKind::kLT : k == PrimKind::kGE ? PrimKind::kLE : k;
  } else {
    return;
  }
  Bounds& bd = (*b)[v];
  switch (k) {
    case PrimKind::kEQ: bd.lo = std::max(bd.lo, c); bd.hi = std::min(bd.hi, c); break;
    case PrimKind::kGE: bd.lo = std::max(bd.lo, c); break;
    case PrimKind::kGT: bd.lo = std::max(bd.lo, c + 1); break;
    case PrimKind::kLE: bd.hi = std::min(bd.hi, c); break;
    case PrimKind::kLT: bd.hi = std::min(bd.hi, c - 1); break;
    default: break;
  }
}

bool Holds(const Ref<PrimExpr>& e, const PrimAssignment& v, bool* defined) {
  auto r = EvalPrim(*e, v);
  *defined = r.has_value();
  return r && *r != 0;
}

// The algebra stage (the fast path): a comparison whose two sides differ by a constant, or by
// a polynomial whose sign the variables' bounds fix, has the same value for every valuation.
// Returns that value, or nullopt.
std::optional<bool> DecideByAlgebra(const Ref<PrimExpr>& claim,
                                    const std::unordered_map<const PrimExpr*, Bounds>& bounds) {
  std::optional<bool> always;
  if (IsComparisonKind(claim->kind) && claim->operands[0]->dtype != DataType::kBool) {
    PolyContext ctx;
    auto a = ctx.Normalize(claim->operands[0]);
    auto b = ctx.Normalize(claim->operands[1]);
    if (a && b) {
      Polynomial diff = Add(*b, *a, -1);  // rhs - lhs
      if (auto c = diff.Constant()) {
        switch (claim->kind) {
          case PrimKind::kEQ: always = *c == 0; break;
          case PrimKind::kNE: always = *c != 0; break;
          case PrimKind::kLT: always = *c > 0; break;
          case PrimKind::kLE: always = *c >= 0; break;
          case PrimKind::kGT: always = *c < 0; break;
          case PrimKind::kGE: always = *c <= 0; break;
          default: break;
        }
      } else {
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
              auto it = ctx.IsVarAtom(id) ? bounds.find(ctx.AtomVar(id)) : bounds.end();
              if (it == bounds.end() || it->second.lo < 0) nonneg = false;
            }
          }
          auto cst = p.terms.find({});
          *positive = nonneg && cst != p.terms.end() && cst->second > 0;
          return nonneg;
        };
        bool up_pos, down_pos;
        bool up = sign(diff, &up_pos);                           // lhs <= rhs (< when up_pos)
        bool down = sign(Add(*a, *b, -1), &down_pos);            // lhs >= rhs (> when down_pos)
        switch (claim->kind) {
          case PrimKind::kLE: if (up) always = true; else if (down_pos) always = false; break;
          case PrimKind::kLT: if (up_pos) always = true; else if (down) always = false; break;
          case PrimKind::kGE: if (down) always = true; else if (up_pos) always = false; break;
          case PrimKind::kGT: if (down_pos) always = true; else if (up) always = false; break;
          case PrimKind::kNE: if (up_pos || down_pos) always = true; break;
          case PrimKind::kEQ: if (up_pos || down_pos) always = false; break;
          default: break;
        }
      }
    }
  }
  return always;
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
bool ProvenByCases(const Ref<PrimExpr>& claim, const std::unordered_map<const PrimExpr*, Bounds>& bounds) {
  std::vector<Split> splits;
  CollectSplits(claim, &splits);
  if (splits.empty() || splits.size() > 3) return false;
  for (unsigned bits = 0; bits < (1u << splits.size()); ++bits) {
    auto v = DecideByAlgebra(Choose(claim, splits, bits), bounds);
    if (!v || !*v) return false;
  }
  return true;
}

}  // namespace

std::vector<Ref<PrimExpr>> FreeVars(const std::vector<Ref<PrimExpr>>& exprs) {
  std::unordered_set<const PrimExpr*> seen;
  std::vector<Ref<PrimExpr>> out;
  for (const auto& e : exprs) CollectVars(e, &seen, &out);
  return out;
}

Ref<PrimExpr> DefinednessCondition(const Ref<PrimExpr>& e) {
  if (!e) return nullptr;
  Ref<PrimExpr> cond;
  auto conj = [&cond](Ref<PrimExpr> c) {
    if (c) cond = cond ? PrimExpr::Binary(PrimKind::kAnd, cond, c) : c;
  };
  for (int i = 0; i < e->arity(); ++i) conj(DefinednessCondition(e->operands[i]));
  bool div = e->kind == PrimKind::kFloorDiv || e->kind == PrimKind::kFloorMod ||
             e->kind == PrimKind::kTruncDiv || e->kind == PrimKind::kTruncMod;
  if (div && !e->operands[1]->is_int()) {
    const Ref<PrimExpr>& d = e->operands[1];
    conj(PrimExpr::Binary(PrimKind::kNE, d, PrimExpr::Int(0, d->dtype)));
  }
  return cond;
}

const char* AnswerName(Answer a) {
  switch (a) {
    case Answer::kProven: return "proven";
    case Answer::kDisproven: return "disproven";
    case Answer::kUnknown: return "unknown";
  }
  return "unknown";
}

const char* MethodName(Method m) {
  switch (m) {
    case Method::kNone: return "none";
    case Method::kConstant: return "constant";
    case Method::kAlgebra: return "algebra";
    case Method::kEvaluation: return "evaluation";
    case Method::kZ3: return "z3";
  }
  return "none";
}

// ---------------------------------------------------------------- cache

struct Prover::Cache {
  struct Entry {
    Ref<Expr> key;
    ProofResult result;
  };
  std::unordered_multimap<size_t, Entry> entries;

  // The query as one expression, so that structural equality and hashing (which treat
  // variables up to renaming) apply.
  static Ref<Expr> Key(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim) {
    std::vector<Ref<Expr>> fields;
    for (const auto& a : assumptions) fields.push_back(PrimValue::Make(a));
    fields.push_back(PrimValue::Make(claim));
    return Tuple::Make(std::move(fields));
  }
};

Prover::Prover(ProverOptions options)
    : options_(options), cache_(std::make_unique<Cache>()) {}
Prover::~Prover() = default;

ProofResult Prover::Prove(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim) {
  ++stats_.queries;
  Ref<Expr> key = Cache::Key(assumptions, claim);
  size_t h = StructuralHash(key);
  std::vector<Ref<PrimExpr>> all = assumptions;
  all.push_back(claim);
  auto range = cache_->entries.equal_range(h);
  for (auto it = range.first; it != range.second; ++it) {
    if (!StructuralEqual(it->second.key, key)) continue;
    ++stats_.cache_hits;
    ProofResult r = it->second.result;
    // Variables correspond by first occurrence in equal structures.
    std::vector<Ref<PrimExpr>> vars = FreeVars(all);
    for (size_t i = 0; i < r.counterexample.size() && i < vars.size(); ++i) {
      r.counterexample[i].first = vars[i];
    }
    return r;
  }
  ProofResult r = Decide(assumptions, claim);
  switch (r.method) {
    case Method::kConstant: ++stats_.by_constant; break;
    case Method::kAlgebra: ++stats_.by_algebra; break;
    case Method::kEvaluation: ++stats_.by_evaluation; break;
    case Method::kZ3: ++stats_.by_z3; break;
    case Method::kNone: break;
  }
  if (r.answer == Answer::kUnknown) ++stats_.unknown;
  cache_->entries.emplace(h, Cache::Entry{key, r});
  return r;
}

ProofResult Prover::Decide(const std::vector<Ref<PrimExpr>>& assumptions,
                           const Ref<PrimExpr>& claim) {
  ProofResult r;
  std::vector<Ref<PrimExpr>> all = assumptions;
  all.push_back(claim);
  std::vector<Ref<PrimExpr>> vars = FreeVars(all);
  if (DividesByConstantZero(claim)) {
    r.reason = "the claim divides by a constant zero: it is never defined";
    return r;
  }
  auto confirm = [&](const PrimAssignment& v) {
    bool defined;
    for (const auto& a : assumptions) {
      if (!Holds(a, v, &defined) || !defined) return false;
    }
    bool holds = Holds(claim, v, &defined);
    return defined && !holds;
  };
  // Counterexamples are shrunk toward small values so that they read well (n = 3, not
  // n = 9223372036854775806): each variable in turn takes the simplest value that keeps the
  // valuation a counterexample.
  auto simpler = [](int64_t a, int64_t b) {
    __int128 x = a < 0 ? -static_cast<__int128>(a) : a, y = b < 0 ? -static_cast<__int128>(b) : b;
    return x < y || (x == y && a > b);
  };
  auto shrink = [&](PrimAssignment v) {
    for (int pass = 0; pass < 4; ++pass) {
      bool changed = false;
      for (const auto& var : vars) {
        int64_t& slot = v[var.get()];
        const int64_t cur = slot;
        std::vector<int64_t> tries;
        for (int64_t k = 0; k <= 16; ++k) {
          tries.push_back(k);
          tries.push_back(-k);
        }
        for (int64_t h = cur / 2; h != 0; h /= 2) tries.push_back(h);
        for (int64_t t : tries) {
          if (!simpler(t, cur)) continue;
          slot = t;
          if (confirm(v)) {
            changed = true;
            break;
          }
          slot = cur;
        }
      }
      if (!changed) break;
    }
    return v;
  };
  auto disproven = [&](const PrimAssignment& v0, Method m) {
    PrimAssignment v = shrink(v0);
    ProofResult d;
    d.answer = Answer::kDisproven;
    d.method = m;
    for (const auto& var : vars) d.counterexample.emplace_back(var, v.at(var.get()));
    return d;
  };

  // 1. No variables: evaluate.
  if (vars.empty()) {
    PrimAssignment none;
    bool defined;
    bool holds = Holds(claim, none, &defined);
    r.method = Method::kConstant;
    if (!defined) {
      r.reason = "the claim is not defined (overflow or division by zero)";
      return r;
    }
    for (const auto& a : assumptions) {
      bool adef;
      if (!Holds(a, none, &adef) || !adef) {
        r.answer = Answer::kProven;  // the assumptions exclude every case
        return r;
      }
    }
    r.answer = holds ? Answer::kProven : Answer::kDisproven;
    return r;
  }

  // 2. Algebra: a comparison whose two sides differ by a constant, or by a polynomial known
  //    to be non-negative, is decided without search.
  std::unordered_map<const PrimExpr*, Bounds> bounds;
  for (const auto& a : assumptions) ReadBounds(a, &bounds);
  std::optional<bool> always;  // the claim's value when it does not depend on the valuation
  if (options_.use_algebra) {
    always = DecideByAlgebra(claim, bounds);
    if (!always && ProvenByCases(claim, bounds)) always = true;
  }
  if (always && *always) {
    r.answer = Answer::kProven;
    r.method = Method::kAlgebra;
    return r;
  }

  // 3. Concrete valuations, deterministic: boundary values, small values, random ones.
  if (options_.evaluations > 0) {
    std::mt19937_64 rng(0x5eed);
    std::vector<std::vector<int64_t>> candidates(vars.size());
    for (size_t i = 0; i < vars.size(); ++i) {
      const PrimExpr& v = *vars[i];
      Bounds bd = bounds.count(&v) ? bounds[&v] : Bounds{};
      if (v.dtype == DataType::kBool) bd.lo = std::max<__int128>(bd.lo, 0), bd.hi = std::min<__int128>(bd.hi, 1);
      if (IsUnsignedInt(v.dtype)) bd.lo = std::max<__int128>(bd.lo, 0);
      static const int64_t kProbe[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 100, 127, 128, 255, 256, 1000, 1023, 1024, 4096, -1, -2, -3, -8, -16};
      for (int64_t p : kProbe) {
        if (p >= bd.lo && p <= bd.hi) candidates[i].push_back(p);
      }
      for (__int128 e : {bd.lo, bd.lo + 1, bd.hi, bd.hi - 1}) {
        if (e >= bd.lo && e <= bd.hi && e >= INT64_MIN && e <= INT64_MAX) candidates[i].push_back(static_cast<int64_t>(e));
      }
      if (candidates[i].empty()) candidates[i].push_back(static_cast<int64_t>(bd.lo));
    }
    for (int t = 0; t < options_.evaluations; ++t) {
      PrimAssignment v;
      for (size_t i = 0; i < vars.size(); ++i) {
        const auto& c = candidates[i];
        // The first valuations try small values together; later ones mix at random.
        size_t pick = t < 8 ? std::min<size_t>(t, c.size() - 1) : rng() % c.size();
        v[vars[i].get()] = c[pick];
      }
      if (confirm(v)) return disproven(v, always ? Method::kAlgebra : Method::kEvaluation);
    }
  }

  // 4. Z3.
  bool z3_budget = stats_.z3_limit_hits < options_.z3_max_limit_hits &&
                   stats_.z3_queries < options_.z3_max_queries;
  if (options_.use_z3 && !z3_budget) {
    r.reason = "the solver budget of this check is spent";
    return r;
  }
  if (options_.use_z3) {
    if (!z3_) z3_ = std::make_unique<Z3Backend>(options_.z3_rlimit);
    ++stats_.z3_queries;
    ProofResult z = z3_->Decide(assumptions, claim, vars);
    if (z.answer == Answer::kUnknown) ++stats_.z3_limit_hits;
    if (z.answer != Answer::kDisproven) return z;
    PrimAssignment v;
    for (const auto& [var, val] : z.counterexample) v[var.get()] = val;
    if (confirm(v)) return disproven(v, Method::kZ3);
    r.reason = "Z3's counterexample does not falsify the claim with int64 arithmetic (overflow)";
    r.method = Method::kZ3;
    return r;
  }
  r.reason = "no stage decided the claim";
  return r;
}

std::string StatsSummary(const ProverStats& s) {
  return std::to_string(s.queries) + " queries, " + std::to_string(s.cache_hits) + " cached; decided by constant " +
         std::to_string(s.by_constant) + ", algebra " + std::to_string(s.by_algebra) + ", evaluation " +
         std::to_string(s.by_evaluation) + ", z3 " + std::to_string(s.by_z3) + "; unknown " +
         std::to_string(s.unknown) + " (" + std::to_string(s.z3_queries) + " solver queries)";
}

std::string Prover::ToSmt2(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim) {
  std::vector<Ref<PrimExpr>> all = assumptions;
  all.push_back(claim);
  return QueryToSmt2(assumptions, claim, FreeVars(all));
}

}  // namespace rlx::prover
