// A Chooser that reads its decisions from a byte string (libFuzzer's input), so that
// coverage-guided fuzzers steer the well-typed generator: the same bytes give the same
// program, and mutating a byte changes one decision. When the bytes run out, every choice is
// the lowest value (small programs).
#pragma once

#include <cstddef>
#include <cstdint>

#include "fuzz/generators/chooser.h"

namespace rlx::fuzz {

class ByteChooser : public Chooser {
 public:
  ByteChooser(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  int64_t Range(int64_t lo, int64_t hi) override {
    if (lo >= hi) return lo;
    uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    uint64_t v = 0;
    // As many bytes as the span needs.
    for (uint64_t s = span; s > 0; s >>= 8) v = (v << 8) | Next();
    return static_cast<int64_t>(static_cast<uint64_t>(lo) + (span == UINT64_MAX ? v : v % (span + 1)));
  }
  uint64_t Bits() override {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | Next();
    return v;
  }

 private:
  uint8_t Next() { return pos_ < size_ ? data_[pos_++] : 0; }
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

}  // namespace rlx::fuzz
