// What evaluating a binding can do besides giving its value: trap, have an effect, or bind a
// shape variable. Passes that remove bindings (dead-code-elimination) or reorder them ask it
// (spec pass.dead-code-elimination, "removable").
#pragma once

#include <unordered_set>

#include "ir/module.h"

namespace rlx::compiler {

/// The removable bindings of one module (the nodes of that module object: rebuild the analysis
/// after a rewrite).
class BindingEffects {
 public:
  /// Analyses `m`, a module the checker accepts (it is checked again here: the run-time checks
  /// it needs are part of the answer).
  explicit BindingEffects(const IRModule& m);

  /// True when evaluating `b` cannot trap, exhaust anything but the memory and work limits, fail
  /// to terminate or have an effect, and binds no shape variable: a program without `b` (when
  /// nothing uses its variable) has the same outcome.
  bool Removable(const Binding& b) const;

  /// True when evaluating `b` may trap or have an effect (a pass that moves other bindings
  /// past it must not change which of two traps comes first).
  bool MayTrap(const Binding& b) const;

  /// True when the struct info of `v` may be a trusted declaration's (eval.trusted): `v` is the
  /// result of a call nothing checks (an extern or packed function, a function value) or is
  /// computed from one, with no match_cast or annotation checking it again in between. Such
  /// struct info can lie, so a check of `v` that the checker proved is still a check.
  bool Trusted(const Var* v) const { return trusted_.count(v) > 0; }

  /// True when `b` is a match_cast or an annotated binding whose check examines a value whose
  /// struct info may be a trusted declaration's: the check may fail though the checker proved it.
  bool ChecksTrusted(const Binding& b) const;

  /// True when the checker recorded a run-time check while deriving `b` (an argument or bound
  /// of a call, an annotation, an op constraint, ...), or `b` checks a trusted value.
  bool Checked(const Binding& b) const { return checked_.count(b.var.get()) > 0 || ChecksTrusted(b); }

  /// True when `b` is a match_cast that defines a shape variable.
  bool DefinesShapeVars(const Binding& b) const { return binds_shape_vars_.count(b.var.get()) > 0; }

  /// True when `e` is a variable whose struct info may be a trusted declaration's (Trusted).
  bool IsTrusted(const Ref<Expr>& e) const {
    auto v = As<Var>(e);
    return v && trusted_.count(v.get());
  }

  /// True when evaluating `value` cannot trap or have an effect, whatever the values of the
  /// variables it uses (the checker's static facts aside: a binding's recorded run-time checks
  /// are Removable's business).
  bool CannotTrap(const Ref<Expr>& value) const;

 private:
  bool SeqCannotTrap(const SeqExpr& seq) const;
  std::unordered_set<const Var*> checked_;  // bindings the checker gave a run-time check
  std::unordered_set<const Var*> binds_shape_vars_;  // match_casts that define shape variables
  std::unordered_set<const Var*> trusted_;
  std::unordered_set<const Var*> checks_trusted_;
};

}  // namespace rlx::compiler
