#include "compiler/pass/rewrite_module.h"

#include "checker/normalizer.h"

namespace rlx::compiler {

Ref<IRModule> RewriteModule(ExprMutator& mutator, const Ref<IRModule>& m) {
  checker::Normalizer normalizer(m);  // sinfo.normalize, binding by binding
  mutator.SetObserver(&normalizer);
  Ref<IRModule> out = mutator.VisitModule(m);
  mutator.SetObserver(nullptr);
  return out;
}

}  // namespace rlx::compiler
