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
  /// The implementation rejected at the right phase (parse, check, run) with another code or
  /// rule: a failure with --match code, a pass with --match phase.
  bool phase_only = false;
};

/// How an expected error is matched (`rlx conform --match`).
enum class MatchMode {
  kCode,   // the phase, the error code and (for check errors) the rule
  kPhase,  // only the phase: parse, check or run
};

/// True for a module-acceptance command (`module`, `assert_valid`), as opposed to a behavioural
/// assertion.
bool IsAcceptanceCommand(const std::string& verb);

/// The claim as it is sent to an implementation: the `@claim` decorator without its expected
/// answer, no docstrings or comments, and the function named `claim` (its name may tell).
std::string ClaimWithoutAnswer(const std::string& claim_text);

struct RunConfig {
  Selection selection;
  const Expectations* expectations = nullptr;
  /// Stop after this many failures (0: never); the rest are not run.
  int max_failures = 0;
  MatchMode match = MatchMode::kCode;
  /// Skip the assertions that run with limits (`limit` lines): limits count the work and memory
  /// of the module as written, which compiler passes change (`rlx conform --passes`) — except
  /// the limits named in `limits_kept`, which the transformation keeps the meaning of.
  bool skip_limits = false;
  std::vector<std::string> limits_kept;
  /// Called after each assertion (for progress output); may be empty.
  std::function<void(const AssertionResult&)> on_result;
};

std::vector<AssertionResult> RunSuite(const Suite& suite, Implementation& impl, const RunConfig& config);

}  // namespace rlx::conform
