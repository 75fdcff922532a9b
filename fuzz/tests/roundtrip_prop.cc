// Property: printing then parsing any module gives a structurally equal module, and
// printing is idempotent (spec text.print.round-trip). The modules come from the random
// module generator, which covers every expression kind and struct-info kind.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <set>

#include "fuzz/generators/random_module.h"
#include "fuzz/generators/rc_chooser.h"
#include "testing/rc_support.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/visitor.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"

namespace rlx::fuzz {
namespace {

void CheckRoundTrip(const IRModule& m) {
  std::string text = text::PrintModule(m);
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> parsed = text::ParseModuleText(text, "printed.py", sources, diags);
  if (!parsed) RC_FAIL("the printed module does not parse:\n" + diags.RenderAll() + text);
  auto mismatch = FindStructuralMismatch(m, *parsed);
  if (mismatch) RC_FAIL(*mismatch + "\n" + text);
  RC_ASSERT(StructuralHash(m) == StructuralHash(*parsed));
  std::string again = text::PrintModule(*parsed);
  RC_ASSERT(again == text);
}

TEST(RoundTrip, RandomModulesPrintParsePrint) {
  int cases = 0;
  rlx::testing::CheckWithAtLeast(10000, [&cases] {
    RcChooser chooser;
    Ref<IRModule> m = RandomModule(chooser);
    CheckRoundTrip(*m);
    ++cases;
  });
  EXPECT_GE(cases, 10000);
}

// The generator must reach every expression kind and struct-info kind, or the property
// above proves less than it claims.
class KindCounter : public ExprVisitor {
 public:
  std::set<int> exprs, sinfos;
  void VisitExpr(const Ref<Expr>& e) override {
    if (e) exprs.insert(static_cast<int>(e->kind));
    ExprVisitor::VisitExpr(e);
  }
  void VisitVarDef(const Var& v) override {
    exprs.insert(static_cast<int>(v.kind));
    ExprVisitor::VisitVarDef(v);
  }
  void VisitStructInfo(const Ref<StructInfo>& s) override {
    if (s) sinfos.insert(static_cast<int>(s->kind));
    ExprVisitor::VisitStructInfo(s);
  }
  void VisitCall(const Call& c) override {
    exprs.insert(static_cast<int>(c.op->kind));
    ExprVisitor::VisitCall(c);
  }
};

TEST(RoundTrip, GeneratorCoversEveryKind) {
  KindCounter counter;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    RngChooser chooser(seed);
    Ref<IRModule> m = RandomModule(chooser);
    counter.VisitModule(*m);
  }
  for (int k = 0; k < kNumExprKinds; ++k) {
    EXPECT_TRUE(counter.exprs.count(k))
        << "never generated: " << ExprKindName(static_cast<ExprKind>(k));
  }
  for (int k = 0; k < kNumSInfoKinds; ++k) {
    EXPECT_TRUE(counter.sinfos.count(k))
        << "never generated: " << SInfoKindName(static_cast<SInfoKind>(k));
  }
}

}  // namespace
}  // namespace rlx::fuzz
