// A generator of random PrimFuncs that exercise every TIR statement kind and every TIR
// expression kind the text format reads (spec chapter 7), for the text round-trip property. The
// functions are scoped as the text needs (every variable and buffer is defined where it is used,
// lets and buffer declarations end their sequence) and their operands have matching dtypes, but
// they are not meant to run: indices may be out of bounds.
#pragma once

#include "fuzz/generators/chooser.h"
#include "ir/tir/prim_func.h"

namespace rlx::fuzz {

/// Builds a random PrimFunc; `is_public` gives it a global_symbol `name`.
Ref<tir::PrimFunc> RandomPrimFunc(Chooser& chooser, const std::string& name, bool is_public);

}  // namespace rlx::fuzz
