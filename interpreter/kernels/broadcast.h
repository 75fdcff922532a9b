// Broadcasting at run time (sinfo.op.broadcast applied to concrete shapes) and the strided
// iteration that the elementwise kernels run: one typed loop over the result, with each
// operand's offset advanced by its (0 where broadcast) stride.
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

namespace rlx::interp {

/// The broadcast shape of `shapes`; false with `why` set when two extents are incompatible.
bool BroadcastShapes(const std::vector<std::vector<int64_t>>& shapes, std::vector<int64_t>* out,
                     std::string* why);

/// a * b for extents (>= 0), saturated at INT64_MAX: a later factor 0 still gives 0, so a
/// product of the extents of an empty tensor is 0 and never overflows.
inline int64_t SatMul(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

/// The number of elements of `shape`: 0 when an extent is 0 (the others may then multiply
/// past int64), else the product, saturated at INT64_MAX (a shape of or within a live tensor
/// always fits).
inline int64_t NumElements(const std::vector<int64_t>& shape) {
  for (int64_t d : shape) {
    if (d == 0) return 0;
  }
  int64_t n = 1;
  for (int64_t d : shape) {
    if (__builtin_mul_overflow(n, d, &n)) return INT64_MAX;
  }
  return n;
}

/// Row-major strides (in elements) of `shape`; saturated at INT64_MAX where the shape holds no
/// element (such strides are never used to address one).
std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape);

/// The strides of `shape` as seen from `out` (aligned right, 0 on broadcast dims).
std::vector<int64_t> BroadcastStrides(const std::vector<int64_t>& shape,
                                      const std::vector<int64_t>& out);

/// Calls f(i, offsets) for every result element i in row-major order, where offsets[k] is
/// the element offset of operand k.
template <size_t N, class F>
void ForEachBroadcast(const std::vector<int64_t>& out, const std::array<std::vector<int64_t>, N>& strides,
                      F&& f) {
  const int64_t total = NumElements(out);
  if (total == 0) return;
  const int rank = static_cast<int>(out.size());
  std::array<int64_t, N> off{};
  if (rank == 0) {
    f(int64_t{0}, off);
    return;
  }
  std::vector<int64_t> idx(rank, 0);
  const int64_t inner = out[rank - 1];
  std::array<int64_t, N> step;
  for (size_t k = 0; k < N; ++k) step[k] = strides[k][rank - 1];
  for (int64_t i = 0; i < total; i += inner) {
    std::array<int64_t, N> o = off;
    for (int64_t j = 0; j < inner; ++j) {
      f(i + j, o);
      for (size_t k = 0; k < N; ++k) o[k] += step[k];
    }
    // Advance the odometer over the outer dimensions.
    for (int d = rank - 2; d >= 0; --d) {
      for (size_t k = 0; k < N; ++k) off[k] += strides[k][d];
      if (++idx[d] < out[d]) break;
      for (size_t k = 0; k < N; ++k) off[k] -= strides[k][d] * out[d];
      idx[d] = 0;
    }
  }
}

}  // namespace rlx::interp
