// Semantics-preserving rewrites (issue 6, oracle 5): each returns the rewritten module, or
// nullptr when the module has no site for it. The interpreter must give the same outcome
// before and after, and the checker must accept the result.
#pragma once

#include <cstdint>

#include "ir/module.h"

namespace rlx::fuzz {

/// Every Relax variable gets a new name.
Ref<IRModule> RenameVariables(const Ref<IRModule>& m, uint64_t seed);
/// Every binding block gets unused bindings (a prim value, a tuple of its last variable).
Ref<IRModule> AddDeadBindings(const Ref<IRModule>& m, uint64_t seed);
/// Every dataflow block becomes an ordinary block (its dataflow variables ordinary ones),
/// merged with the ordinary blocks beside it.
Ref<IRModule> DissolveDataflow(const Ref<IRModule>& m, uint64_t seed);
/// One call of a local function is replaced by its body: a match_cast of each argument to its
/// parameter's annotation (binding fresh copies of the signature variables), then a copy of
/// the body's bindings, then the result.
Ref<IRModule> InlineLocalFunction(const Ref<IRModule>& m, uint64_t seed);
/// Op calls replaced by equal computations and values passed through identity chains
/// (op_identities.cc lists them): exact, so they catch kernel bugs that every run repeats.
Ref<IRModule> ApplyOpIdentities(const Ref<IRModule>& m, uint64_t seed);
/// Every tuple of two or more fields (a, b, c...) is built as (t[0], t[1], c...) from t = (a, b).
Ref<IRModule> ReassociateTuples(const Ref<IRModule>& m, uint64_t seed);

}  // namespace rlx::fuzz
