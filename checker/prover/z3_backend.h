// The Z3 stage of the prover: the only place rlx includes Z3 (spec sinfo.prove.*).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "checker/prover/prover.h"

namespace rlx::prover {

/// Encodes queries into Z3's integer theory with exact floor/trunc division encodings and
/// decides them under a deterministic resource limit (sinfo.prove.deterministic).
class Z3Backend {
 public:
  /// A valuation of the free variables, in their order.
  using Valuation = std::vector<std::pair<Ref<PrimExpr>, int64_t>>;
  /// True when a valuation satisfies the assumptions and falsifies the claim in int64.
  using Falsifies = std::function<bool(const Valuation&)>;

  explicit Z3Backend(uint64_t rlimit);
  ~Z3Backend();
  /// Decides the query in up to three attempts, each in a fresh context with its share of the
  /// resource limit: first over the unbounded integers (no dtype ranges: a relaxation, so
  /// `unsat` proves the claim), then the exact query, then a search for a counterexample by
  /// bit-blasting (its `unsat` proves nothing). A model is returned only when `falsifies`
  /// confirms it.
  ProofResult Decide(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim,
                     const std::vector<Ref<PrimExpr>>& vars, const Falsifies& falsifies);

  /// The encoding of one query into one Z3 context (defined in z3_backend.cc).
  struct Impl;

 private:
  /// The three queries of Decide.
  enum class Mode { kRelaxed, kExact, kWitness };
  ProofResult Attempt(Mode mode, uint64_t rlimit, const std::vector<Ref<PrimExpr>>& assumptions,
                      const Ref<PrimExpr>& claim, const std::vector<Ref<PrimExpr>>& vars);
  uint64_t rlimit_;
};

/// Z3's default solver on the query over the unbounded integers (divisors non-zero, no dtype
/// ranges) under a wall-clock timeout, as a user would ask plain Z3. Not deterministic (the
/// timeout reads the clock), so rlx's prover never uses it: it serves benchmarks (the plain-Z3
/// baseline) and offline proofs of the fast path's rules (an `unsat` is a proof however long it
/// took; a proof over the unbounded integers holds in every dtype wherever nothing overflows).
/// A timeout of 0 runs without a timer.
ProofResult PlainZ3Baseline(const std::vector<Ref<PrimExpr>>& assumptions,
                            const Ref<PrimExpr>& claim, unsigned timeout_ms);

/// The SMT-LIB2 script of a query (no Z3 needed): define-funs for the division kinds,
/// declarations with dtype ranges, the assumptions, and the negated claim.
std::string QueryToSmt2(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim,
                        const std::vector<Ref<PrimExpr>>& vars);

}  // namespace rlx::prover
