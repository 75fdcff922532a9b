// Tensor allocation under the interpreter's limits (spec eval.limit.tensor, eval.limit.memory):
// every tensor the interpreter creates comes from here, so a huge or overflowing symbolic
// shape ends in an exhaustion error instead of a crash.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/value.h"

namespace rlx::runtime {

/// The largest max_call_depth an embedder may set (eval.limit.depth): the evaluation thread's
/// stack is sized for the depth limit, and above this it could not be reserved.
constexpr int kMaxCallDepthLimit = 100'000;

/// The interpreter's limits (defaults in spec §4.12).
struct Limits {
  int64_t max_tensor_bytes = int64_t{1} << 30;  // one tensor
  int64_t max_live_bytes = int64_t{4} << 30;    // all live tensors together
  int max_call_depth = 1000;                    // at most kMaxCallDepthLimit
  int64_t max_steps = 100'000'000;              // evaluation steps (bindings)
  int64_t max_work = int64_t{1} << 32;          // element operations of the ops (eval.limit.work)
  int64_t max_seconds = 0;                      // wall-clock seconds; 0: none (eval.limit.time)
};

/// Sets the limit named as in spec eval.limit.* (max_steps, max_call_depth, max_tensor_bytes,
/// max_live_bytes, max_work, max_seconds); false for another name or a value out of range
/// (max_call_depth above kMaxCallDepthLimit included).
bool SetLimit(const std::string& name, int64_t value, Limits* limits);
/// Reads "NAME=N" (N a non-negative decimal integer); false when malformed.
bool ParseLimitText(const std::string& text, std::string* name, int64_t* value);

class Allocator {
 public:
  explicit Allocator(const Limits& limits);

  /// A zero-filled tensor; traps E0906 / E0907 (or E3012 for a negative extent).
  Tensor Alloc(DataType dtype, const std::vector<int64_t>& shape);
  /// As Alloc, with the bytes left uninitialized: for kernels that write every element.
  Tensor AllocUninitialized(DataType dtype, const std::vector<int64_t>& shape);
  /// A fresh copy of `data` (constants, inputs), accounted and limited like Alloc.
  Tensor Copy(const TensorData& data);
  /// Bytes of the tensors alive now.
  int64_t live_bytes() const { return *live_; }

 private:
  Tensor Allocate(DataType dtype, const std::vector<int64_t>& shape, bool zeroed);
  Tensor Track(TensorData* data, int64_t bytes);
  Limits limits_;
  std::shared_ptr<int64_t> live_;
};

/// The byte size of a tensor of this dtype and shape, or -1 when it overflows int64.
int64_t TensorBytes(DataType dtype, const std::vector<int64_t>& shape);
/// The names SetLimit accepts, for messages: "max_steps, max_call_depth, ...".
const char* LimitNames();

}  // namespace rlx::runtime
