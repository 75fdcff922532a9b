// One op call's struct info outside a whole-module check: what the fuzz harness's program
// generator asks before it emits a call (NNSmith-style: a candidate is kept only when the
// op's own rule accepts it and needs no run-time check). The same rule the checker runs.
#pragma once

#include <string>
#include <vector>

#include "checker/prover/prover.h"
#include "checker/sinfo/algebra.h"
#include "ir/expr.h"

namespace rlx::checker {

struct OpDerivation {
  /// The result's struct info; nullptr when the rule reported an error.
  Ref<StructInfo> sinfo;
  /// True when the rule could not decide a constraint and asked for a run-time check.
  bool needs_runtime_check = false;
  /// The first error or run-time check message, when there is one.
  std::string message;
  /// The rule of that error or check ("op.sum.c2").
  std::string rule;
};

/// Derives the struct info of the op call `call` (its operands are leaves: variables,
/// constants, shapes, prim values, tuples of those) with `var_sinfo` giving the struct info
/// of its variables and `facts` the assumptions in force.
OpDerivation DeriveOpCallAlone(const Call& call, const VarLookup& var_sinfo,
                               const std::vector<Ref<PrimExpr>>& facts, prover::Prover& prover);

}  // namespace rlx::checker
