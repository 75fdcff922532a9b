// annotate-op-pattern (pass.annotate-op-pattern, TVM's AnnotateTIROpPattern).
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// Every PrimFunc of `m` without an `op_pattern` attribute gets the pattern of its loop nests
/// (AnalyzeOpPattern, TVM's numbering: 0 elementwise, 1 broadcast, 2 injective, 3 reduction,
/// 4 out-elementwise-fusable, 8 opaque); nothing else changes. Returns `m` itself when every
/// PrimFunc had one.
Ref<IRModule> AnnotateOpPattern(const Ref<IRModule>& m);

}  // namespace rlx::compiler
