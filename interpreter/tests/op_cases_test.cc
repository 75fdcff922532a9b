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
#include "ir/text/relax_parser.h"

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

void RunFile(const std::string& file) {
  fs::path path = fs::path(RLX_SOURCE_DIR) / "interpreter/tests/op_cases" / file;
  std::string error;
  std::vector<OpCase> cases = ReadCaseFile(path.string(), &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(cases.empty()) << path;
  int failed = 0;
  for (const OpCase& c : cases) {
    std::string why = RunCase(c);
    if (!why.empty()) {
      ++failed;
      ADD_FAILURE() << file << ":" << c.line << ": case " << c.name << ": " << why;
    }
  }
  std::cout << file << ": " << cases.size() - failed << " of " << cases.size() << " cases pass\n";
}

TEST(OpCases, Elementwise) { RunFile("elementwise.cases"); }
TEST(OpCases, TensorOps) { RunFile("tensor_ops.cases"); }
TEST(OpCases, NN) { RunFile("nn.cases"); }

}  // namespace
}  // namespace rlx::interp::testing
