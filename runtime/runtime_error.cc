#include "runtime/runtime_error.h"

namespace rlx::runtime {

bool RuntimeError::is_exhaustion() const {
  return ErrorCodeString(code).substr(0, 3) == "E09";
}

void RuntimeError::Report(DiagnosticEngine& diags) const {
  Diagnostic& d = diags.Error(code, span, message);
  if (!rule.empty()) d.rule = rule;
  // A deep stack (E0908 reports every active call) is shown by its two ends.
  const size_t n = stack.size();
  for (size_t i = 0; i < n; ++i) {
    if (n > 2 * kShownFrames && i == kShownFrames) {
      d.notes.push_back(
          {Span{}, "... " + std::to_string(n - 2 * kShownFrames) + " frames elided ..."});
      i = n - kShownFrames - 1;
      continue;
    }
    const StackFrame& f = stack[i];
    d.notes.push_back({f.call_site, "in " + f.function + (f.call_site.known() ? ", called here" : "")});
  }
}

void Fail(ErrorCode code, std::string message, std::string rule) {
  throw Trap(code, std::move(message), std::move(rule));
}

}  // namespace rlx::runtime
