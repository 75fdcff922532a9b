// to-non-dataflow (pass.to-non-dataflow): no dataflow blocks or dataflow variables remain.
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/mutator.h"

namespace rlx::compiler {
namespace {

class Dissolver : public ExprMutator {
 public:
  Ref<Var> VisitVarDef(const Ref<Var>& v) override {
    if (!v->is_dataflow()) return ExprMutator::VisitVarDef(v);
    auto it = var_remap_.find(v.get());
    if (it != var_remap_.end()) return it->second;
    Ref<StructInfo> ann = v->annotation ? VisitStructInfo(v->annotation) : nullptr;
    Ref<Var> nv = Var::Make(v->name, ann, v->span);
    var_remap_[v.get()] = nv;
    return nv;
  }
  // The block becomes ordinary; the mutator merges it with its neighbours (MergeBlocks).
  BindingBlock VisitBindingBlock(const BindingBlock& b) override {
    BindingBlock out = ExprMutator::VisitBindingBlock(b);
    out.is_dataflow = false;
    return out;
  }
};

}  // namespace

Ref<IRModule> ToNonDataflow(const Ref<IRModule>& m) {
  Dissolver mutator;
  return RewriteModule(mutator, m);
}

}  // namespace rlx::compiler
