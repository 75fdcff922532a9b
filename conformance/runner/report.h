// What a conformance run prints and writes: one line per failure with a command that reruns
// it, a summary table per spec chapter, the closing line, JUnit XML and JSON lines; and the
// static reports: rule coverage and the per-op status table.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "conformance/runner/rule_index.h"
#include "conformance/runner/runner.h"

namespace rlx::conform {

/// "FAIL id verb: reason (rerun: ...)" for a failing result; "" for others.
std::string FailureLine(const AssertionResult& r, const std::string& rerun_prefix);

/// The table per chapter, the closing line "N passed, N failed, N skipped[, ...]", the
/// behavioural / module-acceptance split and the figure of the other match mode.
void PrintSummary(const std::vector<AssertionResult>& results, MatchMode match, std::ostream& out);

void WriteJUnit(const std::vector<AssertionResult>& results, const std::string& impl_name, std::ostream& out);
void WriteJsonLines(const std::vector<AssertionResult>& results, std::ostream& out);

/// Rules the suite cannot show, with the reason (conformance/coverage-exemptions.txt):
/// `missing` (no assertion possible) or `negative` (no negative assertion possible).
struct Exemption {
  std::string kind;
  std::string reason;
};
/// Reads the exemptions file; problems (unknown rules or kinds) are appended to `errors`.
std::map<std::string, Exemption> ReadExemptions(const std::string& text, const RuleIndex& rules,
                                                std::vector<std::string>* errors);

/// The per-rule coverage table of the suite (every assertion counted, not run); returns the
/// number of rules without an assertion, or error rules without a negative one, that are not
/// exempt, plus the exemptions that are stale (the rule is covered after all).
int PrintCoverage(const Suite& suite, const RuleIndex& rules, const std::map<std::string, Exemption>& exempt,
                  std::ostream& out);

/// The per-op status table (Markdown): spec section, inference, interpreter kernel, and the
/// number of conformance assertions tagged with the op or one of its constraints.
void PrintOpStatus(const Suite& suite, const RuleIndex& rules, std::ostream& out);

}  // namespace rlx::conform
