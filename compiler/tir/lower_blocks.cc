// lower-blocks (pass.lower-blocks). A block's meaning (tir.eval.block) written with the other
// statements: iteration variables become lets (the same variable nodes, so the body is
// unchanged), domain checks asserts with the block's trap code, the predicate an `if`, the
// allocations declarations, the init an `if` on the first reduce iteration. Code generation
// emitted blocks this way already; after the pass no later step needs to know blocks.
#include "compiler/tir/lower_blocks.h"

#include <unordered_map>

#include "compiler/tir/map_prim_funcs.h"
#include "ir/base/check.h"
#include "ir/tir/map_children.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::Block;
using tir::For;
using tir::IterVar;
using tir::Stmt;

Ref<PrimExpr> BlockBin(PrimKind k, Ref<PrimExpr> a, Ref<PrimExpr> b) { return PrimExpr::Binary(k, std::move(a), std::move(b)); }

// `e` in `dtype` (an integer constant folded; every integer fits int64 but uint64's upper half,
// which wraps as the interpreter's and the code generator's int64 view of it does).
Ref<PrimExpr> InDType(DataType dtype, const Ref<PrimExpr>& e) {
  if (e->dtype == dtype) return e;
  if (e->kind == PrimKind::kIntImm && dtype == DataType::kInt64) return PrimExpr::Int(e->int_value, dtype, e->span);
  return PrimExpr::Cast(dtype, e);
}

// Whether `e` is a variable or a constant: evaluating it twice costs nothing and cannot trap.
bool TrivialValue(const Ref<PrimExpr>& e) { return e->is_var() || e->kind == PrimKind::kIntImm; }

// lo <= v < lo + n without a wrap: v - lo is computed in int64, and a difference that wraps is
// negative, so `0 <= v - lo` rejects it (the true difference is then beyond any extent).
// Compared in the operands' dtype when they have one, else in int64.
Ref<PrimExpr> InsideDomain(const Ref<PrimExpr>& v, const tir::Range& dom) {
  const bool one_dtype = v->dtype == dom.min->dtype && v->dtype == dom.extent->dtype;
  const DataType dtype = one_dtype ? v->dtype : DataType::kInt64;
  Ref<PrimExpr> x = InDType(dtype, v), lo = InDType(dtype, dom.min), n = InDType(dtype, dom.extent);
  if (lo->kind == PrimKind::kIntImm && lo->int_value == 0) {
    return BlockBin(PrimKind::kAnd, BlockBin(PrimKind::kLE, lo, x), BlockBin(PrimKind::kLT, x, n));
  }
  Ref<PrimExpr> diff = BlockBin(PrimKind::kSub, x, lo);
  Ref<PrimExpr> zero = PrimExpr::Int(0, dtype);
  return BlockBin(PrimKind::kAnd, BlockBin(PrimKind::kAnd, BlockBin(PrimKind::kLE, lo, x), BlockBin(PrimKind::kLE, zero, diff)),
             BlockBin(PrimKind::kLT, diff, n));
}

class BlockLowering {
 public:
  Ref<Stmt> Lower(const Ref<Stmt>& s) {
    if (s->kind == tir::StmtKind::kFor) {
      const auto& loop = static_cast<const For&>(*s);
      // A loop whose bounds read no buffer denotes the same range wherever it is written again.
      const bool plain = !tir::ReadsBufferOrUses(loop.min, {}) && !tir::ReadsBufferOrUses(loop.extent, {});
      if (plain) loops_[loop.var.get()] = &loop;
      Ref<Stmt> out = tir::MapChildren(s, [&](const Ref<Stmt>& c) { return Lower(c); });
      loops_.erase(loop.var.get());
      return out;
    }
    Ref<Stmt> out = tir::MapChildren(s, [&](const Ref<Stmt>& c) { return Lower(c); });
    if (out->kind != tir::StmtKind::kBlock) return out;
    const auto& blk = static_cast<const Block&>(*out);
    return blk.is_root() ? out : LowerBlock(blk);
  }

 private:
  // Whether `value` cannot leave `dom`: an enclosing loop's variable over that very range, or a
  // constant inside a constant domain.
  bool KeptInside(const Ref<PrimExpr>& value, const tir::Range& dom) const {
    if (value->kind == PrimKind::kIntImm) {
      return dom.min->is_int() && dom.extent->is_int() && value->int_value >= dom.min->int_value &&
             static_cast<__int128>(value->int_value) - dom.min->int_value < dom.extent->int_value;
    }
    auto loop = loops_.find(value.get());
    // The same terms (variables by identity: StructuralEqual would match n with m).
    return loop != loops_.end() && SameTerm(loop->second->min, dom.min) && SameTerm(loop->second->extent, dom.extent);
  }

  // T.init's condition: every reduce variable at its domain's minimum; null when it has none.
  static Ref<PrimExpr> FirstReduceIteration(const Block& blk) {
    Ref<PrimExpr> first;
    for (const IterVar& iv : blk.iter_vars) {
      if (iv.kind != tir::IterKind::kReduce) continue;
      const DataType dtype = iv.var->dtype == iv.dom.min->dtype ? iv.var->dtype : DataType::kInt64;
      Ref<PrimExpr> at_min = BlockBin(PrimKind::kEQ, InDType(dtype, iv.var), InDType(dtype, iv.dom.min));
      first = first ? BlockBin(PrimKind::kAnd, first, at_min) : at_min;
    }
    return first;
  }

  // The variable bound to its value, checked unless it cannot leave its domain, around `rest`.
  Ref<Stmt> BindIter(const Block& blk, const IterVar& iv, const Ref<PrimExpr>& value, Ref<Stmt> rest) const {
    const Span span = blk.span;
    const std::string message = "E3007: block '" + blk.name + "': iteration variable '" + iv.var->name +
                                "' is outside its domain";
    const bool same_dtype = value->dtype == iv.var->dtype;
    if (KeptInside(value, iv.dom)) {
      return tir::LetStmt::Make(iv.var, same_dtype ? value : PrimExpr::Cast(iv.var->dtype, value), rest, span);
    }
    if (same_dtype) {  // bind, then check the variable: the value is evaluated once
      Ref<Stmt> check = tir::AssertStmt::Make(InsideDomain(iv.var, iv.dom), message, span);
      return tir::LetStmt::Make(iv.var, value, tir::SeqStmt::Make({check, rest}, span), span);
    }
    // Another dtype: the check sees the value before the conversion.
    Ref<PrimExpr> v = TrivialValue(value) ? value : PrimExpr::Var(iv.var->name + "_value", value->dtype);
    Ref<Stmt> bind = tir::LetStmt::Make(iv.var, PrimExpr::Cast(iv.var->dtype, v), rest, span);
    Ref<Stmt> checked = tir::SeqStmt::Make({tir::AssertStmt::Make(InsideDomain(v, iv.dom), message, span), bind}, span);
    return v == value ? checked : tir::LetStmt::Make(v, value, checked, span);
  }

  Ref<Stmt> LowerBlock(const Block& blk) const {
    RLX_CHECK(blk.iter_values.size() == blk.iter_vars.size()) << "block '" << blk.name << "' with unbound variables";
    Ref<Stmt> rest = blk.body;
    if (blk.init) {
      Ref<PrimExpr> first = FirstReduceIteration(blk);
      Ref<Stmt> init = first ? tir::IfThenElse::Make(first, blk.init, nullptr, blk.span) : blk.init;
      rest = tir::SeqStmt::Make({init, rest}, blk.span);
    }
    for (size_t i = blk.alloc_buffers.size(); i-- > 0;) rest = tir::DeclBuffer::Make(blk.alloc_buffers[i], rest, blk.span);
    if (blk.predicate) rest = tir::IfThenElse::Make(blk.predicate, rest, nullptr, blk.span);
    for (size_t i = blk.iter_vars.size(); i-- > 0;) rest = BindIter(blk, blk.iter_vars[i], blk.iter_values[i], rest);
    return rest;
  }

  std::unordered_map<const PrimExpr*, const For*> loops_;
};

}  // namespace

Ref<IRModule> LowerBlocks(const Ref<IRModule>& m) {
  return MapPrimFuncBodies(m, [](const tir::PrimFunc& f) { return BlockLowering().Lower(f.body); });
}

}  // namespace rlx::compiler
