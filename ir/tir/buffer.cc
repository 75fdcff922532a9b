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

}  // namespace rlx::tir
