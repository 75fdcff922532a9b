#include "compiler/pass/pass_test_file.h"

#include <sstream>

#include "checker/checker.h"
#include "compiler/pass/pass_manager.h"
#include "ir/text/relax_parser.h"

namespace rlx::compiler {
namespace {

constexpr const char* kRun = "# RUN: --passes=";
constexpr const char* kExpect = "# EXPECT:";

}  // namespace

bool ParsePassTestFile(const std::string& text, PassTestFile* file, std::string* error) {
  std::istringstream in(text);
  std::string line;
  bool in_expect = false;
  while (std::getline(in, line)) {
    if (in_expect) {
      // "# text" or a bare "#" (an empty line of the expected module)
      file->expected += (line.size() >= 2 ? line.substr(2) : std::string()) + "\n";
      continue;
    }
    if (line == kExpect) {
      in_expect = file->has_expect = true;
      continue;
    }
    if (line.rfind(kRun, 0) == 0 && file->passes.empty()) file->passes = line.substr(std::string(kRun).size());
    file->input += line + "\n";
  }
  if (file->passes.empty()) {
    *error = std::string("no '") + kRun + "a,b' line";
    return false;
  }
  return true;
}

std::string RunPassTest(const PassTestFile& file) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = text::ParseModuleText(file.input, "input", sources, diags);
  if (!m || !checker::CheckModule(*m, diags).ok) return "error: the input is rejected:\n" + diags.RenderAll();
  std::vector<const PassInfo*> passes;
  std::string error;
  if (!ParsePassList(file.passes, &passes, &error)) return "error: " + error + "\n";
  PassManagerOptions options;
  options.verify_each = true;
  std::ostringstream log;
  PassRunResult r = RunPasses(m, passes, options, log);
  if (!r.error.empty()) return "error: " + r.error + "\n";
  return text::PrintModule(*r.module);
}

std::string WithExpectation(const PassTestFile& file, const std::string& actual) {
  std::string out = file.input + kExpect + "\n";
  std::istringstream in(actual);
  std::string line;
  while (std::getline(in, line)) out += line.empty() ? "#\n" : "# " + line + "\n";
  return out;
}

}  // namespace rlx::compiler
