// The checker (spec chapter 3): well-formedness, struct-info derivation for every expression
// and op call, and the runtime checks a program needs. It runs after parsing, as TVM's
// parser runs its well-formed check, and reports every violation it finds.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "checker/prover/prover.h"
#include "ir/base/diagnostic.h"
#include "ir/module.h"
#include "ir/runtime_check.h"

namespace rlx::checker {

/// The checks left to run time (ir/runtime_check.h): the checker records them, the backends read them.
using RuntimeCheck = ::rlx::RuntimeCheck;
using ::rlx::RuntimeCheckKindName;

/// What derivation knew at one VarBinding (recorded when CheckOptions::record_bindings is set,
/// for `rlx prove`): the facts the prover assumed there, the derived struct info, and the
/// diagnostics and runtime checks the binding produced.
struct BindingRecord {
  std::string global;      // the module function it belongs to
  const Binding* binding = nullptr;
  Ref<StructInfo> derived;  // the value's struct info (nullptr after an error)
  std::vector<Ref<PrimExpr>> facts;
  size_t diag_begin = 0, diag_end = 0;      // the diagnostics it produced
  size_t check_begin = 0, check_end = 0;    // its runtime checks
};

/// Options of a check.
struct CheckOptions {
  prover::ProverOptions prover;
  bool record_bindings = false;
};

/// The outcome of checking a module.
struct CheckResult {
  /// True when no error was reported (warnings allowed).
  bool ok = false;
  /// The struct info of every variable (parameters and bindings), keyed by the node.
  std::unordered_map<const Var*, Ref<StructInfo>> var_sinfo;
  /// The struct info of every binding value, call, function and body, keyed by the node.
  std::unordered_map<const Expr*, Ref<StructInfo>> expr_sinfo;
  /// The struct info of every module global, by name.
  std::unordered_map<std::string, Ref<StructInfo>> global_sinfo;
  /// The runtime checks the program needs, in program order per function.
  std::vector<RuntimeCheck> runtime_checks;
  /// One record per VarBinding, in derivation order (with CheckOptions::record_bindings).
  std::vector<BindingRecord> bindings;
  /// Prover counters for the run.
  prover::ProverStats prover_stats;
};

/// Checks a module: well-formedness (wf.*, scope.*, norm.*) then struct-info derivation
/// (sinfo.*, op.*). Every violation is reported to `diags`.
CheckResult CheckModule(const IRModule& module, DiagnosticEngine& diags,
                        const CheckOptions& options = {});

/// The module with every variable annotated with its derived struct info and every function
/// with its return struct info (for `rlx check --print-struct-info`).
Ref<IRModule> AnnotateModule(const Ref<IRModule>& module, const CheckResult& result);

/// The derived struct info of the variable named `var` that module function `function` binds
/// (by a VarBinding or a MatchCast, in nested scopes too; the last definition in the text, so
/// for a name assigned in both branches of an `if`, the If's), or nullptr when there is none.
/// (`rlx check --struct-info-of`, the conformance adapter's `infer`.)
Ref<StructInfo> BindingStructInfo(const IRModule& module, const CheckResult& result, const std::string& function,
                                  const std::string& var);

}  // namespace rlx::checker
