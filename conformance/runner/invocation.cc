#include "conformance/runner/invocation.h"

#include <filesystem>

#include "runtime/allocator.h"
#include "runtime/format.h"
#include "runtime/io/npy.h"

namespace rlx::conform {
namespace {

// A value line after its keyword: "npy FILE" or the value text.
std::optional<Argument> ParseValueLine(const std::string& text, const std::string& dir, std::string* error) {
  if (text.rfind("npy ", 0) == 0) {
    std::string path = (std::filesystem::path(dir) / text.substr(4)).string();
    auto t = runtime::ReadNpyFile(path, error);
    if (!t) return std::nullopt;
    return Argument{runtime::Value::FromTensor(t), std::filesystem::absolute(path).string()};
  }
  auto v = runtime::ParseValueText(text, error);
  if (!v) return std::nullopt;
  return Argument{*v, ""};
}

}  // namespace

std::optional<Invocation> ParseInvocation(const Command& c, const std::string& dir, std::string* error) {
  Invocation inv;
  for (size_t i = 0; i < c.body.size(); ++i) {
    const std::string& line = c.body[i];
    std::string where = "line " + std::to_string(c.line + 1 + static_cast<int>(i)) + ": ";
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    size_t sp = line.find(' ');
    std::string word = line.substr(0, sp);
    std::string rest = sp == std::string::npos ? "" : line.substr(sp + 1);
    std::string why;
    if (word == "arg" || word == "expect") {
      auto a = ParseValueLine(rest, dir, &why);
      if (a && word == "arg") inv.args.push_back(*a);
      if (a && word == "expect") inv.expect.push_back(a->value);
    } else if (word == "expect_text") {
      inv.expect_text = rest;
    } else if (word == "print") {
      inv.print.push_back(rest);
    } else if (word == "compare") {
      if (auto cmp = runtime::ParseComparison(rest, &why)) inv.compare = *cmp;
    } else if (word == "limit") {
      std::string name;
      int64_t v = 0;
      runtime::Limits scratch;
      if (!runtime::ParseLimitText(rest, &name, &v) || !runtime::SetLimit(name, v, &scratch)) {
        why = "expected 'limit NAME=N' with NAME " + std::string(runtime::LimitNames()) + ", got '" + rest + "'";
      } else {
        inv.limits[name] = v;
      }
    } else {
      why = "unknown line '" + line + "' (arg, expect, expect_text, print, compare, limit)";
    }
    if (!why.empty()) {
      *error = where + why;
      return std::nullopt;
    }
  }
  if (inv.expect_text && !inv.expect.empty()) {
    *error = "expect and expect_text together";
    return std::nullopt;
  }
  return inv;
}

std::string CompareResult(const Invocation& inv, const runtime::Value& got) {
  if (inv.expect_text) {
    std::string text = runtime::FormatValue(got);
    return text == *inv.expect_text ? "" : "got " + text + ", expected " + *inv.expect_text;
  }
  // One expect line also matches a 1-field tuple.
  if (inv.expect.size() == 1 && !(got.is_tuple() && got.tuple().size() == 1)) {
    return runtime::CompareValues(inv.expect[0], got, inv.compare);
  }
  return runtime::CompareValues(runtime::Value::FromTuple(inv.expect), got, inv.compare);
}

}  // namespace rlx::conform
