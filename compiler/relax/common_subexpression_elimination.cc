// common-subexpression-elimination (pass.common-subexpression-elimination): a binding whose
// value a binding in scope already computed becomes a copy of that binding's variable.
#include <unordered_map>
#include <vector>

#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/structural_equal.h"
#include "ir/op_table.h"

namespace rlx::compiler {
namespace {

// Values that compute the same on the same operands, have no effect, and make no object the
// program could tell from another equal one: tuples, projections, shapes, prim values, and calls
// of pure ops. Not allocations (two would be one tensor, TVM #16852), not in-place or packed
// calls, not function calls or closures.
bool CseEligible(const Ref<Expr>& value) {
  switch (value->kind) {
    case ExprKind::kTuple:
    case ExprKind::kTupleGetItem:
    case ExprKind::kShapeExpr:
    case ExprKind::kPrimValue:
      return true;
    case ExprKind::kCall: {
      auto op = As<Op>(As<Call>(value)->op);
      if (!op || !op->info->pure || op->info->family == OpFamily::kMemory) return false;
      const OpId id = op->info->id;
      return id != OpId::kCallTirInplace && id != OpId::kCallPurePacked && id != OpId::kCallDpsPacked;
    }
    default:
      return false;
  }
}

struct InScopeHash {
  size_t operator()(const Ref<Expr>& e) const { return StructuralHashInScope(e); }
};
struct InScopeEqual {
  bool operator()(const Ref<Expr>& a, const Ref<Expr>& b) const { return StructuralEqualInScope(a, b); }
};

class CommonValueEliminator : public ExprMutator {
 public:
  Ref<Expr> VisitSeqExpr(const Ref<SeqExpr>& e) override {
    const size_t mark = undo_.size();  // what this scope binds leaves the table with it
    Ref<Expr> out = ExprMutator::VisitSeqExpr(e);
    while (undo_.size() > mark) {
      table_.erase(undo_.back());
      undo_.pop_back();
    }
    return out;
  }

  Ref<Expr> VisitFunction(const Ref<Function>& e) override {
    // A function body starts afresh: reusing a value from outside would capture it.
    Table saved = std::move(table_);
    std::vector<Ref<Expr>> saved_undo = std::move(undo_);
    table_.clear();
    undo_.clear();
    Ref<Expr> out = ExprMutator::VisitFunction(e);
    table_ = std::move(saved);
    undo_ = std::move(saved_undo);
    return out;
  }

  BindingBlock VisitBindingBlock(const BindingBlock& b) override {
    ++block_id_;
    return ExprMutator::VisitBindingBlock(b);
  }

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    Binding nb = RewriteBinding(b);
    if (nb.is_match_cast() || !CseEligible(nb.value)) {
      out.push_back(std::move(nb));
      return;
    }
    auto it = table_.find(nb.value);
    if (it != table_.end() && InScope(it->second) && SameSInfo(*it->second.var, *b.value)) {
      nb.value = it->second.var;  // the annotation, if any, is still checked
    } else if (it == table_.end()) {
      table_[nb.value] = {nb.var, block_id_};
      undo_.push_back(nb.value);
    }
    out.push_back(std::move(nb));
  }

 private:
  struct Entry {
    Ref<Var> var;
    int block;
  };
  using Table = std::unordered_map<Ref<Expr>, Entry, InScopeHash, InScopeEqual>;

  // A dataflow variable may be used only in its own block.
  bool InScope(const Entry& e) const { return !e.var->is_dataflow() || e.block == block_id_; }
  static bool SameSInfo(const Expr& a, const Expr& b) {
    return a.struct_info() && b.struct_info() && StructuralEqualInScope(a.struct_info(), b.struct_info());
  }

  Table table_;
  std::vector<Ref<Expr>> undo_;
  int block_id_ = 0;
};

}  // namespace

Ref<IRModule> CommonSubexpressionElimination(const Ref<IRModule>& m) {
  CommonValueEliminator mutator;
  return RewriteModule(mutator, m);
}

}  // namespace rlx::compiler
