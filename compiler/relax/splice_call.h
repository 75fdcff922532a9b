// The body of a function spliced in place of a call of it: what the inlining passes
// (inline-local, inline) emit (spec pass.inline-local, pass.inline).
#pragma once

#include <vector>

#include "ir/expr.h"

namespace rlx::compiler {

/// Appends to `out` the call `result = f(args)` inlined: one match_cast per argument to its
/// parameter's annotation (the signature's shape variables that the call binds statically
/// replaced by what the arguments have there, the others by fresh variables), then a copy of
/// `body`'s bindings with fresh ordinary variables, then the body's result bound to `result`.
/// `call` is the call as the caller had it (its arguments carry struct info), `new_call` the
/// same call with the caller's rewrites applied. For a module function (not a local one, whose
/// body may use its enclosing function's shape variables) every shape variable of the body is
/// fresh in the copy.
void SpliceCall(const Function& f, const SeqExpr& body, const Call& call, const Call& new_call,
                const Ref<Var>& result, bool module_function, std::vector<Binding>& out);

}  // namespace rlx::compiler
