// Shape arithmetic as native code (spec codegen.cpu.host.shape): an int64 PrimExpr over the
// shape variables of a compiled frame's heap cells, computed with LLVM's integer arithmetic.
// Wherever the interpreter's value could differ from the machine's — an overflow of int64, a
// zero divisor, INT64_MIN / -1 — the code branches to a slow path instead: the site's helper,
// which evaluates the site as the interpreter does and so traps with its code and message.
// Internal to compiler/codegen/.
#pragma once

#include <llvm/IR/IRBuilder.h>

#include <utility>
#include <vector>

#include "ir/prim_expr.h"
#include "ir/struct_info.h"

namespace rlx::compiler::codegen {

/// The heap cells of the shape variables an expression may read.
using ShapeCells = std::vector<std::pair<const PrimExpr*, int32_t>>;

/// The cell of `v` in `cells`, or -1.
int32_t CellIn(const ShapeCells& cells, const PrimExpr* v);

/// True when `e` is int64 arithmetic (+, -, *, floor and truncating division and modulo, min,
/// max) of int64 immediates and of int64 variables with a cell in `cells`: what EmitShapeExpr
/// computes.
bool IsNativeShapeExpr(const PrimExpr& e, const ShapeCells& cells);

/// Emits `e` (IsNativeShapeExpr) at b's insertion point, reading the cells of `heap` (an
/// int64 array); the code branches to `slow` where EvalPrim (eval.prim-expr) would not give
/// the machine's value. Returns the int64 value where it continues.
llvm::Value* EmitShapeExpr(llvm::IRBuilder<>& b, const PrimExpr& e, const ShapeCells& cells, llvm::Value* heap,
                           llvm::BasicBlock* slow);

/// Matching values against struct infos natively (eval.match-cast, eval.call.param): the
/// structure pass is a helper's (rlx_host_dims, rlx_host_param_dims), which gives each value's
/// extents; then each lone variable not yet in scope takes its first extent (the binding pass)
/// and every other extent is computed and compared (the values pass).
struct ShapeMatch {
  std::vector<bool> checked;                       // per value: its structure is checked
  std::vector<std::vector<const PrimExpr*>> dims;  // per value: the extents its struct info lists
  std::vector<std::vector<int32_t>> binds;         // per value and extent: the cell it binds, or -1
  ShapeCells cells;                                // in scope once the match is done
};

/// Plans matching values against `sinfos` (null: not checked) with the variables of `in_scope`
/// bound and those of `to_bind` bound by the match. False when a struct info is not one whose
/// structure rlx_host_dims checks (a tensor whose shape is a variable, a tuple, a function, a
/// prim that is not int64), or an extent not for EmitShapeExpr: the site's helper matches it.
bool PlanShapeMatch(const std::vector<const StructInfo*>& sinfos, const ShapeCells& in_scope, const ShapeCells& to_bind,
                    ShapeMatch* plan);

/// Emits the binding and values passes of `plan`, `extents` holding each checked value's
/// extents (an int64 pointer); branches to `slow` on any difference.
void EmitShapeMatch(llvm::IRBuilder<>& b, const ShapeMatch& plan, const std::vector<llvm::Value*>& extents,
                    llvm::Value* heap, llvm::BasicBlock* slow);

}  // namespace rlx::compiler::codegen
