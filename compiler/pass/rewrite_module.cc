#include "compiler/pass/rewrite_module.h"

#include "checker/checker.h"
#include "checker/normalizer.h"

namespace rlx::compiler {

Ref<IRModule> RewriteModule(ExprMutator& mutator, const Ref<IRModule>& m) {
  checker::Normalizer normalizer(m);  // sinfo.normalize, binding by binding
  mutator.SetObserver(&normalizer);
  Ref<IRModule> out = mutator.VisitModule(m);
  mutator.SetObserver(nullptr);
  return out;
}

Ref<IRModule> AcceptedOr(const Ref<IRModule>& original, const Ref<IRModule>& rewritten) {
  if (rewritten == original) return original;
  SourceManager sources;
  DiagnosticEngine diags(sources);
  checker::CheckModule(*rewritten, diags);
  return diags.has_errors() ? original : rewritten;
}

}  // namespace rlx::compiler
