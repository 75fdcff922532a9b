#include "ir/tir/buffer.h"

namespace rlx::tir {

Ref<Buffer> Buffer::Make(std::string name, DataType dtype, std::vector<Ref<PrimExpr>> shape,
                         Span span) {
  Buffer b;
  b.name = std::move(name);
  b.dtype = dtype;
  b.shape = std::move(shape);
  b.span = span;
  return MakeFull(std::move(b));
}

int64_t ElementsSpanned(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t offset) {
  __int128 last = offset;
  for (size_t a = 0; a < shape.size(); ++a) {
    if (shape[a] == 0) return 0;
    last += static_cast<__int128>(shape[a] - 1) * strides[a];
    if (last > INT64_MAX) return -1;
  }
  return static_cast<int64_t>(last + 1);
}

}  // namespace rlx::tir
