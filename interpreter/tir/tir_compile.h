// The TIR interpreter's compiler: PrimExprs and statements to the nodes of tir_nodes.h, in a
// Scope that resolves their variables and buffers. Internal to interpreter/tir/.
#pragma once

#include <vector>

#include "interpreter/tir/tir_scope.h"
#include "ir/tir/stmt.h"

namespace rlx::interp::tir_eval {

/// An expression (tir_expr.cc). Traps E3015 for one that is not well-formed.
ExprPtr CompileExpr(const PrimExpr& e, Scope& scope);

/// A load `buffer[indices]` and a store (tir_access.cc): the index plan is chosen once, a flat
/// affine form without run-time checks where the scope proves every index in bounds, else
/// per-axis indices checked against the bound buffer (tir.eval.bounds).
ExprPtr CompileLoad(const PrimExpr& load, Scope& scope);
StmtPtr CompileStore(const tir::BufferStore& store, Scope& scope);

/// Adds scale * e to `out` (tir_access.cc); false when e is not affine in the integer
/// variables of the scope.
bool AddAffine(const PrimExpr& e, const Scope& scope, uint64_t scale, Affine* out);

/// A statement (tir_stmt.cc).
StmtPtr CompileStmt(const tir::Stmt& s, Scope& scope);

/// An integer cell wrapped to an integer dtype (tir.eval.num: integer arithmetic wraps).
int64_t WrapToDType(DataType t, uint64_t v);

}  // namespace rlx::interp::tir_eval
