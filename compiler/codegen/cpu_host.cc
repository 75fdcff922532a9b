#include "compiler/codegen/cpu_host.h"

#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <atomic>

#include "compiler/codegen/host_layout.h"
#include "compiler/codegen/kernel_call.h"
#include "compiler/codegen/llvm/host_emitter.h"
#include "compiler/codegen/llvm/jit.h"
#include "compiler/codegen/llvm/tir_emitter.h"

namespace rlx::compiler::codegen {
namespace {

// The program and the JIT code it runs, which goes with it.
struct CompiledHost : runtime::HostProgram {
  llvm::orc::ResourceTrackerSP tracker;
  ~CompiledHost() {
    if (!tracker) return;
    std::lock_guard<std::mutex> lock(GetJit().mutex);
    llvm::consumeError(tracker->remove());
  }
};

struct EmittedKernel {
  const tir::PrimFunc* func;
  std::string name, symbol;
};

// The module's PrimFuncs as kernels (codegen.cpu.kernel) in the functions' LLVM module: one
// optimization and one JIT materialization for the program. A PrimFunc the generator refuses
// (codegen.cpu.unsupported) is left out, and runs in the TIR interpreter.
std::vector<EmittedKernel> EmitKernels(const IRModule& module, const std::string& prefix, llvm::Module& m) {
  std::vector<EmittedKernel> kernels;
  for (const GlobalDef& g : module.globals) {
    auto f = As<tir::PrimFunc>(g.value);
    if (!f) continue;
    const std::string symbol = KernelSymbol(prefix + "_kernel_", kernels.size(), g.name);
    TirEmitter emitter(m, g.name);
    std::string unsupported;
    if (!emitter.Emit(*f, symbol, &unsupported)) {
      emitter.Discard();
      continue;
    }
    kernels.push_back({f.get(), g.name, symbol});
  }
  return kernels;
}

}  // namespace

std::shared_ptr<const runtime::HostProgram> CompileCpuHost(const Ref<IRModule>& module,
                                                           const std::vector<RuntimeCheck>* recorded,
                                                           const std::vector<std::pair<const char*, void*>>& helpers,
                                                           const KernelOptions& options, std::string* error) {
  HostLayout layout = LayoutModule(module, recorded);
  Jit& jit = GetJit();
  std::lock_guard<std::mutex> lock(jit.mutex);
  if (!jit.lljit) {
    *error = "the LLVM JIT could not start: " + jit.error;
    return nullptr;
  }
  if (std::string e = DefineSymbols(jit, helpers); !e.empty()) {
    *error = "the host helpers: " + e;
    return nullptr;
  }
  static std::atomic<uint64_t> next_id{0};
  const std::string prefix = "rlx_host_" + std::to_string(next_id++);
  auto context = std::make_unique<llvm::LLVMContext>();
  auto llvm_module = NewModule(jit, prefix, *context);
  const std::vector<EmittedKernel> kernels = EmitKernels(*module, prefix, *llvm_module);
  EmittedKernels natives;
  for (const EmittedKernel& k : kernels) natives[k.func] = llvm_module->getFunction(k.symbol);
  EmitHostFunctions(layout, prefix, natives, *llvm_module);
  std::string broken;
  llvm::raw_string_ostream why(broken);
  if (llvm::verifyModule(*llvm_module, &why)) {
    *error = "the compiled Relax functions are not valid LLVM IR: " + why.str();
    return nullptr;
  }
  if (options.optimize) Optimize(*llvm_module, jit.tm.get());
  auto program = std::make_shared<CompiledHost>();
  static_cast<runtime::HostProgram&>(*program) = std::move(layout.program);
  program->tracker = jit.lljit->getMainJITDylib().createResourceTracker();
  if (auto err = jit.lljit->addIRModule(program->tracker, llvm::orc::ThreadSafeModule(std::move(llvm_module), std::move(context)))) {
    *error = llvm::toString(std::move(err));
    return nullptr;
  }
  for (size_t i = 0; i < program->functions.size(); ++i) {
    auto address = jit.lljit->lookup(HostSymbol(prefix, i));
    if (!address) {
      *error = llvm::toString(address.takeError());
      return nullptr;
    }
    program->functions[i].code = address->toPtr<runtime::HostFunction>();
  }
  for (const EmittedKernel& k : kernels) {
    auto address = jit.lljit->lookup(k.symbol);
    if (!address) {
      *error = llvm::toString(address.takeError());
      return nullptr;
    }
    const KernelFn fn = address->toPtr<KernelFn>();
    program->kernels[k.name] = [fn, params = k.func->params, name = k.name](runtime::CallContext& ctx,
                                                                      const std::vector<runtime::Value>& args) {
      CallKernel(fn, params, name, ctx, args);
    };
  }
  return program;
}

}  // namespace rlx::compiler::codegen
