#include "interpreter/runtime_names.h"
#include "interpreter/kernels/broadcast.h"

#include <algorithm>
#include <climits>

namespace rlx::interp {

bool BroadcastShapes(const std::vector<std::vector<int64_t>>& shapes, std::vector<int64_t>* out,
                     std::string* why) {
  size_t rank = 0;
  for (const auto& s : shapes) rank = std::max(rank, s.size());
  out->assign(rank, 1);
  for (size_t pos = 0; pos < rank; ++pos) {  // pos counts from the right
    int64_t result = 1;
    for (const auto& s : shapes) {
      if (pos >= s.size()) continue;
      int64_t e = s[s.size() - 1 - pos];
      if (e == 1) continue;
      if (result != 1 && result != e) {
        *why = "extents " + std::to_string(result) + " and " + std::to_string(e) +
               " do not broadcast (dimension " + std::to_string(rank - 1 - pos) + " of the result)";
        return false;
      }
      result = e;
    }
    (*out)[rank - 1 - pos] = result;
  }
  return true;
}

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) {
    if (__builtin_mul_overflow(s[i], shape[i], &s[i - 1])) s[i - 1] = INT64_MAX;
  }
  return s;
}

std::vector<int64_t> BroadcastStrides(const std::vector<int64_t>& shape,
                                      const std::vector<int64_t>& out) {
  std::vector<int64_t> own = RowMajorStrides(shape);
  std::vector<int64_t> s(out.size(), 0);
  size_t shift = out.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i) s[shift + i] = shape[i] == 1 ? 0 : own[i];
  return s;
}

}  // namespace rlx::interp
