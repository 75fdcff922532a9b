// How the multiply-accumulate kernels (matmul, conv2d) sum: floats in float64, rounded once
// per result element (eval.num.reduce); integers in 64 bits, wrapping; bool as an or of ands.
#pragma once

#include <cstdint>
#include <type_traits>

#include "interpreter/kernels/element_types.h"
#include "interpreter/kernels/scalar_ops.h"

namespace rlx::interp {

/// The accumulator of element type T, its conversions and its multiply-add.
template <class T>
struct Accumulation {
  using Acc = std::conditional_t<kIsFloatElem<T>, double, uint64_t>;
  static Acc Of(T v) {
    if constexpr (kIsFloatElem<T>) return ToDouble(v);
    else if constexpr (std::is_same_v<T, bool>) return v ? 1 : 0;
    else return scalar::U64(v);
  }
  static void MulAdd(Acc& acc, Acc x, Acc y) {
    if constexpr (std::is_same_v<T, bool>) acc |= x & y;
    else acc += x * y;
  }
  static T Result(Acc acc) {
    if constexpr (kIsFloatElem<T>) return RoundFloat<T>(acc);
    else return scalar::Wrap<T>(acc);
  }
};

}  // namespace rlx::interp
