// compute-inline (pass.compute-inline, TVM's compute_inline schedule primitive applied to every
// scratch buffer it can take).
#pragma once

#include "ir/module.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// In every PrimFunc of `m`: a root-block scratch buffer that exactly one top-level loop nest
/// writes — a perfect nest of loops from 0 around one spatial block over the whole buffer, which
/// stores at exactly its variables a value that cannot trap (loads in bounds by their domains, no
/// integer division by anything but a nonzero constant) — and that exactly one later block reads,
/// in bounds, in stores, while nothing the value reads is written after the producer: every load
/// of it becomes the value at the load's indices, and the producer's nest and the buffer go.
/// Repeated until none qualifies. Only in the PrimFuncs the module references as R.call_tir's
/// callee alone (never in place, directly or as a value: a call that passes one tensor as an
/// input and the output would see the reordering). Returns `m` itself when nothing changed.
Ref<IRModule> ComputeInline(const Ref<IRModule>& m);

/// The same on one PrimFunc, whose buffer parameters never share memory when it is called.
Ref<tir::PrimFunc> ComputeInline(const Ref<tir::PrimFunc>& f);

}  // namespace rlx::compiler
