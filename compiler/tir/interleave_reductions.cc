// interleave-reductions (pass.interleave-reductions): the CPU schedule rule for row reductions —
// sum, mean, variance, max, the reductions of softmax and layer_norm. Each element of a reduction
// adds its values one after the other in float64 (eval.num.reduce), a chain as slow as the adder's
// latency; computing 8 elements together, one step of each in turn (TVM's unroll-and-jam), gives
// the core 8 independent chains, while each element still adds its own values in their order.
#include "compiler/tir/interleave_reductions.h"

#include "compiler/tir/map_prim_funcs.h"
#include "compiler/tir/reduction_nest.h"

namespace rlx::compiler {
namespace {

using tir::For;
using tir::ForKind;

constexpr int64_t kInterleavedRows = 8;

// The nest position of the loop whose elements are interleaved: the last spatial loop, when
// every loop after it is a reduce loop (at least one); -1 otherwise (a reduction whose inner
// loops are spatial — matmul's i, k, j — already runs independent elements innermost).
int InterleavedLoop(const ReductionNest& n) {
  int last = -1;
  for (size_t l = 0; l < n.loops.size(); ++l) {
    if (!n.IsReduce(n.VarOf(*n.loops[l]))) last = static_cast<int>(l);
  }
  return last >= 0 && last + 1 < static_cast<int>(n.loops.size()) ? last : -1;
}

// Integer arithmetic of constants and variables without division: evaluating it again cannot trap.
bool PlainArithmetic(const PrimExpr& e) {
  switch (e.kind) {
    case PrimKind::kIntImm:
    case PrimKind::kVar: return true;
    case PrimKind::kAdd:
    case PrimKind::kSub:
    case PrimKind::kMul:
    case PrimKind::kMin:
    case PrimKind::kMax: return PlainArithmetic(*e.operands[0]) && PlainArithmetic(*e.operands[1]);
    default: return false;
  }
}

// The block's variables replaced, and every load of the accumulator (which the update reads only
// at its own element) replaced by the row's scratch accumulator.
class ToRowAccumulator : public tir::Substituter {
 public:
  ToRowAccumulator(const tir::Buffer* acc, Ref<tir::Buffer> rows, Ref<PrimExpr> row)
      : acc_(acc), rows_(std::move(rows)), row_(std::move(row)) {}

 protected:
  Ref<PrimExpr> SubstLoad(const Ref<PrimExpr>& load) override {
    return load->buffer.get() == acc_ ? PrimExpr::Load(rows_, {row_}) : nullptr;
  }

 private:
  const tir::Buffer* acc_;
  Ref<tir::Buffer> rows_;
  Ref<PrimExpr> row_;
};

class Interleaver {
 public:
  Interleaver(const ReductionNest& n, int l) : n_(n), l_(l), s_(n.VarOf(*n.loops[l])) {}

  // The rows in groups of kInterleavedRows, then the rows left over by the original nest.
  Ref<tir::Stmt> Build() {
    const Ref<PrimExpr>& rows = n_.Extent(s_);
    const Ref<PrimExpr> done = TimesConstant(FloorDivBy(rows, kInterleavedRows), kInterleavedRows);
    Ref<tir::Stmt> groups = Groups();
    if (done->is_int() && rows->is_int() && done->int_value == rows->int_value) return groups;
    return tir::SeqStmt::Make({groups, RestrictedNest(n_, {{s_, {done, Minus(rows, done)}}})});
  }

 private:
  // For each group of rows, a block with the rows' accumulators in a scratch buffer (so they stay
  // in registers): the inits, the updates (the reduce loops in their order, one step of every row
  // per iteration), the accumulators stored; inits and stores only where the reduction has an
  // iteration, as T.init runs and the block stores only then (tir.eval.block).
  Ref<tir::Stmt> Groups() {
    const Ref<PrimExpr> group = n_.FreshVar(s_, "_rows"), row = n_.FreshVar(s_, "_row");
    const Ref<PrimExpr> element = PrimExpr::Binary(PrimKind::kAdd, TimesConstant(group, kInterleavedRows), row);
    Ref<tir::Buffer> rows = tir::Buffer::Make(n_.acc->name + "_rows", n_.acc->dtype, {PrimExpr::Int(kInterleavedRows)});
    ToRowAccumulator at_init(n_.acc.get(), rows, row), at_update(n_.acc.get(), rows, row);
    tir::Substituter at_store;
    std::vector<LoopCopy> outer, reduce;
    for (size_t l = 0; l < n_.loops.size(); ++l) {
      const For* loop = n_.loops[l];
      const size_t v = n_.VarOf(*loop);
      if (static_cast<int>(l) == l_) continue;
      Ref<PrimExpr> var = PrimExpr::Var(loop->var->name, loop->var->dtype);
      (static_cast<int>(l) < l_ ? outer : reduce).push_back({loop, var});
      at_update.MapVar(n_.Var(v).get(), var);
      // The init runs where every reduce variable is at its domain's start, 0.
      at_init.MapVar(n_.Var(v).get(), n_.IsReduce(v) ? PrimExpr::Int(0, var->dtype) : var);
      if (!n_.IsReduce(v)) at_store.MapVar(n_.Var(v).get(), var);
    }
    for (tir::Substituter* sub : {static_cast<tir::Substituter*>(&at_init), static_cast<tir::Substituter*>(&at_update), &at_store}) {
      sub->MapVar(n_.Var(s_).get(), element);
    }
    auto each_row = [&](Ref<tir::Stmt> body) {
      return WithFreshVariables(LoopFromZero(row, PrimExpr::Int(kInterleavedRows, row->dtype), ForKind::kUnrolled, body));
    };
    Ref<tir::Stmt> init = each_row(tir::BufferStore::Make(rows, at_init.SubstExpr(n_.init->value), {row}));
    std::vector<Ref<PrimExpr>> acc_index;
    for (const auto& i : n_.update->indices) acc_index.push_back(at_store.SubstExpr(i));
    Ref<tir::Stmt> store = each_row(tir::BufferStore::Make(n_.acc, PrimExpr::Load(rows, {row}), acc_index));
    Ref<PrimExpr> nonempty;
    for (const auto& [loop, var] : reduce) {
      if (loop->extent->is_int() && loop->extent->int_value > 0) continue;
      Ref<PrimExpr> positive = PrimExpr::Binary(PrimKind::kGT, loop->extent, PrimExpr::Int(0, loop->extent->dtype));
      nonempty = nonempty ? PrimExpr::Binary(PrimKind::kAnd, nonempty, positive) : positive;
    }
    if (nonempty) {
      init = tir::IfThenElse::Make(nonempty, init, nullptr);
      store = tir::IfThenElse::Make(nonempty, store, nullptr);
    }
    Ref<tir::Stmt> updates = InsideLoopCopies(
        reduce, each_row(tir::BufferStore::Make(rows, at_update.SubstExpr(n_.update->value), {row})), ForKind::kSerial);
    tir::Block blk(n_.block->span);
    blk.name = n_.block->name + "_rows";
    blk.alloc_buffers = {rows};
    blk.body = tir::SeqStmt::Make({init, updates, store});
    const For& rows_loop = *n_.loops[l_];
    return InsideLoopCopies(outer, LoopFromZero(group, FloorDivBy(n_.Extent(s_), kInterleavedRows), rows_loop.for_kind,
                                                tir::Block::MakeFull(std::move(blk))));
  }

  const ReductionNest& n_;
  const int l_;
  const size_t s_;
};

}  // namespace

Ref<tir::PrimFunc> InterleaveReductions(const Ref<tir::PrimFunc>& f) {
  const auto fresh = RootAllocations(*f);
  return RewriteRootStatements(f, [&](const Ref<tir::Stmt>& s) -> Ref<tir::Stmt> {
    std::optional<ReductionNest> n = MatchReductionNest(s, fresh);
    if (!n) return nullptr;
    const int l = InterleavedLoop(*n);
    if (l < 0) return nullptr;
    const Ref<PrimExpr>& rows = n->Extent(n->VarOf(*n->loops[l]));
    if (rows->is_int() && rows->int_value < kInterleavedRows) return nullptr;  // not one whole group
    for (const For* loop : n->loops) {
      if (n->IsReduce(n->VarOf(*loop)) && !PlainArithmetic(*loop->extent)) return nullptr;  // the init's guard reads it
    }
    return Interleaver(*n, l).Build();
  });
}

Ref<IRModule> InterleaveReductions(const Ref<IRModule>& m) {
  return MapPrimFuncs(m, [](const Ref<tir::PrimFunc>& f) { return InterleaveReductions(f); });
}

}  // namespace rlx::compiler
