// CpuKernel: emit (tir_emitter.h), optimize (LLVM's O3 for the host CPU), JIT-compile (ORC
// LLJIT), and call with the arguments checked as the TIR interpreter checks them.
#include "compiler/codegen/cpu_kernel.h"

#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>

#include <atomic>
#include <cstring>
#include <mutex>

#include "compiler/codegen/kernel_call.h"
#include "compiler/codegen/llvm/jit.h"
#include "compiler/codegen/llvm/kernel_runtime.h"
#include "compiler/codegen/llvm/tir_emitter.h"

namespace rlx::compiler::codegen {

struct CpuKernel::Impl {
  std::string name;
  std::vector<tir::Param> params;
  llvm::orc::ResourceTrackerSP tracker;
  KernelFn fn = nullptr;
  ~Impl() {
    if (tracker) {
      std::lock_guard<std::mutex> lock(GetJit().mutex);
      llvm::consumeError(tracker->remove());
    }
  }
};

CpuKernel::CpuKernel(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CpuKernel::~CpuKernel() = default;
const std::string& CpuKernel::name() const { return impl_->name; }

std::shared_ptr<const CpuKernel> CpuKernel::Compile(const tir::PrimFunc& f, const std::string& name,
                                                    const KernelOptions& options, std::string* error) {
  Jit& jit = GetJit();
  std::lock_guard<std::mutex> lock(jit.mutex);
  if (!jit.lljit) {
    *error = "the LLVM JIT could not start: " + jit.error;
    return nullptr;
  }
  static std::atomic<uint64_t> next_id{0};
  const std::string symbol = KernelSymbol("rlx_kernel_", next_id++, name);
  auto context = std::make_unique<llvm::LLVMContext>();
  auto module = NewModule(jit, symbol, *context);
  TirEmitter emitter(*module, name);
  if (!emitter.Emit(f, symbol, error)) return nullptr;
  if (options.optimize) Optimize(*module, jit.tm.get());
  auto impl = std::make_unique<Impl>();
  impl->name = name;
  impl->params = f.params;
  impl->tracker = jit.lljit->getMainJITDylib().createResourceTracker();
  if (auto err = jit.lljit->addIRModule(impl->tracker, llvm::orc::ThreadSafeModule(std::move(module), std::move(context)))) {
    *error = "PrimFunc '" + name + "': " + llvm::toString(std::move(err));
    return nullptr;
  }
  auto address = jit.lljit->lookup(symbol);
  if (!address) {
    *error = "PrimFunc '" + name + "': " + llvm::toString(address.takeError());
    return nullptr;
  }
  impl->fn = address->toPtr<KernelFn>();
  return std::shared_ptr<const CpuKernel>(new CpuKernel(std::move(impl)));
}

void CpuKernel::Run(runtime::CallContext& ctx, const std::vector<runtime::Value>& args) const {
  CallKernel(impl_->fn, impl_->params, impl_->name, ctx, args);
}

}  // namespace rlx::compiler::codegen
