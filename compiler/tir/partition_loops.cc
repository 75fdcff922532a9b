// partition-loops (pass.partition-loops). The three loops run the original iterations in their
// order, each with its own copy of the body; in the middle one every partitioned conjunct is true
// (its bound holds for all values the other variables can take, by interval arithmetic), so
// replacing it by true changes no value, and a conjunct cannot trap, so not evaluating it changes
// no trap. The iterations counted (tir.eval.work) are the same: E in all.
#include "compiler/tir/partition_loops.h"

#include <algorithm>
#include <functional>
#include <unordered_set>

#include "compiler/tir/cannot_trap.h"
#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/int_ranges.h"
#include "ir/tir/map_children.h"
#include "ir/tir/substitute.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::For;
using tir::Interval;
using tir::Stmt;
using tir::StmtKind;

// The middle copy: the loop's variable renamed, the partitioned conjuncts true.
class Interior : public tir::Substituter {
 public:
  explicit Interior(const std::unordered_set<const PrimExpr*>& decided) : decided_(decided) {}

 protected:
  Ref<PrimExpr> Replace(const Ref<PrimExpr>& e) override {
    if (decided_.count(e.get())) return PrimExpr::Int(1, DataType::kBool, e->span);
    if (e->kind != PrimKind::kAnd) return nullptr;
    const bool left = decided_.count(e->operands[0].get()) > 0, right = decided_.count(e->operands[1].get()) > 0;
    if (left && right) return PrimExpr::Int(1, DataType::kBool, e->span);
    if (left || right) return SubstExpr(e->operands[left ? 1 : 0]);  // true and x: x
    return nullptr;
  }

 private:
  const std::unordered_set<const PrimExpr*>& decided_;
};

class Partitioner {
 public:
  Ref<Stmt> Rewrite(const Ref<Stmt>& s) {
    if (auto loop = tir::As<For>(s)) {
      if (loop->min->is_int() && loop->extent->is_int() && loop->extent->int_value > 0) {
        ranges_.SetLoop(loop->var.get(), loop->min->int_value, loop->extent->int_value);
      }
    }
    if (auto let = tir::As<tir::LetStmt>(s)) {
      if (auto r = ranges_.RangeOf(*let->value); r && IsInteger(let->var->dtype)) ranges_.Set(let->var.get(), *r);
    }
    Ref<Stmt> out = tir::MapChildren(s, [&](const Ref<Stmt>& c) { return Rewrite(c); });
    auto loop = tir::As<For>(out);
    return loop ? Partition(loop) : out;
  }

 private:
  // The lets of the loop's variable (its aliases), and the variables the body defines whose
  // values change from one iteration to the next (a let of loop-invariant values is invariant).
  void ScanBody(const For& loop) {
    aliases_ = {loop.var.get()};
    inner_.clear();
    tir::ForEachStmt(loop.body, [&](const Stmt& s) {
      if (s.kind != StmtKind::kLetStmt) return;
      const auto& let = static_cast<const tir::LetStmt&>(s);
      if (aliases_.count(let.value.get()) && let.value->dtype == let.var->dtype) {
        aliases_.insert(let.var.get());
      } else if (!Invariant(let.value)) {
        inner_.insert(let.var.get());
      }
    });
  }

  // Whether `e` has one value in every iteration: no alias, no varying variable, no load.
  bool Invariant(const Ref<PrimExpr>& e) const {
    bool ok = true;
    tir::ForEachExpr(e, [&](const PrimExpr& x) {
      ok &= x.kind != PrimKind::kBufferLoad && !(x.is_var() && (aliases_.count(&x) || inner_.count(&x)));
    });
    return ok;
  }

  // a when e is v + a (v an alias, a invariant, possibly absent: null for 0); false otherwise.
  bool OffsetOf(const Ref<PrimExpr>& e, Ref<PrimExpr>* a) const {
    if (e->is_var() && aliases_.count(e.get())) {
      *a = nullptr;
      return true;
    }
    if (e->kind != PrimKind::kAdd && e->kind != PrimKind::kSub) return false;
    const Ref<PrimExpr>& p = e->operands[0];
    const Ref<PrimExpr>& q = e->operands[1];
    Ref<PrimExpr> inner;
    auto join = [&](const Ref<PrimExpr>& rest, PrimKind k) {
      *a = inner ? PrimExpr::Binary(k, inner, rest) : (k == PrimKind::kAdd ? rest : PrimExpr::Binary(k, PrimExpr::Int(0, rest->dtype), rest));
      return true;
    };
    if (Invariant(q) && OffsetOf(p, &inner)) return join(q, e->kind);
    if (e->kind == PrimKind::kAdd && Invariant(p) && OffsetOf(q, &inner)) return join(p, PrimKind::kAdd);
    return false;
  }

  // The range of v where a conjunct holds whatever the invariant variables are: [lo, hi]
  // (mathematical integers); nullopt when the conjunct is not such a bound.
  std::optional<Interval> Holds(const Ref<PrimExpr>& c, const Interval& v_range) const {
    const PrimKind k = c->kind;
    if (k != PrimKind::kLT && k != PrimKind::kLE && k != PrimKind::kGT && k != PrimKind::kGE) return std::nullopt;
    if (!CannotTrapWhere(c, [](const auto&, const auto&) { return false; })) return std::nullopt;
    if (!ranges_.RangeOf(*c->operands[0]) || !ranges_.RangeOf(*c->operands[1])) return std::nullopt;  // may wrap
    Ref<PrimExpr> a;
    Ref<PrimExpr> b;
    bool v_left = true;
    if (OffsetOf(c->operands[0], &a) && Invariant(c->operands[1])) {
      b = c->operands[1];
    } else if (OffsetOf(c->operands[1], &a) && Invariant(c->operands[0])) {
      b = c->operands[0];
      v_left = false;
    } else {
      return std::nullopt;
    }
    // v + a OP b  <=>  v OP b - a, over the mathematical integers (neither side wraps).
    const Interval zero{0, 0};
    auto ra = a ? ranges_.RangeOf(*a) : std::optional<Interval>(zero);
    auto rb = ranges_.RangeOf(*b);
    if (!ra || !rb) return std::nullopt;
    const __int128 lo_d = rb->lo - ra->hi, hi_d = rb->hi - ra->lo;  // the range of d = b - a
    PrimKind op = k;
    if (!v_left) op = k == PrimKind::kLT ? PrimKind::kGT : k == PrimKind::kLE ? PrimKind::kGE : k == PrimKind::kGT ? PrimKind::kLT : PrimKind::kLE;
    switch (op) {
      case PrimKind::kGE: return Interval{std::max(v_range.lo, hi_d), v_range.hi};          // v >= d for every d
      case PrimKind::kGT: return Interval{std::max(v_range.lo, hi_d + 1), v_range.hi};
      case PrimKind::kLT: return Interval{v_range.lo, std::min(v_range.hi, lo_d - 1)};      // v < d for every d
      default: return Interval{v_range.lo, std::min(v_range.hi, lo_d)};                    // kLE
    }
  }

  // The conditions the body tests (of ifs, T.if_then_else and T.Select).
  static std::vector<Ref<PrimExpr>> Conditions(const For& loop) {
    std::vector<Ref<PrimExpr>> conds;
    tir::ForEachStmt(loop.body, [&](const Stmt& s) {
      if (s.kind == StmtKind::kIfThenElse) conds.push_back(static_cast<const tir::IfThenElse&>(s).cond);
      tir::ForEachExprOf(s, [&](const PrimExpr& e) {
        if (e.kind == PrimKind::kCall && e.intrinsic == tir::Intrinsic::kIfThenElse) conds.push_back(e.args[0]);
        if (e.kind == PrimKind::kSelect) conds.push_back(e.operands[0]);
      });
    });
    return conds;
  }

  // The conditions split into conjuncts.
  static std::vector<Ref<PrimExpr>> Conjuncts(const For& loop) {
    std::vector<Ref<PrimExpr>> out;
    std::function<void(const Ref<PrimExpr>&)> split = [&](const Ref<PrimExpr>& c) {
      if (c->kind == PrimKind::kAnd) {
        split(c->operands[0]);
        split(c->operands[1]);
      } else {
        out.push_back(c);
      }
    };
    for (const auto& c : Conditions(loop)) split(c);
    return out;
  }

  Ref<Stmt> Copy(const For& loop, tir::Substituter& sub, int64_t lo, int64_t hi) const {
    Ref<PrimExpr> v = PrimExpr::Var(loop.var->name, loop.var->dtype);
    sub.MapVar(loop.var.get(), v);
    return For::Make(v, PrimExpr::Int(lo, v->dtype), PrimExpr::Int(hi - lo, v->dtype), loop.for_kind, sub.SubstStmt(loop.body),
                     loop.thread_tag, loop.annotations, loop.span);
  }

  Ref<Stmt> Partition(const Ref<For>& loop) {
    if (loop->for_kind != tir::ForKind::kSerial || !loop->min->is_int() || loop->min->int_value != 0 ||
        !loop->extent->is_int() || loop->extent->int_value <= 0 || !IsInteger(loop->var->dtype)) {
      return loop;
    }
    bool inner_loop = false;
    tir::ForEachStmt(loop->body, [&](const Stmt& s) { inner_loop |= s.kind == StmtKind::kFor; });
    if (inner_loop) return loop;
    ScanBody(*loop);
    const int64_t e = loop->extent->int_value;
    Interval where{0, e - 1};
    std::unordered_set<const PrimExpr*> decided;
    for (const auto& c : Conjuncts(*loop)) {
      auto holds = Holds(c, Interval{0, e - 1});
      if (!holds) continue;
      where = Interval{std::max(where.lo, holds->lo), std::min(where.hi, holds->hi)};
      decided.insert(c.get());
    }
    if (decided.empty() || where.lo > where.hi) return loop;
    // A conjunction of decided conjuncts is decided too (`true and true` left out of the copy).
    std::function<bool(const Ref<PrimExpr>&)> close = [&](const Ref<PrimExpr>& c) {
      if (decided.count(c.get())) return true;
      if (c->kind != PrimKind::kAnd) return false;
      const bool left = close(c->operands[0]), right = close(c->operands[1]);
      if (left && right) decided.insert(c.get());
      return left && right;
    };
    for (const auto& c : Conditions(*loop)) close(c);
    const int64_t lo = static_cast<int64_t>(where.lo), hi = static_cast<int64_t>(where.hi) + 1;
    std::vector<Ref<Stmt>> parts;
    if (lo > 0) {
      tir::Substituter sub;
      parts.push_back(Copy(*loop, sub, 0, lo));
    }
    Interior interior(decided);
    parts.push_back(Copy(*loop, interior, lo, hi));
    if (hi < e) {
      tir::Substituter sub;
      parts.push_back(Copy(*loop, sub, hi, e));
    }
    return parts.size() == 1 ? parts[0] : tir::SeqStmt::Make(std::move(parts), loop->span);
  }

  tir::IntRanges ranges_;
  std::unordered_set<const PrimExpr*> aliases_, inner_;
};

}  // namespace

Ref<IRModule> PartitionLoops(const Ref<IRModule>& m) {
  return MapPrimFuncBodies(m, [](const tir::PrimFunc& f) { return Partitioner().Rewrite(f.body); });
}

}  // namespace rlx::compiler
