// How a pass rebuilds a module: its ExprMutator, with the normalizer watching (sinfo.normalize).
#pragma once

#include "ir/analysis/mutator.h"
#include "ir/module.h"

namespace rlx::compiler {

/// Rewrites every function of `m` with `mutator` (ExprMutator::VisitModule), normalizing each
/// binding as the mutator emits it (a checker::Normalizer observes the mutator): the bindings a
/// pass builds carry their derived struct info at once, for the rest of the pass to read, and
/// the functions it rebuilt leave it with theirs. Returns `m` itself when nothing changed.
Ref<IRModule> RewriteModule(ExprMutator& mutator, const Ref<IRModule>& m);

/// `rewritten` when the checker accepts it, else `original` (pass.refine.accepted): a rewrite that
/// gives a variable more precise struct info can turn a check the checker left to run time, later
/// in the function, into a static error — in code that would trap when reached — and a pass must
/// leave a module the checker accepts.
Ref<IRModule> AcceptedOr(const Ref<IRModule>& original, const Ref<IRModule>& rewritten);

}  // namespace rlx::compiler
