// reorder-loops (pass.reorder-loops). Moving loop u of a perfect nest innermost keeps, for each
// value of the loops outside it, the order of every pair of iterations with the same value of u;
// iterations with different values of u touch disjoint elements of everything written
// (IterationsIndependent), so their order cannot be observed — nor can a trap's, as nothing in
// the body can trap. Two buffer parameters may be one tensor at run time (an in-place call), so
// a written parameter may share its dtype and rank with no other parameter the body touches.
#include "compiler/tir/reorder_loops.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "compiler/tir/cannot_trap.h"
#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/independent_iterations.h"
#include "ir/tir/map_children.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::For;
using tir::Stmt;
using tir::StmtKind;

class Reorderer {
 public:
  explicit Reorderer(const tir::PrimFunc& f) {
    for (const tir::Param& p : f.params) {
      if (p.is_handle()) params_.push_back(p.buffer.get());
    }
  }

  Ref<Stmt> Rewrite(const Ref<Stmt>& s) {
    auto loop = tir::As<For>(s);
    if (!loop || loop->for_kind != tir::ForKind::kSerial) {
      return tir::MapChildren(s, [&](const Ref<Stmt>& c) { return Rewrite(c); });
    }
    std::vector<Ref<For>> chain = Chain(loop);
    const Ref<Stmt>& body = chain.back()->body;
    bool inner_loop = false;
    tir::ForEachStmt(body, [&](const Stmt& x) { inner_loop |= x.kind == StmtKind::kFor; });
    if (inner_loop) return tir::MapChildren(s, [&](const Ref<Stmt>& c) { return Rewrite(c); });
    if (chain.size() < 2) return s;
    const size_t u = LoopToMoveInnermost(chain);
    if (u + 1 == chain.size() || !Legal(chain, u)) return s;
    std::vector<Ref<For>> order = chain;
    std::rotate(order.begin() + static_cast<std::ptrdiff_t>(u), order.begin() + static_cast<std::ptrdiff_t>(u) + 1, order.end());
    Ref<Stmt> out = body;
    for (size_t l = order.size(); l-- > 0;) {
      const For& f = *order[l];
      out = For::Make(f.var, f.min, f.extent, f.for_kind, out, f.thread_tag, f.annotations, f.span);
    }
    return out;
  }

 private:
  // The perfect nest of serial loops from `loop`, outermost first.
  static std::vector<Ref<For>> Chain(const Ref<For>& loop) {
    std::vector<Ref<For>> chain = {loop};
    std::vector<const PrimExpr*> vars = {loop->var.get()};
    for (;;) {
      auto inner = tir::As<For>(chain.back()->body);
      if (!inner || inner->for_kind != tir::ForKind::kSerial || tir::ReadsBufferOrUses(inner->min, vars) ||
          tir::ReadsBufferOrUses(inner->extent, vars)) {
        break;
      }
      chain.push_back(inner);
      vars.push_back(inner->var.get());
    }
    return chain;
  }

  // The loop of `chain` a body's variable stands for (itself, or a let of it of the same dtype).
  void Aliases(const std::vector<Ref<For>>& chain) {
    alias_.clear();
    for (const auto& l : chain) alias_[l->var.get()] = l.get();
    tir::ForEachStmt(chain.back()->body, [&](const Stmt& s) {
      if (s.kind != StmtKind::kLetStmt) return;
      const auto& let = static_cast<const tir::LetStmt&>(s);
      auto it = alias_.find(let.value.get());
      if (it != alias_.end() && let.var->dtype == let.value->dtype) alias_[let.var.get()] = it->second;
    });
  }

  // The position of the loop the most accesses have as their last index; the innermost on a tie.
  size_t LoopToMoveInnermost(const std::vector<Ref<For>>& chain) {
    Aliases(chain);
    std::unordered_map<const For*, int> last_index;
    auto count = [&](const std::vector<Ref<PrimExpr>>& indices) {
      if (indices.empty()) return;
      auto it = alias_.find(indices.back().get());
      if (it != alias_.end()) ++last_index[it->second];
    };
    tir::ForEachStmt(chain.back()->body, [&](const Stmt& s) {
      if (s.kind == StmtKind::kBufferStore) count(static_cast<const tir::BufferStore&>(s).indices);
      tir::ForEachExprOf(s, [&](const PrimExpr& e) {
        if (e.kind == PrimKind::kBufferLoad) count(e.args);
      });
    });
    size_t best = chain.size() - 1;
    for (size_t l = 0; l + 1 < chain.size(); ++l) {
      if (last_index[chain[l].get()] > last_index[chain[best].get()]) best = l;
    }
    return best;
  }

  // An index in [0, extent): a constant inside, or a loop variable of the nest (or a let of it)
  // whose loop runs from 0 over that very extent.
  bool InBounds(const Ref<PrimExpr>& index, const Ref<PrimExpr>& extent) const {
    if (index->is_int()) return index->int_value >= 0 && extent->is_int() && index->int_value < extent->int_value;
    auto it = alias_.find(index.get());
    return it != alias_.end() && it->second->min->is_int() && it->second->min->int_value == 0 &&
           SameTerm(it->second->extent, extent);
  }

  bool BodyCannotTrap(const Ref<Stmt>& body) const {
    IndexCheck in_bounds = [&](const Ref<PrimExpr>& i, const Ref<PrimExpr>& e) { return InBounds(i, e); };
    bool ok = true;
    tir::ForEachStmt(body, [&](const Stmt& s) {
      switch (s.kind) {
        case StmtKind::kSeq: break;
        case StmtKind::kLetStmt: ok &= CannotTrapWhere(static_cast<const tir::LetStmt&>(s).value, in_bounds); break;
        case StmtKind::kIfThenElse: ok &= CannotTrapWhere(static_cast<const tir::IfThenElse&>(s).cond, in_bounds); break;
        case StmtKind::kEvaluate: ok &= CannotTrapWhere(static_cast<const tir::Evaluate&>(s).value, in_bounds); break;
        case StmtKind::kBufferStore: {
          const auto& st = static_cast<const tir::BufferStore&>(s);
          ok &= CannotTrapWhere(st.value, in_bounds) && st.indices.size() == st.buffer->ndim();
          for (size_t a = 0; ok && a < st.indices.size(); ++a) ok = InBounds(st.indices[a], st.buffer->shape[a]);
          break;
        }
        default: ok = false;  // asserts, allocations, blocks
      }
    });
    return ok;
  }

  // A written parameter that another parameter the body touches could be at run time.
  bool MayAlias(const Ref<Stmt>& body, const std::vector<const tir::Buffer*>& written) const {
    std::unordered_set<const tir::Buffer*> touched(written.begin(), written.end());
    tir::ForEachStmt(body, [&](const Stmt& s) {
      tir::ForEachExprOf(s, [&](const PrimExpr& e) {
        if (e.kind == PrimKind::kBufferLoad) touched.insert(e.buffer.get());
      });
    });
    auto is_param = [&](const tir::Buffer* b) { return std::find(params_.begin(), params_.end(), b) != params_.end(); };
    for (const tir::Buffer* w : written) {
      if (!is_param(w)) continue;
      for (const tir::Buffer* t : touched) {
        if (t != w && is_param(t) && t->dtype == w->dtype && t->ndim() == w->ndim()) return true;
      }
    }
    return false;
  }

  // Every loop of the nest from 0 over an extent of its variable's dtype that cannot trap (so its
  // values fit the dtype, tir.eval.for, and evaluating its bounds in another order changes
  // nothing), and u's iterations independent, the body unable to trap or to see an alias.
  bool Legal(const std::vector<Ref<For>>& chain, size_t u) const {
    for (const auto& l : chain) {
      const bool from_zero = l->min->is_int() && l->min->int_value == 0 && l->min->dtype == l->var->dtype;
      if (!from_zero || l->extent->dtype != l->var->dtype || !CannotTrapWhere(l->extent, [](auto&, auto&) { return false; })) {
        return false;
      }
    }
    const Ref<Stmt>& body = chain.back()->body;
    std::vector<const tir::Buffer*> written;
    if (!tir::IterationsIndependent(*chain[u], params_, &written)) return false;
    return BodyCannotTrap(body) && !MayAlias(body, written);
  }

  std::vector<const tir::Buffer*> params_;
  std::unordered_map<const PrimExpr*, const For*> alias_;
};

}  // namespace

Ref<IRModule> ReorderLoops(const Ref<IRModule>& m) {
  return MapPrimFuncBodies(m, [](const tir::PrimFunc& f) { return Reorderer(f).Rewrite(f.body); });
}

}  // namespace rlx::compiler
