// The calling convention of a PrimFunc compiled for the CPU (spec codegen.cpu.kernel): what the
// code generator emits calls in (compiler/codegen/llvm/kernel_abi.h adds the helpers kernels
// call) and what the runtime calls kernels with — one kernel at a time
// (compiler/codegen/kernel_call.h) or from compiled Relax functions (runtime/host_program.h).
//
//   int32_t kernel(const RlxKernelArg* args, RlxKernelCall* call, RlxKernelCounters* counters);
//
// returns 0, or 1 after a helper has recorded a trap in `call` (compiled code never unwinds).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/tir/prim_func.h"
#include "runtime/call_context.h"
#include "runtime/runtime_error.h"
#include "runtime/value.h"

namespace rlx::runtime {

/// One argument: a buffer parameter's tensor (data and extents; tensors are compact) or a scalar
/// parameter's value (the int64 cell, or the bits of the double holding the float).
struct RlxKernelArg {
  void* data;
  const int64_t* shape;
  int64_t scalar;
};

/// The loop iterations not yet charged to the work limit (charged in batches of kWorkBatch, as
/// the interpreter's frames do, tir.eval.work) and the innermost iterations left before the
/// next check of the time limit. Generated code updates them inline.
struct RlxKernelCounters {
  int64_t pending_work = 0;
  int64_t until_time_check = kWorkBatch;
  static constexpr int64_t kWorkBatch = 1 << 16;
};

/// The state of one call of a kernel, which the helpers it calls update.
struct RlxKernelCall {
  CallContext* ctx = nullptr;
  std::string name;                     // the PrimFunc's, for messages
  std::unique_ptr<Trap> trap;           // set by the helper that trapped
  std::vector<Tensor> allocations;      // live block allocations, released at the end
  // A chunk of a parallel loop (rlx_kernel_parallel_for): the kernel's call, and the work the
  // chunk charged, which the kernel's call adds up when the chunks are done.
  const RlxKernelCall* parent = nullptr;
  int64_t chunk_work = 0;
};

/// A compiled kernel's entry point.
using KernelFn = int32_t (*)(const RlxKernelArg*, RlxKernelCall*, RlxKernelCounters*);

/// The body of a parallel loop, outlined: runs iterations [begin, end) of the loop with the
/// enclosing kernel's values in `env` (codegen.cpu.parallel); returns 0, or 1 after a trap.
using RlxParallelBody = int32_t (*)(void* env, int64_t begin, int64_t end, RlxKernelCall* call,
                                    RlxKernelCounters* counters);

/// The arguments of a call of the PrimFunc `name` with `params` (a tensor for each buffer
/// parameter, a PrimValue for each scalar one, as TirProgram::Run takes them) as records in
/// `out` (params.size() of them), bound as the TIR interpreter binds them (tir.eval.bind): a
/// kind, dtype or rank that does not fit, or a scalar outside its dtype, traps (E3002).
void PackKernelArgs(const std::vector<tir::Param>& params, const std::string& name, const std::vector<Value>& args,
                    RlxKernelArg* out);

}  // namespace rlx::runtime
