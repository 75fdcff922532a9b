// The prover's evaluation stage (spec sinfo.prove.answers, sinfo.prove.counterexample): concrete
// valuations that look for a counterexample, and the shrinking of a counterexample toward 0.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "checker/prover/polynomial.h"
#include "ir/analysis/prim_eval.h"

namespace rlx::prover {

/// True when a valuation satisfies the assumptions and falsifies the claim (in int64).
using IsCounterexample = std::function<bool(const PrimAssignment&)>;

/// Tries up to `count` deterministic valuations of `vars` within their bounds: small values
/// together, values derived from the constants of `exprs` (K ± 1, integer square and cube roots,
/// halves), then pseudo-random mixes. Returns the first counterexample.
std::optional<PrimAssignment> SearchCounterexample(const std::vector<Ref<PrimExpr>>& vars,
                                                   const VarBounds& bounds,
                                                   const std::vector<Ref<PrimExpr>>& exprs,
                                                   int count,
                                                   const IsCounterexample& is_counterexample);

/// Shrinks a counterexample toward 0 while it stays one: variables with equal values move
/// together, all are halved at once, each moves alone (j = m = 0, not j = m = 9000979539976979250).
PrimAssignment ShrinkCounterexample(const std::vector<Ref<PrimExpr>>& vars, PrimAssignment v,
                                    const IsCounterexample& is_counterexample);

}  // namespace rlx::prover
