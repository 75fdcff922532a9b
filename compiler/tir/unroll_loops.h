// unroll-loops (pass.unroll-loops): TVM's UnrollLoop with its auto_max_step — short innermost
// loops of constant bounds marked `T.unroll`, so that code generation emits each iteration with
// the variable a constant.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// The most iterations, and the most iterations times body statements, of a loop unroll-loops
/// marks.
inline constexpr int64_t kUnrollMaxExtent = 8;
inline constexpr int64_t kUnrollMaxSteps = 32;

/// In every PrimFunc of `m`, every serial loop with no loop inside, a constant start and a
/// constant extent of 2 to kUnrollMaxExtent whose values fit its variable's dtype, and at most
/// kUnrollMaxSteps statements run in all, becomes `T.unroll` (tir.for.kind: the same meaning).
/// Returns `m` itself when no loop changed.
Ref<IRModule> UnrollLoops(const Ref<IRModule>& m);

}  // namespace rlx::compiler
