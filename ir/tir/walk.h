// Read-only walks over TIR: every statement of a body, and every PrimExpr a statement holds
// directly (its values, indices, bounds, conditions, regions and buffer shapes). For analyses
// that need no scoping; the checker and the interpreter walk with their own scopes.
#pragma once

#include <functional>

#include "ir/tir/prim_func.h"

namespace rlx::tir {

/// Calls `f` on `s` and on every statement below it, parents first.
void ForEachStmt(const Ref<Stmt>& s, const std::function<void(const Stmt&)>& f);
/// Calls `f` on every PrimExpr node of a statement's own fields and below (not of its child
/// statements), operands first.
void ForEachExprOf(const Stmt& s, const std::function<void(const PrimExpr&)>& f);
/// Calls `f` on `e` and every PrimExpr below it, operands first.
void ForEachExpr(const Ref<PrimExpr>& e, const std::function<void(const PrimExpr&)>& f);

/// True when `e` reads a buffer or uses one of `vars` (a loop bound that a loop nest over `vars`
/// cannot evaluate once, when the nest starts).
bool ReadsBufferOrUses(const Ref<PrimExpr>& e, const std::vector<const PrimExpr*>& vars);

}  // namespace rlx::tir
