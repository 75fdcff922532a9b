// Semantics-preserving rewrites (issue 6, oracle 5): each returns the rewritten module, or
// nullptr when the module has no site for it. The interpreter must give the same outcome
// before and after, and the checker must accept the result.
#pragma once

#include <cstdint>
#include <optional>

#include "checker/checker.h"
#include "ir/module.h"

namespace rlx::fuzz {

/// The checker's results for `m` (the rewrites that need struct info read them), or nullopt
/// when the checker rejects it.
std::optional<checker::CheckResult> CheckForRewrite(const Ref<IRModule>& m);

/// Every Relax variable gets a new name.
Ref<IRModule> RenameVariables(const Ref<IRModule>& m, uint64_t seed);
/// Every binding block gets unused bindings (a prim value, a tuple of its last variable).
Ref<IRModule> AddDeadBindings(const Ref<IRModule>& m, uint64_t seed);
/// Every dataflow block becomes an ordinary block (its dataflow variables ordinary ones),
/// merged with the ordinary blocks beside it.
Ref<IRModule> DissolveDataflow(const Ref<IRModule>& m, uint64_t seed);
/// One call of a local function is replaced by its body: a match_cast of each argument to its
/// parameter's annotation (the signature variables the call binds statically replaced by what
/// the arguments have there, the others by fresh copies), then a copy of the body's bindings,
/// then the result.
Ref<IRModule> InlineLocalFunction(const Ref<IRModule>& m, uint64_t seed);
/// Op calls replaced by equal computations and values passed through identity chains
/// (op_identities.cc lists them): exact, so they catch kernel bugs that every run repeats.
Ref<IRModule> ApplyOpIdentities(const Ref<IRModule>& m, uint64_t seed);
/// Every tuple of two or more fields (a, b, c...) is built as (t[0], t[1], c...) from t = (a, b).
Ref<IRModule> ReassociateTuples(const Ref<IRModule>& m, uint64_t seed);

}  // namespace rlx::fuzz
