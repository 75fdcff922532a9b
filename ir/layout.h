// Data layouts of the convolution and pooling ops (spec op.nn.layout): a layout names the axes
// of a tensor by letters, such as "NHWC" for data or "HWIO" for weights. rlx accepts every
// permutation of the canonical layout ("NCHW" for data, "OIHW" for conv2d weights); the ops
// are defined on the canonical order, and a layout only reorders the axes.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace rlx {

/// For each axis of `canonical`, its position in `layout`: `x[to_canonical]` (as permute_dims
/// axes) is the tensor in canonical order. nullopt when `layout` is not a permutation of
/// `canonical` (a split layout such as "NCHW16c", a repeated or unknown letter).
std::optional<std::vector<int>> LayoutToCanonical(std::string_view layout, std::string_view canonical);

/// For each axis of `layout`, its position in `canonical`: the permute_dims axes that turn a
/// canonical tensor into `layout`. nullopt as for LayoutToCanonical.
std::optional<std::vector<int>> CanonicalToLayout(std::string_view layout, std::string_view canonical);

/// The items of `v` taken at `axes`: {v[axes[0]], v[axes[1]], ...}.
template <class T>
std::vector<T> PermuteBy(const std::vector<T>& v, const std::vector<int>& axes) {
  std::vector<T> out;
  out.reserve(axes.size());
  for (int a : axes) out.push_back(v[a]);
  return out;
}

}  // namespace rlx
