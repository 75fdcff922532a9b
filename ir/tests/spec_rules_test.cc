// Spec, code and tests move together: every rule ID the code cites, and every rule of an
// error code, is defined in spec/ exactly once (spec spec.rule-def, spec.error-code).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "ir/base/diagnostic.h"

namespace rlx {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Rule ID -> number of definitions in spec/.
std::map<std::string, int> DefinedRules() {
  std::map<std::string, int> defined;
  const std::regex def(R"(\*\*\[([a-z][a-z0-9_.-]*[a-z0-9])\]\*\*)");
  for (const auto& e : fs::recursive_directory_iterator(fs::path(RLX_SOURCE_DIR) / "spec")) {
    if (e.path().extension() != ".md") continue;
    std::string text = Read(e.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), def);
         it != std::sregex_iterator(); ++it) {
      ++defined[(*it)[1]];
    }
  }
  return defined;
}

// Rule IDs cited in comments of the sources: file -> IDs.
std::map<std::string, std::set<std::string>> CitedRules() {
  std::map<std::string, std::set<std::string>> cited;
  const std::regex id(
      R"(\b((?:syntax|norm|sinfo|scope|wf|eval|op|text|diag|tir)\.[a-z0-9_.-]*[a-z0-9])(\.\*)?)");
  for (const char* dir :
       {"ir", "checker", "interpreter", "compiler", "conformance", "fuzz", "tools"}) {
    fs::path root = fs::path(RLX_SOURCE_DIR) / dir;
    if (!fs::exists(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      auto ext = e.path().extension();
      if (ext != ".cc" && ext != ".h" && ext != ".def") continue;
      std::istringstream lines(Read(e.path()));
      std::string line;
      while (std::getline(lines, line)) {
        size_t c = line.find("//");
        if (c == std::string::npos) continue;
        std::string comment = line.substr(c);
        for (auto it = std::sregex_iterator(comment.begin(), comment.end(), id);
             it != std::sregex_iterator(); ++it) {
          if ((*it)[2].matched) continue;  // a family such as wf.purity.*
          cited[fs::relative(e.path(), RLX_SOURCE_DIR).string()].insert((*it)[1]);
        }
      }
    }
  }
  return cited;
}

TEST(SpecRules, EveryRuleIsDefinedOnce) {
  auto defined = DefinedRules();
  ASSERT_GT(defined.size(), 100u);
  for (const auto& [rule, count] : defined)
    EXPECT_EQ(count, 1) << rule << " is defined " << count << " times";
}

TEST(SpecRules, EveryCitedRuleIsDefined) {
  auto defined = DefinedRules();
  for (const auto& [file, rules] : CitedRules()) {
    for (const auto& r : rules)
      EXPECT_TRUE(defined.count(r)) << file << " cites undefined rule " << r;
  }
}

TEST(SpecRules, EveryErrorCodeBelongsToADefinedRule) {
  auto defined = DefinedRules();
  for (ErrorCode c : AllErrorCodes()) {
    std::string rule(ErrorCodeRule(c));
    EXPECT_TRUE(defined.count(rule)) << ErrorCodeString(c) << " names undefined rule " << rule;
  }
}

// The text format's codes are listed in chapter 6 §6.13, the checker's (E0904 and up, E1xxx,
// E2xxx) in chapter 3 §3.5.
TEST(SpecRules, EveryErrorCodeIsListedInTheSpec) {
  std::string text_chapter = Read(fs::path(RLX_SOURCE_DIR) / "spec/6-text-format.md");
  std::string checker_chapter = Read(fs::path(RLX_SOURCE_DIR) / "spec/3-well-formedness.md");
  std::string eval_chapter = Read(fs::path(RLX_SOURCE_DIR) / "spec/4-semantics.md");
  for (ErrorCode c : AllErrorCodes()) {
    std::string code(ErrorCodeString(c));
    bool checker = code[1] == '1' || code[1] == '2' || code == "E0904" || code == "E0905";
    bool eval = code[1] == '3' || (code >= "E0906" && code <= "E0914");  // E0910-E0914: eval limits
    const std::string& chapter = eval ? eval_chapter : checker ? checker_chapter : text_chapter;
    EXPECT_NE(chapter.find("| " + code + " |"), std::string::npos)
        << code << " is missing from " << (eval ? "§4.11/§4.12" : checker ? "§3.5" : "§6.13");
  }
}

}  // namespace
}  // namespace rlx
