// Whether the iterations of a TIR loop can observe one another: what lets a loop be marked
// parallel (pass.parallelize-loops) and what lets compiled code run a parallel loop in chunks on
// several threads (codegen.cpu.parallel).
#pragma once

#include <vector>

#include "ir/tir/prim_func.h"

namespace rlx::tir {

/// True when no iteration of `loop` can see what another did: its body allocates nothing but
/// scratch buffers (tir.eval.alloc.scratch: each iteration's own; no T.decl_buffer), and every
/// buffer the body stores to is accessed, by every load and store of the body, at one axis in the
/// iteration's own slot, the same width for every access: an index that is exactly the loop's
/// variable or a block variable of the same dtype bound to it (width 1), or `v * c + r` / `v * c`
/// with c a positive constant and r the variable of an inner loop from 0 over at most c values
/// (width c: a tiled loop). Such a buffer has no declared strides unless it is one of `params`
/// (whose layout is the tensor's compact one, tir.eval.bind), so distinct indices are distinct
/// elements. Iteration i then touches only elements of its own slot of what the loop writes. (An
/// index `v * c` that wraps its dtype is past the buffer's end at an earlier iteration, whose
/// trap ends the run first.) Buffer parameters may still share memory at run time; the caller
/// checks that. `written`, when given, receives the buffers the body stores to.
bool IterationsIndependent(const For& loop, const std::vector<const Buffer*>& params,
                           std::vector<const Buffer*>* written = nullptr);

}  // namespace rlx::tir
