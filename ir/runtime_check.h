// The checks a program needs at run time (spec wf.runtime-checks): what the checker could not
// decide statically, recorded by the checker (checker::CheckResult::runtime_checks) and read by
// the backends, which insert exactly these (the interpreter performs them all by default, spec
// eval.runtime-check, and exactly these with InterpreterOptions::recorded_checks_only).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/expr.h"

namespace rlx {

/// A check that static information could not decide (sinfo.prove.unknown): the interpreter
/// and the compiler insert exactly these, at the place named.
struct RuntimeCheck {
  enum class Kind {
    kAnnotation,  // a VarBinding whose value must match its variable's annotation
    kMatchCast,   // a MatchCast whose cast is not proven to succeed
    kCallArg,     // an argument checked at the callee's boundary
    kReturn,      // a function result checked against the return annotation
    kBound,       // a shape-variable bound at a call (sinfo.bound.check)
    kOpConstraint,  // an op constraint on symbolic extents (op.<name>.cN)
    kIfCondition,   // an If condition whose rank is not known
  };
  Kind kind;
  std::string rule;     // the spec rule that requires the check
  Span span;            // where it happens
  const Var* var = nullptr;            // the bound variable (bindings), or nullptr
  const Function* function = nullptr;  // the function (kReturn, kCallArg, kBound), or nullptr
  Ref<StructInfo> expected;            // what the value must match (annotation, cast, param)
  Ref<PrimExpr> condition;             // a shape condition that must hold, when one is known
  std::string message;                 // why the check is needed (the undecided part)
  /// Values of the shape variables for which the condition fails, when the prover found
  /// some (the check is then certainly needed).
  std::vector<std::pair<Ref<PrimExpr>, int64_t>> counterexample;
};

/// "annotation", "match_cast", "call-arg", "return", "bound", "op-constraint", "if-condition".
const char* RuntimeCheckKindName(RuntimeCheck::Kind k);

}  // namespace rlx
