#include "compiler/relax/splice_call.h"

#include <unordered_map>
#include <unordered_set>

#include "checker/sinfo/algebra.h"
#include "ir/analysis/mutator.h"
#include "ir/analysis/visitor.h"

namespace rlx::compiler {
namespace {

// A copy of a function body with fresh (ordinary) variables and the signature's shape variables
// substituted (prim_var_remap_). The copy lands in an ordinary block, so its dataflow variables
// become ordinary ones (pass.inline-local).
class SpliceCopier : public ExprMutator {
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

// The shape variables an expression mentions.
class BodyShapeVars : public ExprVisitor {
 public:
  void VisitPrimExpr(const Ref<PrimExpr>& e) override {
    if (e && e->is_var() && seen_.insert(e.get()).second) vars.push_back(e.get());
    ExprVisitor::VisitPrimExpr(e);
  }
  std::vector<const PrimExpr*> vars;

 private:
  std::unordered_set<const PrimExpr*> seen_;
};

}  // namespace

void SpliceCall(const Function& f, const SeqExpr& body, const Call& call, const Call& new_call,
                const Ref<Var>& result_var, bool module_function, std::vector<Binding>& out) {
  SpliceCopier copy;
  // The signature's shape variables become what the call binds them to statically (the
  // arguments' struct info at those positions, as the call rule does: sinfo.base.bind), so
  // that the inlined body has the struct info the call had; the others become fresh
  // variables, bound by the match_casts.
  std::unordered_set<const PrimExpr*> bindable;
  std::vector<Ref<PrimExpr>> positions;
  for (const auto& p : f.params) checker::BindingPositions(p->annotation, &positions);
  for (const auto& v : positions) bindable.insert(v.get());
  checker::VarLookup lookup = [&](const Var& v) { return v.struct_info(); };
  for (size_t i = 0; i < f.params.size(); ++i) {
    auto arg = As<Var>(call.args[i]);
    Ref<StructInfo> given = arg ? arg->struct_info() : nullptr;
    if (given) checker::BindShapeVars(f.params[i]->annotation, given, lookup, bindable, &copy.shapes());
  }
  for (const auto& v : positions) {
    if (!copy.HasShape(v.get())) copy.MapShape(v.get(), PrimExpr::Var(v->name + "_inl", v->dtype));
  }
  // A module function's body mentions no shape variable from outside: the ones it defines (its
  // match_casts) are fresh too, since the copy lands in another function and each function has
  // its own (wf.shape-var.function-local). (A local function's body may use its enclosing
  // function's, which stay.)
  if (module_function) {
    BodyShapeVars body_vars;
    body_vars.VisitExpr(f.body);
    for (const PrimExpr* v : body_vars.vars) {
      if (!copy.HasShape(v)) copy.MapShape(v, PrimExpr::Var(v->name + "_inl", v->dtype));
    }
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

}  // namespace rlx::compiler
