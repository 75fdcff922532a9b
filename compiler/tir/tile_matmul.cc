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

#include "compiler/tir/reduction_nest.h"
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

// A reduction nest (reduction_nest.h) the rule applies to: one reduce variable k, init
// Acc[s...] = +0.0 into a float64 Acc, update Acc[s...] = Acc[s...] + X' * Y'.
struct Contraction {
  ReductionNest nest;
  size_t row = 0, col = 0, red = 0;  // block variable positions of i (X only), j (Y only) and k
  Ref<PrimExpr> product;
};

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

// Picks k (the one reduce variable), i (the last spatial variable only X indexes with) and j
// (the last only Y does).
bool PickAxes(Contraction& c) {
  const Block& b = *c.nest.block;
  const auto in_x = BlockVarsUsed(c.product->operands[0], b);
  const auto in_y = BlockVarsUsed(c.product->operands[1], b);
  bool row = false, col = false;
  int reduce = 0;
  for (size_t v = 0; v < b.iter_vars.size(); ++v) {
    if (c.nest.IsReduce(v)) {
      c.red = v;
      ++reduce;
    } else if (in_x.count(v) && !in_y.count(v)) {
      c.row = v;
      row = true;
    } else if (in_y.count(v) && !in_x.count(v)) {
      c.col = v;
      col = true;
    }
  }
  return row && col && reduce == 1;
}

std::optional<Contraction> MatchContraction(const Ref<tir::Stmt>& s, const std::unordered_set<const tir::Buffer*>& fresh) {
  std::optional<ReductionNest> nest = MatchReductionNest(s, fresh);
  if (!nest) return std::nullopt;
  Contraction c{*nest, 0, 0, 0, nullptr};
  const Ref<PrimExpr>& zero = nest->init->value;
  if (nest->acc->dtype != DataType::kFloat64 || zero->kind != PrimKind::kFloatImm || zero->float_value != 0.0 ||
      std::signbit(zero->float_value)) {
    return std::nullopt;  // the tile starts from +0.0
  }
  const Ref<PrimExpr>& sum = nest->update->value;
  if (sum->kind != PrimKind::kAdd || sum->operands[0]->kind != PrimKind::kBufferLoad || sum->operands[0]->buffer != nest->acc) {
    return std::nullopt;
  }
  c.product = sum->operands[1];
  bool reads_acc = false;
  tir::ForEachExpr(c.product, [&](const PrimExpr& x) { reads_acc |= x.kind == PrimKind::kBufferLoad && x.buffer == nest->acc; });
  if (reads_acc || !IsProductOfLoads(c.product) || !PickAxes(c)) return std::nullopt;
  return c;
}

// ---- building the tiled nest ----

Ref<PrimExpr> Imm(int64_t v, DataType t) { return PrimExpr::Int(v, t); }
Ref<PrimExpr> Bin(PrimKind k, const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) { return PrimExpr::Binary(k, a, b); }

class TileBuilder {
 public:
  explicit TileBuilder(const Contraction& c) : c_(c), b_(*c.nest.block) {}

  // The nest replacing the contraction: the tiles, then the rows below the last whole tile, then
  // the columns right of the last whole tile, each inside copies of the other spatial loops.
  Ref<tir::Stmt> Build() {
    const Ref<PrimExpr>& m = Extent(c_.row);
    const Ref<PrimExpr>& n = Extent(c_.col);
    const Ref<PrimExpr> m_tiled = TimesConstant(FloorDivBy(m, kTileRows), kTileRows);
    const Ref<PrimExpr> n_tiled = TimesConstant(FloorDivBy(n, kTileCols), kTileCols);
    std::vector<Ref<tir::Stmt>> parts = {Tiles()};
    if (!(m_tiled->is_int() && m->is_int() && m_tiled->int_value == m->int_value)) {
      parts.push_back(Remainder(m_tiled, Minus(m, m_tiled), Imm(0, n->dtype), n));
    }
    if (!(n_tiled->is_int() && n->is_int() && n_tiled->int_value == n->int_value)) {
      parts.push_back(Remainder(Imm(0, m->dtype), m_tiled, n_tiled, Minus(n, n_tiled)));
    }
    return parts.size() == 1 ? parts[0] : tir::SeqStmt::Make(std::move(parts));
  }

 private:
  const Ref<PrimExpr>& Extent(size_t v) const { return c_.nest.Extent(v); }
  const Ref<PrimExpr>& Var(size_t v) const { return c_.nest.Var(v); }
  Ref<PrimExpr> Fresh(size_t v, const std::string& suffix) const { return c_.nest.FreshVar(v, suffix); }

  // The other spatial loops, in the nest's order, around `body`, their variables mapped in `sub`.
  Ref<tir::Stmt> OuterLoops(tir::Substituter& sub, const std::function<Ref<tir::Stmt>()>& body) const {
    std::vector<LoopCopy> outer;
    for (const For* loop : c_.nest.loops) {
      const size_t v = c_.nest.VarOf(*loop);
      if (v == c_.row || v == c_.col || v == c_.red) continue;
      outer.push_back({loop, PrimExpr::Var(loop->var->name, loop->var->dtype)});
      sub.MapVar(Var(v).get(), outer.back().second);
    }
    return InsideLoopCopies(outer, body());
  }

  // for j0, k0, i0: one tile of accumulators, loaded (after the first panel of k), updated
  // along the panel, stored.
  Ref<tir::Stmt> Tiles() const {
    tir::Substituter sub;
    return OuterLoops(sub, [&] {
      const Ref<PrimExpr> j0 = Fresh(c_.col, "_tile"), k0 = Fresh(c_.red, "_panel"), i0 = Fresh(c_.row, "_tile");
      const Ref<PrimExpr> ii = Fresh(c_.row, "_in"), jj = Fresh(c_.col, "_in"), k = Fresh(c_.red, "_in");
      const DataType kt = k->dtype;
      Ref<tir::Buffer> tile = tir::Buffer::Make(c_.nest.acc->name + "_tile", DataType::kFloat64,
                                                {Imm(kTileRows, DataType::kInt64), Imm(kTileCols, DataType::kInt64)});
      sub.MapVar(Var(c_.row).get(), Bin(PrimKind::kAdd, TimesConstant(i0, kTileRows), ii));
      sub.MapVar(Var(c_.col).get(), Bin(PrimKind::kAdd, TimesConstant(j0, kTileCols), jj));
      sub.MapVar(Var(c_.red).get(), Bin(PrimKind::kAdd, TimesConstant(k0, kTileDepth), k));
      const std::vector<Ref<PrimExpr>> at = {ii, jj};
      std::vector<Ref<PrimExpr>> acc_index;
      for (const auto& e : c_.nest.update->indices) acc_index.push_back(sub.SubstExpr(e));
      auto over_tile = [&](Ref<tir::Stmt> s) {
        return LoopFromZero(ii, Imm(kTileRows, ii->dtype), ForKind::kUnrolled, LoopFromZero(jj, Imm(kTileCols, jj->dtype), ForKind::kUnrolled, s));
      };
      // A fresh loop variable per copy (tir.wf.var): the three tile walks rebuild ii and jj.
      auto walk = [&](const std::function<Ref<tir::Stmt>()>& body) { return WithFreshVariables(over_tile(body())); };
      Ref<tir::Stmt> load = walk([&] { return BufferStore::Make(tile, PrimExpr::Load(c_.nest.acc, acc_index), at); });
      Ref<tir::Stmt> update = walk([&] {
        return BufferStore::Make(tile, Bin(PrimKind::kAdd, PrimExpr::Load(tile, at), sub.SubstExpr(c_.product)), at);
      });
      Ref<tir::Stmt> store = walk([&] { return BufferStore::Make(c_.nest.acc, PrimExpr::Load(tile, at), acc_index); });
      const Ref<PrimExpr>& depth = Extent(c_.red);
      // The panel's length: kTileDepth, or what is left of k in the last panel.
      Ref<PrimExpr> panel = Bin(PrimKind::kMin, Imm(kTileDepth, kt), Minus(depth, TimesConstant(k0, kTileDepth)));
      Block blk(b_.span);
      blk.name = b_.name + "_tile";
      blk.alloc_buffers = {tile};
      blk.body = tir::SeqStmt::Make({tir::IfThenElse::Make(Bin(PrimKind::kGT, k0, Imm(0, kt)), load, nullptr),
                                     LoopFromZero(k, panel, ForKind::kSerial, update), store});
      // Panels: (depth - 1) // kTileDepth + 1, which is 0 for an empty reduction.
      Ref<PrimExpr> panels = depth->is_int() ? Imm(depth->int_value <= 0 ? 0 : (depth->int_value - 1) / kTileDepth + 1, kt)
                                             : Bin(PrimKind::kAdd, FloorDivBy(Minus(depth, Imm(1, kt)), kTileDepth), Imm(1, kt));
      Ref<tir::Stmt> s = LoopFromZero(i0, FloorDivBy(Extent(c_.row), kTileRows), ForKind::kSerial, Block::MakeFull(std::move(blk)));
      s = LoopFromZero(k0, panels, ForKind::kSerial, s);
      return LoopFromZero(j0, FloorDivBy(Extent(c_.col), kTileCols), ForKind::kSerial, s);
    });
  }

  // The original nest over rows [row_min, row_min + rows) and columns [col_min, col_min + cols).
  Ref<tir::Stmt> Remainder(const Ref<PrimExpr>& row_min, const Ref<PrimExpr>& rows, const Ref<PrimExpr>& col_min,
                           const Ref<PrimExpr>& cols) const {
    return RestrictedNest(c_.nest, {{c_.row, {row_min, rows}}, {c_.col, {col_min, cols}}});
  }

  const Contraction& c_;
  const Block& b_;
};

}  // namespace

Ref<tir::PrimFunc> TileMatmul(const Ref<tir::PrimFunc>& f) {
  const auto fresh = RootAllocations(*f);
  return RewriteRootStatements(f, [&](const Ref<tir::Stmt>& s) -> Ref<tir::Stmt> {
    std::optional<Contraction> c = MatchContraction(s, fresh);
    if (!c) return nullptr;
    // Too small for one whole tile: left as it is.
    const Ref<PrimExpr>& m = c->nest.Extent(c->row);
    const Ref<PrimExpr>& n = c->nest.Extent(c->col);
    if ((m->is_int() && m->int_value < kTileRows) || (n->is_int() && n->int_value < kTileCols)) return nullptr;
    return TileBuilder(*c).Build();
  });
}

Ref<IRModule> TileMatmul(const Ref<IRModule>& m) {
  return MapPrimFuncs(m, [](const Ref<tir::PrimFunc>& f) { return TileMatmul(f); });
}

}  // namespace rlx::compiler
