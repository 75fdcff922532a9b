#include "interpreter/runtime_error.h"

namespace rlx::interp {

bool RuntimeError::is_exhaustion() const {
  return ErrorCodeString(code).substr(0, 3) == "E09";
}

void RuntimeError::Report(DiagnosticEngine& diags) const {
  Diagnostic& d = diags.Error(code, span, message);
  if (!rule.empty()) d.rule = rule;
  for (const StackFrame& f : stack) {
    d.notes.push_back({f.call_site, "in " + f.function + (f.call_site.known() ? ", called here" : "")});
  }
}

void Fail(ErrorCode code, std::string message, std::string rule) {
  throw Trap(code, std::move(message), std::move(rule));
}

}  // namespace rlx::interp
