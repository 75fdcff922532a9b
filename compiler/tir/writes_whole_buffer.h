// Whether a PrimFunc overwrites a buffer parameter whole before anything could read it: what
// lets memory planning hand it storage that holds an earlier tensor's bytes instead of a fresh
// zero-filled tensor (pass.plan-memory).
#pragma once

#include <cstddef>
#include <vector>

#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// True when every run of `f` that returns has stored to every element of the buffer of
/// parameter `param` and never reads that buffer: `f` is the ordinary form legalize-ops
/// writes, a block over a nest of loops from 0 to each extent that stores its spatial
/// iteration variables' element, with no condition on the way. False when that cannot be
/// seen (the conservative answer: the caller then keeps a zero-filled tensor).
bool WritesWholeBuffer(const tir::PrimFunc& f, size_t param);

/// True when `block`, inside exactly the loops `loops`, stores buffer[v0, ..., vk] for its
/// spatial iteration variables in order, each bound to a distinct one of those loops, every loop
/// and domain running from 0 to the buffer's extent, with no init and no condition: once the
/// loops end, every element has been stored once.
bool BlockCoversBuffer(const tir::Block& block, const std::vector<const tir::For*>& loops, const tir::Buffer& buffer);

}  // namespace rlx::compiler
