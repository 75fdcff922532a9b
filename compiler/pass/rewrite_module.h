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

}  // namespace rlx::compiler
