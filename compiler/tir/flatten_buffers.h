// flatten-buffers (pass.flatten-buffers): TVM's FlattenBuffer for the buffers a PrimFunc
// allocates — each becomes one-dimensional, every access the row-major offset of its indices.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`, every buffer a block other than the root or a `T.decl_buffer`
/// allocates (each run's own: the root block's, shared by a parallel loop's iterations, keep
/// the per-axis indices parallelization reads) of two or more axes, without strides or offset, whose extents are integer
/// constants with a product that fits int64, no block region names, and every index of which
/// lies in its axis by the ranges of the enclosing loops, lets and block domains (IntRanges),
/// becomes a buffer of one axis of that product; `B[i, j, k]` becomes `B[(i * J + j) * K + k]`
/// in int64. Returns `m` itself when no buffer changed.
Ref<IRModule> FlattenBuffers(const Ref<IRModule>& m);

}  // namespace rlx::compiler
