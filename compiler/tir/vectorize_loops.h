// vectorize-loops (pass.vectorize-loops): TVM's split + vectorize schedule of an innermost
// contiguous loop, with its tail — whole vectors in a `T.vectorized` loop, the rest after it.
#pragma once

#include "ir/module.h"
#include "ir/tir/stmt.h"

namespace rlx::compiler {

/// The lanes of a vectorized loop whose widest store has `dtype`: a 64-byte vector register's
/// worth, at most 16.
int64_t VectorLanes(DataType dtype);

/// In every PrimFunc of `m`, every serial loop from 0 with no loop inside that stores to some
/// buffer at its variable on the buffer's last axis (a contiguous store), and whose extent is not
/// a constant below twice the lanes W, becomes, with e = max(extent, 0) evaluated once:
///   for o in range(e // W): for l in T.vectorized(W): body[v := o * W + l]
///   for t in range(e % W): body[v := e // W * W + t]
/// — the same iterations in the same order. Returns `m` itself when no loop changed.
Ref<IRModule> VectorizeLoops(const Ref<IRModule>& m);

}  // namespace rlx::compiler
