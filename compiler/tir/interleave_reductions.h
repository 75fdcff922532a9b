// interleave-reductions (pass.interleave-reductions): row reductions computed 8 rows at a time.
#pragma once

#include "ir/module.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`, each top-level reduction nest of the root block (ReductionNest:
/// every element computed from its own init and updates, nothing that can trap) whose loops after
/// its last spatial loop are all reduce loops, over at least 8 values of that spatial variable,
/// becomes: for each group of 8 values of it, the 8 inits (where the reduction has an iteration),
/// then the reduce loops in their order with one update of each of the 8 elements per iteration
/// (a T.unroll loop); then the original nest over the values no whole group covers. Returns `m`
/// itself when nothing changed.
Ref<IRModule> InterleaveReductions(const Ref<IRModule>& m);

/// The same on one PrimFunc.
Ref<tir::PrimFunc> InterleaveReductions(const Ref<tir::PrimFunc>& f);

}  // namespace rlx::compiler
