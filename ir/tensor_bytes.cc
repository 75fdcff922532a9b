#include "ir/tensor_bytes.h"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

namespace rlx {
namespace {

constexpr size_t kMinCached = size_t{64} << 10;
constexpr size_t kHuge = size_t{2} << 20;
constexpr size_t kMappedFrom = size_t{4} << 20;
constexpr size_t kMaxCachedTotal = size_t{64} << 20;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCache = false;
#elif defined(__has_feature)
constexpr bool kCache = !__has_feature(address_sanitizer);
#else
constexpr bool kCache = true;
#endif

bool Cached(size_t n) { return kCache && n >= kMinCached && n < kMappedFrom; }

// Sizes round up to one of eight steps per power of two (at most 12.5% more), so that blocks
// of nearly the same size share a class.
size_t SizeClass(size_t n) {
  size_t step = size_t{1} << (63 - __builtin_clzll(n) - 3);
  return (n + step - 1) / step * step;
}

struct Cache {
  std::mutex mutex;
  std::unordered_map<size_t, std::vector<uint8_t*>> free;  // by size class
  size_t total = 0;
};

Cache& TheCache() {
  static Cache* cache = new Cache();  // never destroyed: tensors may outlive static destruction
  return *cache;
}

size_t MappedBytes(size_t n) { return (n + kHuge - 1) / kHuge * kHuge; }

// Large buffers are mapped 2 MiB aligned and advised to use huge pages (as NumPy does): a fresh
// result then costs a few page faults instead of one per 4 KiB, and the pages are zero.
uint8_t* MapBytes(size_t n) {
  const size_t rounded = MappedBytes(n);
  void* p = mmap(nullptr, rounded + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  // Keep the 2 MiB aligned part; unmap the ends.
  const uintptr_t start = reinterpret_cast<uintptr_t>(p);
  const uintptr_t aligned = (start + kHuge - 1) / kHuge * kHuge;
  if (aligned > start) munmap(p, aligned - start);
  const uintptr_t end = start + rounded + kHuge;
  if (end > aligned + rounded) munmap(reinterpret_cast<void*>(aligned + rounded), end - (aligned + rounded));
  madvise(reinterpret_cast<void*>(aligned), rounded, MADV_HUGEPAGE);
  return reinterpret_cast<uint8_t*>(aligned);
}

// A block below 4 MiB: a cached one of its size class, or malloc's.
uint8_t* AllocateSmall(size_t n) {
  if (Cached(n)) {
    const size_t size = SizeClass(n);
    Cache& cache = TheCache();
    {
      std::lock_guard<std::mutex> lock(cache.mutex);
      auto it = cache.free.find(size);
      if (it != cache.free.end() && !it->second.empty()) {
        uint8_t* p = it->second.back();
        it->second.pop_back();
        cache.total -= size;
        return p;
      }
    }
    n = size;
  }
  void* p = std::malloc(n == 0 ? 1 : n);
  if (!p) throw std::bad_alloc();
  return static_cast<uint8_t*>(p);
}

}  // namespace

uint8_t* AllocateTensorBytes(size_t n, bool zeroed) {
  if (n >= kMappedFrom) return MapBytes(n);
  uint8_t* p = AllocateSmall(n);
  if (zeroed) std::memset(p, 0, n);
  return p;
}

void ReleaseTensorBytes(uint8_t* p, size_t n) {
  if (!p) return;
  if (n >= kMappedFrom) {
    munmap(p, MappedBytes(n));
    return;
  }
  if (Cached(n)) {
    const size_t size = SizeClass(n);
    Cache& cache = TheCache();
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (cache.total + size <= kMaxCachedTotal) {
      cache.free[size].push_back(p);
      cache.total += size;
      return;
    }
  }
  std::free(p);
}

}  // namespace rlx
