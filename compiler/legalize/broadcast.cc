// Broadcast indexing of lowered ops (pass.legalize-ops).
#include "compiler/legalize/broadcast.h"

namespace rlx::compiler::legalize {

Indices BroadcastIndex(PrimFuncBuilder& b, const Indices& dims, const Indices& out_shape,
                       const Indices& i, const std::string& message) {
  Indices idx;
  const size_t lead = out_shape.size() - dims.size();
  for (size_t a = 0; a < dims.size(); ++a) {
    const Ref<PrimExpr>& n = dims[a];
    const Ref<PrimExpr>& m = out_shape[lead + a];
    if (SameTerm(n, m)) {
      idx.push_back(i[lead + a]);
    } else if (n->is_int() && n->int_value == 1) {
      idx.push_back(I64(0));
    } else {
      Ref<PrimExpr> is_one = Bin(PrimKind::kEQ, n, I64(1));
      b.Prologue(tir::AssertStmt::Make(Bin(PrimKind::kOr, is_one, Bin(PrimKind::kEQ, n, m)), "E3005: " + message));
      idx.push_back(PrimExpr::Select(is_one, I64(0), i[lead + a]));
    }
  }
  return idx;
}

Indices BroadcastIndex(PrimFuncBuilder& b, const Ref<tir::Buffer>& in, const Indices& out_shape,
                       const Indices& i, const std::string& op_name) {
  return BroadcastIndex(b, in->shape, out_shape, i,
                        "R." + op_name + ": an operand's extent is neither 1 nor the result's");
}

}  // namespace rlx::compiler::legalize
