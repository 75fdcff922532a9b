// dead-code-elimination (pass.dead-code-elimination): unused removable bindings, and the private
// PrimFuncs no Relax function reaches, are removed.
#include <unordered_set>

#include "compiler/analysis/binding_effects.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/visitor.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler {
namespace {

// The variables an expression uses, and the globals it names.
class DceUses : public ExprVisitor {
 public:
  void VisitVarUse(const Var& v) override { vars.insert(&v); }
  void VisitGlobalVar(const GlobalVar& g) override { globals.insert(g.name); }
  std::unordered_set<const Var*> vars;
  std::unordered_set<std::string> globals;
};

// Drops, in every sequence, the removable bindings whose variables nothing live uses: walking
// backwards from the body, a binding is live when its variable is used by the body or a live
// binding after it, or when it is not removable (BindingEffects).
class DeadBindingEliminator : public ExprMutator {
 public:
  explicit DeadBindingEliminator(const BindingEffects& effects) : effects_(effects) {}

  Ref<Expr> VisitSeqExpr(const Ref<SeqExpr>& e) override {
    DceUses uses;
    uses.VisitExpr(e->body);
    for (auto block = e->blocks.rbegin(); block != e->blocks.rend(); ++block) {
      for (auto b = block->bindings.rbegin(); b != block->bindings.rend(); ++b) {
        if (!uses.vars.count(b->var.get()) && effects_.Removable(*b)) {
          dead_.insert(&*b);
          continue;
        }
        uses.VisitExpr(b->value);
        // A shape variable's Relax value may be a tensor's shape in struct info: R.Tensor(s, ...).
        uses.VisitStructInfo(b->match_sinfo);
        uses.VisitStructInfo(b->var->annotation);
      }
    }
    return ExprMutator::VisitSeqExpr(e);
  }

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    if (!dead_.count(&b)) ExprMutator::VisitBinding(b, out);
  }

 private:
  const BindingEffects& effects_;
  std::unordered_set<const Binding*> dead_;
};

// A root of reachability: every Relax function (a run may name any, private or public, as its
// entry: eval.entry), every public PrimFunc, every extern function.
bool IsRoot(const GlobalDef& g) {
  if (auto p = As<tir::PrimFunc>(g.value)) return p->attrs.Find("global_symbol") != nullptr;
  return true;
}

// The module without the private PrimFuncs that nothing reaches.
Ref<IRModule> RemoveUnreachable(const Ref<IRModule>& m) {
  std::unordered_set<std::string> reached;
  std::vector<const GlobalDef*> work;
  for (const GlobalDef& g : m->globals) {
    if (IsRoot(g) && reached.insert(g.name).second) work.push_back(&g);
  }
  while (!work.empty()) {
    const GlobalDef* g = work.back();
    work.pop_back();
    DceUses uses;
    uses.VisitExpr(g->value);
    for (const std::string& name : uses.globals) {
      const GlobalDef* callee = m->Find(name);
      if (callee && reached.insert(name).second) work.push_back(callee);
    }
  }
  if (reached.size() == m->globals.size()) return m;
  std::vector<GlobalDef> kept;
  for (const GlobalDef& g : m->globals) {
    if (reached.count(g.name)) kept.push_back(g);
  }
  return m->WithGlobals(std::move(kept));
}

}  // namespace

Ref<IRModule> DeadCodeElimination(const Ref<IRModule>& m) {
  // A binding removed may leave a binding before it unused only where that one is used from
  // inside a nested scope that lost bindings too; a few rounds reach the fixed point.
  Ref<IRModule> current = RemoveUnreachable(m);
  for (;;) {
    BindingEffects effects(*current);
    DeadBindingEliminator mutator(effects);
    Ref<IRModule> next = RewriteModule(mutator, current);
    if (next == current) return current;
    current = next;
  }
}

}  // namespace rlx::compiler
