// The prover's fast path (spec sinfo.prove.fast-path): deciding a claim without a solver, from the
// normal forms of its sides (checker/prover/polynomial.h), the ranges and facts the assumptions
// give, case splits on min/max/select, and the assumptions' equalities substituted.
#pragma once

#include <optional>
#include <unordered_map>
#include <vector>

#include "checker/prover/polynomial.h"

namespace rlx::prover {

/// An assumption `lhs op rhs` read as: rhs - lhs lies in `range`.
struct Fact {
  Ref<PrimExpr> lhs, rhs;
  Interval range;
};

/// What the fast path knows from the assumptions.
struct Knowledge {
  VarBounds bounds;                                               // v op c
  std::vector<Fact> facts;                                        // every integer comparison
  std::unordered_map<const PrimExpr*, Ref<PrimExpr>> equalities;  // v == e (e does not mention v)
};

/// Reads the bounds, facts and equalities of the assumptions.
Knowledge ReadKnowledge(const std::vector<Ref<PrimExpr>>& assumptions);

/// Adds a fact to a normal-form context (its sides normalized there).
void AddFact(PolyContext* ctx, const Fact& f);

/// The claim's value when the algebra fixes it for every valuation that meets the assumptions,
/// or nullopt. A false value only names the stage; a counterexample must still be found.
std::optional<bool> DecideByAlgebra(const Ref<PrimExpr>& claim, const Knowledge& k);

/// For a claim DecideByAlgebra left open: true when the algebra proves it over the residues of
/// its variables, in every case of its min/max/select splits, or with the assumptions'
/// equalities substituted.
bool ProvenByAlgebra(const Ref<PrimExpr>& claim, const Knowledge& k);

}  // namespace rlx::prover
