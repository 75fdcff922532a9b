// partition-loops (pass.partition-loops): TVM's LoopPartition — an innermost loop whose body tests
// its variable against bounds (a padded window's `0 <= x + k - 1 < W`) runs in three parts: the
// iterations before the bounds hold for every value of the other variables, those where they hold
// (the tests gone), and those after.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`, every serial loop from 0 over a constant extent E with no loop inside
/// whose body's conditions (of ifs, `T.if_then_else`, `T.Select`) have conjuncts `v + a OP b` or
/// `b OP v + a` (v the loop's variable or a let of it, a and b integer expressions of variables
/// with constant ranges and constants, OP a comparison; nothing that can trap or wrap) becomes
/// three loops over [0, lo), [lo, hi), [hi, E), where [lo, hi) is where every such conjunct holds
/// whatever the other variables' values: the middle loop's copy of the body has those conjuncts
/// replaced by true. Returns `m` itself when no loop changed.
Ref<IRModule> PartitionLoops(const Ref<IRModule>& m);

}  // namespace rlx::compiler
