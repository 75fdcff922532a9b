// The C++ element type of every dtype and the conversions between them (spec eval.num.*).
// Kernels dispatch on the dtype once per op (DispatchDType) and run typed loops inside.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "interpreter/runtime_names.h"
#include "ir/base/float_bits.h"
#include "ir/dtype.h"

namespace rlx::interp {

/// float16 and bfloat16 elements: their 16-bit patterns; the float8 elements: their 8 bits.
struct Half {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};
struct Float8E4M3FN {
  uint8_t bits;
};
struct Float8E5M2 {
  uint8_t bits;
};

/// The narrow floats, stored as bits and computed in float (or double) then rounded once.
template <class T>
inline constexpr bool kIsHalfLike = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16> ||
                                    std::is_same_v<T, Float8E4M3FN> || std::is_same_v<T, Float8E5M2>;
/// True for the six float element types.
template <class T>
inline constexpr bool kIsFloatElem = kIsHalfLike<T> || std::is_floating_point_v<T>;
/// True for the eight integer element types (bool excluded).
template <class T>
inline constexpr bool kIsIntElem = std::is_integral_v<T> && !std::is_same_v<T, bool>;

/// Calls f(T{}) with the element type of `t` (kVoid must not reach here).
template <class F>
decltype(auto) DispatchDType(DataType t, F&& f) {
  switch (t) {
    case DataType::kBool: return f(bool{});
    case DataType::kInt8: return f(int8_t{});
    case DataType::kInt16: return f(int16_t{});
    case DataType::kInt32: return f(int32_t{});
    case DataType::kInt64: return f(int64_t{});
    case DataType::kUInt8: return f(uint8_t{});
    case DataType::kUInt16: return f(uint16_t{});
    case DataType::kUInt32: return f(uint32_t{});
    case DataType::kUInt64: return f(uint64_t{});
    case DataType::kFloat16: return f(Half{});
    case DataType::kBFloat16: return f(BFloat16{});
    case DataType::kFloat32: return f(float{});
    case DataType::kFloat8E4M3FN: return f(Float8E4M3FN{});
    case DataType::kFloat8E5M2: return f(Float8E5M2{});
    case DataType::kVoid:
    case DataType::kFloat64: break;
  }
  return f(double{});
}

/// The dtype of an element type.
template <class T>
constexpr DataType DTypeOf() {
  if constexpr (std::is_same_v<T, bool>) return DataType::kBool;
  else if constexpr (std::is_same_v<T, int8_t>) return DataType::kInt8;
  else if constexpr (std::is_same_v<T, int16_t>) return DataType::kInt16;
  else if constexpr (std::is_same_v<T, int32_t>) return DataType::kInt32;
  else if constexpr (std::is_same_v<T, int64_t>) return DataType::kInt64;
  else if constexpr (std::is_same_v<T, uint8_t>) return DataType::kUInt8;
  else if constexpr (std::is_same_v<T, uint16_t>) return DataType::kUInt16;
  else if constexpr (std::is_same_v<T, uint32_t>) return DataType::kUInt32;
  else if constexpr (std::is_same_v<T, uint64_t>) return DataType::kUInt64;
  else if constexpr (std::is_same_v<T, Half>) return DataType::kFloat16;
  else if constexpr (std::is_same_v<T, BFloat16>) return DataType::kBFloat16;
  else if constexpr (std::is_same_v<T, float>) return DataType::kFloat32;
  else if constexpr (std::is_same_v<T, Float8E4M3FN>) return DataType::kFloat8E4M3FN;
  else if constexpr (std::is_same_v<T, Float8E5M2>) return DataType::kFloat8E5M2;
  else return DataType::kFloat64;
}

/// The exact value of a float element, or the value of an integer (int64 and uint64
/// rounded to nearest even when beyond 2^53).
template <class T>
inline double ToDouble(T v) {
  if constexpr (std::is_same_v<T, Half>) return HalfBitsToDouble(v.bits);
  else if constexpr (std::is_same_v<T, BFloat16>) return BFloat16BitsToDouble(v.bits);
  else if constexpr (std::is_same_v<T, Float8E4M3FN>) return Float8E4M3FNBitsToDouble(v.bits);
  else if constexpr (std::is_same_v<T, Float8E5M2>) return Float8E5M2BitsToDouble(v.bits);
  else return static_cast<double>(v);
}

/// The type arithmetic on T runs in for + - * / and sqrt: float for the 16-bit floats (then
/// rounded once, which is correctly rounded for these ops: eval.num.float-rounding), T itself
/// for the others.
template <class T>
using ArithType = std::conditional_t<kIsHalfLike<T>, float, T>;

template <class T>
inline ArithType<T> ToArith(T v) {
  if constexpr (kIsHalfLike<T>) return static_cast<float>(ToDouble(v));
  else return v;
}

/// Rounds a double to a float element type (round to nearest even, once).
template <class T>
inline T RoundFloat(double v) {
  if constexpr (std::is_same_v<T, Half>) return Half{DoubleToHalfBits(v)};
  else if constexpr (std::is_same_v<T, BFloat16>) return BFloat16{DoubleToBFloat16Bits(v)};
  else if constexpr (std::is_same_v<T, Float8E4M3FN>) return Float8E4M3FN{DoubleToFloat8E4M3FNBits(v)};
  else if constexpr (std::is_same_v<T, Float8E5M2>) return Float8E5M2{DoubleToFloat8E5M2Bits(v)};
  else return static_cast<T>(v);
}

/// A double converted to an integer type as astype does (eval.num.astype): truncation toward
/// zero, NaN to 0, saturation at the type's range.
template <class T>
inline T SaturateFromDouble(double v) {
  if (std::isnan(v)) return T(0);
  if constexpr (std::is_same_v<T, bool>) {
    return v != 0;
  } else {
    // Compare against the bounds as doubles: max()+1 is a power of two, exact in double.
    constexpr double hi = static_cast<double>(std::numeric_limits<T>::max()) + 1.0;
    constexpr double lo = static_cast<double>(std::numeric_limits<T>::min());
    if (v >= hi) return std::numeric_limits<T>::max();
    if (v <= lo) return std::numeric_limits<T>::min();
    return static_cast<T>(std::trunc(v));
  }
}

/// An integer rounded to a float type with few significant bits, rounded once (converting
/// through double would round twice for 64-bit integers).
template <class T, class I>
inline T IntToFloat(I v) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return static_cast<T>(v);  // one hardware rounding, to nearest even
  } else {
    // One rounding also from 64-bit integers (ir/dtype.h); the double is a value of T.
    return RoundFloat<T>(IntToFloatDType(static_cast<int64_t>(v), std::is_signed_v<I>, DTypeOf<T>()));
  }
}

/// Converts one element between any two element types (eval.num.astype).
template <class To, class From>
inline To ConvertElem(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_same_v<To, bool>) {
    if constexpr (kIsFloatElem<From>) return ToDouble(v) != 0;  // NaN != 0
    else return v != 0;
  } else if constexpr (std::is_same_v<From, bool>) {
    if constexpr (kIsFloatElem<To>) return RoundFloat<To>(v ? 1.0 : 0.0);
    else return static_cast<To>(v ? 1 : 0);
  } else if constexpr (kIsFloatElem<From>) {
    if constexpr (kIsFloatElem<To>) return RoundFloat<To>(ToDouble(v));
    else return SaturateFromDouble<To>(ToDouble(v));
  } else if constexpr (kIsFloatElem<To>) {
    return IntToFloat<To>(v);
  } else {
    return static_cast<To>(v);  // integer to integer wraps (two's complement)
  }
}

}  // namespace rlx::interp
