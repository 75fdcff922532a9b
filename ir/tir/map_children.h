// Rebuilding a statement around rewritten children: the recursion every TIR pass that rewrites
// statements shares (its own work only at the statements it cares about).
#pragma once

#include <functional>

#include "ir/tir/stmt.h"

namespace rlx::tir {

/// `s` with each child statement `c` (a sequence's statements, a loop's, let's, declaration's
/// or block's body, a block's init, an if's branches) replaced by `f(c)`; `s` itself when every
/// `f(c)` is `c`. Expressions and the other fields stay.
Ref<Stmt> MapChildren(const Ref<Stmt>& s, const std::function<Ref<Stmt>(const Ref<Stmt>&)>& f);

}  // namespace rlx::tir
