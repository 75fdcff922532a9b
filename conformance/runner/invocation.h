// The body of assert_return / assert_error / assert_exhaustion (conformance/FORMAT.md
// "Invocations"): arguments, expected values or text, printed lines, comparison, limits.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "conformance/runner/protocol.h"
#include "conformance/runner/script.h"
#include "runtime/io/value_text.h"

namespace rlx::conform {

struct Invocation {
  std::vector<Argument> args;
  std::vector<runtime::Value> expect;       // one per result (several: a tuple)
  std::optional<std::string> expect_text;  // the result's eval.print.value text instead
  std::vector<std::string> print;          // the lines R.print must write
  runtime::Comparison compare;
  std::map<std::string, int64_t> limits;
};

/// Parses the body; `dir` is where `npy` files are. nullopt with `error` ("line N: ...").
std::optional<Invocation> ParseInvocation(const Command& c, const std::string& dir, std::string* error);

/// "" when `got` (a run's result) meets the invocation's expectations, else why not.
std::string CompareResult(const Invocation& inv, const runtime::Value& got);

}  // namespace rlx::conform
