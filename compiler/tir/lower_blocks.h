// lower-blocks (pass.lower-blocks): TVM's LowerOpaqueBlock — blocks become the plain statements
// that mean what they mean, so that the passes after it and code generation see loops, lets,
// ifs and declarations alone.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`, every block but the root becomes, in the order tir.eval.block runs
/// it: a let per iteration variable (the variable itself, bound to its value), each value that
/// no enclosing loop or constant keeps inside its domain checked by an assert that traps E3007,
/// an `if` on the predicate, a `T.decl_buffer` per allocation, the init under an `if` on the
/// first reduce iteration, then the body. Returns `m` itself when no PrimFunc has a block.
Ref<IRModule> LowerBlocks(const Ref<IRModule>& m);

}  // namespace rlx::compiler
