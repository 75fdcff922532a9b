// add-dead-bindings (pass.add-dead-bindings): unused bindings at both ends of every block.
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/mutator.h"

namespace rlx::compiler {
namespace {

// The dead bindings are emitted with the block's first and last bindings (through VisitBinding,
// so that an observing normalizer sees every binding in order).
class DeadBindings : public ExprMutator {
 public:
  BindingBlock VisitBindingBlock(const BindingBlock& b) override {
    const BindingBlock* outer = block_;
    block_ = &b;
    BindingBlock out = ExprMutator::VisitBindingBlock(b);
    block_ = outer;
    return out;
  }

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    Binding nb = RewriteBinding(b);
    const bool first = &b == &block_->bindings.front(), last = &b == &block_->bindings.back();
    auto fresh = [&] { return Var::MakeOfKind(in_dataflow_block_, "dead" + std::to_string(next_++)); };
    if (first) {
      // Sequenced apart: the order in which call arguments are evaluated is unspecified.
      Ref<Var> var = fresh();
      out.push_back(Binding::VarBinding(var, PrimValue::Make(PrimExpr::Int(next_))));
    }
    out.push_back(nb);
    if (last) out.push_back(Binding::VarBinding(fresh(), Tuple::Make({nb.var})));
  }

 private:
  const BindingBlock* block_ = nullptr;
  int next_ = 0;
};

}  // namespace

Ref<IRModule> AddDeadBindings(const Ref<IRModule>& m) {
  DeadBindings mutator;
  return RewriteModule(mutator, m);
}

}  // namespace rlx::compiler
