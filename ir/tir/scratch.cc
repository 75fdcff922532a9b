#include "ir/tir/scratch.h"

namespace rlx::tir {

int64_t ScratchBytes(const Buffer& b) {
  if (!b.strides.empty() || b.elem_offset) return -1;
  // bool is a byte in memory; the narrow floats at most two.
  int64_t bytes = (DataTypeBits(b.dtype) + 7) / 8;
  for (const auto& e : b.shape) {
    if (!e->is_int() || e->int_value < 0) return -1;
    if (e->int_value != 0 && bytes > kScratchBytes / e->int_value) return -1;
    bytes *= e->int_value;
  }
  return bytes <= kScratchBytes ? bytes : -1;
}

}  // namespace rlx::tir
