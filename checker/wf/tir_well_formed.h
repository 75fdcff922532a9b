// The well-formedness rules of TIR (spec §7.6, tir.wf.*): variables and buffers defined before
// use and defined once, accesses with one integer index per axis, stores of the buffer's dtype,
// operand dtypes, loops, blocks and their regions. Each violation is a diagnostic at the node.
#pragma once

#include "ir/base/diagnostic.h"
#include "ir/module.h"

namespace rlx::checker {

/// Reports every violation in the PrimFuncs of `m`; returns true when there is none.
bool CheckTirWellFormed(const IRModule& m, DiagnosticEngine& diags);

}  // namespace rlx::checker
