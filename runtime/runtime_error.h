// Runtime errors (spec §4 traps and exhaustion): typed by a stable code, with the rule, the
// span of the failing binding and the call stack. Kernels and the evaluator throw a Trap;
// the interpreter's entry points catch it and return a RuntimeError, so no exception ever
// leaves the library.
#pragma once

#include <exception>
#include <string>
#include <vector>

#include "ir/base/diagnostic.h"

namespace rlx::runtime {

/// One active call: the function and where it was called from.
struct StackFrame {
  std::string function;
  Span call_site;  // unknown for the entry call
};

/// A runtime error as reported to users.
struct RuntimeError {
  ErrorCode code = ErrorCode::kBadEntry;
  std::string rule;     // the spec rule (more specific than the code's rule when set, e.g. op.add.c4)
  std::string message;
  Span span;            // the failing binding (unknown when the error is at the entry)
  std::vector<StackFrame> stack;  // innermost first

  /// True for the limit codes E09xx (spec.error-kinds: exhaustion, not a trap).
  bool is_exhaustion() const;
  /// Frames shown at each end of a longer stack; the frames between them are elided.
  static constexpr size_t kShownFrames = 10;
  /// Reports the error to `diags` as an error diagnostic with the rule and the stack as notes
  /// (of a stack of more than 2 * kShownFrames frames, the innermost and outermost kShownFrames
  /// and one note that counts the others).
  void Report(DiagnosticEngine& diags) const;
};

/// Thrown inside the interpreter; caught at its entry points.
class Trap : public std::exception {
 public:
  Trap(ErrorCode code, std::string message, std::string rule = {})
      : code_(code), message_(std::move(message)), rule_(std::move(rule)) {}
  const char* what() const noexcept override { return message_.c_str(); }

  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  const std::string& rule() const { return rule_; }

  /// Where it happened; set by the innermost binding that sees it unset.
  Span span;
  bool span_set = false;
  /// Filled while the trap unwinds through calls (innermost first).
  std::vector<StackFrame> stack;

 private:
  ErrorCode code_;
  std::string message_;
  std::string rule_;
};

/// Throws Trap(code, message, rule).
[[noreturn]] void Fail(ErrorCode code, std::string message, std::string rule = {});

}  // namespace rlx::runtime
