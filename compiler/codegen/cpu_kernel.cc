// CpuKernel: emit (tir_emitter.h), optimize (LLVM's O3 for the host CPU), JIT-compile (ORC
// LLJIT), and call with the arguments checked as the TIR interpreter checks them.
#include "compiler/codegen/cpu_kernel.h"

#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/Support/raw_ostream.h>

#include <atomic>
#include <cstring>
#include <mutex>

#include "compiler/codegen/llvm/jit.h"
#include "compiler/codegen/llvm/kernel_runtime.h"
#include "compiler/codegen/llvm/tir_emitter.h"

namespace rlx::compiler::codegen {
namespace {

using KernelFn = int32_t (*)(const RlxKernelArg*, RlxKernelCall*, RlxKernelCounters*);

// True when v is a value of the integer or bool dtype t.
bool Fits(DataType t, int64_t v) {
  if (t == DataType::kBool) return v == 0 || v == 1;
  const int bits = DataTypeBits(t);
  if (bits >= 64) return true;
  if (IsSignedInt(t)) return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1));
  return v >= 0 && v < (int64_t{1} << bits);
}

}  // namespace

struct CpuKernel::Impl {
  std::string name, ir;
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
const std::string& CpuKernel::ir() const { return impl_->ir; }

std::shared_ptr<const CpuKernel> CpuKernel::Compile(const tir::PrimFunc& f, const std::string& name,
                                                    const KernelOptions& options, std::string* error) {
  Jit& jit = GetJit();
  std::lock_guard<std::mutex> lock(jit.mutex);
  if (!jit.lljit) {
    *error = "the LLVM JIT could not start: " + jit.error;
    return nullptr;
  }
  static std::atomic<uint64_t> next_id{0};
  const std::string symbol = "rlx_kernel_" + std::to_string(next_id++);
  auto context = std::make_unique<llvm::LLVMContext>();
  auto module = NewModule(jit, symbol, *context);
  TirEmitter emitter(*module, name);
  if (!emitter.Emit(f, symbol, error)) return nullptr;
  if (options.optimize) Optimize(*module, jit.tm.get());
  auto impl = std::make_unique<Impl>();
  impl->name = name;
  impl->params = f.params;
  llvm::raw_string_ostream os(impl->ir);
  module->print(os, nullptr);
  os.flush();
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
  const auto& params = impl_->params;
  auto mismatch = [&](size_t i, const std::string& why) {
    runtime::Fail(ErrorCode::kArgumentFailed,
                  "argument " + std::to_string(i) + " of PrimFunc '" + impl_->name + "' does not match parameter '" +
                      params[i].var->name + "': " + why,
                  "tir.eval.bind");
  };
  if (args.size() != params.size()) {
    runtime::Fail(ErrorCode::kArgumentFailed,
                  "PrimFunc '" + impl_->name + "' takes " + std::to_string(params.size()) + " arguments, got " +
                      std::to_string(args.size()),
                  "tir.eval.bind");
  }
  std::vector<RlxKernelArg> packed(params.size(), RlxKernelArg{nullptr, nullptr, 0});
  for (size_t i = 0; i < params.size(); ++i) {
    const runtime::Value& v = args[i];
    if (params[i].is_handle()) {
      const tir::Buffer& b = *params[i].buffer;
      if (!v.is_tensor()) mismatch(i, std::string("expected a tensor, got ") + runtime::ValueKindName(v.kind()));
      TensorData& t = *v.tensor();
      if (t.dtype() != b.dtype) {
        mismatch(i, "buffer '" + b.name + "' holds " + std::string(DataTypeName(b.dtype)) + ", the tensor " +
                        std::string(DataTypeName(t.dtype())));
      }
      if (static_cast<size_t>(t.ndim()) != b.ndim()) {
        mismatch(i, "buffer '" + b.name + "' has rank " + std::to_string(b.ndim()) + ", the tensor " +
                        std::to_string(t.ndim()));
      }
      packed[i].data = t.mutable_data();
      packed[i].shape = t.shape().data();
      continue;
    }
    if (!v.is_prim()) mismatch(i, std::string("expected a scalar, got ") + runtime::ValueKindName(v.kind()));
    const runtime::PrimScalar& s = v.prim();
    const DataType t = params[i].var->dtype;
    if (IsFloat(t)) {
      double d = s.is_float() ? s.f : static_cast<double>(s.i);
      d = RoundToFloatDType(d, t);  // as BindScalar: the value of t nearest
      std::memcpy(&packed[i].scalar, &d, sizeof d);
    } else {
      if (s.is_float() || !Fits(t, s.i)) mismatch(i, "the value is not a " + std::string(DataTypeName(t)));
      packed[i].scalar = s.i;
    }
  }
  RlxKernelCall call;
  call.ctx = &ctx;
  call.name = impl_->name;
  RlxKernelCounters counters;
  if (impl_->fn(packed.data(), &call, &counters) != 0) {
    if (!call.trap) runtime::Fail(ErrorCode::kTirIllFormed, "kernel '" + impl_->name + "' failed without a trap");
    throw runtime::Trap(*call.trap);
  }
}

}  // namespace rlx::compiler::codegen
