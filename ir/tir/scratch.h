// Scratch buffers (spec tir.eval.alloc.scratch): the small, constant-shaped buffers a block
// allocates for a few values — a register tile's accumulators — which compiled code keeps on the
// stack or in registers. They count towards no memory limit, in the interpreter as in compiled
// code, so a loop may allocate one per iteration and still run its iterations in parallel.
#pragma once

#include <cstdint>

#include "ir/tir/buffer.h"

namespace rlx::tir {

/// The most bytes a scratch buffer may have.
constexpr int64_t kScratchBytes = 4096;

/// The bytes of `b` when it is a scratch buffer — compact, offset 0, every extent a
/// non-negative integer constant, at most kScratchBytes in all — else -1.
int64_t ScratchBytes(const Buffer& b);

}  // namespace rlx::tir
