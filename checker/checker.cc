#include "checker/checker.h"

#include <unordered_set>

#include "checker/infer/inferrer.h"
#include "checker/wf/tir_well_formed.h"
#include "checker/wf/well_formed.h"
#include "ir/analysis/mutator.h"
#include "ir/analysis/visitor.h"

namespace rlx::checker {

CheckResult CheckModule(const IRModule& module, DiagnosticEngine& diags, const CheckOptions& options) {
  CheckResult result;
  size_t errors_before = diags.error_count();
  // Derivation assumes a well-formed program (every variable in scope, the normal form), so
  // it runs only when the structural rules hold. The PrimFuncs' rules (tir.wf.*) are checked
  // too; derivation reads only their parameters.
  const bool relax_well_formed = CheckWellFormed(module, diags);
  CheckTirWellFormed(module, diags);
  if (relax_well_formed) {
    prover::Prover prover(options.prover);
    ModuleInferrer inferrer(module, diags, prover, result, options.record_bindings);
    inferrer.Run();
    result.prover_stats = prover.stats();
  }
  result.ok = diags.error_count() == errors_before;
  return result;
}

namespace {

// Gives every variable its derived struct info and every function its return struct info.
class Annotator : public ExprMutator {
 public:
  explicit Annotator(const CheckResult& r) : r_(r) {}

  // A match_cast's variable keeps its annotation as written: in the text format the annotation
  // of a match_cast binding must equal the cast's struct info (text.match-cast), which
  // the derived struct info may refine (a rank taken from a shape variable).
  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    if (b.is_match_cast()) match_cast_vars_.insert(b.var.get());
    ExprMutator::VisitBinding(b, out);
  }

  Ref<Var> VisitVarDef(const Ref<Var>& v) override {
    if (match_cast_vars_.count(v.get())) return ExprMutator::VisitVarDef(v);
    auto it = r_.var_sinfo.find(v.get());
    if (it == r_.var_sinfo.end() || !it->second || v->annotation == it->second) return ExprMutator::VisitVarDef(v);
    Ref<Var> nv = v->is_dataflow() ? Var::MakeDataflow(v->name, it->second, v->span)
                                   : Var::Make(v->name, it->second, v->span);
    var_remap_[v.get()] = nv;
    return nv;
  }

  Ref<Expr> VisitFunction(const Ref<Function>& f) override {
    Ref<Expr> e = ExprMutator::VisitFunction(f);
    auto nf = As<Function>(e);
    if (!nf || nf->ret_sinfo) return e;
    auto it = r_.expr_sinfo.find(f.get());
    if (it == r_.expr_sinfo.end()) return e;
    auto fs = As<FuncStructInfo>(it->second);
    if (!fs || !fs->ret) return e;
    // The return struct info in terms of the function's own signature variables.
    Ref<StructInfo> ret = fs->ret;
    if (fs->params && fs->params->size() == nf->params.size()) {
      ShapeVarMap back;
      for (size_t i = 0; i < nf->params.size(); ++i) {
        std::vector<Ref<PrimExpr>> renamed, original;
        BindingPositions((*fs->params)[i], &renamed);
        BindingPositions(nf->params[i]->annotation, &original);
        for (size_t k = 0; k < renamed.size() && k < original.size(); ++k) back[renamed[k].get()] = original[k];
      }
      ret = Substitute(ret, back);
    }
    return Function::Make(nf->params, nf->body, ret, nf->is_pure, nf->attrs, nf->span);
  }

 private:
  const CheckResult& r_;
  std::unordered_set<const Var*> match_cast_vars_;
};

}  // namespace

Ref<IRModule> AnnotateModule(const Ref<IRModule>& module, const CheckResult& result) {
  Annotator a(result);
  return a.VisitModule(module);
}

namespace {

// The last definition of a variable named `name` (nested scopes included).
class FindVarDef : public ExprVisitor {
 public:
  explicit FindVarDef(std::string name) : name_(std::move(name)) {}
  void VisitVarDef(const Var& v) override {
    if (v.name == name_) found = &v;
    ExprVisitor::VisitVarDef(v);
  }
  const Var* found = nullptr;

 private:
  std::string name_;
};

}  // namespace

Ref<StructInfo> BindingStructInfo(const IRModule& module, const CheckResult& result, const std::string& function,
                                  const std::string& var) {
  Ref<Function> f = module.FindFunction(function);
  if (!f) return nullptr;
  FindVarDef find(var);
  find.VisitExpr(f);
  if (!find.found) return nullptr;
  auto it = result.var_sinfo.find(find.found);
  return it == result.var_sinfo.end() ? nullptr : it->second;
}

}  // namespace rlx::checker
