#include "ir/base/float_bits.h"

#include <cmath>
#include <cstring>

namespace rlx {
namespace {

// Rounds |v| (finite, non-negative) to a format with `exp_bits` exponent bits and
// `man_bits` stored mantissa bits; returns the bits without sign. Works from the double's
// exact value, so the result is rounded once.
uint32_t RoundMagnitude(double v, int exp_bits, int man_bits) {
  const int bias = (1 << (exp_bits - 1)) - 1;
  const int max_exp = (1 << exp_bits) - 1;  // all ones: inf/nan
  const uint32_t inf_bits = static_cast<uint32_t>(max_exp) << man_bits;
  if (v == 0) return 0;
  int e;
  std::frexp(v, &e);     // v = m * 2^e, m in [0.5, 1)
  int unbiased = e - 1;  // v = (2m) * 2^(e-1), 2m in [1, 2)
  int min_normal = 1 - bias;
  // The quantum: the value of one unit in the last place at this magnitude.
  int quantum_exp = (unbiased < min_normal ? min_normal : unbiased) - man_bits;
  double scaled = std::ldexp(v, -quantum_exp);  // exact: only the exponent changes
  double rounded = std::nearbyint(scaled);      // default rounding mode: ties to even
  // rounded is an integer count of quanta; it may have carried into the next binade.
  uint64_t q = static_cast<uint64_t>(rounded);
  int biased;
  uint64_t mant;
  if (unbiased < min_normal) {
    // Subnormal range: q < 2^man_bits, or exactly 2^man_bits (rounded up to the min normal).
    if (q >= (uint64_t{1} << man_bits)) {
      biased = 1;
      mant = q - (uint64_t{1} << man_bits);
    } else {
      biased = 0;
      mant = q;
    }
  } else {
    biased = unbiased + bias;
    if (q >= (uint64_t{2} << man_bits)) {  // carried into the next binade
      q >>= 1;
      ++biased;
    }
    mant = q - (uint64_t{1} << man_bits);
  }
  if (biased >= max_exp) return inf_bits;
  return (static_cast<uint32_t>(biased) << man_bits) | static_cast<uint32_t>(mant);
}

// float8_e4m3fn (OCP 8-bit float E4M3, "finite"): no infinities, the all-ones exponent holds
// normal numbers up to 448 (0x7E), and 0x7F / 0xFF are NaN. A value that rounds beyond 448,
// and an infinity, becomes NaN, as converting without saturation does (ml_dtypes, TVM).
uint8_t ToE4M3FNBits(double v) {
  const uint8_t sign = std::signbit(v) ? 0x80 : 0;
  if (std::isnan(v) || std::isinf(v)) return sign | 0x7F;
  const double a = std::fabs(v);
  if (a < std::ldexp(1.0, -6)) {  // below E4M3's smallest normal: quanta of 2^-9
    double q = std::nearbyint(std::ldexp(a, 9));
    return sign | static_cast<uint8_t>(q >= 8 ? 0x08 : q);  // 8 quanta are the smallest normal
  }
  // Round as a format with one more exponent bit (so 1.875 * 2^8 and above do not read as
  // infinity), then reject what lies beyond the largest finite value; its biased exponents e
  // relate to E4M3's as e - 8.
  uint32_t m = RoundMagnitude(a, 5, 3);
  int biased5 = static_cast<int>(m >> 3);
  int biased4 = biased5 - 8;
  uint32_t mant = m & 7;
  if (biased4 > 15 || (biased4 == 15 && mant == 7)) return sign | 0x7F;
  return sign | static_cast<uint8_t>((biased4 << 3) | mant);
}

double FromE4M3FNBits(uint8_t bits) {
  const bool neg = bits & 0x80;
  const int exp = (bits >> 3) & 15;
  const uint32_t mant = bits & 7;
  double r;
  if (exp == 15 && mant == 7) {
    r = std::nan("");
  } else if (exp == 0) {
    r = std::ldexp(static_cast<double>(mant), -9);
  } else {
    r = std::ldexp(static_cast<double>(mant | 8u), exp - 7 - 3);
  }
  return neg ? -r : r;
}

uint16_t ToBits(double v, int exp_bits, int man_bits) {
  uint32_t sign = std::signbit(v) ? 1u << (exp_bits + man_bits) : 0u;
  const int max_exp = (1 << exp_bits) - 1;
  if (std::isnan(v)) {
    return static_cast<uint16_t>(sign | (static_cast<uint32_t>(max_exp) << man_bits) |
                                 (1u << (man_bits - 1)));
  }
  if (std::isinf(v)) {
    return static_cast<uint16_t>(sign | (static_cast<uint32_t>(max_exp) << man_bits));
  }
  return static_cast<uint16_t>(sign | RoundMagnitude(std::fabs(v), exp_bits, man_bits));
}

double FromBits(uint16_t bits, int exp_bits, int man_bits) {
  const int bias = (1 << (exp_bits - 1)) - 1;
  const int max_exp = (1 << exp_bits) - 1;
  bool neg = bits >> (exp_bits + man_bits);
  int exp = (bits >> man_bits) & max_exp;
  uint32_t mant = bits & ((1u << man_bits) - 1);
  double r;
  if (exp == max_exp) {
    r = mant ? std::nan("") : INFINITY;
  } else if (exp == 0) {
    r = std::ldexp(static_cast<double>(mant), 1 - bias - man_bits);
  } else {
    r = std::ldexp(static_cast<double>(mant | (1u << man_bits)), exp - bias - man_bits);
  }
  return neg ? -r : r;
}

}  // namespace

uint16_t DoubleToHalfBits(double v) {
  return ToBits(v, 5, 10);
}
uint16_t DoubleToBFloat16Bits(double v) {
  return ToBits(v, 8, 7);
}
double HalfBitsToDouble(uint16_t bits) {
  return FromBits(bits, 5, 10);
}
double BFloat16BitsToDouble(uint16_t bits) {
  return FromBits(bits, 8, 7);
}
uint8_t DoubleToFloat8E4M3FNBits(double v) {
  return ToE4M3FNBits(v);
}
uint8_t DoubleToFloat8E5M2Bits(double v) {
  return static_cast<uint8_t>(ToBits(v, 5, 2));
}
double Float8E4M3FNBitsToDouble(uint8_t bits) {
  return FromE4M3FNBits(bits);
}
double Float8E5M2BitsToDouble(uint8_t bits) {
  return FromBits(bits, 5, 2);
}

}  // namespace rlx
