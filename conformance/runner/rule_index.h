// The rule IDs the spec defines (spec.rule-def: `**[id]**` in spec/**/*.md), with the chapter
// that defines each, and the ops of the op table: what a conformance tag may name.
#pragma once

#include <map>
#include <set>
#include <string>

namespace rlx::conform {

class RuleIndex {
 public:
  /// Reads every .md file under `spec_dir`; `error` is set when it holds no rules.
  static RuleIndex Load(const std::string& spec_dir, std::string* error);

  /// True when `tag` is a defined rule or `op.NAME` of an op in the op table.
  bool IsValidTag(const std::string& tag) const;
  bool IsRule(const std::string& tag) const { return chapter_.count(tag) > 0; }
  /// "1" .. "6" or "README" for a defined rule.
  const std::string& ChapterOf(const std::string& rule) const { return chapter_.at(rule); }
  const std::map<std::string, std::string>& rules() const { return chapter_; }
  /// Rules whose violation is an error: the rule of some error code, and every op constraint.
  bool IsErrorRule(const std::string& rule) const;
  /// True when chapter 5 has a section `### R.NAME` for the op.
  bool HasOpSection(const std::string& op) const { return op_sections_.count(op) > 0; }

 private:
  std::map<std::string, std::string> chapter_;  // rule -> chapter
  std::set<std::string> error_rules_;
  std::set<std::string> op_sections_;
};

}  // namespace rlx::conform
