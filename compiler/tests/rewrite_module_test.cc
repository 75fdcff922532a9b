// RewriteModule: a pass's mutator with the normalizer watching (spec sinfo.normalize).
#include <gtest/gtest.h>

#include "checker/checker.h"
#include "compiler/pass/rewrite_module.h"
#include "ir/op_args.h"
#include "ir/struct_info.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"
#include "testing/parse_module.h"

namespace rlx::compiler {
namespace {

constexpr const char* kModule = R"(@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", 3), dtype="float32")) -> R.Tensor(("n", 3), dtype="float32"):
        with R.dataflow():
            y = R.add(x, x)
            z = R.multiply(y, x)
            R.output(z)
        if R.const(True, "bool"):
            w = R.negative(z)
        else:
            w = z
        return w
)";

using rlx::testing::ParseModule;

// After every R.add binding, emits `<var>_sq = R.multiply(<var>, <var>)` and records the struct
// info that the new variable carries when the next binding is visited.
class SquareAfterAdd : public ExprMutator {
 public:
  Ref<StructInfo> seen;  // what the binding after the new one saw on it

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    if (pending_) seen = pending_->struct_info();
    pending_ = nullptr;
    Binding nb = RewriteBinding(b);
    out.push_back(nb);
    auto call = As<Call>(b.value);
    auto op = call ? As<Op>(call->op) : nullptr;
    if (!op || op->info->id != OpId::kAdd) return;
    Ref<Var> sq = Var::MakeOfKind(nb.var->is_dataflow(), nb.var->name + "_sq", nullptr);
    out.push_back(Binding::VarBinding(sq, MakeCall(OpId::kMultiply, {{"x1", nb.var}, {"x2", nb.var}})));
    pending_ = sq;
  }

 private:
  Ref<Var> pending_;
};

TEST(RewriteModule, NewBindingsCarryStructInfoAsTheyAreEmitted) {
  Ref<IRModule> m = ParseModule(kModule);
  ASSERT_TRUE(m);
  SquareAfterAdd pass;
  Ref<IRModule> out = RewriteModule(pass, m);
  ASSERT_NE(out, m);
  // The binding after the new one read its derived struct info: (n, 3) float32.
  ASSERT_TRUE(pass.seen) << "the emitted binding carried no struct info";
  EXPECT_EQ(text::PrintStructInfo(pass.seen), R"(R.Tensor((n, 3), dtype="float32"))");
  // The rebuilt function carries its struct info too, and the module still checks.
  Ref<Function> main = out->FindFunction("main");
  ASSERT_TRUE(main);
  EXPECT_TRUE(main->struct_info());
  SourceManager sources;
  DiagnosticEngine diags(sources);
  EXPECT_TRUE(checker::CheckModule(*out, diags).ok) << diags.RenderAll();
}

TEST(RewriteModule, AnUnchangedModuleIsReturnedAsItIs) {
  Ref<IRModule> m = ParseModule(kModule);
  ASSERT_TRUE(m);
  ExprMutator identity;
  EXPECT_EQ(RewriteModule(identity, m), m);
}

}  // namespace
}  // namespace rlx::compiler
