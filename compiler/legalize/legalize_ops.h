// legalize-ops (pass.legalize-ops): every op call becomes R.call_tir of a PrimFunc.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// legalize-ops (pass.legalize-ops, TVM's LegalizeOps): every call of an op that has a lowering
/// (legalize/lowering.h), whose operands and result have known dtypes and shapes, becomes
/// `R.call_tir(cls.f, (tensors...), out_sinfo=..., tir_vars=...)` of a PrimFunc computing it, one
/// PrimFunc per distinct lowering (structurally equal ones are shared), named after the op.
/// Every binding keeps its struct info.
Ref<IRModule> LegalizeOps(const Ref<IRModule>& m);

}  // namespace rlx::compiler
