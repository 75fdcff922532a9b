// The state of one call of a compiled kernel, which its helpers (kernel_abi.h) update.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "compiler/codegen/llvm/kernel_abi.h"
#include "runtime/call_context.h"
#include "runtime/runtime_error.h"

namespace rlx::compiler::codegen {

struct RlxKernelCall {
  runtime::CallContext* ctx = nullptr;
  std::string name;                             // the PrimFunc's, for messages
  std::unique_ptr<runtime::Trap> trap;          // set by the helper that trapped
  std::vector<runtime::Tensor> allocations;     // live block allocations, released at the end
  // A chunk of a parallel loop (rlx_kernel_parallel_for): the kernel's call, and the work the
  // chunk charged, which the kernel's call adds up when the chunks are done.
  const RlxKernelCall* parent = nullptr;
  int64_t chunk_work = 0;
};

/// The name and address of every helper compiled kernels call (registered in the JIT).
const std::vector<std::pair<const char*, void*>>& KernelHelperSymbols();

}  // namespace rlx::compiler::codegen
