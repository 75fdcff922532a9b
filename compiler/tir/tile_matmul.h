// tile-matmul (pass.tile-matmul): the register-tiled CPU schedule of contractions (matmul,
// batched matmul) — the schedule rule TVM's CPU schedules and dlight's matmul rule apply.
#pragma once

#include "ir/module.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`, each top-level loop nest of the root block that sums exact
/// products into a float64 root allocation — loops from 0 around one block whose variables are
/// bound to them over the same ranges, with one reduce variable k, init `Acc[s...] = 0.0` and
/// body `Acc[s...] = Acc[s...] + X' * Y'` (X', Y' loads or casts of loads, in bounds by their
/// block variables' domains; a spatial variable i only X indexes with and one j only Y does) —
/// becomes 6 x 32 register tiles over (i, j) that walk k in panels of 256, each element's
/// products still added in increasing k; the rows and columns no whole tile covers run the
/// original nest. Returns `m` itself when nothing changed.
Ref<IRModule> TileMatmul(const Ref<IRModule>& m);

/// The same on one PrimFunc.
Ref<tir::PrimFunc> TileMatmul(const Ref<tir::PrimFunc>& f);

}  // namespace rlx::compiler
