// parallelize-loops (pass.parallelize-loops): the outermost loop of every loop nest of every
// PrimFunc becomes a parallel loop where its iterations cannot observe one another.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// Every serial loop that is not inside another loop, in every PrimFunc of `m`, becomes
/// `T.parallel` when tir::IterationsIndependent holds for it: its meaning stays the serial
/// loop's (tir.for.kind), and compiled code may then run it in chunks on the runtime's thread
/// pool (codegen.cpu.parallel). Returns `m` itself when no loop changed.
Ref<IRModule> ParallelizeLoops(const Ref<IRModule>& m);

}  // namespace rlx::compiler
