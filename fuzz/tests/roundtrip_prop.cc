// Property: printing then parsing any module gives a structurally equal module, and
// printing is idempotent (spec text.print.round-trip). The modules come from the random
// module generator, which covers every expression kind and struct-info kind.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <set>

#include "checker/wf/tir_well_formed.h"
#include "fuzz/generators/random_module.h"
#include "fuzz/generators/random_prim_func.h"
#include "fuzz/generators/rc_chooser.h"
#include "testing/rc_support.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/visitor.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"
#include "ir/tir/walk.h"

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

// (5,000 cases under the sanitizers in CI; the fuzz smoke runs check the same property on the
// roundtrip oracle's programs too.)
TEST(RoundTrip, RandomModulesPrintParsePrint) {
  int cases = 0;
  rlx::testing::CheckWithAtLeast(5000, [&cases] {
    RcChooser chooser;
    Ref<IRModule> m = RandomModule(chooser);
    CheckRoundTrip(*m);
    ++cases;
  });
  EXPECT_GE(cases, 5000);
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

// The same for TIR (spec chapter 7): every statement kind, loop kind and expression kind the
// text format reads (T.Let expressions are not read yet).
TEST(RoundTrip, PrimFuncGeneratorCoversEveryKind) {
  std::set<int> stmts, prims, loops;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    RngChooser chooser(seed);
    Ref<tir::PrimFunc> f = RandomPrimFunc(chooser, "f", seed % 2 == 0);
    tir::ForEachStmt(f->body, [&](const tir::Stmt& s) {
      stmts.insert(static_cast<int>(s.kind));
      if (s.kind == tir::StmtKind::kFor) loops.insert(static_cast<int>(static_cast<const tir::For&>(s).for_kind));
      tir::ForEachExprOf(s, [&](const PrimExpr& e) { prims.insert(static_cast<int>(e.kind)); });
    });
  }
  for (auto k : {tir::StmtKind::kSeq, tir::StmtKind::kFor, tir::StmtKind::kBufferStore, tir::StmtKind::kLetStmt,
                 tir::StmtKind::kIfThenElse, tir::StmtKind::kEvaluate, tir::StmtKind::kAssert,
                 tir::StmtKind::kDeclBuffer, tir::StmtKind::kBlock}) {
    EXPECT_TRUE(stmts.count(static_cast<int>(k))) << "never generated: " << tir::StmtKindName(k);
  }
  for (int k = 0; k < kNumPrimKinds; ++k) {
    EXPECT_TRUE(prims.count(k)) << "never generated: " << PrimKindName(static_cast<PrimKind>(k));
  }
  EXPECT_EQ(loops.size(), 5u) << "every loop kind";
}

// The TIR-level oracle (spec tir.wf.*): every PrimFunc the generator builds is well-formed TIR,
// so the checker accepts it — a rejection is a bug of the generator or of the checker.
TEST(RoundTrip, PrimFuncGeneratorMakesWellFormedTir) {
  for (uint64_t seed = 0; seed < 500; ++seed) {
    RngChooser chooser(seed);
    Ref<tir::PrimFunc> f = RandomPrimFunc(chooser, "f", true);
    Ref<IRModule> m = IRModule::Make({{"f", f, {}}});
    SourceManager sources;
    DiagnosticEngine diags(sources);
    EXPECT_TRUE(checker::CheckTirWellFormed(*m, diags)) << "seed " << seed << "\n" << diags.RenderAll() << text::PrintModule(*m);
  }
}

}  // namespace
}  // namespace rlx::fuzz
