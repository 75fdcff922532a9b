// Conversions between double and the 16-bit and 8-bit float formats, correctly rounded
// (round to nearest, ties to even), with NaN, infinities, signed zero and subnormals.
#pragma once

#include <cstdint>

namespace rlx {

/// IEEE 754 binary16 bits of the nearest half-precision value.
uint16_t DoubleToHalfBits(double v);
/// bfloat16 bits of the nearest bfloat16 value.
uint16_t DoubleToBFloat16Bits(double v);
/// The exact value of binary16 bits.
double HalfBitsToDouble(uint16_t bits);
/// The exact value of bfloat16 bits.
double BFloat16BitsToDouble(uint16_t bits);
/// float8_e4m3fn bits of the nearest value (no infinities: beyond 448, and inf, give NaN).
uint8_t DoubleToFloat8E4M3FNBits(double v);
/// float8_e5m2 bits of the nearest value (IEEE-like: beyond the largest finite, infinity).
uint8_t DoubleToFloat8E5M2Bits(double v);
double Float8E4M3FNBitsToDouble(uint8_t bits);
double Float8E5M2BitsToDouble(uint8_t bits);

}  // namespace rlx
