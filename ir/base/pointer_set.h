// PointerSet: a set of pointers in one flat array (open addressing, linear probing, deletion by
// backward shift). It is what the checker's scopes use: an insert allocates nothing (a node-based
// std::unordered_set allocates one node per element), and a lookup touches one cache line in the
// common case, which keeps normalizing tens of thousands of bindings linear in practice, not
// only in theory (bench/normalize_bench.cc).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rlx {

template <class T>
class PointerSet {
 public:
  /// Adds `p` (not null); true when it was not there.
  bool insert(const T* p) {
    if ((size_ + 1) * 4 > slots_.size() * 3) Grow();
    size_t i = Find(p);
    if (slots_[i] == p) return false;
    slots_[i] = p;
    ++size_;
    return true;
  }
  /// Removes `p`; true when it was there.
  bool erase(const T* p) {
    if (size_ == 0) return false;
    size_t i = Find(p);
    if (slots_[i] != p) return false;
    // Backward shift: move later members of the probe run into the hole, so no tombstones.
    const size_t mask = slots_.size() - 1;
    for (size_t j = (i + 1) & mask; slots_[j]; j = (j + 1) & mask) {
      const size_t home = Home(slots_[j]);
      // slots_[j] may move to i when i lies cyclically within [home, j).
      if (((j - home) & mask) >= ((j - i) & mask)) {
        slots_[i] = slots_[j];
        i = j;
      }
    }
    slots_[i] = nullptr;
    --size_;
    return true;
  }
  /// Removes every member; keeps the capacity.
  void clear() {
    if (size_ == 0) return;
    std::fill(slots_.begin(), slots_.end(), nullptr);
    size_ = 0;
  }
  size_t count(const T* p) const { return size_ != 0 && slots_[Find(p)] == p ? 1 : 0; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  size_t Home(const T* p) const {
    // Fibonacci hashing of the address (its low bits are alignment zeros).
    const uint64_t h = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p)) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h >> shift_);
  }
  // The slot holding `p`, or the empty slot where it would go.
  size_t Find(const T* p) const {
    const size_t mask = slots_.size() - 1;
    size_t i = Home(p);
    while (slots_[i] && slots_[i] != p) i = (i + 1) & mask;
    return i;
  }
  void Grow() {
    std::vector<const T*> old = std::move(slots_);
    const size_t capacity = old.empty() ? 16 : old.size() * 2;
    slots_.assign(capacity, nullptr);
    shift_ = 64;
    for (size_t c = capacity; c > 1; c >>= 1) --shift_;
    size_ = 0;
    for (const T* p : old) {
      if (p) slots_[Find(p)] = p, ++size_;
    }
  }

  std::vector<const T*> slots_;  // a power of two in size, at most 3/4 full
  size_t size_ = 0;
  int shift_ = 64;
};

}  // namespace rlx
