#include "conformance/runner/rule_index.h"

#include <filesystem>
#include <regex>
#include <sstream>

#include "ir/base/diagnostic.h"
#include "ir/base/file_io.h"
#include "ir/op_table.h"

namespace rlx::conform {

namespace fs = std::filesystem;

RuleIndex RuleIndex::Load(const std::string& spec_dir, std::string* error) {
  RuleIndex index;
  const std::regex def(R"(\*\*\[([a-z][a-z0-9_.-]*[a-z0-9])\]\*\*)");
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(spec_dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->path().extension() != ".md") continue;
    std::string text, why;
    if (!ReadWholeFile(it->path().string(), &text, &why)) {
      *error = why;
      continue;
    }
    // The chapter: the leading digit of the file or of its folder (5-operators/5.2-binary.md).
    std::string rel = fs::relative(it->path(), spec_dir).string();
    std::string chapter = std::isdigit(static_cast<unsigned char>(rel[0])) ? rel.substr(0, 1) : "README";
    for (auto m = std::sregex_iterator(text.begin(), text.end(), def); m != std::sregex_iterator(); ++m) {
      index.chapter_[(*m)[1]] = chapter;
    }
    static const std::regex section(R"(\n### R\.([a-z0-9_.]+))");
    for (auto m = std::sregex_iterator(text.begin(), text.end(), section); m != std::sregex_iterator(); ++m) {
      index.op_sections_.insert((*m)[1]);
    }
  }
  if (index.chapter_.empty() && error->empty()) *error = "no rule IDs found under '" + spec_dir + "' (is it the spec/ folder?)";
  for (ErrorCode c : AllErrorCodes()) index.error_rules_.insert(std::string(ErrorCodeRule(c)));
  return index;
}

bool RuleIndex::IsValidTag(const std::string& tag) const {
  if (IsRule(tag)) return true;
  return tag.rfind("op.", 0) == 0 && FindOp(tag.substr(3)) != nullptr;
}

bool RuleIndex::IsErrorRule(const std::string& rule) const {
  if (error_rules_.count(rule)) return true;
  static const std::regex constraint(R"(op\..*\.c[0-9]+)");
  return std::regex_match(rule, constraint);
}

}  // namespace rlx::conform
