// The shape prover (spec §2.4): decides claims over integer shape arithmetic under
// assumptions, answering proven, disproven with a checked counterexample, or unknown.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/prim_expr.h"

namespace rlx::prover {

/// The three answers of sinfo.prove.answers.
enum class Answer { kProven, kDisproven, kUnknown };

/// Which stage decided a query.
enum class Method { kNone, kConstant, kAlgebra, kEvaluation, kZ3 };

/// The answer to a query.
struct ProofResult {
  Answer answer = Answer::kUnknown;
  Method method = Method::kNone;
  /// For kDisproven: a value for every free variable (in first-occurrence order) that
  /// satisfies the assumptions and falsifies the claim, confirmed by EvalPrim.
  std::vector<std::pair<Ref<PrimExpr>, int64_t>> counterexample;
  /// For kUnknown: why (resource limit, unsupported expression, ...).
  std::string reason;
};

/// Knobs of the prover. The defaults are deterministic (sinfo.prove.deterministic).
struct ProverOptions {
  bool use_algebra = true;  // the polynomial normal form
  int evaluations = 200;    // concrete valuations tried for quick refutation
  bool use_z3 = true;
  uint64_t z3_rlimit = 2'000'000;  // Z3 resource units per query, not seconds
  /// A budget for one prover's lifetime (one check): after this many Z3 queries end at the
  /// resource limit, or this many Z3 queries in all, later queries skip Z3 (and may be
  /// Unknown). Deterministic, and it bounds the time a check spends in the solver.
  int z3_max_limit_hits = 20;
  int z3_max_queries = 5000;
};

/// Counters of how queries were decided: queries = cache_hits + by_constant + by_algebra +
/// by_evaluation + by_z3 + unknown.
struct ProverStats {
  int queries = 0, cache_hits = 0;
  int by_constant = 0, by_algebra = 0, by_evaluation = 0, by_z3 = 0, unknown = 0;
  int z3_queries = 0, z3_limit_hits = 0;
};

class Z3Backend;

/// A prover with a cache keyed by the structure of (assumptions, claim). Not thread-safe.
class Prover {
 public:
  explicit Prover(ProverOptions options = {});
  ~Prover();
  Prover(const Prover&) = delete;
  Prover& operator=(const Prover&) = delete;

  /// Decides `assumptions ⇒ claim` for every valuation of the free variables within their
  /// dtypes where every division has a non-zero divisor (sinfo.prove.definedness).
  ProofResult Prove(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim);

  /// The query as an SMT-LIB2 script whose `unsat` means proven (for reproduction).
  std::string ToSmt2(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim);

  const ProverStats& stats() const { return stats_; }
  const ProverOptions& options() const { return options_; }

 private:
  ProofResult Decide(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim);

  ProverOptions options_;
  ProverStats stats_;
  std::unique_ptr<Z3Backend> z3_;
  struct Cache;
  std::unique_ptr<Cache> cache_;
};

/// The free variables of the expressions, in first-occurrence order.
std::vector<Ref<PrimExpr>> FreeVars(const std::vector<Ref<PrimExpr>>& exprs);

/// The condition that every division in `e` is defined: a conjunction of `divisor != 0`
/// (nullptr when `e` divides by nothing but non-zero constants).
Ref<PrimExpr> DefinednessCondition(const Ref<PrimExpr>& e);

/// "412 queries, 30 cached; decided by constant 3, algebra ..., unknown 2" for reports.
std::string StatsSummary(const ProverStats& s);

/// "proven", "disproven" or "unknown".
const char* AnswerName(Answer a);
/// "constant", "algebra", "evaluation", "z3" or "none".
const char* MethodName(Method m);

}  // namespace rlx::prover
