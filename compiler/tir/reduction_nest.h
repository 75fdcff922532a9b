// Reduction nests whose elements a schedule may compute in another order: what the CPU schedules
// (pass.tile-matmul, pass.interleave-reductions) recognize, and the pieces they build from.
#pragma once

#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "ir/tir/prim_func.h"
#include "ir/tir/substitute.h"

namespace rlx::compiler {

/// A perfect nest of `serial` or `parallel` loops from 0 around one block without predicate or
/// allocations, each block variable bound to its own loop over the same `[0, extent)` (no domain
/// check can fail), at least one reduce variable, whose init and body each store one value to
/// `Acc[s...]` — `Acc` a buffer of the root block (fresh memory no parameter can share), indexed
/// by the spatial variables in order within its extents — where neither value can trap
/// (`ValueCannotTrap`), the init reads nothing of `Acc` and the update reads `Acc` only at
/// `Acc[s...]`. Each element of `Acc` is then computed from its own init and updates alone, in the
/// order of the reduce loops, and nothing can observe in which order the elements are computed.
struct ReductionNest {
  std::vector<const tir::For*> loops;  // outermost first
  Ref<tir::Block> block;
  Ref<tir::BufferStore> init, update;
  Ref<tir::Buffer> acc;

  /// The position of the block variable bound to `loop`'s variable.
  size_t VarOf(const tir::For& loop) const;
  const Ref<PrimExpr>& Var(size_t v) const { return block->iter_vars[v].var; }
  const Ref<PrimExpr>& Extent(size_t v) const { return block->iter_vars[v].dom.extent; }
  bool IsReduce(size_t v) const { return block->iter_vars[v].kind == tir::IterKind::kReduce; }
  /// A fresh variable named after block variable `v` with `suffix`, of its dtype.
  Ref<PrimExpr> FreshVar(size_t v, const std::string& suffix) const {
    return PrimExpr::Var(Var(v)->name + suffix, Var(v)->dtype);
  }
};

/// The buffers of `f`'s root block.
std::unordered_set<const tir::Buffer*> RootAllocations(const tir::PrimFunc& f);

/// `s` as a reduction nest over a buffer of `fresh`, or nullopt.
std::optional<ReductionNest> MatchReductionNest(const Ref<tir::Stmt>& s, const std::unordered_set<const tir::Buffer*>& fresh);

/// A copy of the nest with the ranges of some block variables (by position) replaced: their
/// loops run over the new range and their domains are that range (the loops cover them, so no
/// domain check runs per element; a new range inside the old domain keeps every value inside
/// it, so neither form traps). Every variable is fresh.
Ref<tir::Stmt> RestrictedNest(const ReductionNest& nest, const std::unordered_map<size_t, tir::Range>& ranges);

/// `f` with the root block's top-level statements rewritten: each statement `rewrite` returns a
/// replacement for (or null) is replaced; `f` itself when none is.
Ref<tir::PrimFunc> RewriteRootStatements(const Ref<tir::PrimFunc>& f,
                                         const std::function<Ref<tir::Stmt>(const Ref<tir::Stmt>&)>& rewrite);

// Index arithmetic for the schedules, folded when the operands are constants (non-negative
// extents, positive constants).
Ref<PrimExpr> FloorDivBy(const Ref<PrimExpr>& a, int64_t c);
Ref<PrimExpr> TimesConstant(const Ref<PrimExpr>& a, int64_t c);
Ref<PrimExpr> Minus(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
/// A loop of a nest and the fresh variable of its copy.
using LoopCopy = std::pair<const tir::For*, Ref<PrimExpr>>;
/// `body` inside copies of `loops` (outermost first), each over its loop's range, of its loop's
/// kind or of `kind` when given.
Ref<tir::Stmt> InsideLoopCopies(const std::vector<LoopCopy>& loops, Ref<tir::Stmt> body,
                                std::optional<tir::ForKind> kind = std::nullopt);
/// A copy of `s` whose loop variables are fresh: a statement built once and placed twice defines
/// each variable once (tir.wf.var).
Ref<tir::Stmt> WithFreshVariables(const Ref<tir::Stmt>& s);
/// for var in range(0, extent) of `kind` around `body`.
Ref<tir::Stmt> LoopFromZero(const Ref<PrimExpr>& var, const Ref<PrimExpr>& extent, tir::ForKind kind, Ref<tir::Stmt> body);

}  // namespace rlx::compiler
