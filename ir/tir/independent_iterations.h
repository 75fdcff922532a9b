// Whether the iterations of a TIR loop can observe one another: what lets a loop be marked
// parallel (pass.parallelize-loops) and what lets compiled code run a parallel loop in chunks on
// several threads (codegen.cpu.parallel).
#pragma once

#include <vector>

#include "ir/tir/prim_func.h"

namespace rlx::tir {

/// True when no iteration of `loop` can see what another did: its body allocates nothing (no
/// block allocation, no T.decl_buffer), and every buffer the body stores to is accessed, by
/// every load and store of the body, at one axis whose index is exactly the loop's variable or a
/// block variable of the same dtype bound to it; such a buffer has no declared strides unless
/// it is one of `params` (whose layout is the tensor's compact one, tir.eval.bind), so distinct
/// indices are distinct elements. Iteration i then touches only elements at index i of what the
/// loop writes. Buffer parameters may still share memory at run time; the caller checks that.
/// `written`, when given, receives the buffers the body stores to.
bool IterationsIndependent(const For& loop, const std::vector<const Buffer*>& params,
                           std::vector<const Buffer*>* written = nullptr);

}  // namespace rlx::tir
