// One fuzz case: a generated program, its entry's arguments, and what every oracle shares
// (the checker's result, the reference interpreter's run), computed once on demand.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "checker/checker.h"
#include "interpreter/interpreter.h"
#include "ir/module.h"

namespace rlx::fuzz {

/// What running a module gave: a value or a trap's code, and what it printed.
struct Outcome {
  bool ok = false;
  runtime::Value value;
  std::string error_code;  // "E3001"; empty when ok
  std::string error_message;
  std::string printed;     // R.print's output
};

/// Runs `module`'s "main" with `args`: the reference interpreter, a compiled module, ...
/// (a way to run is all an "implementation A vs implementation B" oracle needs).
using Runner = std::function<Outcome(const Ref<IRModule>& module, const std::vector<runtime::Value>& args)>;

/// The fuzz harness's evaluation limits: small, so that no case runs long.
runtime::Limits FuzzLimits();

/// The reference interpreter as a Runner (arguments are copied, so runs never share tensors).
Outcome Interpret(const Ref<IRModule>& module, const std::vector<runtime::Value>& args);
/// The interpreter performing only the checks the checker records for `module` (as compiled code
/// does, spec eval.runtime-check): a proven annotation or return check is skipped. Against
/// Interpret, it tests every "proven, no check needed" the checker answers.
Outcome InterpretRecordedChecks(const Ref<IRModule>& module, const std::vector<runtime::Value>& args);
/// The module through the -O2 (or -O0) pipeline, its PrimFuncs compiled to native CPU kernels
/// (driver backend cpu-kernels), compared by the cpu-kernels oracles with the module after
/// legalize-ops interpreted.
Outcome RunCpuKernels(const Ref<IRModule>& module, const std::vector<runtime::Value>& args);
Outcome RunCpuKernelsO0(const Ref<IRModule>& module, const std::vector<runtime::Value>& args);
/// The whole program compiled (the `cpu` backend: kernels and Relax functions) at -O2, -O0 or
/// -O3 (spec pass.pipeline).
Outcome RunCpu(const Ref<IRModule>& module, const std::vector<runtime::Value>& args);
Outcome RunCpuO0(const Ref<IRModule>& module, const std::vector<runtime::Value>& args);
Outcome RunCpuO3(const Ref<IRModule>& module, const std::vector<runtime::Value>& args);
Outcome InterpretLegalized(const Ref<IRModule>& module, const std::vector<runtime::Value>& args);
/// The same, calling `on_binding` after every binding.
Outcome InterpretObserved(
    const Ref<IRModule>& module, const std::vector<runtime::Value>& args,
    const std::function<void(const Binding&, const runtime::Value&, const runtime::Environment&)>& on_binding);

/// "" when the outcomes are the same (values bit for bit, the same error code, the same
/// printed text), else the first difference.
std::string CompareOutcomes(const Outcome& a, const Outcome& b);

/// The values every variable was bound to during a run, in order (a variable in a loop or a
/// recursive function is bound more than once).
using Trace = std::unordered_map<const Var*, std::vector<runtime::Value>>;

/// The interpreter's run with its trace.
Outcome InterpretTraced(const Ref<IRModule>& module, const std::vector<runtime::Value>& args, Trace* trace);

/// "" when the values of the variables both traces have are the same, else the first that
/// differs. A rewrite that keeps a binding's variable must keep its values: this sees a
/// difference even where it never reaches the result.
std::string CompareTraces(const Trace& before, const Trace& after);

/// A one-line description of an outcome.
std::string DescribeOutcome(const Outcome& o);

class FuzzCase {
 public:
  FuzzCase(uint64_t seed, Ref<IRModule> module, std::vector<runtime::Value> args)
      : seed_(seed), module_(std::move(module)), args_(std::move(args)) {}

  uint64_t seed() const { return seed_; }
  const Ref<IRModule>& module() const { return module_; }
  const std::vector<runtime::Value>& args() const { return args_; }

  /// The checker's verdict on the module (with its diagnostics rendered).
  const checker::CheckResult& Check();
  const std::string& CheckDiagnostics();
  /// The code and rule of the checker's first error ("E2008 op.ones.c3"), or "".
  const std::string& FirstError();
  bool Accepted() { return Check().ok; }
  /// The reference interpreter's run of the module (only for accepted modules).
  const Outcome& Reference();
  /// The values of its variables in that run.
  const Trace& ReferenceTrace();

 private:
  uint64_t seed_;
  Ref<IRModule> module_;
  std::vector<runtime::Value> args_;
  std::optional<checker::CheckResult> check_;
  std::string check_diags_;
  std::string first_error_;
  std::optional<Outcome> reference_;
  Trace trace_;
  bool traced_ = false;
};

}  // namespace rlx::fuzz
