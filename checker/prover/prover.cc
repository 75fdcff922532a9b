#include "checker/prover/prover.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "checker/prover/evaluation.h"
#include "checker/prover/fast_path.h"
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

bool Holds(const Ref<PrimExpr>& e, const PrimAssignment& v, bool* defined) {
  auto r = EvalPrim(*e, v);
  *defined = r.has_value();
  return r && *r != 0;
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

Prover::Prover(ProverOptions options) : options_(options), cache_(std::make_unique<Cache>()) {}
Prover::~Prover() = default;

ProofResult Prover::Prove(const std::vector<Ref<PrimExpr>>& assumptions,
                          const Ref<PrimExpr>& claim) {
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
  // Every query is counted once: cached, decided by one stage, or unknown.
  switch (r.answer == Answer::kUnknown ? Method::kNone : r.method) {
    case Method::kConstant: ++stats_.by_constant; break;
    case Method::kAlgebra: ++stats_.by_algebra; break;
    case Method::kEvaluation: ++stats_.by_evaluation; break;
    case Method::kZ3: ++stats_.by_z3; break;
    case Method::kNone: ++stats_.unknown; break;
  }
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
  auto disproven = [&](const PrimAssignment& v0, Method m) {
    PrimAssignment v = ShrinkCounterexample(vars, v0, confirm);
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
  Knowledge knowledge = ReadKnowledge(assumptions);
  std::optional<bool> always;  // the claim's value when it does not depend on the valuation
  if (options_.use_algebra) {
    always = DecideByAlgebra(claim, knowledge);
    if (!always && ProvenByAlgebra(claim, knowledge)) always = true;
  }
  if (always && *always) {
    r.answer = Answer::kProven;
    r.method = Method::kAlgebra;
    return r;
  }

  // 3. Concrete valuations, deterministic: small values, values derived from the constants,
  //    pseudo-random ones.
  if (auto v = SearchCounterexample(vars, knowledge.bounds, all, options_.evaluations, confirm)) {
    return disproven(*v, always ? Method::kAlgebra : Method::kEvaluation);
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
    auto falsifies = [&](const Z3Backend::Valuation& val) {
      PrimAssignment v;
      for (const auto& [var, x] : val) v[var.get()] = x;
      return confirm(v);
    };
    ProofResult z = z3_->Decide(assumptions, claim, vars, falsifies);
    if (z.answer == Answer::kUnknown) ++stats_.z3_limit_hits;
    if (z.answer != Answer::kDisproven) return z;
    PrimAssignment v;
    for (const auto& [var, val] : z.counterexample) v[var.get()] = val;
    return disproven(v, Method::kZ3);
  }
  r.reason = "no stage decided the claim";
  return r;
}

std::string StatsSummary(const ProverStats& s) {
  return std::to_string(s.queries) + " queries = " + std::to_string(s.cache_hits) +
         " cached + decided by constant " + std::to_string(s.by_constant) + ", algebra " +
         std::to_string(s.by_algebra) + ", evaluation " + std::to_string(s.by_evaluation) +
         ", z3 " + std::to_string(s.by_z3) + " + unknown " + std::to_string(s.unknown) + " (" +
         std::to_string(s.z3_queries) + " solver queries, " + std::to_string(s.z3_limit_hits) +
         " undecided by the solver)";
}

std::string Prover::ToSmt2(const std::vector<Ref<PrimExpr>>& assumptions,
                           const Ref<PrimExpr>& claim) {
  std::vector<Ref<PrimExpr>> all = assumptions;
  all.push_back(claim);
  return QueryToSmt2(assumptions, claim, FreeVars(all));
}

}  // namespace rlx::prover
