// fuse-loops (pass.fuse-loops): TVM's `fuse` schedule primitive — a perfect nest of loops of
// constant extents becomes one loop over their product, each original variable recovered from
// the fused one.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`, every perfect nest of two or more serial loops from the constant 0
/// with positive integer constant extents, one dtype, and a product that fits it, becomes
/// `for f in range(E1 * ... * Ek)` with each original variable bound by a let to its digit of f
/// (`f // (E2 * ... * Ek)`, `f // (E3 * ... * Ek) % E2`, ..., `f % Ek`). Returns `m` itself
/// when no nest changed.
Ref<IRModule> FuseLoops(const Ref<IRModule>& m);

}  // namespace rlx::compiler
