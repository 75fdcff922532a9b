// Calling a compiled kernel (kernel_call.h): its arguments bound as the TIR interpreter binds
// them (tir.eval.bind), its trap rethrown.
#include "compiler/codegen/kernel_call.h"

#include "compiler/codegen/llvm/kernel_runtime.h"

namespace rlx::compiler::codegen {

void CallKernel(KernelFn fn, const std::vector<tir::Param>& params, const std::string& name, runtime::CallContext& ctx,
                const std::vector<runtime::Value>& args) {
  std::vector<RlxKernelArg> packed(params.size());
  runtime::PackKernelArgs(params, name, args, packed.data());
  RlxKernelCall call;
  call.ctx = &ctx;
  call.name = name;
  RlxKernelCounters counters;
  if (fn(packed.data(), &call, &counters) != 0) {
    if (!call.trap) runtime::Fail(ErrorCode::kTirIllFormed, "kernel '" + name + "' failed without a trap");
    throw runtime::Trap(*call.trap);
  }
}

}  // namespace rlx::compiler::codegen
