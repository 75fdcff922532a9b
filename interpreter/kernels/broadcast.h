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

/// The rows of a broadcast result in row-major order: a row is `length` consecutive result
/// elements from `start`, where operand k's element j of the row is at offset[k] + j * step[k].
/// Kernels loop over a row themselves, so the odometer is compiled once, not per functor and
/// dtype (binary.cc instantiates ~300 such loops).
template <size_t N>
class BroadcastRows {
 public:
  BroadcastRows(const std::vector<int64_t>& out, const std::array<std::vector<int64_t>, N>& strides)
      : out_(out), strides_(strides), total_(NumElements(out)), idx_(out.size(), 0) {
    const size_t rank = out.size();
    length = rank == 0 ? 1 : out[rank - 1];
    for (size_t k = 0; k < N; ++k) step[k] = rank == 0 ? 0 : strides[k][rank - 1];
  }

  /// Moves to the next row; false when there is none.
  bool Next() {
    if (first_) {
      first_ = false;
      start = 0;
      return total_ > 0;
    }
    start += length;
    if (start >= total_) return false;
    // Advance the odometer over the outer dimensions.
    for (int d = static_cast<int>(out_.size()) - 2; d >= 0; --d) {
      for (size_t k = 0; k < N; ++k) offset[k] += strides_[k][d];
      if (++idx_[d] < out_[d]) break;
      for (size_t k = 0; k < N; ++k) offset[k] -= strides_[k][d] * out_[d];
      idx_[d] = 0;
    }
    return true;
  }

  int64_t start = 0;
  int64_t length = 0;
  std::array<int64_t, N> offset{};
  std::array<int64_t, N> step{};

 private:
  const std::vector<int64_t>& out_;
  const std::array<std::vector<int64_t>, N>& strides_;
  int64_t total_;
  std::vector<int64_t> idx_;
  bool first_ = true;
};

/// Calls f(i, offsets) for every result element i in row-major order, where offsets[k] is
/// the element offset of operand k.
template <size_t N, class F>
void ForEachBroadcast(const std::vector<int64_t>& out, const std::array<std::vector<int64_t>, N>& strides,
                      F&& f) {
  for (BroadcastRows<N> rows(out, strides); rows.Next();) {
    std::array<int64_t, N> o = rows.offset;
    for (int64_t j = 0; j < rows.length; ++j) {
      f(rows.start + j, o);
      for (size_t k = 0; k < N; ++k) o[k] += rows.step[k];
    }
  }
}

}  // namespace rlx::interp
