// Calling a compiled kernel (kernel_abi.h) with runtime values: what a JIT-compiled kernel
// (cpu_kernel.h) and an ahead-of-time compiled one (driver/aot/) share. No LLVM.
#pragma once

#include <string>
#include <vector>

#include "compiler/codegen/llvm/kernel_abi.h"
#include "ir/tir/prim_func.h"
#include "runtime/call_context.h"
#include "runtime/value.h"

namespace rlx::compiler::codegen {

/// Calls `fn`, the kernel of a PrimFunc with `params` named `name`, on `args` (a tensor for each
/// buffer parameter, a PrimValue for each scalar one, as TirProgram::Run takes them); traps
/// (runtime::Fail) as the interpreter does.
void CallKernel(KernelFn fn, const std::vector<tir::Param>& params, const std::string& name, runtime::CallContext& ctx,
                const std::vector<runtime::Value>& args);

}  // namespace rlx::compiler::codegen
