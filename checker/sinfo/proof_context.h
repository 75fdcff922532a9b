// The assumptions in force at a program point (spec sinfo.prove.assumptions) and the
// questions the checker asks about dimensions under them.
#pragma once

#include <string>
#include <vector>

#include "checker/prover/prover.h"

namespace rlx::checker {

/// The outcome of comparing two dimensions (sinfo.prove.compare).
enum class Cmp { kEqual, kDifferent, kUnknown };

/// A comparison with the prover's evidence: the counterexample of a Disproven equality.
struct CmpResult {
  Cmp cmp = Cmp::kUnknown;
  prover::ProofResult evidence;
};

/// A prover plus a stack of assumption scopes.
class ProofContext {
 public:
  explicit ProofContext(prover::Prover& prover) : prover_(prover) {}

  void Push() { marks_.push_back(facts_.size()); }
  void Pop() {
    facts_.resize(marks_.back());
    marks_.pop_back();
  }
  /// Adds a fact (a bool PrimExpr) to the current scope.
  void Assume(Ref<PrimExpr> fact);
  /// Adds a fact unless it contradicts the facts in force (its negation is proven): a point
  /// reached only under contradictory facts is never reached, and nothing derived there may
  /// rest on the contradiction, under which every claim is proven (sinfo.prove.assumptions).
  void AssumeIfConsistent(Ref<PrimExpr> fact);
  const std::vector<Ref<PrimExpr>>& facts() const { return facts_; }

  /// Decides `claim` under the facts.
  prover::ProofResult Prove(const Ref<PrimExpr>& claim);
  /// Compares two integer dimensions: Equal when a == b is proven, Different when a != b
  /// is proven, else Unknown (with the counterexample of a disproven a == b).
  CmpResult Compare(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
  /// True when the claim is proven.
  bool Proves(const Ref<PrimExpr>& claim) { return Prove(claim).answer == prover::Answer::kProven; }

  prover::Prover& prover() { return prover_; }

 private:
  prover::Prover& prover_;
  std::vector<Ref<PrimExpr>> facts_;
  std::vector<size_t> marks_;
};

/// "n = 3, m = 5" for a counterexample (names as printed in TVMScript).
std::string DescribeCounterexample(const prover::ProofResult& r);

}  // namespace rlx::checker
