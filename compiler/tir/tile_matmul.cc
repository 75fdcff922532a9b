// tile-matmul (pass.tile-matmul): the CPU schedule rule for contractions — matmul, batched matmul,
// any loop nest that sums products into a float64 accumulator — as a register tile: a 6 x 32
// block of accumulators that stays in registers while the reduction runs along 256 values of k,
// so every value loaded is used 6 or 32 times. Each element still sums its products in
// increasing k (eval.num.matmul), so results are bit for bit the reference's; only the order in
// which elements are computed changes, which nothing can observe when no element can trap.
#include "compiler/tir/tile_matmul.h"

#include <cmath>
#include <functional>
#include <optional>
#include <unordered_set>

#include "compiler/tir/cannot_trap.h"
#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/substitute.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::Block;
using tir::BufferStore;
using tir::For;
using tir::ForKind;

constexpr int64_t kTileRows = 6;     // accumulator rows: one broadcast value of X each
constexpr int64_t kTileCols = 32;    // accumulator columns: four vectors of eight doubles
constexpr int64_t kTileDepth = 256;  // values of k per visit of a tile (the panel of Y stays in L1/L2)

// A nest the rule applies to: loops from 0 around one block that stores
// Acc[s...] = Acc[s...] + X' * Y' with init Acc[s...] = 0.0, Acc a float64 root allocation.
struct Contraction {
  std::vector<const For*> loops;  // outermost first
  Ref<Block> block;
  size_t row = 0, col = 0, red = 0;  // block variable positions of i (X only), j (Y only) and k
  Ref<tir::Buffer> acc;
  Ref<PrimExpr> product;
};

bool StartsAtZero(const Ref<PrimExpr>& e) { return e && e->is_int() && e->int_value == 0; }

// The block variables (positions in `b`) that the loads of `e` index with.
std::unordered_set<size_t> BlockVarsUsed(const Ref<PrimExpr>& e, const Block& b) {
  std::unordered_set<size_t> used;
  tir::ForEachExpr(e, [&](const PrimExpr& x) {
    for (size_t v = 0; v < b.iter_vars.size(); ++v) {
      if (&x == b.iter_vars[v].var.get()) used.insert(v);
    }
  });
  return used;
}

// The store's indices are exactly the spatial variables of `b`, in order.
bool IndexedBySpatialVars(const std::vector<Ref<PrimExpr>>& indices, const Block& b) {
  size_t a = 0;
  for (const auto& iv : b.iter_vars) {
    if (iv.kind != tir::IterKind::kSpatial) continue;
    if (a >= indices.size() || indices[a] != iv.var) return false;
    ++a;
  }
  return a == indices.size();
}

// Each block variable bound to its own loop of the nest, loops and domains over the same
// [0, extent), so no domain check can fail; exactly one reduce variable.
bool BoundToTheLoops(const Contraction& c) {
  const Block& b = *c.block;
  if (b.iter_vars.size() != c.loops.size() || b.iter_values.size() != c.loops.size()) return false;
  std::unordered_set<const For*> used;
  int reduce = 0;
  for (size_t v = 0; v < b.iter_vars.size(); ++v) {
    const tir::IterVar& iv = b.iter_vars[v];
    reduce += iv.kind == tir::IterKind::kReduce;
    const For* loop = nullptr;
    for (const For* l : c.loops) {
      if (l->var == b.iter_values[v]) loop = l;
    }
    if (!loop || !used.insert(loop).second || iv.var->dtype != loop->var->dtype) return false;
    if (loop->for_kind != ForKind::kSerial && loop->for_kind != ForKind::kParallel) return false;
    if (!StartsAtZero(loop->min) || !StartsAtZero(iv.dom.min) || !SameTerm(loop->extent, iv.dom.extent)) return false;
    if (iv.dom.extent->dtype != iv.var->dtype) return false;
  }
  return reduce == 1;
}

// X' * Y' where each factor is a load or a cast of one.
bool IsProductOfLoads(const Ref<PrimExpr>& e) {
  if (e->kind != PrimKind::kMul || e->lanes != 1) return false;
  for (int o = 0; o < 2; ++o) {
    const Ref<PrimExpr>& f = e->operands[o];
    const Ref<PrimExpr>& load = f->kind == PrimKind::kCast ? f->operands[0] : f;
    if (load->kind != PrimKind::kBufferLoad) return false;
  }
  return true;
}

// Picks i (the last spatial variable only X indexes with) and j (the last only Y does).
bool PickAxes(Contraction& c) {
  const Block& b = *c.block;
  const auto in_x = BlockVarsUsed(c.product->operands[0], b);
  const auto in_y = BlockVarsUsed(c.product->operands[1], b);
  bool row = false, col = false;
  for (size_t v = 0; v < b.iter_vars.size(); ++v) {
    if (b.iter_vars[v].kind == tir::IterKind::kReduce) {
      c.red = v;
    } else if (in_x.count(v) && !in_y.count(v)) {
      c.row = v;
      row = true;
    } else if (in_y.count(v) && !in_x.count(v)) {
      c.col = v;
      col = true;
    }
  }
  return row && col;
}

std::optional<Contraction> MatchContraction(const Ref<tir::Stmt>& s, const std::unordered_set<const tir::Buffer*>& fresh) {
  Contraction c;
  Ref<tir::Stmt> cur = s;
  while (auto loop = tir::As<For>(cur)) {
    c.loops.push_back(loop.get());
    cur = loop->body;
  }
  auto blk = tir::As<Block>(cur);
  if (c.loops.empty() || !blk || blk->predicate || !blk->alloc_buffers.empty() || !blk->init) return std::nullopt;
  c.block = blk;
  if (!BoundToTheLoops(c)) return std::nullopt;
  auto init = tir::As<BufferStore>(blk->init);
  auto update = tir::As<BufferStore>(blk->body);
  if (!init || !update || init->buffer != update->buffer || !fresh.count(init->buffer.get())) return std::nullopt;
  c.acc = init->buffer;
  if (c.acc->dtype != DataType::kFloat64 || init->value->kind != PrimKind::kFloatImm || init->value->float_value != 0.0 ||
      std::signbit(init->value->float_value)) {
    return std::nullopt;  // the tile starts from +0.0
  }
  if (!IndexedBySpatialVars(init->indices, *blk) || !IndexedBySpatialVars(update->indices, *blk)) return std::nullopt;
  // Acc's extents are the domains: the accumulator's stores and loads stay in bounds.
  for (size_t a = 0; a < c.acc->ndim(); ++a) {
    if (!IndexInBounds(init->indices[a], c.acc->shape[a], *blk)) return std::nullopt;
  }
  const Ref<PrimExpr>& sum = update->value;
  if (sum->kind != PrimKind::kAdd || sum->operands[0]->kind != PrimKind::kBufferLoad) return std::nullopt;
  const Ref<PrimExpr>& old = sum->operands[0];
  if (old->buffer != c.acc || old->args.size() != update->indices.size()) return std::nullopt;
  for (size_t a = 0; a < old->args.size(); ++a) {
    if (old->args[a] != update->indices[a]) return std::nullopt;
  }
  c.product = sum->operands[1];
  if (!IsProductOfLoads(c.product) || !ValueCannotTrap(c.product, *blk)) return std::nullopt;
  bool reads_acc = false;
  tir::ForEachExpr(c.product, [&](const PrimExpr& x) { reads_acc |= x.kind == PrimKind::kBufferLoad && x.buffer == c.acc; });
  if (reads_acc || !PickAxes(c)) return std::nullopt;
  return c;
}

// ---- building the tiled nest ----

Ref<PrimExpr> Imm(int64_t v, DataType t) { return PrimExpr::Int(v, t); }
Ref<PrimExpr> Bin(PrimKind k, const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) { return PrimExpr::Binary(k, a, b); }

// a // c for a non-negative `a` and a positive constant `c`, folded when `a` is a constant.
Ref<PrimExpr> DivC(const Ref<PrimExpr>& a, int64_t c) {
  return a->is_int() ? Imm(a->int_value / c, a->dtype) : Bin(PrimKind::kFloorDiv, a, Imm(c, a->dtype));
}
Ref<PrimExpr> MulC(const Ref<PrimExpr>& a, int64_t c) {
  return a->is_int() ? Imm(a->int_value * c, a->dtype) : Bin(PrimKind::kMul, a, Imm(c, a->dtype));
}
Ref<PrimExpr> Sub(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  return a->is_int() && b->is_int() ? Imm(a->int_value - b->int_value, a->dtype) : Bin(PrimKind::kSub, a, b);
}

Ref<tir::Stmt> Loop(const Ref<PrimExpr>& var, const Ref<PrimExpr>& extent, ForKind kind, Ref<tir::Stmt> body) {
  return For::Make(var, Imm(0, var->dtype), extent, kind, std::move(body));
}

class TileBuilder {
 public:
  explicit TileBuilder(const Contraction& c) : c_(c), b_(*c.block) {}

  // The nest replacing the contraction: the tiles, then the rows below the last whole tile, then
  // the columns right of the last whole tile, each inside copies of the other spatial loops.
  Ref<tir::Stmt> Build() {
    const Ref<PrimExpr>& m = Extent(c_.row);
    const Ref<PrimExpr>& n = Extent(c_.col);
    const Ref<PrimExpr> m_tiled = MulC(DivC(m, kTileRows), kTileRows);
    const Ref<PrimExpr> n_tiled = MulC(DivC(n, kTileCols), kTileCols);
    std::vector<Ref<tir::Stmt>> parts = {Tiles()};
    if (!(m_tiled->is_int() && m->is_int() && m_tiled->int_value == m->int_value)) {
      parts.push_back(Remainder(m_tiled, Sub(m, m_tiled), Imm(0, n->dtype), n));
    }
    if (!(n_tiled->is_int() && n->is_int() && n_tiled->int_value == n->int_value)) {
      parts.push_back(Remainder(Imm(0, m->dtype), m_tiled, n_tiled, Sub(n, n_tiled)));
    }
    return parts.size() == 1 ? parts[0] : tir::SeqStmt::Make(std::move(parts));
  }

 private:
  const Ref<PrimExpr>& Extent(size_t v) const { return b_.iter_vars[v].dom.extent; }
  const Ref<PrimExpr>& Var(size_t v) const { return b_.iter_vars[v].var; }
  Ref<PrimExpr> Fresh(size_t v, const std::string& suffix) const {
    return PrimExpr::Var(Var(v)->name + suffix, Var(v)->dtype);
  }

  // The other spatial loops, in the nest's order, around `body`, their variables mapped in `sub`.
  Ref<tir::Stmt> OuterLoops(tir::Substituter& sub, const std::function<Ref<tir::Stmt>()>& body) const {
    std::vector<std::pair<const For*, Ref<PrimExpr>>> outer;
    for (const For* loop : c_.loops) {
      const size_t v = BlockVarOf(*loop);
      if (v == c_.row || v == c_.col || v == c_.red) continue;
      outer.push_back({loop, PrimExpr::Var(loop->var->name, loop->var->dtype)});
      sub.MapVar(Var(v).get(), outer.back().second);
    }
    Ref<tir::Stmt> s = body();
    for (size_t l = outer.size(); l-- > 0;) s = For::Make(outer[l].second, outer[l].first->min, outer[l].first->extent, outer[l].first->for_kind, s);
    return s;
  }

  size_t BlockVarOf(const For& loop) const {
    for (size_t v = 0; v < b_.iter_values.size(); ++v) {
      if (b_.iter_values[v] == loop.var) return v;
    }
    return 0;  // unreachable: BoundToTheLoops bound every loop
  }

  // for j0, k0, i0: one tile of accumulators, loaded (after the first panel of k), updated
  // along the panel, stored.
  Ref<tir::Stmt> Tiles() const {
    tir::Substituter sub;
    return OuterLoops(sub, [&] {
      const Ref<PrimExpr> j0 = Fresh(c_.col, "_tile"), k0 = Fresh(c_.red, "_panel"), i0 = Fresh(c_.row, "_tile");
      const Ref<PrimExpr> ii = Fresh(c_.row, "_in"), jj = Fresh(c_.col, "_in"), k = Fresh(c_.red, "_in");
      const DataType kt = k->dtype;
      Ref<tir::Buffer> tile = tir::Buffer::Make(c_.acc->name + "_tile", DataType::kFloat64,
                                                {Imm(kTileRows, DataType::kInt64), Imm(kTileCols, DataType::kInt64)});
      sub.MapVar(Var(c_.row).get(), Bin(PrimKind::kAdd, MulC(i0, kTileRows), ii));
      sub.MapVar(Var(c_.col).get(), Bin(PrimKind::kAdd, MulC(j0, kTileCols), jj));
      sub.MapVar(Var(c_.red).get(), Bin(PrimKind::kAdd, MulC(k0, kTileDepth), k));
      const std::vector<Ref<PrimExpr>> at = {ii, jj};
      std::vector<Ref<PrimExpr>> acc_index;
      for (const auto& e : tir::As<BufferStore>(b_.body)->indices) acc_index.push_back(sub.SubstExpr(e));
      auto over_tile = [&](Ref<tir::Stmt> s) {
        return Loop(ii, Imm(kTileRows, ii->dtype), ForKind::kUnrolled, Loop(jj, Imm(kTileCols, jj->dtype), ForKind::kUnrolled, s));
      };
      // A fresh loop variable per copy (tir.wf.var): the three tile walks rebuild ii and jj.
      auto walk = [&](const std::function<Ref<tir::Stmt>()>& body) {
        tir::Substituter copy;
        return copy.SubstStmt(over_tile(body()));
      };
      Ref<tir::Stmt> load = walk([&] { return BufferStore::Make(tile, PrimExpr::Load(c_.acc, acc_index), at); });
      Ref<tir::Stmt> update = walk([&] {
        return BufferStore::Make(tile, Bin(PrimKind::kAdd, PrimExpr::Load(tile, at), sub.SubstExpr(c_.product)), at);
      });
      Ref<tir::Stmt> store = walk([&] { return BufferStore::Make(c_.acc, PrimExpr::Load(tile, at), acc_index); });
      const Ref<PrimExpr>& depth = Extent(c_.red);
      // The panel's length: kTileDepth, or what is left of k in the last panel.
      Ref<PrimExpr> panel = Bin(PrimKind::kMin, Imm(kTileDepth, kt), Sub(depth, MulC(k0, kTileDepth)));
      Block blk(b_.span);
      blk.name = b_.name + "_tile";
      blk.alloc_buffers = {tile};
      blk.body = tir::SeqStmt::Make({tir::IfThenElse::Make(Bin(PrimKind::kGT, k0, Imm(0, kt)), load, nullptr),
                                     Loop(k, panel, ForKind::kSerial, update), store});
      // Panels: (depth - 1) // kTileDepth + 1, which is 0 for an empty reduction.
      Ref<PrimExpr> panels = depth->is_int() ? Imm(depth->int_value <= 0 ? 0 : (depth->int_value - 1) / kTileDepth + 1, kt)
                                             : Bin(PrimKind::kAdd, DivC(Sub(depth, Imm(1, kt)), kTileDepth), Imm(1, kt));
      Ref<tir::Stmt> s = Loop(i0, DivC(Extent(c_.row), kTileRows), ForKind::kSerial, Block::MakeFull(std::move(blk)));
      s = Loop(k0, panels, ForKind::kSerial, s);
      return Loop(j0, DivC(Extent(c_.col), kTileCols), ForKind::kSerial, s);
    });
  }

  // The original nest over rows [row_min, row_min + rows) and columns [col_min, col_min + cols):
  // its loops with those ranges, its block copied (with T.init, which runs at k = 0).
  Ref<tir::Stmt> Remainder(const Ref<PrimExpr>& row_min, const Ref<PrimExpr>& rows, const Ref<PrimExpr>& col_min,
                           const Ref<PrimExpr>& cols) const {
    tir::Substituter sub;
    std::vector<Ref<PrimExpr>> vars;
    for (const For* loop : c_.loops) {
      vars.push_back(PrimExpr::Var(loop->var->name, loop->var->dtype));
      sub.MapVar(loop->var.get(), vars.back());
    }
    // The block's row and column domains become the remainder's ranges: the loops cover them,
    // so no domain check runs per element (the values stay inside the old domains: no trap
    // either way).
    Ref<tir::Stmt> s = sub.SubstStmt(c_.block);
    tir::Block narrowed = static_cast<const Block&>(*s);
    narrowed.iter_vars[c_.row].dom = {row_min, rows};
    narrowed.iter_vars[c_.col].dom = {col_min, cols};
    s = Block::MakeFull(std::move(narrowed));
    for (size_t l = c_.loops.size(); l-- > 0;) {
      const For& loop = *c_.loops[l];
      const size_t v = BlockVarOf(loop);
      const bool row = v == c_.row, col = v == c_.col;
      s = For::Make(vars[l], row ? row_min : col ? col_min : loop.min, row ? rows : col ? cols : loop.extent, loop.for_kind, s);
    }
    return s;
  }

  const Contraction& c_;
  const Block& b_;
};

// The root allocations of `f` (fresh memory no parameter can share).
std::unordered_set<const tir::Buffer*> RootAllocations(const tir::PrimFunc& f) {
  std::unordered_set<const tir::Buffer*> fresh;
  if (auto root = tir::As<Block>(f.body); root && root->is_root()) {
    for (const auto& b : root->alloc_buffers) fresh.insert(b.get());
  }
  return fresh;
}

}  // namespace

Ref<tir::PrimFunc> TileMatmul(const Ref<tir::PrimFunc>& f) {
  auto root = tir::As<Block>(f->body);
  if (!root || !root->is_root()) return f;
  const auto fresh = RootAllocations(*f);
  std::vector<Ref<tir::Stmt>> stages;
  if (auto seq = tir::As<tir::SeqStmt>(root->body)) {
    stages = seq->seq;
  } else {
    stages = {root->body};
  }
  bool changed = false;
  for (Ref<tir::Stmt>& s : stages) {
    std::optional<Contraction> c = MatchContraction(s, fresh);
    if (!c) continue;
    // Too small for one whole tile: left as it is.
    const Ref<PrimExpr>& m = c->block->iter_vars[c->row].dom.extent;
    const Ref<PrimExpr>& n = c->block->iter_vars[c->col].dom.extent;
    if ((m->is_int() && m->int_value < kTileRows) || (n->is_int() && n->int_value < kTileCols)) continue;
    s = TileBuilder(*c).Build();
    changed = true;
  }
  if (!changed) return f;
  Block copy = *root;
  copy.body = stages.size() == 1 ? stages[0] : tir::SeqStmt::Make(std::move(stages));
  return tir::PrimFunc::Make(f->params, Block::MakeFull(std::move(copy)), f->attrs, f->span);
}

Ref<IRModule> TileMatmul(const Ref<IRModule>& m) {
  return MapPrimFuncs(m, [](const Ref<tir::PrimFunc>& f) { return TileMatmul(f); });
}

}  // namespace rlx::compiler
