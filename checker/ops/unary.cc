// The struct-info rule of the unary ops (spec §5.1).
#include "checker/ops/op_rules.h"
#include "ir/op_dtype_class.h"

namespace rlx::checker::ops {

// op.<unary>.c1: x is a tensor. op.<unary>.c2: its dtype fits the op (float ops: a float;
// abs ... relu: not bool; bitwise_not: an integer or bool). The result has x's shape and
// vdevice; its dtype is x's, or bool for isnan, isinf and isfinite.
Ref<StructInfo> Unary(OpCall& c) {
  const std::string param = c.op().params[0].name;
  auto x = c.Tensor(param, 1);
  if (!x) return nullptr;
  if (std::string why = DTypeClassViolation(c.op(), x->dtype); !why.empty()) return c.Fail(2, why);
  if (ResultIsBool(c.op())) return TensorStructInfo::Make(x->shape, DataType::kBool, x->ndim, x->vdevice);
  return x;
}

}  // namespace rlx::checker::ops
