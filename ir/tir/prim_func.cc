#include "ir/tir/prim_func.h"

namespace rlx::tir {

Ref<PrimFunc> PrimFunc::Make(std::vector<Param> params, Ref<Stmt> body, Attrs attrs, Span span) {
  auto f = std::make_shared<PrimFunc>(span);
  f->params = std::move(params);
  f->body = std::move(body);
  f->attrs = std::move(attrs);
  return f;
}

}  // namespace rlx::tir
