// Whether a PrimFunc overwrites a buffer parameter whole before anything could read it: what
// lets memory planning hand it storage that holds an earlier tensor's bytes instead of a fresh
// zero-filled tensor (pass.plan-memory).
#pragma once

#include <cstddef>

#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// True when every run of `f` that returns has stored to every element of the buffer of
/// parameter `param` and never reads that buffer: `f` is the ordinary form legalize-ops
/// writes, a block over a nest of loops from 0 to each extent that stores its spatial
/// iteration variables' element, with no condition on the way. False when that cannot be
/// seen (the conservative answer: the caller then keeps a zero-filled tensor).
bool WritesWholeBuffer(const tir::PrimFunc& f, size_t param);

}  // namespace rlx::compiler
