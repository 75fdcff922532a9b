// simplify-tir (pass.simplify-tir): TVM's tir.Simplify, deciding conditions with rlx's prover.
#pragma once

#include "ir/module.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`: integer arithmetic on constants folded (never an overflow or a
/// division by zero, which keep their wrap or trap), `x + 0`, `x - 0`, `x * 1`, `x // 1` replaced
/// by `x`; every condition (of an if, an assert, a block predicate, a select, `T.if_then_else`,
/// a min or max of integers) that cannot trap or wrap and that the prover decides from the facts
/// around it — enclosing loops' and block variables' ranges, lets, enclosing if conditions —
/// replaced by its answer, with the branch that cannot run, or the assert that cannot fail,
/// removed; a serial or unrolled loop of one iteration made a let of its start. Returns `m`
/// itself when nothing changed.
Ref<IRModule> SimplifyTir(const Ref<IRModule>& m);

/// The same on one PrimFunc.
Ref<tir::PrimFunc> SimplifyTir(const Ref<tir::PrimFunc>& f);

}  // namespace rlx::compiler
