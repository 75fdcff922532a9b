// exp computed in double precision without library calls, so that loops over float32,
// float16 and bfloat16 elements vectorize. Accurate to a few units in the last place of a
// double (far below half a float32 ULP), so the result rounded once to the element type is
// within the 1-ULP bound of eval.num.transcendental. Only for arguments whose result is later
// rounded to a type no wider than float32: it clamps |x| so that 2^k stays a normal double.
#pragma once

#include <cstdint>
#include <cstring>

namespace rlx::runtime {

[[gnu::always_inline]] inline double ExpForNarrowFloat(double x) {
  // e^x underflows to 0 below x = -110 and overflows above 100 in every narrow type; NaN
  // passes the comparisons unchanged.
  x = x < -110.0 ? -110.0 : x;
  x = x > 100.0 ? 100.0 : x;
  // x = k ln2 + r with |r| <= ln2 / 2 (Cody-Waite: ln2 split in a high and a low part).
  constexpr double kInvLn2 = 1.4426950408889634;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  constexpr double kShifter = 6755399441055744.0;  // 1.5 * 2^52: rounds to an integer
  const double kd = x * kInvLn2 + kShifter;
  const double k = kd - kShifter;
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  // e^r by its Taylor series to degree 12 (|r| <= 0.35: the remainder is below 1e-17).
  double p = 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  // 2^k from the low bits of kd (k is in [-159, 145]).
  uint64_t bits;
  std::memcpy(&bits, &kd, sizeof bits);
  const uint64_t scale_bits = (bits + 1023) << 52;
  double scale;
  std::memcpy(&scale, &scale_bits, sizeof scale);
  return p * scale;
}

}  // namespace rlx::runtime
