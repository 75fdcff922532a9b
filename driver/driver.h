// The driver: parse -> check -> run, assembled in one place. The command line, the conformance
// runner's in-process implementation, the fuzz harness, the run fuzzer and the benchmarks all
// load and run programs through it, so a new backend (the compiled ones of issues 17 and 20) is
// one case here, not a switch in each of them.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "checker/checker.h"
#include "interpreter/interpreter.h"
#include "ir/text/relax_parser.h"

namespace rlx::driver {

/// Where a program runs.
enum class Backend {
  kInterpreter,  // the reference interpreter (spec chapter 4)
  // The interpreter for Relax on the module lowered by the lowering pipeline
  // (compiler/pass/pipelines.h: every op to a PrimFunc, explicit outputs), every PrimFunc
  // compiled to a native CPU kernel (compiler/codegen/cpu_kernel.h); a PrimFunc the code
  // generator does not handle (codegen.cpu.unsupported) stays in the TIR interpreter.
  kCpuKernels,
  // As kCpuKernels, and the Relax functions compiled to native code too
  // (compiler/codegen/cpu_host.h, spec codegen.cpu.host).
  kCpu,
};
/// "interpreter".
const char* BackendName(Backend b);
/// The backend named `name`, or nullopt.
std::optional<Backend> ParseBackend(const std::string& name);
/// Every backend's name, comma separated (for usage messages).
std::string BackendNames();
/// False, with `*why` set, when `b` cannot run in this process: the compiled backends load the
/// code generators' library on first use (driver/codegen_loader.h), which may be missing. Ask
/// before Prepare: Prepare runs what it cannot compile in the interpreter.
bool BackendAvailable(Backend b, std::string* why);

/// A module read and checked: what every run starts from.
struct Program {
  Ref<IRModule> module;        // null when the text did not parse
  checker::CheckResult check;  // the checker's result (check.ok: accepted)
  /// True when the module parsed and the checker accepted it.
  bool ok() const { return module && check.ok; }
  /// True when the text parsed (the checker may still have rejected it).
  bool parsed() const { return module != nullptr; }
};

/// Parses `text` (registered in `sources` as `name`) and, when it parses, checks it. Every
/// diagnostic goes to `diags`.
Program Load(const std::string& text, const std::string& name, SourceManager& sources,
             DiagnosticEngine& diags, const text::ParseOptions& parse = {},
             const checker::CheckOptions& check = {});
/// Checks a module read or built elsewhere.
Program Check(Ref<IRModule> module, DiagnosticEngine& diags, const checker::CheckOptions& check = {});

/// How a program runs.
struct RunOptions {
  Backend backend = Backend::kInterpreter;
  runtime::Limits limits;
  /// Where R.print writes; nullptr: standard output.
  std::ostream* out = nullptr;
  /// The packed functions; nullptr: the builtins.
  const runtime::PackedRegistry* registry = nullptr;
  /// Called after every binding with its value (the interpreter only: the fuzz harness checks
  /// values against their static struct info).
  std::function<void(const Binding&, const runtime::Value&, const runtime::Environment&)> on_binding;
  /// The checks the checker recorded (Program::check.runtime_checks): the backend performs
  /// exactly these, as compiled code does; nullptr: the interpreter performs every check (spec
  /// eval.runtime-check). The `cpu` backend compiles the lowered module, whose functions the
  /// lowering rebuilt: given a record, it performs those the checker records for that module.
  /// Not owned.
  const std::vector<RuntimeCheck>* recorded_checks = nullptr;
  /// The compiled backends' optimization level, -O0 to -O3 (spec pass.pipeline): the pass
  /// pipeline they run (compiler::Pipeline), and LLVM's O3 pipeline above -O0 (O0 at -O0).
  int opt_level = 2;
};

/// The outcome of a run: a value, or the runtime error (a trap or an exhaustion).
using RunResult = interp::RunResult;

/// A checked module made ready to run on one backend; Run may be called any number of times.
class Executable {
 public:
  virtual ~Executable() = default;
  /// Calls module function `entry` with `args` (eval.entry).
  virtual RunResult Run(const std::string& entry, std::vector<runtime::Value> args) = 0;
  /// The allocator that accounts for the runs' tensors (inputs may be made with it).
  virtual runtime::Allocator& allocator() = 0;
};

/// Prepares `module`, which the checker accepted, to run on `options.backend`.
std::unique_ptr<Executable> Prepare(Ref<IRModule> module, const RunOptions& options = {});

/// The limits (runtime::SetLimit's names) that mean the same on a compiled backend as on the
/// interpreter: the call depth, since the lowering pipeline adds and removes no call of a Relax
/// function (eval.limit.depth). The others count the steps, the work and the memory of the module
/// as written, which the lowering changes (more bindings, shared storage), so a run with them
/// is the interpreter's business.
const std::vector<std::string>& LimitNamesKeptByLowering();
/// True when every limit named in `limits` is one of those.
bool LimitsKeptByLowering(const std::map<std::string, int64_t>& limits);

}  // namespace rlx::driver
