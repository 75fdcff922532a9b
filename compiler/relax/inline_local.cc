// inline-local (pass.inline-local): one call of a local function replaced by the function's
// body. It reads the arguments' derived struct info (Expr::struct_info; its contract says it
// needs struct info, so RunPass derives it first).
#include <unordered_map>
#include <unordered_set>

#include "checker/checker.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/splice_call.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/mutator.h"

namespace rlx::compiler {
namespace {

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
    SpliceCall(f, *body, *call, *As<Call>(nb.value), nb.var, false, out);
  }

 private:
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
