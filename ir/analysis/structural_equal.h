// Structural equality and hashing modulo renaming of variables and shape variables
// (spec §1.8). Spans and name hints of variables are ignored; global names, op identity,
// attributes, constants (bitwise) and struct info are compared.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "ir/expr.h"
#include "ir/module.h"

namespace rlx {

/// Equality of two modules (globals matched by name, in any order).
bool StructuralEqual(const IRModule& a, const IRModule& b);
/// Equality of two expressions; free variables are matched by first occurrence.
bool StructuralEqual(const Ref<Expr>& a, const Ref<Expr>& b);
/// Equality of two struct infos.
bool StructuralEqual(const Ref<StructInfo>& a, const Ref<StructInfo>& b);
/// Equality of two PrimExprs.
bool StructuralEqual(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);

/// A description of the first difference ("globals.main.body.blocks[0].bindings[2].value:
/// op add vs multiply"), or nullopt when the modules are equal. For tests and tools.
std::optional<std::string> FindStructuralMismatch(const IRModule& a, const IRModule& b);

/// Equality of two expressions that bind nothing, or of two struct infos, where a variable or
/// shape variable is equal only to itself: the same value wherever both are in scope, not just
/// the same shape of program (what common-subexpression elimination compares).
bool StructuralEqualInScope(const Ref<Expr>& a, const Ref<Expr>& b);
bool StructuralEqualInScope(const Ref<StructInfo>& a, const Ref<StructInfo>& b);
/// A hash consistent with StructuralEqualInScope.
size_t StructuralHashInScope(const Ref<Expr>& e);

/// A hash consistent with StructuralEqual: equal modules hash equally.
size_t StructuralHash(const IRModule& m);
size_t StructuralHash(const Ref<Expr>& e);

}  // namespace rlx
