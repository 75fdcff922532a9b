#include "ir/analysis/structural_equal.h"

#include "ir/analysis/structural_equal_impl.h"

namespace rlx {

using structural::EqualChecker;
using structural::Hasher;

bool StructuralEqual(const IRModule& a, const IRModule& b) {
  EqualChecker c;
  return c.Module(a, b);
}
bool StructuralEqual(const Ref<Expr>& a, const Ref<Expr>& b) {
  EqualChecker c;
  return c.Expr(a, b);
}
bool StructuralEqual(const Ref<StructInfo>& a, const Ref<StructInfo>& b) {
  EqualChecker c;
  return c.SInfo(a, b);
}
bool StructuralEqual(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  EqualChecker c;
  return c.Prim(a, b);
}

bool StructuralEqualInScope(const Ref<Expr>& a, const Ref<Expr>& b) {
  EqualChecker c;
  c.free_by_identity = true;
  return c.Expr(a, b);
}
bool StructuralEqualInScope(const Ref<StructInfo>& a, const Ref<StructInfo>& b) {
  EqualChecker c;
  c.free_by_identity = true;
  return c.SInfo(a, b);
}

size_t StructuralHashInScope(const Ref<Expr>& e) {
  Hasher h;
  h.by_identity = true;
  h.Expr(e);
  return h.h;
}

std::optional<std::string> FindStructuralMismatch(const IRModule& a, const IRModule& b) {
  EqualChecker c;
  if (c.Module(a, b)) return std::nullopt;
  return c.mismatch.empty() ? std::string("modules differ") : c.mismatch;
}

size_t StructuralHash(const IRModule& m) {
  Hasher h;
  h.Module(m);
  return h.h;
}

size_t StructuralHash(const Ref<Expr>& e) {
  Hasher h;
  h.Expr(e);
  return h.h;
}

}  // namespace rlx
