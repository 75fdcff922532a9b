// Runs the selected assertions of a suite against an implementation and judges each answer
// (conformance/FORMAT.md "passes when"), applying an expectations file.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "conformance/runner/expectations.h"
#include "conformance/runner/implementation.h"
#include "conformance/runner/suite.h"

namespace rlx::conform {

enum class Outcome {
  kPass,
  kFail,
  kSkip,           // skipped by the expectations file
  kXFail,          // failed, as the expectations file says
  kXPass,          // passed although listed as xfail / unsupported: fails the run
  kUnsupported,    // answered unsupported, not listed: fails the run
  kUnsupportedExpected,  // answered unsupported, listed as unsupported
};
const char* OutcomeName(Outcome o);
/// True for the outcomes that make a run fail.
bool IsFailure(Outcome o);

struct AssertionResult {
  AssertionRef ref;
  Outcome outcome = Outcome::kPass;
  std::string reason;  // why it failed (or the expectation's reason)
};

struct RunConfig {
  Selection selection;
  const Expectations* expectations = nullptr;
  /// Stop after this many failures (0: never); the rest are not run.
  int max_failures = 0;
  /// Called after each assertion (for progress output); may be empty.
  std::function<void(const AssertionResult&)> on_result;
};

std::vector<AssertionResult> RunSuite(const Suite& suite, Implementation& impl, const RunConfig& config);

}  // namespace rlx::conform
