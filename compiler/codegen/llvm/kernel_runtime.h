// The helpers compiled kernels call (kernel_abi.h), by name and address. Their state, one call
// of a kernel, is runtime/kernel_abi.h's RlxKernelCall.
#pragma once

#include <utility>
#include <vector>

#include "compiler/codegen/llvm/kernel_abi.h"

namespace rlx::compiler::codegen {

/// The name and address of every helper compiled kernels call (registered in the JIT).
const std::vector<std::pair<const char*, void*>>& KernelHelperSymbols();

}  // namespace rlx::compiler::codegen
