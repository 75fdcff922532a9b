#include "conformance/runner/suite.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "conformance/runner/invocation.h"
#include "ir/base/file_io.h"

namespace rlx::conform {

namespace fs = std::filesystem;

namespace {

struct VerbInfo {
  const char* name;
  size_t args;  // the number of words after the verb
  bool negative;
};

// conformance/FORMAT.md "Commands".
constexpr VerbInfo kVerbs[] = {
    {"module", 1, false},          {"assert_valid", 0, false},       {"assert_malformed", 1, true},
    {"assert_ill_formed", 2, true}, {"assert_struct_info", 3, false}, {"assert_canonical", 1, false},
    {"assert_return", 2, false},    {"assert_error", 3, true},        {"assert_exhaustion", 3, true},
    {"assert_proven", 0, false},    {"assert_disproven", 0, true},
    {"assert_not_proven", 0, true}, {"assert_not_disproven", 0, false},
};

const VerbInfo* FindVerb(const std::string& v) {
  for (const VerbInfo& i : kVerbs) {
    if (v == i.name) return &i;
  }
  return nullptr;
}

// Checks one command; "" when it is well formed.
std::string Validate(const Command& c, const RuleIndex& rules, const std::vector<std::string>& modules,
                     const std::string& dir) {
  const VerbInfo* v = FindVerb(c.verb);
  if (!v) return "unknown command '" + c.verb + "'";
  if (c.args.size() != v->args) {
    return c.verb + " takes " + std::to_string(v->args) + " argument(s), got " + std::to_string(c.args.size());
  }
  if (c.verb != "module" && c.tags.empty()) return "an assertion needs rule tags [...]";
  for (const auto& t : c.tags) {
    if (!rules.IsValidTag(t)) return "tag '" + t + "' is neither a rule the spec defines nor op.NAME of an op";
  }
  if (c.verb == "assert_struct_info" || c.verb == "assert_canonical" || c.verb == "assert_return" ||
      c.verb == "assert_error" || c.verb == "assert_exhaustion") {
    if (std::find(modules.begin(), modules.end(), c.args[0]) == modules.end()) {
      return "module '" + c.args[0] + "' is not defined above";
    }
  }
  if (c.verb == "module" && std::count(modules.begin(), modules.end(), c.args[0]) > 1) {
    return "module '" + c.args[0] + "' is defined twice";
  }
  if (c.verb == "assert_return" || c.verb == "assert_error" || c.verb == "assert_exhaustion") {
    std::string error;
    auto inv = ParseInvocation(c, dir, &error);
    if (!inv) return error;
    if (c.verb != "assert_return" && (!inv->expect.empty() || inv->expect_text)) {
      return c.verb + " takes no expect lines";
    }
    if (c.verb == "assert_return" && inv->expect.empty() && !inv->expect_text) return "assert_return needs expect lines";
  } else if (c.verb != "assert_canonical" && c.body.empty()) {
    return c.verb + " needs a body";
  }
  return "";
}

}  // namespace

bool IsKnownVerb(const std::string& verb) { return FindVerb(verb) != nullptr; }

bool IsNegativeVerb(const std::string& verb) {
  const VerbInfo* v = FindVerb(verb);
  return v && v->negative;
}

Suite Suite::Load(const std::string& root, const RuleIndex& rules, std::vector<std::string>* errors) {
  Suite s;
  s.root_ = root;
  std::vector<fs::path> paths;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->path().extension() == ".rlxt") paths.push_back(it->path());
  }
  if (ec) errors->push_back(root + ": " + ec.message());
  std::sort(paths.begin(), paths.end());
  s.files_.reserve(paths.size());
  for (const auto& p : paths) {
    ScriptFile f;
    f.rel = fs::relative(p, root).generic_string();
    f.dir = p.parent_path().string();
    std::string text, error;
    if (!ReadWholeFile(p.string(), &text, &error)) {
      errors->push_back(f.rel + ": " + error);
      continue;
    }
    auto commands = ParseScript(text, &error);
    if (!commands) {
      errors->push_back(f.rel + ": " + error);
      continue;
    }
    f.commands = std::move(*commands);
    std::vector<std::string> modules;
    for (const Command& c : f.commands) {
      if (c.verb == "module" && !c.args.empty()) modules.push_back(c.args[0]);
      std::string why = Validate(c, rules, modules, f.dir);
      if (!why.empty()) errors->push_back(f.rel + ":" + std::to_string(c.line) + ": " + why);
    }
    s.files_.push_back(std::move(f));
  }
  return s;
}

std::vector<AssertionRef> Suite::Assertions() const {
  std::vector<AssertionRef> out;
  for (const ScriptFile& f : files_) {
    std::string chapter = f.rel.substr(0, f.rel.find('/'));
    for (const Command& c : f.commands) {
      out.push_back({&f, &c, f.rel + ":" + std::to_string(c.line), chapter});
    }
  }
  return out;
}

bool Selection::Selects(const AssertionRef& a, size_t index) const {
  if (shard_count > 1 && static_cast<int>(index % static_cast<size_t>(shard_count)) != shard_index - 1) return false;
  if (!paths.empty()) {
    bool any = false;
    for (const std::string& p : paths) {
      std::string dir = p.empty() || p.back() == '/' ? p : p + "/";
      any |= p.empty() || a.id == p || a.file->rel == p || a.file->rel.rfind(dir, 0) == 0;
    }
    if (!any) return false;
  }
  if (!filter.empty()) {
    bool any = fnmatch(filter.c_str(), a.id.c_str(), 0) == 0;
    for (const auto& t : a.command->tags) any |= fnmatch(filter.c_str(), t.c_str(), 0) == 0;
    if (!any) return false;
  }
  return true;
}

}  // namespace rlx::conform
