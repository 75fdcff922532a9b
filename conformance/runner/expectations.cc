#include "conformance/runner/expectations.h"

#include <fnmatch.h>

#include <sstream>

namespace rlx::conform {

const char* ExpectationKindName(Expectation::Kind k) {
  switch (k) {
    case Expectation::Kind::kSkip: return "skip";
    case Expectation::Kind::kXFail: return "xfail";
    case Expectation::Kind::kUnsupported: return "unsupported";
  }
  return "?";
}

std::optional<Expectations> Expectations::Parse(const std::string& text, std::string* error) {
  Expectations out;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos || line[start] == '#') continue;
    std::istringstream words(line);
    Expectation e;
    std::string kind;
    words >> e.pattern >> kind;
    if (kind == "skip") e.kind = Expectation::Kind::kSkip;
    else if (kind == "xfail") e.kind = Expectation::Kind::kXFail;
    else if (kind == "unsupported") e.kind = Expectation::Kind::kUnsupported;
    else {
      *error = "line " + std::to_string(lineno) + ": expected 'ID-OR-GLOB skip|xfail|unsupported REASON', got '" + line + "'";
      return std::nullopt;
    }
    std::getline(words, e.reason);
    size_t b = e.reason.find_first_not_of(" \t");
    e.reason = b == std::string::npos ? "" : e.reason.substr(b);
    while (!e.reason.empty() && (e.reason.back() == '\r' || e.reason.back() == ' ')) e.reason.pop_back();
    e.line = lineno;
    out.entries_.push_back(std::move(e));
  }
  return out;
}

const Expectation* Expectations::Find(const std::string& id) const {
  for (const Expectation& e : entries_) {
    if (e.pattern == id || fnmatch(e.pattern.c_str(), id.c_str(), 0) == 0) return &e;
  }
  return nullptr;
}

}  // namespace rlx::conform
