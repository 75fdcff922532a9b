// Shared pieces of the nn lowerings (pass.legalize-ops, spec §5.8): lower_nn.cc lowers softmax,
// the normalizations and pad; lower_nn_pool.cc the window ops (conv2d and the 2-d poolings).
#pragma once

#include <cmath>
#include <limits>

#include "compiler/legalize/prim_func_builder.h"

namespace rlx::compiler::legalize::nn {

/// The quiet NaN the kernels produce (std::nan("")), in float64.
inline Ref<PrimExpr> NaN64() { return F64(std::numeric_limits<double>::quiet_NaN()); }
inline Ref<PrimExpr> ToF64(const Ref<PrimExpr>& e) { return CastTo(kF64, e); }
inline Ref<PrimExpr> Div(Ref<PrimExpr> a, Ref<PrimExpr> b) {
  return Bin(PrimKind::kTruncDiv, std::move(a), std::move(b));
}
/// T.if_then_else(c, a, b): evaluates only the chosen branch (a guarded load).
inline Ref<PrimExpr> IfThenElse(Ref<PrimExpr> c, Ref<PrimExpr> a, Ref<PrimExpr> b) {
  return Intrin(tir::Intrinsic::kIfThenElse, {std::move(c), std::move(a), std::move(b)});
}
inline bool IsInt(const Ref<PrimExpr>& e) { return e->kind == PrimKind::kIntImm; }
/// An op constraint checked at run time, as the kernel checks it: T.assert(cond, "E3005: ...")
/// in the prologue (eval.op.constraint). The caller omits it where it is known statically.
inline void RequireAtRunTime(PrimFuncBuilder& b, Ref<PrimExpr> cond, const std::string& message) {
  b.Prologue(tir::AssertStmt::Make(std::move(cond), "E3005: " + message));
}
/// Extents a == b checked at run time unless both are known (the checker decided them).
inline void RequireSameExtent(PrimFuncBuilder& b, const Ref<PrimExpr>& a, const Ref<PrimExpr>& e,
                              const std::string& message) {
  if (!(IsInt(a) && IsInt(e))) RequireAtRunTime(b, Bin(PrimKind::kEQ, a, e), message);
}
/// An axis attribute in [-rank, rank) made non-negative.
inline int NormAxis(int64_t a, int rank) { return static_cast<int>(a < 0 ? a + rank : a); }

/// conv2d, max_pool2d, avg_pool2d, adaptive_avg_pool2d (lower_nn_pool.cc).
std::optional<Lowered> LowerConv2d(const LowerRequest& r);
std::optional<Lowered> LowerPool2d(const LowerRequest& r, bool is_max);
std::optional<Lowered> LowerAdaptiveAvgPool2d(const LowerRequest& r);

}  // namespace rlx::compiler::legalize::nn
