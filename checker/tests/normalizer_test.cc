// The normalizer (spec sinfo.normalize): struct info derived binding by binding as the builder
// emits, equal to what the checker derives for the whole module.
#include <gtest/gtest.h>

#include "checker/checker.h"
#include "checker/normalizer.h"
#include "ir/analysis/structural_equal.h"
#include "ir/op_args.h"
#include "ir/text/printer.h"

namespace rlx::checker {
namespace {

Ref<StructInfo> F32(std::vector<Ref<PrimExpr>> dims) {
  return TensorStructInfo::MakeDims(std::move(dims), DataType::kFloat32);
}

// main(x: (n, 4), w: (4, 8)): a = x + x; m = a @ w; r = reshape(m, (n * 8,)); t = (r, m); g = t[1]
struct Built {
  Ref<IRModule> module;
  std::vector<Ref<Var>> vars;  // a, m, r, t, g
};

Built Build(IRBuilder& b) {
  Ref<PrimExpr> n = PrimExpr::Var("n");
  Built out;
  b.BeginModule();
  b.BeginFunction();
  Ref<Var> x = b.AddParam("x", F32({n, PrimExpr::Int(4)}));
  Ref<Var> w = b.AddParam("w", F32({PrimExpr::Int(4), PrimExpr::Int(8)}));
  b.BeginDataflow();
  Ref<Var> a = b.Emit(MakeCall(OpId::kAdd, {{"x1", x}, {"x2", x}}), "a");
  Ref<Var> m = b.Emit(MakeCall(OpId::kMatmul, {{"x1", a}, {"x2", w}}), "m");
  Ref<Var> r = b.Emit(MakeCall(OpId::kReshape, {{"x", m}, {"shape", ShapeExpr::Make({PrimExpr::Binary(PrimKind::kMul, n, PrimExpr::Int(8))})}}), "r");
  Ref<Var> t = b.Emit(Tuple::Make({r, m}), "t");
  Ref<Var> g = b.Emit(TupleGetItem::Make(t, 1), "g");
  std::vector<Ref<Var>> outs = b.EndDataflow({g});
  b.AddGlobal("main", b.EndFunction(outs[0]));
  out.module = b.EndModule();
  out.vars = {a, m, r, t, outs[0]};
  return out;
}

TEST(Normalizer, DerivesAsTheBuilderEmits) {
  IRBuilder b;
  Normalizer norm;
  b.SetObserver(&norm);
  Built built = Build(b);
  EXPECT_FALSE(norm.diags().has_errors()) << norm.diags().RenderAll();
  std::vector<std::string> want = {R"(R.Tensor((n, 4), dtype="float32"))", R"(R.Tensor((n, 8), dtype="float32"))",
                                   R"(R.Tensor((n * 8,), dtype="float32"))",
                                   R"(R.Tuple(R.Tensor((n * 8,), dtype="float32"), R.Tensor((n, 8), dtype="float32")))",
                                   R"(R.Tensor((n, 8), dtype="float32"))"};
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_TRUE(built.vars[i]->struct_info()) << built.vars[i]->name;
    EXPECT_EQ(text::PrintStructInfo(built.vars[i]->struct_info()), want[i]) << built.vars[i]->name;
  }
  auto main = built.module->FindFunction("main");
  ASSERT_TRUE(main->struct_info());
  EXPECT_EQ(text::PrintStructInfo(main->struct_info()).rfind("R.Callable(", 0), 0u);
}

// The normalizer and the checker agree on every variable.
TEST(Normalizer, AgreesWithTheChecker) {
  IRBuilder b;
  Normalizer norm;
  b.SetObserver(&norm);
  Built built = Build(b);
  std::vector<Ref<StructInfo>> normalized;
  for (const auto& v : built.vars) normalized.push_back(v->struct_info());
  SourceManager sources;
  DiagnosticEngine diags(sources);
  CheckResult r = CheckModule(*built.module, diags);
  ASSERT_TRUE(r.ok) << diags.RenderAll();
  for (size_t i = 0; i < built.vars.size(); ++i) {
    EXPECT_TRUE(StructuralEqual(normalized[i], r.var_sinfo.at(built.vars[i].get()))) << built.vars[i]->name;
  }
}

// An ill-typed binding is reported by the normalizer, with the op's rule.
TEST(Normalizer, ReportsAnIllTypedBinding) {
  IRBuilder b;
  Normalizer norm;
  b.SetObserver(&norm);
  b.BeginModule();
  b.BeginFunction();
  Ref<Var> x = b.AddParam("x", F32({PrimExpr::Int(2), PrimExpr::Int(3)}));
  Ref<Var> y = b.AddParam("y", F32({PrimExpr::Int(4), PrimExpr::Int(5)}));
  b.Emit(MakeCall(OpId::kMatmul, {{"x1", x}, {"x2", y}}), "m");
  EXPECT_TRUE(norm.diags().has_errors());
  EXPECT_NE(norm.diags().RenderAll().find("op.matmul"), std::string::npos) << norm.diags().RenderAll();
}

}  // namespace
}  // namespace rlx::checker
