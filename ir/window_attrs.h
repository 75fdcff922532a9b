// The window attributes of the 2-d nn ops (spec §5.8: conv2d and the poolings), as int lists of
// one, two or four values: shared by the kernels and the lowerings.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace rlx {

/// Two values (height, width) from a 1- or 2-value list.
inline std::pair<int64_t, int64_t> WindowPair(const std::vector<int64_t>& v) {
  return v.size() == 1 ? std::make_pair(v[0], v[0]) : std::make_pair(v[0], v[1]);
}

/// Padding as (top, left, bottom, right) from 1, 2 or 4 values.
inline std::array<int64_t, 4> WindowPadding(const std::vector<int64_t>& p) {
  if (p.size() == 1) return {p[0], p[0], p[0], p[0]};
  if (p.size() == 2) return {p[0], p[1], p[0], p[1]};
  return {p[0], p[1], p[2], p[3]};
}

}  // namespace rlx
