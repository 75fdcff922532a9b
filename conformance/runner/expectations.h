// An implementation's expectations file (conformance/ADAPTER.md "Expectations"): which
// assertions to skip, which are expected to fail, which it does not support.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rlx::conform {

struct Expectation {
  std::string pattern;  // an assertion id or a glob over ids
  enum class Kind { kSkip, kXFail, kUnsupported } kind = Kind::kSkip;
  std::string reason;
  int line = 0;
};

class Expectations {
 public:
  /// Parses the file's text; nullopt with `error` (and its line) when malformed.
  static std::optional<Expectations> Parse(const std::string& text, std::string* error);
  /// The first entry whose pattern matches `id`, or nullptr.
  const Expectation* Find(const std::string& id) const;
  const std::vector<Expectation>& entries() const { return entries_; }

 private:
  std::vector<Expectation> entries_;
};

const char* ExpectationKindName(Expectation::Kind k);

}  // namespace rlx::conform
