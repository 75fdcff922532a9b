// inline-local (pass.inline-local): one call of a local function replaced by the function's
// body. It reads the arguments' derived struct info (Expr::struct_info; its contract says it
// needs struct info, so RunPass derives it first).
#include <unordered_map>
#include <unordered_set>

#include "checker/checker.h"
#include "checker/sinfo/algebra.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/mutator.h"

namespace rlx::compiler {
namespace {

// A copy of a function body with fresh (ordinary) variables and the signature's shape variables
// substituted (prim_var_remap_). The copy lands in an ordinary block, so its dataflow variables
// become ordinary ones (pass.inline-local).
class Copier : public ExprMutator {
 public:
  void Map(const Var* from, Ref<Var> to) { var_remap_[from] = std::move(to); }
  void MapShape(const PrimExpr* from, Ref<PrimExpr> to) { prim_var_remap_[from] = std::move(to); }
  bool HasShape(const PrimExpr* v) const { return prim_var_remap_.count(v) > 0; }
  std::unordered_map<const PrimExpr*, Ref<PrimExpr>>& shapes() { return prim_var_remap_; }
  Ref<Var> VisitVarDef(const Ref<Var>& v) override {
    auto it = var_remap_.find(v.get());
    if (it != var_remap_.end()) return it->second;
    Ref<StructInfo> ann = v->annotation ? VisitStructInfo(v->annotation) : nullptr;
    Ref<Var> nv = Var::Make(v->name + "_inl", ann, v->span);
    var_remap_[v.get()] = nv;
    return nv;
  }
};

class Inliner : public ExprMutator {
 public:
  explicit Inliner(std::unordered_set<const Function*> checked_returns)
      : checked_returns_(std::move(checked_returns)) {}

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    if (auto f = As<Function>(b.value); f && !b.is_match_cast()) locals_[b.var.get()] = f;
    Binding nb = RewriteBinding(b);
    auto call = As<Call>(b.value);
    auto callee = call ? As<Var>(call->op) : nullptr;
    if (done_ || !callee || b.is_match_cast() || in_dataflow_block_ || !locals_.count(callee.get())) {
      out.push_back(nb);
      return;
    }
    const Function& f = *locals_[callee.get()];
    auto body = As<SeqExpr>(f.body);
    if (!body || f.params.size() != call->args.size() || checked_returns_.count(&f)) {
      out.push_back(nb);
      return;
    }
    done_ = true;
    Splice(f, *body, *call, *As<Call>(nb.value), nb.var, out);
  }

 private:
  static Ref<StructInfo> SInfoOf(const Var& v) { return v.struct_info(); }

  void Splice(const Function& f, const SeqExpr& body, const Call& call, const Call& new_call,
              const Ref<Var>& result_var, std::vector<Binding>& out) {
    Copier copy;
    // The signature's shape variables become what the call binds them to statically (the
    // arguments' struct info at those positions, as the call rule does: sinfo.base.bind), so
    // that the inlined body has the struct info the call had; the others become fresh
    // variables, bound by the match_casts.
    std::unordered_set<const PrimExpr*> bindable;
    std::vector<Ref<PrimExpr>> positions;
    for (const auto& p : f.params) checker::BindingPositions(p->annotation, &positions);
    for (const auto& v : positions) bindable.insert(v.get());
    checker::VarLookup lookup = [&](const Var& v) { return SInfoOf(v); };
    for (size_t i = 0; i < f.params.size(); ++i) {
      auto arg = As<Var>(call.args[i]);
      Ref<StructInfo> given = arg ? SInfoOf(*arg) : nullptr;
      if (given) checker::BindShapeVars(f.params[i]->annotation, given, lookup, bindable, &copy.shapes());
    }
    for (const auto& v : positions) {
      if (!copy.HasShape(v.get())) copy.MapShape(v.get(), PrimExpr::Var(v->name + "_inl", v->dtype));
    }
    for (size_t i = 0; i < f.params.size(); ++i) {
      Ref<StructInfo> target = copy.VisitStructInfo(f.params[i]->annotation);
      Ref<Var> p = Var::Make(f.params[i]->name + "_inl", target);
      out.push_back(Binding::MatchCast(p, new_call.args[i], target));
      copy.Map(f.params[i].get(), p);
    }
    for (const auto& block : body.blocks) {
      for (const auto& b : block.bindings) copy.VisitBinding(b, out);
    }
    out.push_back(Binding::VarBinding(result_var, copy.VisitExpr(body.body)));
  }

  std::unordered_map<const Var*, Ref<Function>> locals_;
  std::unordered_set<const Function*> checked_returns_;
  bool done_ = false;
};

}  // namespace

Ref<IRModule> InlineLocal(const Ref<IRModule>& m) {
  // A function whose result is checked against its return annotation at run time (E3003) is
  // not inlined: the inlined body would lose the check, and its variable the annotation's
  // struct info (pass.inline-local).
  SourceManager sources;
  DiagnosticEngine diags(sources);
  std::unordered_set<const Function*> checked_returns;
  for (const RuntimeCheck& c : checker::CheckModule(*m, diags).runtime_checks) {
    if (c.kind == RuntimeCheck::Kind::kReturn) checked_returns.insert(c.function);
  }
  Inliner mutator(std::move(checked_returns));
  return RewriteModule(mutator, m);
}

}  // namespace rlx::compiler
