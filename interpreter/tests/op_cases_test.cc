// Every op × every dtype it accepts, against values computed independently with NumPy
// (interpreter/tests/op_cases: the generators and their .cases files).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <sstream>

#include "interpreter/runtime_names.h"
#include "checker/checker.h"
#include "interpreter/interpreter.h"
#include "interpreter/tests/op_case_file.h"
#include "ir/op_table.h"
#include "ir/text/relax_parser.h"

namespace rlx {
// Test names and messages show a family by its name.
void PrintTo(OpFamily f, std::ostream* os) { *os << OpFamilyName(f); }
}  // namespace rlx

namespace rlx::interp::testing {
namespace {

namespace fs = std::filesystem;

// Runs one case; "" when it passes.
std::string RunCase(const OpCase& c) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> module = text::ParseModuleText(CaseModuleText(c), c.name + ".py", sources, diags);
  if (!module) return "parse failed:\n" + diags.RenderAll();
  checker::CheckResult checked = checker::CheckModule(*module, diags);
  if (!checked.ok) return "check failed:\n" + diags.RenderAll();
  std::ostringstream out;
  InterpreterOptions options;
  options.out = &out;
  Interpreter interp(module, options);
  RunResult r = interp.Run("main", CaseArguments(c));
  if (!c.expect_error.empty()) {
    if (r.ok()) return "expected error " + c.expect_error + ", but it ran";
    if (std::string(ErrorCodeString(r.error->code)) != c.expect_error) {
      return "expected error " + c.expect_error + ", got " + std::string(ErrorCodeString(r.error->code)) +
             ": " + r.error->message;
    }
    return "";
  }
  if (!r.ok()) {
    return "runtime error " + std::string(ErrorCodeString(r.error->code)) + ": " + r.error->message;
  }
  return CompareResult(c, r.value);
}

fs::path CaseDir() { return fs::path(RLX_SOURCE_DIR) / "interpreter/tests/op_cases"; }

// The op a case is named after: the longest leading run of its dot-separated segments that
// names an op ("nn.softmax.float32.axis0" -> nn.softmax), as casefmt.py groups them.
const OpInfo* CaseOp(const std::string& name) {
  for (size_t end = name.size(); end != std::string::npos && end > 0; end = name.rfind('.', end - 1)) {
    if (const OpInfo* op = FindOp(name.substr(0, end))) return op;
  }
  return nullptr;
}

// Runs every case of the family's file; each case must be named after an op of the family.
void RunFamilyFile(OpFamily family) {
  const std::string file = std::string(OpFamilyName(family)) + ".cases";
  std::string error;
  std::vector<OpCase> cases = ReadCaseFile((CaseDir() / file).string(), &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(cases.empty()) << file;
  int failed = 0;
  for (const OpCase& c : cases) {
    const OpInfo* op = CaseOp(c.name);
    if (!op || op->family != family) {
      ADD_FAILURE() << file << ":" << c.line << ": case " << c.name << " is not named after an op of the "
                    << OpFamilyName(family) << " family";
    }
    std::string why = RunCase(c);
    if (!why.empty()) {
      ++failed;
      ADD_FAILURE() << file << ":" << c.line << ": case " << c.name << ": " << why;
    }
  }
  std::cout << file << ": " << cases.size() - failed << " of " << cases.size() << " cases pass\n";
}

// The families with a case file: all but memory, whose ops act on storage and object lifetimes,
// which a one-call case cannot observe (conformance/suite/5-operators/memory covers them).
std::vector<OpFamily> CaseFamilies() {
  std::vector<OpFamily> families;
  for (OpFamily f : kAllOpFamilies) {
    if (f != OpFamily::kMemory) families.push_back(f);
  }
  return families;
}

// One file per op family of ir/ops.def, named after it, and no other.
class OpCases : public ::testing::TestWithParam<OpFamily> {};

TEST_P(OpCases, EveryCasePasses) { RunFamilyFile(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Family, OpCases, ::testing::ValuesIn(CaseFamilies()),
                         [](const auto& info) { return std::string(OpFamilyName(info.param)); });

TEST(OpCaseFiles, AreNamedAfterFamilies) {
  for (const auto& entry : fs::directory_iterator(CaseDir())) {
    if (entry.path().extension() != ".cases") continue;
    const std::string stem = entry.path().stem().string();
    bool known = false;
    for (OpFamily f : kAllOpFamilies) known |= stem == OpFamilyName(f);
    EXPECT_TRUE(known) << entry.path() << " is not named after an op family (ir/op_table.h)";
  }
}

}  // namespace
}  // namespace rlx::interp::testing
