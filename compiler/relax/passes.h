// The Relax-level passes: one file each (relax/<name>.cc), one function each, registered in
// pass/passes.def. Each returns its input itself when it changed nothing.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// rename-vars (pass.rename-vars): every Relax variable gets a new name, `r<N>_<old name>`;
/// nothing else changes. Tests that passes and printers never key on names.
Ref<IRModule> RenameVars(const Ref<IRModule>& m);

/// add-dead-bindings (pass.add-dead-bindings): every binding block starts with an unused prim
/// value and ends with an unused one-field tuple of its last variable. What dead-code
/// elimination must remove, and what every other pass must tolerate.
Ref<IRModule> AddDeadBindings(const Ref<IRModule>& m);

/// to-non-dataflow (pass.to-non-dataflow, TVM's ToNonDataflow): every dataflow block becomes an
/// ordinary block, merged with the ordinary blocks beside it, and every dataflow variable an
/// ordinary variable.
Ref<IRModule> ToNonDataflow(const Ref<IRModule>& m);

/// inline-local (pass.inline-local): the first call, in an ordinary block, of a function bound
/// to a local variable is replaced by the function's body: a match_cast of each argument to its
/// parameter's annotation (the signature's shape variables that the call binds statically are
/// replaced by what the arguments have there, the others by fresh copies), then a copy of the
/// body's bindings, then the result bound to the call's variable.
Ref<IRModule> InlineLocal(const Ref<IRModule>& m);

/// reassociate-tuples (pass.reassociate-tuples): every tuple (a, b, c...) of two or more fields
/// is built as (t[0], t[1], c...) from t = (a, b).
Ref<IRModule> ReassociateTuples(const Ref<IRModule>& m);

/// call-tir-rewrite (pass.call-tir-rewrite, TVM's CallTIRRewrite): every R.call_tir,
/// R.call_tir_inplace and R.call_dps_packed becomes R.builtin.alloc_tensor of each fresh output,
/// then the direct call of the PrimFunc (tir.eval.direct-call) or of the packed function with the
/// arguments, the outputs and the tir_vars; pure functions that gain one get relax.force_pure.
Ref<IRModule> CallTirRewrite(const Ref<IRModule>& m);

/// plan-memory (pass.plan-memory, TVM's StaticPlanBlockMemory): the R.builtin.alloc_tensor
/// outputs that a PrimFunc call overwrites whole and that do not escape share storages
/// (R.memory.alloc_storage at the start of the body, R.memory.alloc_tensor views) sized by their
/// static shapes or the upper bounds of bounded extents, where their lifetimes do not overlap;
/// every tensor that does not escape is killed after its last use, every storage after its last
/// tensor's.
Ref<IRModule> PlanMemory(const Ref<IRModule>& m);

}  // namespace rlx::compiler
