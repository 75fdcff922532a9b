// reorder-loops (pass.reorder-loops): TVM's `reorder` schedule primitive as its CPU schedules use
// it — the loop that walks the buffers' last axis moved innermost, so the inner loop reads and
// writes consecutive elements (a reduction over a leading axis: the rows summed one after
// another, each column's sum still in its order).
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`, in every perfect nest of serial loops (bounds that read no buffer and
/// use no loop of the nest) around a body without loops, the loop whose variable is the last
/// index of the most loads and stores moves innermost when that is more than the innermost
/// loop's count, its iterations cannot observe one another (tir::IterationsIndependent), and
/// nothing in the body can trap or allocate. Returns `m` itself when no nest changed.
Ref<IRModule> ReorderLoops(const Ref<IRModule>& m);

}  // namespace rlx::compiler
