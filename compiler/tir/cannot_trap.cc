#include "compiler/tir/cannot_trap.h"

#include <functional>

#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

bool IsZeroConstant(const Ref<PrimExpr>& e) { return e && e->is_int() && e->int_value == 0; }

}  // namespace

// True when `index` lies in [0, extent) whatever the variables: a block variable whose domain is
// [0, extent), or an integer constant below a constant extent.
bool IndexInBounds(const Ref<PrimExpr>& index, const Ref<PrimExpr>& extent, const tir::Block& b) {
  if (index->is_int()) return index->int_value >= 0 && extent->is_int() && index->int_value < extent->int_value;
  for (const auto& iv : b.iter_vars) {
    if (iv.var == index) return IsZeroConstant(iv.dom.min) && SameTerm(iv.dom.extent, extent);
  }
  return false;
}

bool ValueCannotTrap(const Ref<PrimExpr>& e, const tir::Block& b) {
  return CannotTrapWhere(e, [&](const Ref<PrimExpr>& index, const Ref<PrimExpr>& extent) { return IndexInBounds(index, extent, b); });
}

bool CannotTrapWhere(const Ref<PrimExpr>& e, const IndexCheck& in_bounds) {
  bool ok = true;
  tir::ForEachExpr(e, [&](const PrimExpr& x) {
    switch (x.kind) {
      case PrimKind::kBufferLoad:
        if (x.args.size() != x.buffer->ndim()) ok = false;
        for (size_t i = 0; ok && i < x.args.size(); ++i) ok = in_bounds(x.args[i], x.buffer->shape[i]);
        break;
      case PrimKind::kFloorDiv:
      case PrimKind::kFloorMod:
      case PrimKind::kTruncDiv:
      case PrimKind::kTruncMod:
        if (!IsFloat(x.dtype)) ok &= x.operands[1]->is_int() && x.operands[1]->int_value != 0;
        break;
      case PrimKind::kCall:
        if (x.intrinsic == tir::Intrinsic::kPow && !IsFloat(x.dtype)) ok = false;
        break;
      default:
        break;
    }
  });
  return ok;
}

}  // namespace rlx::compiler
