// Tests of the fuzz harness's parts through their interfaces: the generator's programs are
// accepted and cover the core op set, negative programs carry the rule the checker reports,
// inputs respect bounds, the reducer shrinks, value text reads back, the harness can fail.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "checker/checker.h"
#include "compiler/pass/pipelines.h"
#include "fuzz/driver/fuzz_driver.h"
#include "fuzz/driver/regression_file.h"
#include "fuzz/generators/input_generator.h"
#include "fuzz/generators/negative_programs.h"
#include "fuzz/generators/program_generator.h"
#include "fuzz/generators/typed_builder.h"
#include "fuzz/oracles/oracle.h"
#include "compiler/pass/pass.h"
#include "fuzz/oracles/op_identities.h"
#include "fuzz/reduce/reducer.h"
#include "runtime/io/value_text.h"
#include "ir/op_table.h"
#include "ir/shape_var_bounds.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"

namespace rlx::fuzz {
namespace {

// A module from TVMScript text; null (and the diagnostics printed) when it does not parse.
Ref<IRModule> Parse(const std::string& src) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = text::ParseModuleText(src, "test.py", sources, diags);
  if (!m) ADD_FAILURE() << diags.RenderAll();
  return m;
}

GeneratedProgram Program(uint64_t seed) {
  RngChooser c(seed);
  return GenerateProgram(c);
}

TEST(Generator, ProgramsAreAcceptedAndCoverEveryOp) {
  Coverage cov;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    GeneratedProgram p = Program(seed);
    SourceManager sources;
    DiagnosticEngine diags(sources);
    checker::CheckResult r = checker::CheckModule(*p.module, diags);
    ASSERT_TRUE(r.ok) << "seed " << seed << ":\n" << diags.RenderAll() << text::PrintModule(*p.module);
    cov.Merge(p.coverage);
  }
  for (const auto& op : AllOps()) {
    EXPECT_GT(cov.counts["op:" + op.name], 0) << op.name;
  }
  for (const char* c : {"construct:dataflow", "construct:if", "construct:if-branches-differ", "construct:match-cast",
                        "construct:local-function", "construct:closure-call", "construct:global-call",
                        "construct:recursive-call", "construct:call-packed", "construct:call-pure-packed",
                        "construct:tuple", "construct:tuple-get-item", "construct:bounded-dims", "sinfo:symbolic-dim",
                        "sinfo:dim-arithmetic", "sinfo:tensor-ndim", "param:shape", "param:prim"}) {
    EXPECT_GT(cov.counts[c], 0) << c;
  }
}

TEST(Generator, SameSeedSameProgram) {
  for (uint64_t seed : {3u, 17u, 99u}) {
    EXPECT_EQ(text::PrintModule(*Program(seed).module), text::PrintModule(*Program(seed).module));
  }
}

TEST(Inputs, RespectBoundsAndExtents) {
  int zero = 0, bounded = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    GeneratedProgram p = Program(seed);
    Ref<Function> main = p.module->FindFunction("main");
    RngChooser c(seed);
    GeneratedInputs in = GenerateInputs(c, *main, {});
    ASSERT_TRUE(in.error.empty()) << in.error;
    ASSERT_EQ(in.args.size(), main->params.size());
    for (const auto& [name, v] : in.shape_vars) {
      ShapeVarBound b = GetShapeVarBound(*main, name);
      if (b.upper) {
        ++bounded;
        EXPECT_LE(v, *b.upper) << name;
      }
      if (b.lower) {
        EXPECT_GE(v, *b.lower) << name;
      }
      zero += v == 0;
    }
  }
  EXPECT_GT(zero, 0);
  EXPECT_GT(bounded, 0);
}

TEST(Inputs, FiniteModeHasNoNaN) {
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    GeneratedProgram p = Program(seed);
    RngChooser c(seed);
    InputOptions o;
    o.finite = true;
    for (const auto& a : GenerateInputs(c, *p.module->FindFunction("main"), o).args) {
      if (!a.is_tensor() || !IsFloat(a.tensor()->dtype())) continue;
      for (int64_t i = 0; i < a.tensor()->num_elements(); ++i) {
        double v = a.tensor()->GetDouble(i);
        EXPECT_TRUE(v > 0 && v < 1e4) << v;
      }
    }
  }
}

TEST(NegativePrograms, EachMutationGetsItsRule) {
  std::map<std::string, int> seen;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    GeneratedProgram p = Program(seed);
    RngChooser c(seed * 7 + 1);
    auto neg = MakeNegative(c, p.module);
    if (!neg) continue;
    SourceManager sources;
    DiagnosticEngine diags(sources);
    checker::CheckModule(*neg->module, diags);
    bool found = false;
    for (const auto& d : diags.diagnostics()) {
      std::string rule = d.rule.empty() ? std::string(ErrorCodeRule(d.code)) : d.rule;
      found |= d.severity == Severity::kError && d.code == neg->code && rule == neg->rule;
    }
    EXPECT_TRUE(found) << neg->mutation << " (seed " << seed << ") expected " << ErrorCodeString(neg->code) << ":\n"
                       << diags.RenderAll();
    ++seen[neg->mutation];
  }
  for (const char* m : {"use-before-definition", "dataflow-escape", "shape-var-before-binding", "impure-in-dataflow",
                        "impure-in-pure-function"}) {
    EXPECT_GT(seen[m], 0) << m;
  }
}

// Every registered pass finds a site to rewrite in some of the generated programs (else its
// before/after oracle would test nothing).
TEST(Rewrites, EachPassApplies) {
  std::map<std::string, int> applied;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    GeneratedProgram p = Program(seed);
    for (const auto& pass : compiler::AllPasses()) {
      Ref<IRModule> in = p.module;  // a step after legalize-ops sees the module lowered up to it
      for (const compiler::PassInfo* q : compiler::LoweringPrefix(pass)) in = compiler::RunPass(*q, in);
      if (pass.contract.requires_form & ~compiler::PropertiesOf(*in)) continue;
      applied[pass.name] += compiler::RunPass(pass, in) != in;
    }
  }
  for (const auto& pass : compiler::AllPasses()) EXPECT_GT(applied[pass.name], 0) << pass.name;
}

// Float max and min are also rewritten through their duals (maximum(a, b) -> -minimum(-a, -b),
// max -> -min(-x), relu(x) -> -minimum(-x, -0.0)), which see a NaN lost by one operand order.
TEST(Rewrites, OpIdentitiesUseFloatDuals) {
  const char* src = R"(@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((2, 3), "float32"), b: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 1), "float32"):
        x = R.maximum(a, b)
        y = R.max(x, axis=[1], keepdims=True)
        z = R.nn.relu(y)
        return z
)";
  Ref<IRModule> m = Parse(src);
  ASSERT_TRUE(m);
  std::set<std::string> seen;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    Ref<IRModule> r = ApplyOpIdentities(m, seed);
    if (!r) continue;
    std::string text = text::PrintModule(*r);
    for (const char* s : {"R.minimum(", "R.min(", "-0.0"}) {
      if (text.find(s) != std::string::npos) seen.insert(s);
    }
  }
  EXPECT_EQ(seen.size(), 3u) << "duals seen: " << seen.size();
}

TEST(Reducer, ShrinksWhileThePredicateHolds) {
  // A planted "failure": any module with a call of R.add. The reducer keeps one.
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    GeneratedProgram p = Program(seed);
    std::string text = text::PrintModule(*p.module);
    if (text.find("R.add(") == std::string::npos) continue;
    RngChooser c(seed);
    GeneratedInputs in = GenerateInputs(c, *p.module->FindFunction("main"), {});
    auto has_add = [](const Reproducer& r) {
      SourceManager sources;
      DiagnosticEngine diags(sources);
      return checker::CheckModule(*r.module, diags).ok && text::PrintModule(*r.module).find("R.add(") != std::string::npos;
    };
    Reproducer small = Reduce({p.module, in.args}, has_add);
    EXPECT_TRUE(has_add(small));
    EXPECT_LT(CountBindings(*small.module), CountBindings(*p.module));
    EXPECT_LE(CountBindings(*small.module), 6) << text::PrintModule(*small.module);
    return;
  }
  FAIL() << "no program with R.add";
}

TEST(ValueText, ReadsBack) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    GeneratedProgram p = Program(seed);
    RngChooser c(seed);
    for (const auto& a : GenerateInputs(c, *p.module->FindFunction("main"), {}).args) {
      auto text = runtime::ValueText(a);
      ASSERT_TRUE(text);
      std::string error;
      auto back = runtime::ParseValueText(*text, &error);
      ASSERT_TRUE(back) << *text << ": " << error;
      EXPECT_EQ(runtime::CompareValues(a, *back, {}), "") << *text;
    }
  }
}

TEST(Driver, CountsAndOracleSelection) {
  FuzzOptions o;
  o.seed = 5;
  o.count = 20;
  o.oracles = {"roundtrip", "determinism"};
  o.progress = false;
  std::ostringstream log;
  FuzzStats s = RunFuzz(o, log);
  EXPECT_EQ(s.programs, 20);
  EXPECT_EQ(s.accepted, 20);
  EXPECT_EQ(s.checks.size(), 2u);
  EXPECT_TRUE(s.failures.empty()) << log.str();
  EXPECT_NE(CoverageReport(s.coverage).find("never appeared: "), std::string::npos);
}

TEST(RegressionFile, HoldsTheModuleAndItsRun) {
  GeneratedProgram p = Program(11);
  RngChooser c(11);
  GeneratedInputs in = GenerateInputs(c, *p.module->FindFunction("main"), {});
  Verdict v = Verdict::Fail("a planted failure", {"eval.seq"});
  std::string file = RegressionFile(11, "determinism", v, {p.module, in.args});
  EXPECT_NE(file.find("%% module fuzz_11 [eval.checked]"), std::string::npos) << file;
  EXPECT_NE(file.find("rlx fuzz --seed 11 --count 1 --oracle determinism"), std::string::npos);
  EXPECT_TRUE(file.find("%% assert_return fuzz_11 main [eval.seq]") != std::string::npos ||
              file.find("%% assert_error fuzz_11 main") != std::string::npos)
      << file;
}

}  // namespace
}  // namespace rlx::fuzz
