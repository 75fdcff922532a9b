// The bytes of tensors (tensor_data.h): allocated, and kept for reuse once freed when they are
// mid-sized. A run that allocates and frees the same few buffers of 64 KiB to 4 MiB (a model's
// activations, a kernel's accumulators) gets warm memory back instead of fresh pages from the
// system: glibc returns such blocks to the system when they sit at the top of the heap, and the
// next run paid a page fault per 4 KiB, a sixth of a float16 attention model's run time.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rlx {

/// `n` bytes, zero-filled when `zeroed`; throws std::bad_alloc. From 4 MiB they are mapped from
/// the system, 2 MiB aligned and advised to use huge pages, and zero without being written: a
/// storage sized for a shape's upper bound (plan-memory) costs only the pages its tensors touch.
uint8_t* AllocateTensorBytes(size_t n, bool zeroed);

/// Frees what AllocateTensorBytes(n, ...) gave, keeping a mid-sized block (up to 64 MiB of them in
/// all, none in sanitizer builds, which would then miss a use after free) for the next request
/// of its size class.
void ReleaseTensorBytes(uint8_t* p, size_t n);

}  // namespace rlx
