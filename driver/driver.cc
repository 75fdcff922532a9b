#include "driver/driver.h"

#include <algorithm>

#include "compiler/pass/pass.h"
#include "compiler/pass/pipelines.h"
#include "driver/codegen_loader.h"

namespace rlx::driver {
namespace {

class Interpreted : public Executable {
 public:
  Interpreted(Ref<IRModule> module, interp::InterpreterOptions options)
      : interpreter_(std::move(module), std::move(options)) {}
  RunResult Run(const std::string& entry, std::vector<runtime::Value> args) override {
    return interpreter_.Run(entry, std::move(args));
  }
  runtime::Allocator& allocator() override { return interpreter_.allocator(); }

 private:
  interp::Interpreter interpreter_;
};

// The Relax functions of the lowered module compiled (codegen.cpu.host). With recorded checks,
// those the checker records for the lowered module: the lowering rebuilt the functions.
std::shared_ptr<const runtime::HostProgram> CompileHost(const compiler::codegen::CodegenLibrary& codegen,
                                                        const Ref<IRModule>& module, const RunOptions& options,
                                                        const compiler::codegen::KernelOptions& k,
                                                        std::string* error) {
  std::vector<RuntimeCheck> lowered_checks;
  if (options.recorded_checks) {
    SourceManager sources;
    DiagnosticEngine diags(sources);
    lowered_checks = checker::CheckModule(*module, diags).runtime_checks;
  }
  return codegen.compile_cpu_host(module, options.recorded_checks ? &lowered_checks : nullptr,
                                  interp::HostHelperSymbols(), k, error);
}

// What a backend that could not compile its program runs: that error, for every entry.
class NotCompiled : public Executable {
 public:
  explicit NotCompiled(std::string why) : why_(std::move(why)) {}
  RunResult Run(const std::string&, std::vector<runtime::Value>) override {
    RunResult r;
    r.error = runtime::RuntimeError{};
    r.error->code = ErrorCode::kInvalidValue;
    r.error->message = "internal error: the cpu backend could not compile the program: " + why_;
    return r;
  }
  runtime::Allocator& allocator() override { return allocator_; }

 private:
  std::string why_;
  runtime::Allocator allocator_{runtime::Limits{}};
};

}  // namespace

const char* BackendName(Backend b) {
  switch (b) {
    case Backend::kInterpreter: return "interpreter";
    case Backend::kCpuKernels: return "cpu-kernels";
    case Backend::kCpu: return "cpu";
  }
  return "?";
}

std::optional<Backend> ParseBackend(const std::string& name) {
  if (name == "interpreter") return Backend::kInterpreter;
  if (name == "cpu-kernels") return Backend::kCpuKernels;
  if (name == "cpu") return Backend::kCpu;
  return std::nullopt;
}

std::string BackendNames() { return "interpreter, cpu-kernels, cpu"; }

bool BackendAvailable(Backend b, std::string* why) {
  switch (b) {
    case Backend::kInterpreter: return true;
    case Backend::kCpuKernels:
    case Backend::kCpu: return LoadCodegen(why) != nullptr;
  }
  return false;
}

const std::vector<std::string>& LimitNamesKeptByLowering() {
  static const std::vector<std::string> names = {"max_call_depth"};
  return names;
}

bool LimitsKeptByLowering(const std::map<std::string, int64_t>& limits) {
  const std::vector<std::string>& kept = LimitNamesKeptByLowering();
  for (const auto& [name, value] : limits) {
    if (std::find(kept.begin(), kept.end(), name) == kept.end()) return false;
  }
  return true;
}

Program Load(const std::string& text, const std::string& name, SourceManager& sources, DiagnosticEngine& diags,
             const text::ParseOptions& parse, const checker::CheckOptions& check) {
  size_t errors_before = diags.error_count();
  Ref<IRModule> m = text::ParseModuleText(text, name, sources, diags, parse);
  if (!m || diags.error_count() > errors_before) return {};
  return Check(std::move(m), diags, check);
}

Program Check(Ref<IRModule> module, DiagnosticEngine& diags, const checker::CheckOptions& check) {
  Program p;
  p.check = checker::CheckModule(*module, diags, check);
  p.module = std::move(module);
  return p;
}

std::unique_ptr<Executable> Prepare(Ref<IRModule> module, const RunOptions& options) {
  interp::InterpreterOptions o;
  o.limits = options.limits;
  o.out = options.out;
  o.registry = options.registry;
  o.on_binding = options.on_binding;
  o.recorded_checks = options.recorded_checks;
  switch (options.backend) {
    case Backend::kInterpreter: break;
    case Backend::kCpuKernels:
    case Backend::kCpu: {
      for (const compiler::PassInfo* pass : compiler::Pipeline(options.opt_level)) module = compiler::RunPass(*pass, module);
      const compiler::codegen::CodegenLibrary* codegen = LoadCodegen(nullptr);
      if (!codegen) break;  // interpreted; callers ask BackendAvailable first
      const compiler::codegen::KernelOptions k{options.opt_level > 0};
      o.compile_prim_func = [codegen, k](const Ref<tir::PrimFunc>& f, const std::string& name) -> interp::PrimFuncRunner {
        std::string unsupported;  // an empty runner: interpreted (the generator does not handle it yet)
        return codegen->compile_cpu_kernel(f, name, k, &unsupported);
      };
      if (options.backend == Backend::kCpu) {
        // A program the compiler cannot compile is a compiler bug, reported as such rather
        // than run another way (codegen.cpu.host).
        std::string error;
        o.host = CompileHost(*codegen, module, options, k, &error);
        if (!o.host) return std::make_unique<NotCompiled>(error);
      }
      break;
    }
  }
  return std::make_unique<Interpreted>(std::move(module), std::move(o));
}

}  // namespace rlx::driver
