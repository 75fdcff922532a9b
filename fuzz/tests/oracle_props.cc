// The fuzz harness's oracles as RapidCheck properties: programs and inputs come from a
// RapidCheck-backed Chooser, so a failure shrinks with RapidCheck's own shrinking and is
// reproduced with RC_PARAMS="reproduce=..." (or a different seed with RC_PARAMS="seed=N").
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "compiler/pass/pass.h"
#include "fuzz/generators/input_generator.h"
#include "fuzz/generators/program_generator.h"
#include "fuzz/generators/rc_chooser.h"
#include "fuzz/oracles/oracle.h"
#include "fuzz/reduce/reducer.h"
#include "testing/rc_support.h"
#include "ir/text/printer.h"

namespace rlx::fuzz {
namespace {

// Checks oracle `name` on RapidCheck-generated programs.
void CheckOracle(const std::string& name, int cases) {
  int64_t programs = 0, bindings = 0;
  rlx::testing::CheckWithAtLeast(cases, [&] {
    std::unique_ptr<Oracle> oracle;
    for (auto& o : AllOracles()) {
      if (o->name() == name) oracle = std::move(o);
    }
    RC_ASSERT(oracle != nullptr);
    RcChooser chooser;
    ProgramOptions po;
    po.max_steps = 8;
    GeneratedProgram p = GenerateProgram(chooser, po);
    InputOptions io;
    io.finite = *rc::gen::arbitrary<bool>();
    GeneratedInputs in = GenerateInputs(chooser, *p.module->FindFunction("main"), io);
    RC_ASSERT(in.error.empty());
    uint64_t seed = *rc::gen::inRange<uint64_t>(0, 1000000);
    FuzzCase c(seed, p.module, in.args);
    ++programs;
    bindings += CountBindings(*p.module);
    if (oracle->needs_valid_module() && !c.Accepted()) {
      RC_FAIL("the checker rejects a generated program:\n" + c.CheckDiagnostics() + text::PrintModule(*p.module));
    }
    Verdict v = oracle->Check(c);
    if (!v.ok) RC_FAIL(name + ": " + v.message + "\n" + text::PrintModule(*p.module));
  });
  // RapidCheck grows its size from 0; the programs must still be real ones on average.
  EXPECT_GE(programs, cases);
  EXPECT_GE(bindings, 3 * programs) << "programs too small: " << bindings << " bindings in " << programs;
}

TEST(FuzzOracles, Checker) { CheckOracle("checker", 400); }
TEST(FuzzOracles, RoundTrip) { CheckOracle("roundtrip", 400); }
TEST(FuzzOracles, Soundness) { CheckOracle("soundness", 400); }
TEST(FuzzOracles, Prover) { CheckOracle("prover", 100); }
TEST(FuzzOracles, Determinism) { CheckOracle("determinism", 100); }
TEST(FuzzOracles, RecordedChecks) { CheckOracle("recorded-checks", 100); }
TEST(FuzzOracles, OpIdentities) { CheckOracle("op-identities", 100); }
// The CPU code generator's kernels (codegen.cpu.kernel); O0 compiles fastest, and the O3
// oracle runs in the fuzz smoke run and the conformance suite on cpu-kernels.
TEST(FuzzOracles, CpuKernelsO0) { CheckOracle("cpu-kernels-O0", 50); }

// One before/after oracle per registered pass, from the registry (pass.preserves).
class PassOracle : public ::testing::TestWithParam<std::string> {};
TEST_P(PassOracle, PreservesMeaning) { CheckOracle(GetParam(), 100); }
std::vector<std::string> PassNames() {
  std::vector<std::string> names;
  for (const auto& p : compiler::AllPasses()) names.push_back(p.name);
  return names;
}
INSTANTIATE_TEST_SUITE_P(Registry, PassOracle, ::testing::ValuesIn(PassNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param;
                           for (char& c : n) c = c == '-' ? '_' : c;
                           return n;
                         });

}  // namespace
}  // namespace rlx::fuzz
