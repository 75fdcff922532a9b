// Negative parser tests, read from ir/tests/parse_errors/*.txt.
//
// Each file holds cases separated by lines "# -----". A case is TVMScript source with
// expectations in comments, MLIR style:
//   # case: a short title
//   # expect-error@+1 E0201:12      the next line has an error E0201 at column 12
//   # expect-error@+2 E0101:1       two lines below ...
// The set of reported errors (code, line, column) must equal the expected set exactly,
// so every case checks the code and the position, and cases with several mistakes check
// that the parser recovers and reports each one.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "ir/base/diagnostic.h"
#include "ir/text/relax_parser.h"

namespace rlx {
namespace {

struct ErrorCase {
  std::string name;    // test name
  std::string file;    // source file of the case
  int first_line = 0;  // line of the case in that file
  std::string title;
  std::string source;
  std::set<std::tuple<std::string, uint32_t, uint32_t>> expected;
  std::map<std::string, std::string> defines;  // "# define: N=4"
};

std::vector<ErrorCase> LoadCases() {
  std::vector<ErrorCase> cases;
  std::filesystem::path dir = std::filesystem::path(RLX_SOURCE_DIR) / "ir/tests/parse_errors";
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".txt") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  const std::regex expect_re(R"(#\s*expect-error@\+(\d+)\s+(E\d{4}):(\d+))");
  const std::regex title_re(R"(#\s*case:\s*(.*))");
  const std::regex define_re(R"(#\s*define:\s*(\w+)=(.*))");
  for (const auto& path : files) {
    std::ifstream in(path);
    std::string line;
    std::vector<std::string> lines;
    int file_line = 0, case_start = 1;
    auto flush = [&]() {
      bool any = false;
      for (const auto& l : lines) any |= l.find_first_not_of(" \t") != std::string::npos;
      if (!any) return;
      ErrorCase c;
      c.file = path.filename().string();
      c.first_line = case_start;
      for (size_t i = 0; i < lines.size(); ++i) {
        std::smatch m;
        if (std::regex_search(lines[i], m, expect_re)) {
          c.expected.insert({m[2], static_cast<uint32_t>(i + 1 + std::stoi(m[1])),
                             static_cast<uint32_t>(std::stoi(m[3]))});
        }
        if (std::regex_search(lines[i], m, title_re)) c.title = m[1];
        if (std::regex_search(lines[i], m, define_re)) c.defines[m[1]] = m[2];
        c.source += lines[i] + "\n";
      }
      std::string stem = path.stem().string();
      c.name = stem + "_" + std::to_string(cases.size());
      for (char& ch : c.name) {
        if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
      }
      cases.push_back(std::move(c));
    };
    while (std::getline(in, line)) {
      ++file_line;
      if (line.rfind("# -----", 0) == 0) {
        flush();
        lines.clear();
        case_start = file_line + 1;
        continue;
      }
      lines.push_back(line);
    }
    flush();
  }
  return cases;
}

const std::vector<ErrorCase>& Cases() {
  static const std::vector<ErrorCase> cases = LoadCases();
  return cases;
}

class ParseErrorTest : public testing::TestWithParam<size_t> {};

TEST_P(ParseErrorTest, ReportsExpectedErrors) {
  const ErrorCase& c = Cases()[GetParam()];
  SCOPED_TRACE(c.file + ":" + std::to_string(c.first_line) + ": " + c.title);
  ASSERT_FALSE(c.expected.empty()) << "a case needs at least one expect-error line";
  SourceManager sources;
  DiagnosticEngine diags(sources);
  text::ParseOptions options;
  for (const auto& [k, v] : c.defines) {
    text::CapturedValue cv;
    ASSERT_TRUE(text::CapturedValue::Parse(v, &cv));
    options.captures[k] = cv;
  }
  Ref<IRModule> m = text::ParseModuleText(c.source, c.file, sources, diags, options);
  EXPECT_EQ(m, nullptr) << "the parser accepted the case";
  std::set<std::tuple<std::string, uint32_t, uint32_t>> got;
  for (const Diagnostic& d : diags.diagnostics()) {
    if (d.severity != Severity::kError) continue;
    got.insert({std::string(ErrorCodeString(d.code)), d.span.begin.line, d.span.begin.col});
  }
  EXPECT_EQ(got, c.expected) << diags.RenderAll();
}

INSTANTIATE_TEST_SUITE_P(Cases, ParseErrorTest, testing::Range<size_t>(0, Cases().size()),
                         [](const testing::TestParamInfo<size_t>& info) {
                           return Cases()[info.param].name;
                         });

// Every error code of the text format has at least one negative case.
TEST(ParseErrorCoverage, EveryTextErrorCodeIsTested) {
  std::set<std::string> tested;
  for (const auto& c : Cases()) {
    for (const auto& e : c.expected) tested.insert(std::get<0>(e));
  }
  for (ErrorCode code : AllErrorCodes()) {
    std::string s(ErrorCodeString(code));
    // E0902 (64 MiB source) and E0903 (100 errors) are covered by parser unit tests, E0231
    // (a malformed -D value) by the CLI tests; retired codes are never reported.
    if (s == "E0902" || s == "E0903" || s == "E0231") continue;
    // Codes of the checker (E0904, E0905, E1xxx, E2xxx) are covered by the checker's tests.
    if (s == "E0904" || s == "E0905" || s.rfind("E0", 0) != 0) continue;
    // The interpreter's limits (E0906-E0914) are covered by its evaluation-rule programs and
    // interpreter/tests/limits_test.cc.
    if (s >= "E0906" && s <= "E0914") continue;
    if (ErrorCodeSummary(code).find("(retired)") != std::string_view::npos) continue;
    EXPECT_TRUE(tested.count(s)) << "no negative parser case for " << s << " ("
                                 << ErrorCodeSummary(code) << ")";
  }
}

}  // namespace
}  // namespace rlx
