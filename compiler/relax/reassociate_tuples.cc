// reassociate-tuples (pass.reassociate-tuples): (a, b, c...) becomes (t[0], t[1], c...) with
// t = (a, b): one binding becomes four.
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/mutator.h"

namespace rlx::compiler {
namespace {

class Reassociator : public ExprMutator {
 public:
  void VisitBinding(const Binding& binding, std::vector<Binding>& out) override {
    Binding b = RewriteBinding(binding);
    auto t = As<Tuple>(b.value);
    if (!t || t->fields.size() < 2 || b.is_match_cast()) {
      out.push_back(b);
      return;
    }
    bool dataflow = in_dataflow_block_;
    std::string n = std::to_string(next_++);
    Ref<Var> pair = Var::MakeOfKind(dataflow, "pair" + n);
    Ref<Var> first = Var::MakeOfKind(dataflow, "first" + n);
    Ref<Var> second = Var::MakeOfKind(dataflow, "second" + n);
    out.push_back(Binding::VarBinding(pair, Tuple::Make({t->fields[0], t->fields[1]})));
    out.push_back(Binding::VarBinding(first, TupleGetItem::Make(pair, 0)));
    out.push_back(Binding::VarBinding(second, TupleGetItem::Make(pair, 1)));
    std::vector<Ref<Expr>> fields = {first, second};
    fields.insert(fields.end(), t->fields.begin() + 2, t->fields.end());
    b.value = Tuple::Make(fields, t->span);
    out.push_back(b);
  }

 private:
  int next_ = 0;
};

}  // namespace

Ref<IRModule> ReassociateTuples(const Ref<IRModule>& m) {
  Reassociator mutator;
  return RewriteModule(mutator, m);
}

}  // namespace rlx::compiler
