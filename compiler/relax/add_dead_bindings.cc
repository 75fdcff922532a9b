// add-dead-bindings (pass.add-dead-bindings): unused bindings at both ends of every block.
#include "compiler/relax/passes.h"
#include "ir/analysis/mutator.h"

namespace rlx::compiler {
namespace {

class DeadBindings : public ExprMutator {
 public:
  BindingBlock VisitBindingBlock(const BindingBlock& b) override {
    BindingBlock out = ExprMutator::VisitBindingBlock(b);
    if (out.bindings.empty()) return out;
    Ref<Var> last = out.bindings.back().var;
    auto fresh = [&] { return Var::MakeOfKind(b.is_dataflow, "dead" + std::to_string(next_++)); };
    // Sequenced apart: the order in which call arguments are evaluated is unspecified.
    Ref<Var> first = fresh();
    Ref<Expr> value = PrimValue::Make(PrimExpr::Int(next_));
    out.bindings.insert(out.bindings.begin(), Binding::VarBinding(first, value));
    out.bindings.push_back(Binding::VarBinding(fresh(), Tuple::Make({last})));
    return out;
  }

 private:
  int next_ = 0;
};

}  // namespace

Ref<IRModule> AddDeadBindings(const Ref<IRModule>& m) { return DeadBindings().VisitModule(m); }

}  // namespace rlx::compiler
