// The helpers a PrimFunc compiled for the CPU calls (compiler/codegen/cpu_kernel.h), in the
// calling convention of runtime/kernel_abi.h. No LLVM types: the generated code sees the records
// as plain structs and these as `extern "C"` functions, registered in the JIT by address.
#pragma once

#include <cstdint>

#include "runtime/kernel_abi.h"

namespace rlx::compiler::codegen {

using runtime::KernelFn;
using runtime::RlxKernelArg;
using runtime::RlxKernelCall;
using runtime::RlxKernelCounters;
using runtime::RlxParallelBody;

extern "C" {
/// Records a trap with `code` (an ErrorCode's number) and a constant message.
void rlx_kernel_trap(RlxKernelCall* call, int32_t code, const char* message);
/// E3007: `index` of axis `axis` outside [0, extent) in `what` ("load from buffer 'A'").
void rlx_kernel_trap_bounds(RlxKernelCall* call, const char* what, int64_t axis, int64_t index, int64_t extent);
/// E3002 (tir.eval.bind): argument `arg`'s `what` is `actual`, the buffer declares `expected`.
void rlx_kernel_trap_bind(RlxKernelCall* call, int64_t arg, const char* what, int64_t actual, int64_t expected);
/// E3007 (tir.eval.block): iteration variable `what` = v outside [lo, lo + n).
void rlx_kernel_trap_domain(RlxKernelCall* call, const char* what, int64_t v, int64_t lo, int64_t n);
/// E3012 (tir.eval.for): a loop from `lo` with extent `n` leaves its variable's dtype.
void rlx_kernel_trap_loop(RlxKernelCall* call, int64_t lo, int64_t n);
/// Counts `n` loop iterations against the work and time limits (tir.eval.work); nonzero
/// (with the trap recorded) when a limit is exceeded.
int32_t rlx_kernel_charge(RlxKernelCall* call, int64_t n);
/// Runs a parallel loop of `n` iterations (n > 0, already charged) whose body charges at most
/// `work` more (tir.eval.work): on the runtime's thread pool, in contiguous chunks, when
/// `overlap` is 0 (no buffer the loop writes shares memory with another argument), the call is
/// not itself a chunk, the pool's settings allow it and the work fits what the limit has left;
/// else as one chunk on this thread. The first chunk (in iteration order) that traps gives the
/// trap; the chunks' work is added to `counters`.
int32_t rlx_kernel_parallel_for(RlxKernelCall* call, RlxKernelCounters* counters, int64_t n, int64_t work,
                                int32_t overlap, RlxParallelBody body, void* env);
/// A zero-filled allocation of `name` (dtype code, rank, extents, strides or null for compact,
/// element offset) through the call's allocator, so that the memory limits hold; null (with the
/// trap recorded) on a negative extent or a limit.
void* rlx_kernel_alloc(RlxKernelCall* call, int32_t dtype, int64_t ndim, const int64_t* shape,
                       const int64_t* strides, int64_t offset, const char* name);
/// Releases an allocation (the end of its block).
void rlx_kernel_release(RlxKernelCall* call, void* data);
/// exp for results rounded to float32 or narrower, as the interpreter computes it
/// (runtime/exp_double.h).
double rlx_kernel_exp_narrow(double x);
/// eval.num.int-power of a and b in `dtype` (the result's low bits in *out); nonzero (with the
/// trap recorded) for 0 ** negative.
int32_t rlx_kernel_ipow(RlxKernelCall* call, int64_t a, int64_t b, int32_t dtype, int64_t* out);
/// The 16- and 8-bit floats, whose values kernels hold as doubles: v rounded once to `dtype`,
/// an element's bits to its value and back, an integer converted (eval.num.astype).
double rlx_kernel_narrow_round(int32_t dtype, double v);
double rlx_kernel_narrow_from_bits(int32_t dtype, int64_t bits);
int64_t rlx_kernel_narrow_to_bits(int32_t dtype, double v);
double rlx_kernel_narrow_from_int(int32_t dtype, int64_t v, int32_t is_signed);
/// The float functions, in double, as the interpreter computes them (rlx_math_exp, ...): the
/// generated code calls these rather than libm by name, so that LLVM does not rewrite them.
}

}  // namespace rlx::compiler::codegen
