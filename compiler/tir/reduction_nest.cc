#include "compiler/tir/reduction_nest.h"

#include "compiler/tir/cannot_trap.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::Block;
using tir::BufferStore;
using tir::For;

bool IsZeroStart(const Ref<PrimExpr>& e) { return e && e->is_int() && e->int_value == 0; }

// The store's indices are exactly the spatial variables of `b`, in order, inside the buffer.
bool StoresAtSpatialVars(const BufferStore& store, const Block& b) {
  size_t a = 0;
  for (const auto& iv : b.iter_vars) {
    if (iv.kind != tir::IterKind::kSpatial) continue;
    if (a >= store.indices.size() || store.indices[a] != iv.var) return false;
    if (a >= store.buffer->ndim() || !IndexInBounds(store.indices[a], store.buffer->shape[a], b)) return false;
    ++a;
  }
  return a == store.indices.size() && a == store.buffer->ndim();
}

// Each block variable bound to its own loop of the nest, loops and domains over the same
// [0, extent); at least one reduce variable.
bool BoundToTheLoops(const ReductionNest& n) {
  const Block& b = *n.block;
  if (b.iter_vars.size() != n.loops.size() || b.iter_values.size() != n.loops.size()) return false;
  std::unordered_set<const For*> used;
  bool reduce = false;
  for (size_t v = 0; v < b.iter_vars.size(); ++v) {
    const tir::IterVar& iv = b.iter_vars[v];
    reduce |= iv.kind == tir::IterKind::kReduce;
    const For* loop = nullptr;
    for (const For* l : n.loops) {
      if (l->var == b.iter_values[v]) loop = l;
    }
    if (!loop || !used.insert(loop).second || iv.var->dtype != loop->var->dtype) return false;
    if (loop->for_kind != tir::ForKind::kSerial && loop->for_kind != tir::ForKind::kParallel) return false;
    if (!IsZeroStart(loop->min) || !IsZeroStart(iv.dom.min) || !SameTerm(loop->extent, iv.dom.extent)) return false;
    if (iv.dom.extent->dtype != iv.var->dtype) return false;
  }
  return reduce;
}

// Every load of `acc` in `e` is at exactly `indices`; with `none`, there is none.
bool ReadsAccOnlyAt(const Ref<PrimExpr>& e, const tir::Buffer* acc, const std::vector<Ref<PrimExpr>>& indices, bool none) {
  bool ok = true;
  tir::ForEachExpr(e, [&](const PrimExpr& x) {
    if (x.kind != PrimKind::kBufferLoad || x.buffer.get() != acc) return;
    if (none || x.args.size() != indices.size()) ok = false;
    for (size_t a = 0; ok && a < indices.size(); ++a) ok = x.args[a] == indices[a];
  });
  return ok;
}

}  // namespace

size_t ReductionNest::VarOf(const tir::For& loop) const {
  for (size_t v = 0; v < block->iter_values.size(); ++v) {
    if (block->iter_values[v] == loop.var) return v;
  }
  return 0;  // unreachable for a matched nest: every loop binds a variable
}

std::unordered_set<const tir::Buffer*> RootAllocations(const tir::PrimFunc& f) {
  std::unordered_set<const tir::Buffer*> fresh;
  if (auto root = tir::As<Block>(f.body); root && root->is_root()) {
    for (const auto& b : root->alloc_buffers) fresh.insert(b.get());
  }
  return fresh;
}

std::optional<ReductionNest> MatchReductionNest(const Ref<tir::Stmt>& s, const std::unordered_set<const tir::Buffer*>& fresh) {
  ReductionNest n;
  Ref<tir::Stmt> cur = s;
  while (auto loop = tir::As<For>(cur)) {
    n.loops.push_back(loop.get());
    cur = loop->body;
  }
  auto blk = tir::As<Block>(cur);
  if (n.loops.empty() || !blk || blk->predicate || !blk->alloc_buffers.empty() || !blk->init) return std::nullopt;
  n.block = blk;
  if (!BoundToTheLoops(n)) return std::nullopt;
  n.init = tir::As<BufferStore>(blk->init);
  n.update = tir::As<BufferStore>(blk->body);
  if (!n.init || !n.update || n.init->buffer != n.update->buffer || !fresh.count(n.init->buffer.get())) return std::nullopt;
  n.acc = n.init->buffer;
  if (!StoresAtSpatialVars(*n.init, *blk) || !StoresAtSpatialVars(*n.update, *blk)) return std::nullopt;
  if (!ValueCannotTrap(n.init->value, *blk) || !ValueCannotTrap(n.update->value, *blk)) return std::nullopt;
  if (!ReadsAccOnlyAt(n.init->value, n.acc.get(), n.init->indices, true)) return std::nullopt;
  if (!ReadsAccOnlyAt(n.update->value, n.acc.get(), n.update->indices, false)) return std::nullopt;
  return n;
}

Ref<tir::Stmt> RestrictedNest(const ReductionNest& nest, const std::unordered_map<size_t, tir::Range>& ranges) {
  tir::Substituter sub;
  std::vector<Ref<PrimExpr>> vars;
  for (const For* loop : nest.loops) {
    vars.push_back(PrimExpr::Var(loop->var->name, loop->var->dtype));
    sub.MapVar(loop->var.get(), vars.back());
  }
  Block copy = static_cast<const Block&>(*sub.SubstStmt(nest.block));
  for (const auto& [v, range] : ranges) copy.iter_vars[v].dom = range;
  Ref<tir::Stmt> s = Block::MakeFull(std::move(copy));
  for (size_t l = nest.loops.size(); l-- > 0;) {
    const For& loop = *nest.loops[l];
    auto r = ranges.find(nest.VarOf(loop));
    s = For::Make(vars[l], r != ranges.end() ? r->second.min : loop.min, r != ranges.end() ? r->second.extent : loop.extent,
                  loop.for_kind, s);
  }
  return s;
}

Ref<tir::PrimFunc> RewriteRootStatements(const Ref<tir::PrimFunc>& f,
                                         const std::function<Ref<tir::Stmt>(const Ref<tir::Stmt>&)>& rewrite) {
  auto root = tir::As<Block>(f->body);
  if (!root || !root->is_root()) return f;
  std::vector<Ref<tir::Stmt>> stages;
  if (auto seq = tir::As<tir::SeqStmt>(root->body)) {
    stages = seq->seq;
  } else {
    stages = {root->body};
  }
  bool changed = false;
  for (Ref<tir::Stmt>& s : stages) {
    if (Ref<tir::Stmt> r = rewrite(s)) {
      s = r;
      changed = true;
    }
  }
  if (!changed) return f;
  Block copy = *root;
  copy.body = stages.size() == 1 ? stages[0] : tir::SeqStmt::Make(std::move(stages));
  return tir::PrimFunc::Make(f->params, Block::MakeFull(std::move(copy)), f->attrs, f->span);
}

Ref<PrimExpr> FloorDivBy(const Ref<PrimExpr>& a, int64_t c) {
  return a->is_int() ? PrimExpr::Int(a->int_value / c, a->dtype)
                     : PrimExpr::Binary(PrimKind::kFloorDiv, a, PrimExpr::Int(c, a->dtype));
}

Ref<PrimExpr> TimesConstant(const Ref<PrimExpr>& a, int64_t c) {
  return a->is_int() ? PrimExpr::Int(a->int_value * c, a->dtype) : PrimExpr::Binary(PrimKind::kMul, a, PrimExpr::Int(c, a->dtype));
}

Ref<PrimExpr> Minus(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  return a->is_int() && b->is_int() ? PrimExpr::Int(a->int_value - b->int_value, a->dtype) : PrimExpr::Binary(PrimKind::kSub, a, b);
}

Ref<tir::Stmt> InsideLoopCopies(const std::vector<LoopCopy>& loops, Ref<tir::Stmt> body, std::optional<tir::ForKind> kind) {
  for (size_t l = loops.size(); l-- > 0;) {
    const For& loop = *loops[l].first;
    body = For::Make(loops[l].second, loop.min, loop.extent, kind.value_or(loop.for_kind), body);
  }
  return body;
}

Ref<tir::Stmt> WithFreshVariables(const Ref<tir::Stmt>& s) { return tir::Substituter().SubstStmt(s); }

Ref<tir::Stmt> LoopFromZero(const Ref<PrimExpr>& var, const Ref<PrimExpr>& extent, tir::ForKind kind, Ref<tir::Stmt> body) {
  return For::Make(var, PrimExpr::Int(0, var->dtype), extent, kind, std::move(body));
}

}  // namespace rlx::compiler
