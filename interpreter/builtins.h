// The builtin packed functions (spec eval.packed.builtins; docs/interpreter.md lists them),
// implemented with the reference kernels.
#pragma once

#include "interpreter/runtime_names.h"
#include "runtime/packed_registry.h"

namespace rlx::interp {

/// Registers the builtins into `r`.
void RegisterBuiltins(PackedRegistry& r);
/// A registry holding every builtin.
PackedRegistry BuiltinRegistry();

}  // namespace rlx::interp
