// Copies of TIR with variables and buffers replaced: what passes that move TIR from one
// PrimFunc into another (fuse-tir) or one statement into another place (compute inlining) use.
#pragma once

#include <unordered_map>

#include "ir/tir/prim_func.h"

namespace rlx::tir {

/// Replaces variables and buffers in TIR. Every variable and buffer the copied code defines
/// (loop and block iteration variables, lets, allocated and declared buffers) becomes a fresh
/// one, so that one statement may be copied twice into a function (tir.func: a variable is
/// defined once). A buffer whose shape, strides or offset mention a replaced variable becomes a
/// new buffer with those replaced, the same new buffer at every use.
class Substituter {
 public:
  virtual ~Substituter() = default;

  /// Uses of `from` read `to` (an expression of the destination's variables).
  void MapVar(const PrimExpr* from, Ref<PrimExpr> to) { vars_[from] = std::move(to); }
  /// Uses of `from` access `to` (same dtype and rank).
  void MapBuffer(const Buffer* from, Ref<Buffer> to) { buffers_[from] = std::move(to); }

  Ref<PrimExpr> SubstExpr(const Ref<PrimExpr>& e);
  Ref<Stmt> SubstStmt(const Ref<tir::Stmt>& s);
  Ref<Buffer> SubstBuffer(const Ref<tir::Buffer>& b);

 protected:
  /// A buffer load's replacement, or nullptr to copy it with its indices and buffer substituted
  /// (the default). A subclass replaces loads by other expressions (compute inlining).
  virtual Ref<PrimExpr> SubstLoad(const Ref<PrimExpr>& load) { return nullptr; }
  /// Any expression's replacement (of the destination's variables), or nullptr to copy it as
  /// the rules above say (the default). A subclass replaces conditions it has decided.
  virtual Ref<PrimExpr> Replace(const Ref<PrimExpr>& e) { return nullptr; }

 private:
  Ref<PrimExpr> Define(const Ref<PrimExpr>& var);
  Ref<tir::Buffer> DefineBuffer(const Ref<tir::Buffer>& b);
  std::vector<BufferRegion> Regions(const std::vector<BufferRegion>& rs);
  Ref<tir::Stmt> BlockOf(const tir::Block& b);

  std::unordered_map<const PrimExpr*, Ref<PrimExpr>> vars_;
  std::unordered_map<const tir::Buffer*, Ref<tir::Buffer>> buffers_;
};

}  // namespace rlx::tir
