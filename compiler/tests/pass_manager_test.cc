// The pass manager and the registry (spec pass.manager.*, pass.contract.*).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "checker/checker.h"
#include "compiler/pass/pass_manager.h"
#include "compiler/pass/pipelines.h"
#include "ir/analysis/visitor.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"
#include "testing/parse_module.h"

namespace rlx::compiler {
namespace {

constexpr const char* kModule = R"(@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3), dtype="float32")) -> R.Tensor((2, 3), dtype="float32"):
        with R.dataflow():
            y = R.add(x, x)
            t = (y, x, y)
            z = t[0]
            R.output(z)
        return z
)";

using rlx::testing::ParseModule;

std::vector<const PassInfo*> Passes(const std::string& list) {
  std::vector<const PassInfo*> passes;
  std::string error;
  EXPECT_TRUE(ParsePassList(list, &passes, &error)) << error;
  return passes;
}

// `order` with to-non-dataflow before each pass that requires no-dataflow (the one property so
// far, pass.contract.forms), so that a list of passes in any order runs through.
std::vector<const PassInfo*> WithPrerequisites(const std::vector<const PassInfo*>& order) {
  std::vector<const PassInfo*> out;
  for (const PassInfo* p : order) {
    if (p->contract.requires_form & kNoDataflow) out.push_back(FindPass("to-non-dataflow"));
    out.push_back(p);
  }
  return out;
}

// pass.manager.run: every pass alone and every pair in either order, verified after each.
TEST(PassManager, EveryPassAndEveryPairVerifies) {
  Ref<IRModule> m = ParseModule(kModule);
  ASSERT_TRUE(m);
  for (const auto& a : AllPasses()) {
    for (const auto& b : AllPasses()) {
      PassManagerOptions options;
      options.verify_each = true;
      std::ostringstream log;
      const std::vector<const PassInfo*> passes = WithPrerequisites({&a, &b});
      PassRunResult r = RunPasses(m, passes, options, log);
      EXPECT_EQ(r.error, "") << a.name << "," << b.name;
      ASSERT_EQ(r.records.size(), passes.size());
    }
  }
}

// A module where every pass has a site: a local function called once, dataflow blocks, tuples,
// a symbolic extent, a match_cast and an if.
constexpr const char* kEverySite = R"(@I.ir_module
class Module:
    @R.function(private=True)
    def dbl(a: R.Tensor(("k", 3), dtype="float32")) -> R.Tensor(("k", 3), dtype="float32"):
        k = T.int64()
        b = R.add(a, a)
        return b

    @R.function
    def main(x: R.Tensor(("n", 3), dtype="float32"), c: R.Prim("bool")) -> R.Tensor(("n", 3), dtype="float32"):
        n = T.int64()
        @R.function
        def scale(a: R.Tensor(("m", 3), dtype="float32")) -> R.Tensor(("m", 3), dtype="float32"):
            m = T.int64()
            with R.dataflow():
                b = R.multiply(a, a)
                R.output(b)
            return b
        y = scale(x)
        q = Module.dbl(y)
        with R.dataflow():
            s = R.add(x, x)
            s2 = R.add(x, x)
            k = R.add(R.const(1, "int32"), R.const(2, "int32"))
            u = R.exp(x)
            u2 = R.negative(u)
            t = (y, s, y)
            z = t[2]
            w = R.match_cast(z, R.Tensor((n, 3), dtype="float32"))
            R.output(w)
        if c:
            r = R.add(w, x)
        else:
            r = w
        return r

    @T.prim_func(private=True)
    def colsum(A: T.Buffer((T.int64(8), T.int64(16)), "float32"), S: T.Buffer((T.int64(16),), "float32")):
        for j, i in T.grid(T.int64(16), T.int64(8)):
            S[j] = S[j] + A[i, j]

    @T.prim_func(private=True)
    def shift(A: T.Buffer((T.int64(8), T.int64(16)), "float32"), B: T.Buffer((T.int64(8), T.int64(16)), "float32")):
        for i, j in T.grid(T.int64(8), T.int64(16)):
            B[i, j] = T.if_then_else(j >= T.int64(1), A[i, j - T.int64(1)], T.float32(0))

    @R.function
    def contract(a: R.Tensor((8, 16), dtype="float32"), b: R.Tensor((16, 40), dtype="float32")) -> R.Tuple(R.Tensor((8,), dtype="float32"), R.Tensor((16,), dtype="float32"), R.Tensor((8, 16), dtype="float32")):
        cls = Module
        m = R.matmul(a, b)
        s = R.sum(m, axis=[1])
        c = R.call_tir(cls.colsum, (a,), out_sinfo=R.Tensor((16,), dtype="float32"))
        d = R.call_tir(cls.shift, (a,), out_sinfo=R.Tensor((8, 16), dtype="float32"))
        return (s, c, d)
)";

// pass.manager.run: every order of all the passes (up to 120 orders; beyond five passes, 120
// shuffles of a fixed seed), verified after each pass: each pass's contract is met by what every
// other pass produces, so rlx opt accepts any order. (The fuzz harness's pass pipelines try more.)
TEST(PassManager, EveryOrderOfAllPassesVerifies) {
  Ref<IRModule> m = ParseModule(kEverySite);
  ASSERT_TRUE(m);
  std::vector<const PassInfo*> order;
  for (const auto& p : AllPasses()) order.push_back(&p);
  std::sort(order.begin(), order.end());
  const bool all_orders = order.size() <= 5;
  std::mt19937 rng(15);
  for (int run = 0; run < 120; ++run) {
    PassManagerOptions options;
    options.verify_each = true;
    std::ostringstream log;
    PassRunResult r = RunPasses(m, WithPrerequisites(order), options, log);
    std::string names;
    for (const PassInfo* p : order) names += std::string(p->name) + ",";
    EXPECT_EQ(r.error, "") << names;
    if (!all_orders) std::shuffle(order.begin(), order.end(), rng);
    else if (!std::next_permutation(order.begin(), order.end())) break;
  }
}

// Each pass has a site in kEverySite, lowered up to the pass for a lowering step
// (pipelines.h), so the orders above exercise every pass.
TEST(PassManager, EveryPassChangesTheModuleWithEverySite) {
  Ref<IRModule> m = ParseModule(kEverySite);
  ASSERT_TRUE(m);
  for (const auto& pass : AllPasses()) {
    PassRunResult before = RunPasses(m, LoweringPrefix(pass), {}, std::cerr);
    ASSERT_EQ(before.error, "") << pass.name;
    PassRunResult r = RunPasses(before.module, {&pass}, {}, std::cerr);
    EXPECT_EQ(r.error, "") << pass.name;
    EXPECT_NE(r.module, before.module) << pass.name << " found nothing to rewrite";
  }
}

// pass.pipeline: every level's pipeline verifies after each pass on the module with a site for
// every pass, -O0 is the lowering alone, and the levels are read as -ON or N.
TEST(Pipelines, EveryLevelVerifies) {
  Ref<IRModule> m = ParseModule(kEverySite);
  ASSERT_TRUE(m);
  for (int level = kMinOptLevel; level <= kMaxOptLevel; ++level) {
    PassManagerOptions options;
    options.verify_each = true;
    PassRunResult r = RunPasses(m, Pipeline(level), options, std::cerr);
    EXPECT_EQ(r.error, "") << "-O" << level;
    // pass.pipeline.lowering ends every level; the loop schedules follow it at -O2 and above.
    const std::string last = level >= 2 ? "unroll-loops" : "parallelize-loops";
    EXPECT_EQ(Pipeline(level).back()->name, last) << "-O" << level;
  }
  EXPECT_EQ(&Pipeline(0), &LoweringPipeline());
  EXPECT_GT(Pipeline(3).size(), Pipeline(2).size());
  EXPECT_GT(Pipeline(2).size(), Pipeline(1).size());
  int level = -1;
  EXPECT_TRUE(ParseOptLevel("-O3", &level));
  EXPECT_EQ(level, 3);
  EXPECT_TRUE(ParseOptLevel("0", &level));
  EXPECT_EQ(level, 0);
  EXPECT_FALSE(ParseOptLevel("-O4", &level));
  EXPECT_FALSE(ParseOptLevel("-O", &level));
  EXPECT_FALSE(ParseOptLevel("-O22", &level));
}

// pass.contract.requires: a pass is refused a module without the form it requires.
TEST(PassManager, APassIsRefusedAModuleWithoutItsForm) {
  Ref<IRModule> m = ParseModule(kModule);
  PassRunResult r = RunPasses(m, Passes("call-tir-rewrite"), {}, std::cerr);
  EXPECT_NE(r.error.find("needs a module with no-dataflow"), std::string::npos) << r.error;
}

TEST(PassManager, UnknownPassIsAnError) {
  std::vector<const PassInfo*> passes;
  std::string error;
  EXPECT_FALSE(ParsePassList("rename-vars,no-such-pass", &passes, &error));
  EXPECT_NE(error.find("no-such-pass"), std::string::npos);
}

// pass.manager.print: --print-changed prints only after passes that changed the module.
TEST(PassManager, PrintChangedAndTimes) {
  Ref<IRModule> m = ParseModule(kModule);
  PassManagerOptions options;
  options.print_changed = true;
  options.time_passes = true;
  std::ostringstream log;
  PassRunResult r = RunPasses(m, Passes("to-non-dataflow,to-non-dataflow"), options, log);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.records[0].changed);
  EXPECT_FALSE(r.records[1].changed);
  std::string out = log.str();
  EXPECT_NE(out.find("# after to-non-dataflow\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("# after to-non-dataflow (no change)"), std::string::npos) << out;
  EXPECT_NE(out.find("total"), std::string::npos) << out;
}

// pass.contract.establishes: after to-non-dataflow the module has no dataflow block.
TEST(PassManager, ContractFormsHold) {
  Ref<IRModule> m = ParseModule(kModule);
  EXPECT_FALSE(PropertiesOf(*m) & kNoDataflow);
  PassRunResult r = RunPasses(m, Passes("to-non-dataflow"), {}, std::cerr);
  EXPECT_TRUE(PropertiesOf(*r.module) & kNoDataflow);
}

// sinfo.normalize: between passes every variable carries struct info, the new ones a pass made
// included (RunPass normalizes the functions the pass rebuilt).
class AllVarsCarry : public ExprVisitor {
 public:
  void VisitVarDef(const Var& v) override {
    if (!v.struct_info()) missing.push_back(v.name);
    ExprVisitor::VisitVarDef(v);
  }
  std::vector<std::string> missing;
};

TEST(PassManager, PassOutputsCarryStructInfo) {
  for (const auto& pass : AllPasses()) {
    std::vector<const PassInfo*> passes = LoweringPrefix(pass);
    passes.push_back(&pass);
    PassRunResult r = RunPasses(ParseModule(kModule), passes, {}, std::cerr);
    ASSERT_EQ(r.error, "") << pass.name;
    AllVarsCarry carry;
    carry.VisitModule(*r.module);
    EXPECT_TRUE(carry.missing.empty()) << pass.name << ": " << carry.missing.size() << " variables without struct info";
  }
  PassRunResult renamed = RunPasses(ParseModule(kModule), Passes("rename-vars"), {}, std::cerr);
  auto main = renamed.module->FindFunction("main");
  EXPECT_EQ(text::PrintStructInfo(main->params[0]->struct_info()), R"(R.Tensor((2, 3), dtype="float32"))");
}

// pass.manager.verify: a pass that breaks the module is caught, and named.
Ref<IRModule> BreakSignature(const Ref<IRModule>& m) {
  std::vector<GlobalDef> globals = m->globals;
  auto f = As<Function>(globals[0].value);
  globals[0].value = Function::Make(f->params, f->body, nullptr, false, f->attrs, f->span);
  return m->WithGlobals(globals);
}

// What --verify-each says about a run of `pass` alone on kModule, checked first (so that its
// functions carry struct info, which the pass manager keeps where a pass kept a function).
std::string VerifyError(const char* name, PassFunction pass) {
  Ref<IRModule> m = ParseModule(kModule);
  SourceManager sources;
  DiagnosticEngine diags(sources);
  EXPECT_TRUE(checker::CheckModule(*m, diags).ok);
  PassInfo info{name, pass, {}, "pass.manager.verify", "test"};
  PassManagerOptions options;
  options.verify_each = true;
  return RunPasses(m, {&info}, options, std::cerr).error;
}

TEST(PassManager, VerifyCatchesABrokenContract) {
  std::string error = VerifyError("break-purity", &BreakSignature);
  EXPECT_NE(error.find("break-purity"), std::string::npos) << error;
  EXPECT_NE(error.find("signature of 'main'"), std::string::npos) << error;
}

// pass.manager.verify: struct info a pass leaves on a variable must be what derivation gives it.
Ref<IRModule> LeaveStaleStructInfo(const Ref<IRModule>& m) {
  auto f = As<Function>(m->globals[0].value);
  // x is a (2, 3) float32 tensor: a (5,) int32 one contradicts it.
  f->params[0]->set_struct_info(TensorStructInfo::MakeDims({PrimExpr::Int(5)}, DataType::kInt32));
  return m->WithGlobals(m->globals);
}

TEST(PassManager, VerifyCatchesStaleStructInfo) {
  std::string error = VerifyError("stale-struct-info", &LeaveStaleStructInfo);
  EXPECT_NE(error.find("variable 'x' carries struct info R.Tensor((5,), dtype=\"int32\"), which contradicts"),
            std::string::npos) << error;
}

}  // namespace
}  // namespace rlx::compiler
