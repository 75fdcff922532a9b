// The reference interpreter (spec chapter 4): evaluates a checked module directly by the
// evaluation rules eval.*, with every op computed by the reference kernels of interpreter/kernels.
//
//   auto module = ...;                      // parsed, and accepted by checker::CheckModule
//   interp::Interpreter it(module);
//   interp::RunResult r = it.Run("main", {runtime::Value::FromTensor(x)});
//   if (!r.ok()) r.error->Report(diags);
//
// Run never throws and never aborts: a trap or a limit ends in RunResult::error.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "interpreter/runtime_names.h"
#include "ir/tir/prim_func.h"
#include "runtime/allocator.h"
#include "runtime/call_context.h"
#include "runtime/host_program.h"
#include "runtime/packed_registry.h"
#include "runtime/runtime_error.h"
#include "runtime/value.h"
#include "ir/module.h"
#include "ir/runtime_check.h"

namespace rlx::interp {

/// What runs a PrimFunc in place of the TIR interpreter (a code generator's kernel): the
/// tensors of every buffer parameter and the scalars, in order; traps as the interpreter does.
using PrimFuncRunner = std::function<void(CallContext&, const std::vector<Value>&)>;

struct InterpreterOptions {
  Limits limits;
  /// Where R.print writes; nullptr: standard output.
  std::ostream* out = nullptr;
  /// The packed functions; nullptr: the builtins.
  const PackedRegistry* registry = nullptr;
  /// Called after every binding with the bound value and the environment it was bound in
  /// (the fuzz harness checks each value against its static struct info); empty: nothing.
  std::function<void(const Binding&, const Value&, const Environment&)> on_binding;
  /// The checks the checker recorded (checker::CheckResult::runtime_checks), or nullptr. When
  /// given, an annotation or return check that is not among them (the checker proved it) is
  /// skipped, as compiled code skips it; by default every check is performed, so that a wrong
  /// trusted struct info still traps where it is contradicted (spec eval.runtime-check,
  /// eval.trusted). Not owned; it must outlive the runs.
  const std::vector<RuntimeCheck>* recorded_checks = nullptr;
  /// False: PrimFuncs run in the TIR interpreter's plain form (every access checked and
  /// computed on its own; tir_eval::TirProgram::Compile), which must compute what the
  /// optimized form computes — for differential tests.
  bool optimize_tir = true;
  /// Compiles the PrimFuncs that R.call_tir calls (a code generator, which differential tests
  /// and the fuzz oracle compare with the TIR interpreter): a runner, or an empty one to
  /// interpret that PrimFunc. Empty: interpret every PrimFunc.
  std::function<PrimFuncRunner(const Ref<tir::PrimFunc>&, const std::string& name)> compile_prim_func;
  /// The module's Relax functions compiled to native code (spec codegen.cpu.host): an entry that
  /// names one runs it, and closures of compiled functions call compiled code; the helpers that
  /// code calls give every site this interpreter's meaning (host_runtime.cc). Null: interpret.
  std::shared_ptr<const runtime::HostProgram> host;
};

/// The names and addresses of the helpers compiled Relax functions call (runtime/host_program.h),
/// for the JIT to define.
const std::vector<std::pair<const char*, void*>>& HostHelperSymbols();

struct RunResult {
  bool ok() const { return !error.has_value(); }
  Value value;
  std::optional<RuntimeError> error;
};

class Evaluator;
class EvalThread;

class Interpreter {
 public:
  /// `module` must have been accepted by the checker (the interpreter relies on well-formedness,
  /// not on derived struct info).
  explicit Interpreter(Ref<IRModule> module, InterpreterOptions options = {});
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  /// Calls module function `entry` with `args` (eval.entry).
  RunResult Run(const std::string& entry, std::vector<Value> args);

  /// The allocator that accounts for every tensor (inputs may be created with it).
  Allocator& allocator();

 private:
  std::unique_ptr<Evaluator> evaluator_;
  std::unique_ptr<EvalThread> thread_;  // started by the first run (eval_thread.h)
};

}  // namespace rlx::interp
