#include "runtime/allocator.h"

#include <cstring>
#include <new>
#include <string>

#include "runtime/runtime_error.h"

namespace rlx::runtime {

bool SetLimit(const std::string& name, int64_t value, Limits* limits) {
  if (value < 0) return false;
  if (name == "max_steps") limits->max_steps = value;
  // eval.limit.depth: a depth the evaluation thread's stack cannot be sized for is refused.
  else if (name == "max_call_depth" && value <= kMaxCallDepthLimit)
    limits->max_call_depth = static_cast<int>(value);
  else if (name == "max_tensor_bytes") limits->max_tensor_bytes = value;
  else if (name == "max_live_bytes") limits->max_live_bytes = value;
  else if (name == "max_work")
    limits->max_work = value;
  else if (name == "max_seconds")
    limits->max_seconds = value;
  else return false;
  return true;
}

const char* LimitNames() {
  return "max_steps, max_call_depth (at most 100000), max_tensor_bytes, max_live_bytes, max_work "
         "or "
         "max_seconds";
}

bool ParseLimitText(const std::string& text, std::string* name, int64_t* value) {
  size_t eq = text.find('=');
  if (eq == std::string::npos) return false;
  std::string digits = text.substr(eq + 1);
  if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  *name = text.substr(0, eq);
  *value = std::stoll(digits);
  return true;
}

int64_t TensorBytes(DataType dtype, const std::vector<int64_t>& shape) {
  int64_t n = DataTypeBytes(dtype);
  for (int64_t d : shape) {
    if (d == 0) return 0;
  }
  for (int64_t d : shape) {
    if (__builtin_mul_overflow(n, d, &n)) return -1;
  }
  return n;
}

Allocator::Allocator(const Limits& limits) : limits_(limits), live_(std::make_shared<int64_t>(0)) {}

Tensor Allocator::Alloc(DataType dtype, const std::vector<int64_t>& shape) { return Allocate(dtype, shape, true); }

Tensor Allocator::AllocUninitialized(DataType dtype, const std::vector<int64_t>& shape) {
  return Allocate(dtype, shape, false);
}

// Zero-filled bytes come from the system already zero where they are mapped (tensor_bytes.h).
Tensor Allocator::Allocate(DataType dtype, const std::vector<int64_t>& shape, bool zeroed) {
  std::string dims;
  for (int64_t d : shape) {
    // eval.limit.tensor: a negative extent can only come from shape arithmetic at run time.
    if (d < 0) Fail(ErrorCode::kInvalidValue, "a tensor extent evaluated to " + std::to_string(d));
    dims += (dims.empty() ? "" : ", ") + std::to_string(d);
  }
  int64_t bytes = TensorBytes(dtype, shape);
  // eval.limit.tensor
  if (bytes < 0 || bytes > limits_.max_tensor_bytes) {
    Fail(ErrorCode::kTensorTooLarge,
         "a tensor of shape (" + dims + ") and dtype " + std::string(DataTypeName(dtype)) +
             " needs " + (bytes < 0 ? std::string("more than 2^63") : std::to_string(bytes)) +
             " bytes; the limit is " + std::to_string(limits_.max_tensor_bytes));
  }
  // eval.limit.memory
  int64_t after = 0;
  if (__builtin_add_overflow(*live_, bytes, &after) || after > limits_.max_live_bytes) {
    Fail(ErrorCode::kMemoryExhausted, "allocating " + std::to_string(bytes) + " bytes with " +
                                          std::to_string(*live_) +
                                          " live exceeds the memory limit of " +
                                          std::to_string(limits_.max_live_bytes));
  }
  TensorData* data = nullptr;
  try {
    data = zeroed ? new TensorData(dtype, shape) : new TensorData(dtype, shape, TensorData::Uninitialized{});
  } catch (const std::bad_alloc&) {
    Fail(ErrorCode::kMemoryExhausted, "the system could not allocate " + std::to_string(bytes) + " bytes");
  }
  return Track(data, bytes);
}

Tensor Allocator::Copy(const TensorData& data) {
  Tensor t = AllocUninitialized(data.dtype(), data.shape());
  std::memcpy(t->mutable_data(), data.data(), data.nbytes());
  return t;
}

Tensor Allocator::Track(TensorData* data, int64_t bytes) {
  *live_ += bytes;
  std::shared_ptr<int64_t> live = live_;
  return Tensor(data, [live, bytes](TensorData* p) {
    *live -= bytes;
    delete p;
  });
}

}  // namespace rlx::runtime
