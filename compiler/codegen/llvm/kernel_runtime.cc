// The helpers compiled kernels call (kernel_abi.h): traps recorded in the call, limits and
// allocations through the call's context, so that a compiled kernel fails exactly where and as
// the TIR interpreter does (spec tir.eval.*).
#include "compiler/codegen/llvm/kernel_runtime.h"

#include <algorithm>
#include <cmath>

#include "ir/base/checked_int.h"
#include "ir/base/float_bits.h"
#include "ir/tir/buffer.h"
#include "runtime/exp_double.h"
#include "runtime/thread_pool.h"

namespace rlx::compiler::codegen {

namespace {

// Records the first trap (a later one cannot happen: the kernel returns at once).
void Record(RlxKernelCall* call, ErrorCode code, std::string message, std::string rule) {
  if (call->trap) return;
  call->trap = std::make_unique<runtime::Trap>(code, std::move(message), std::move(rule));
}


}  // namespace

extern "C" {

void rlx_kernel_trap(RlxKernelCall* call, int32_t code, const char* message) {
  Record(call, static_cast<ErrorCode>(code), message, "");
}

void rlx_kernel_trap_bounds(RlxKernelCall* call, const char* what, int64_t axis, int64_t index, int64_t extent) {
  Record(call, ErrorCode::kIndexOutOfBounds,
         std::string(what) + ": index " + std::to_string(index) + " of axis " + std::to_string(axis) +
             " is outside [0, " + std::to_string(extent) + ")",
         "tir.eval.bounds");
}

void rlx_kernel_trap_bind(RlxKernelCall* call, int64_t arg, const char* what, int64_t actual, int64_t expected) {
  Record(call, ErrorCode::kArgumentFailed,
         "argument " + std::to_string(arg) + " of PrimFunc '" + call->name + "': " + what + " is " +
             std::to_string(actual) + ", the buffer declares " + std::to_string(expected),
         "tir.eval.bind");
}

void rlx_kernel_trap_domain(RlxKernelCall* call, const char* what, int64_t v, int64_t lo, int64_t n) {
  Record(call, ErrorCode::kIndexOutOfBounds,
         std::string(what) + " = " + std::to_string(v) + " is outside its domain [" + std::to_string(lo) +
             ", " + std::to_string(static_cast<__int128>(lo) + n > INT64_MAX ? INT64_MAX : lo + n) + ")",
         "tir.eval.block");
}

void rlx_kernel_trap_loop(RlxKernelCall* call, int64_t lo, int64_t n) {
  Record(call, ErrorCode::kInvalidValue,
         "a loop from " + std::to_string(lo) + " with extent " + std::to_string(n) + " leaves its variable's dtype",
         "tir.eval.for");
}

int32_t rlx_kernel_charge(RlxKernelCall* call, int64_t n) {
  try {
    if (call->parent) {
      // A chunk: rlx_kernel_parallel_for checked that the whole region's work fits the limit;
      // the work is charged when the chunks are done, the time limit now.
      call->chunk_work = SaturatingAdd(call->chunk_work, n);
      call->ctx->CheckTimeConcurrently();
      return 0;
    }
    call->ctx->ChargeWork(n);
    return 0;
  } catch (runtime::Trap& t) {
    if (!call->trap) call->trap = std::make_unique<runtime::Trap>(std::move(t));
    return 1;
  }
}

// codegen.cpu.parallel: the run-time half of the conditions (the emitter checked the rest).
int32_t rlx_kernel_parallel_for(RlxKernelCall* call, RlxKernelCounters* counters, int64_t n, int64_t work,
                                int32_t overlap, RlxParallelBody body, void* env) {
  const runtime::ParallelSettings settings = runtime::GetParallelSettings();
  const bool parallel = overlap == 0 && n >= 2 && !call->parent && settings.threads > 1 &&
                        SaturatingAdd(n, work) >= settings.min_work &&
                        SaturatingAdd(counters->pending_work, work) <= call->ctx->WorkLeft();
  if (!parallel) return body(env, 0, n, call, counters);
  // Contiguous chunks, one per thread, sizes differing by at most one.
  const int64_t chunks = std::min<int64_t>(n, settings.threads);
  auto begin = [&](int64_t c) { return n / chunks * c + std::min(c, n % chunks); };
  std::vector<RlxKernelCall> calls(chunks);
  std::vector<RlxKernelCounters> chunk_counters(chunks);
  std::vector<int32_t> status(chunks, 0);
  for (RlxKernelCall& c : calls) {
    c.ctx = call->ctx;
    c.name = call->name;
    c.parent = call;
  }
  runtime::ParallelFor(chunks, [&](int64_t c) {
    status[c] = body(env, begin(c), begin(c + 1), &calls[c], &chunk_counters[c]);
  });
  for (int64_t c = 0; c < chunks; ++c) {
    if (status[c] == 0) continue;
    // The serial loop would have stopped at this chunk's trap: the chunks before it finished.
    if (!call->trap) call->trap = std::move(calls[c].trap);
    return 1;
  }
  for (int64_t c = 0; c < chunks; ++c) {
    counters->pending_work = SaturatingAdd(counters->pending_work,
                                           SaturatingAdd(chunk_counters[c].pending_work, calls[c].chunk_work));
  }
  return 0;
}

void* rlx_kernel_alloc(RlxKernelCall* call, int32_t dtype, int64_t ndim, const int64_t* shape,
                       const int64_t* strides, int64_t offset, const char* name) {
  if (call->parent) {  // the code generator runs no loop that allocates in parallel
    Record(call, ErrorCode::kTirIllFormed, "internal error: an allocation in a parallel chunk", "");
    return nullptr;
  }
  // As the interpreter's CompiledLayout::Allocate (tir.block.alloc).
  std::vector<int64_t> extents(shape, shape + ndim);
  for (int64_t e : extents) {
    if (e < 0) {
      Record(call, ErrorCode::kInvalidValue,
             "buffer '" + std::string(name) + "' is allocated with the negative extent " + std::to_string(e),
             "tir.block.alloc");
      return nullptr;
    }
  }
  std::vector<int64_t> steps = strides ? std::vector<int64_t>(strides, strides + ndim) : std::vector<int64_t>{};
  if (steps.empty()) {
    steps.assign(extents.size(), 1);
    for (size_t a = extents.size(); a-- > 1;) steps[a - 1] = steps[a] * extents[a];
  }
  for (int64_t s : steps) {
    if (s < 0) {
      Record(call, ErrorCode::kInvalidValue, "buffer '" + std::string(name) + "' has the negative stride " + std::to_string(s),
             "tir.block.alloc");
      return nullptr;
    }
  }
  if (offset < 0) {
    Record(call, ErrorCode::kInvalidValue,
           "buffer '" + std::string(name) + "' has the negative element offset " + std::to_string(offset), "tir.block.alloc");
    return nullptr;
  }
  const int64_t elements = tir::ElementsSpanned(extents, steps, offset);
  if (elements < 0) {
    Record(call, ErrorCode::kTensorTooLarge, "buffer '" + std::string(name) + "' is larger than int64 elements", "");
    return nullptr;
  }
  try {
    const DataType t = static_cast<DataType>(dtype);
    runtime::Tensor tensor = !strides && offset == 0 ? call->ctx->allocator().Alloc(t, extents)
                                                     : call->ctx->allocator().Alloc(t, {elements});
    void* data = tensor->mutable_data();
    call->allocations.push_back(std::move(tensor));
    return data;
  } catch (runtime::Trap& t) {
    if (!call->trap) call->trap = std::make_unique<runtime::Trap>(std::move(t));
    return nullptr;
  }
}

void rlx_kernel_release(RlxKernelCall* call, void* data) {
  auto& a = call->allocations;
  auto it = std::find_if(a.rbegin(), a.rend(), [&](const runtime::Tensor& t) { return t->mutable_data() == data; });
  if (it != a.rend()) a.erase(std::next(it).base());
}

double rlx_kernel_exp_narrow(double x) { return runtime::ExpForNarrowFloat(x); }

int32_t rlx_kernel_ipow(RlxKernelCall* call, int64_t a, int64_t b, int32_t dtype, int64_t* out) {
  // eval.num.int-power (scalar::Power): negative exponents of signed types, then
  // square-and-multiply wrapping in 64 bits (the caller truncates to the dtype).
  const DataType t = static_cast<DataType>(dtype);
  if (t == DataType::kBool) {
    *out = (a != 0) || b == 0;
    return 0;
  }
  if (IsSignedInt(t) && b < 0) {
    if (a == 0) {
      Record(call, ErrorCode::kDivisionByZero, "integer division or remainder by zero", "");
      return 1;
    }
    *out = a == 1 ? 1 : a == -1 ? ((b % 2 == 0) ? 1 : -1) : 0;
    return 0;
  }
  uint64_t result = 1, base = static_cast<uint64_t>(a), e = static_cast<uint64_t>(b);
  if (!IsSignedInt(t) && DataTypeBits(t) < 64) e &= (uint64_t{1} << DataTypeBits(t)) - 1;
  while (e) {
    if (e & 1) result *= base;
    base *= base;
    e >>= 1;
  }
  *out = static_cast<int64_t>(result);
  return 0;
}

double rlx_kernel_narrow_round(int32_t dtype, double v) { return RoundToFloatDType(v, static_cast<DataType>(dtype)); }

double rlx_kernel_narrow_from_bits(int32_t dtype, int64_t bits) {
  switch (static_cast<DataType>(dtype)) {
    case DataType::kFloat16: return HalfBitsToDouble(static_cast<uint16_t>(bits));
    case DataType::kBFloat16: return BFloat16BitsToDouble(static_cast<uint16_t>(bits));
    case DataType::kFloat8E4M3FN: return Float8E4M3FNBitsToDouble(static_cast<uint8_t>(bits));
    default: return Float8E5M2BitsToDouble(static_cast<uint8_t>(bits));
  }
}

int64_t rlx_kernel_narrow_to_bits(int32_t dtype, double v) {
  switch (static_cast<DataType>(dtype)) {
    case DataType::kFloat16: return DoubleToHalfBits(v);
    case DataType::kBFloat16: return DoubleToBFloat16Bits(v);
    case DataType::kFloat8E4M3FN: return DoubleToFloat8E4M3FNBits(v);
    default: return DoubleToFloat8E5M2Bits(v);
  }
}

double rlx_kernel_narrow_from_int(int32_t dtype, int64_t v, int32_t is_signed) {
  return IntToFloatDType(v, is_signed != 0, static_cast<DataType>(dtype));  // eval.num.astype
}

#define RLX_MATH1(name, expr) \
  double rlx_math_##name(double x) { return expr; }
#define RLX_MATH2(name, expr) \
  double rlx_math_##name(double x, double y) { return expr; }
RLX_MATH1(exp, std::exp(x))
RLX_MATH1(exp2, std::exp2(x))
RLX_MATH1(exp10, std::pow(10.0, x))
RLX_MATH1(expm1, std::expm1(x))
RLX_MATH1(log, std::log(x))
RLX_MATH1(log2, std::log2(x))
RLX_MATH1(log10, std::log10(x))
RLX_MATH1(log1p, std::log1p(x))
RLX_MATH1(sin, std::sin(x))
RLX_MATH1(cos, std::cos(x))
RLX_MATH1(tan, std::tan(x))
RLX_MATH1(asin, std::asin(x))
RLX_MATH1(acos, std::acos(x))
RLX_MATH1(atan, std::atan(x))
RLX_MATH1(sinh, std::sinh(x))
RLX_MATH1(cosh, std::cosh(x))
RLX_MATH1(tanh, std::tanh(x))
RLX_MATH1(asinh, std::asinh(x))
RLX_MATH1(acosh, std::acosh(x))
RLX_MATH1(atanh, std::atanh(x))
RLX_MATH1(sigmoid, 1.0 / (1.0 + std::exp(-x)))
RLX_MATH1(erf, std::erf(x))
RLX_MATH1(erfc, std::erfc(x))
RLX_MATH2(pow, std::pow(x, y))
RLX_MATH2(atan2, std::atan2(x, y))
RLX_MATH2(fmod, std::fmod(x, y))
RLX_MATH2(hypot, std::hypot(x, y))
RLX_MATH2(copysign, std::copysign(x, y))
#undef RLX_MATH1
#undef RLX_MATH2

}  // extern "C"

const std::vector<std::pair<const char*, void*>>& KernelHelperSymbols() {
#define RLX_SYM(name) {#name, reinterpret_cast<void*>(&name)}
  static const std::vector<std::pair<const char*, void*>> symbols = {
      RLX_SYM(rlx_kernel_trap), RLX_SYM(rlx_kernel_trap_bounds), RLX_SYM(rlx_kernel_trap_bind),
      RLX_SYM(rlx_kernel_trap_domain), RLX_SYM(rlx_kernel_trap_loop), RLX_SYM(rlx_kernel_charge),
      RLX_SYM(rlx_kernel_parallel_for),
      RLX_SYM(rlx_kernel_alloc), RLX_SYM(rlx_kernel_release), RLX_SYM(rlx_kernel_exp_narrow),
      RLX_SYM(rlx_kernel_ipow), RLX_SYM(rlx_kernel_narrow_round), RLX_SYM(rlx_kernel_narrow_from_bits),
      RLX_SYM(rlx_kernel_narrow_to_bits), RLX_SYM(rlx_kernel_narrow_from_int), RLX_SYM(rlx_math_exp), RLX_SYM(rlx_math_exp2), RLX_SYM(rlx_math_exp10),
      RLX_SYM(rlx_math_expm1), RLX_SYM(rlx_math_log), RLX_SYM(rlx_math_log2), RLX_SYM(rlx_math_log10),
      RLX_SYM(rlx_math_log1p), RLX_SYM(rlx_math_sin), RLX_SYM(rlx_math_cos), RLX_SYM(rlx_math_tan),
      RLX_SYM(rlx_math_asin), RLX_SYM(rlx_math_acos), RLX_SYM(rlx_math_atan), RLX_SYM(rlx_math_sinh),
      RLX_SYM(rlx_math_cosh), RLX_SYM(rlx_math_tanh), RLX_SYM(rlx_math_asinh), RLX_SYM(rlx_math_acosh),
      RLX_SYM(rlx_math_atanh), RLX_SYM(rlx_math_sigmoid), RLX_SYM(rlx_math_erf), RLX_SYM(rlx_math_erfc),
      RLX_SYM(rlx_math_pow), RLX_SYM(rlx_math_atan2), RLX_SYM(rlx_math_fmod), RLX_SYM(rlx_math_hypot),
      RLX_SYM(rlx_math_copysign)};
#undef RLX_SYM
  return symbols;
}

}  // namespace rlx::compiler::codegen
