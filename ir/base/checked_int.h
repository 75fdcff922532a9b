// Checked int64 arithmetic for extents and element counts: every place that computes a tensor
// extent from other extents or attributes uses these, so an overflow is reported (spec
// eval.limit.tensor: "a symbolic shape whose value does not fit in int64", E0906) instead of
// wrapping to a negative or zero extent, and a message never shows a wrapped value. Where
// wrapping is the meaning (TIR integer arithmetic folded at compile time, eval.num.int-wrap),
// the Wrapping* functions compute it without undefined behaviour.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace rlx {

/// a + b, or nullopt when it does not fit in int64.
inline std::optional<int64_t> CheckedAdd(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a - b, or nullopt when it does not fit in int64.
inline std::optional<int64_t> CheckedSub(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a * b, or nullopt when it does not fit in int64.
inline std::optional<int64_t> CheckedMul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a + b, a - b and a * b wrapped to int64, as TIR's integer arithmetic computes them.
inline int64_t WrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
inline int64_t WrappingSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
inline int64_t WrappingMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

/// a + b clamped to [INT64_MIN, INT64_MAX] (counts of work that saturate rather than wrap).
inline int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return b > 0 ? INT64_MAX : INT64_MIN;
  return r;
}

/// The exact value of an int64 expression that overflowed, for messages: "a * b" with the
/// operands in decimal (never the wrapped result).
inline std::string OverflowText(int64_t a, const char* op, int64_t b) {
  return std::to_string(a) + " " + op + " " + std::to_string(b);
}

}  // namespace rlx
