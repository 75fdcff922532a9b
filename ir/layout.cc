#include "ir/layout.h"

namespace rlx {

std::optional<std::vector<int>> LayoutToCanonical(std::string_view layout, std::string_view canonical) {
  if (layout.size() != canonical.size()) return std::nullopt;
  std::vector<int> axes;
  for (char c : canonical) {
    size_t at = layout.find(c);
    if (at == std::string_view::npos || layout.find(c, at + 1) != std::string_view::npos) return std::nullopt;
    axes.push_back(static_cast<int>(at));
  }
  return axes;
}

std::optional<std::vector<int>> CanonicalToLayout(std::string_view layout, std::string_view canonical) {
  if (!LayoutToCanonical(layout, canonical)) return std::nullopt;
  std::vector<int> axes;
  for (char c : layout) axes.push_back(static_cast<int>(canonical.find(c)));
  return axes;
}

}  // namespace rlx
