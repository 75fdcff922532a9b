// Which TIR values cannot trap inside a block: what lets a pass move a computation (compute-inline
// into its consumer) or reorder the elements it computes (tile-matmul) without changing which
// trap a run gives.
#pragma once

#include <functional>

#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// True when `index` lies in [0, extent) whatever the variables: a block variable of `b` whose
/// domain is [0, extent), or an integer constant below a constant extent.
bool IndexInBounds(const Ref<PrimExpr>& index, const Ref<PrimExpr>& extent, const tir::Block& b);

/// True when every load of `e` is in bounds in block `b` (IndexInBounds, one index per axis),
/// and `e` divides no integer by anything but a nonzero constant and raises no integer to a
/// power: evaluating it anywhere `b`'s variables have values in their domains cannot trap.
bool ValueCannotTrap(const Ref<PrimExpr>& e, const tir::Block& b);

/// Whether an index lies in [0, extent) of its axis wherever the expression is evaluated.
using IndexCheck = std::function<bool(const Ref<PrimExpr>& index, const Ref<PrimExpr>& extent)>;

/// True when every load of `e` has one index per axis, each in bounds by `in_bounds`, and `e`
/// divides no integer by anything but a nonzero constant and raises no integer to a power:
/// evaluating it cannot trap (ValueCannotTrap with the block's domains as the check).
bool CannotTrapWhere(const Ref<PrimExpr>& e, const IndexCheck& in_bounds);

}  // namespace rlx::compiler
