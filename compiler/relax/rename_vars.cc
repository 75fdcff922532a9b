// rename-vars (pass.rename-vars): every Relax variable gets a new name.
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/mutator.h"

namespace rlx::compiler {
namespace {

class Renamer : public ExprMutator {
 public:
  Ref<Var> VisitVarDef(const Ref<Var>& v) override {
    auto it = var_remap_.find(v.get());
    if (it != var_remap_.end()) return it->second;
    Ref<StructInfo> ann = v->annotation ? VisitStructInfo(v->annotation) : nullptr;
    Ref<Var> nv = Var::MakeOfKind(v->is_dataflow(), "r" + std::to_string(next_++) + "_" + v->name, ann, v->span);
    var_remap_[v.get()] = nv;
    return nv;
  }

 private:
  int next_ = 0;
};

}  // namespace

Ref<IRModule> RenameVars(const Ref<IRModule>& m) {
  Renamer mutator;
  return RewriteModule(mutator, m);
}

}  // namespace rlx::compiler
