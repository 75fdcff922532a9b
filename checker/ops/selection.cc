// The struct-info rules of the selection ops: where, clip and astype (spec §5.3).
#include "checker/ops/broadcast.h"
#include "checker/ops/op_rules.h"

namespace rlx::checker::ops {

// op.where.c1: condition, x1 and x2 are tensors. c2: condition has dtype bool. c3: x1 and x2
// have the same dtype. c4: the three shapes broadcast. c5: they are on one device.
Ref<StructInfo> Where(OpCall& c) {
  auto cond = c.Tensor("condition", 1);
  if (!cond) return nullptr;
  auto a = c.Tensor("x1", 1);
  if (!a) return nullptr;
  auto b = c.Tensor("x2", 1);
  if (!b) return nullptr;
  if (cond->dtype != DataType::kVoid && cond->dtype != DataType::kBool) {
    return c.Fail(2, "R.where condition must have dtype bool, got " + std::string(DataTypeName(cond->dtype)));
  }
  if (a->dtype != DataType::kVoid && b->dtype != DataType::kVoid && a->dtype != b->dtype) {
    return c.Fail(3, "R.where operands have different dtypes " + std::string(DataTypeName(a->dtype)) + " and " +
                         std::string(DataTypeName(b->dtype)));
  }
  DataType out = a->dtype == DataType::kVoid || b->dtype == DataType::kVoid ? DataType::kVoid : a->dtype;
  auto dev = c.MergeVDevice(5, cond->vdevice, a->vdevice);
  if (!dev) return nullptr;
  dev = c.MergeVDevice(5, *dev, b->vdevice);
  if (!dev) return nullptr;
  if (cond->ndim == kUnknownNdim || a->ndim == kUnknownNdim || b->ndim == kUnknownNdim) {
    return MakeTensorNdim(kUnknownNdim, out, *dev);
  }
  int ndim = std::max({cond->ndim, a->ndim, b->ndim});
  const auto* dc = TensorDims(*cond, c.state());
  const auto* d1 = TensorDims(*a, c.state());
  const auto* d2 = TensorDims(*b, c.state());
  if (!dc || !d1 || !d2) return MakeTensorNdim(ndim, out, *dev);
  auto r = BroadcastShapes(c, 4, {*dc, *d1, *d2}, {"condition", "x1", "x2"});
  if (!r) return nullptr;
  if (!r->known) return MakeTensorNdim(ndim, out, *dev);
  return MakeTensor(r->dims, out, *dev);
}

// op.clip.c1: x is a tensor. c2: min and max are primitive values. The result is x's.
Ref<StructInfo> Clip(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  if (!c.Prim("min", 2, false) || !c.Prim("max", 2, false)) return nullptr;
  return x;
}

// op.astype.c1: x is a tensor. c2: dtype is not void. The result is x with that dtype.
Ref<StructInfo> Astype(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  DataType t = c.DType("dtype");
  if (t == DataType::kVoid) return c.Fail(2, "R.astype needs a target dtype other than void");
  return TensorStructInfo::Make(x->shape, t, x->ndim, x->vdevice);
}

}  // namespace rlx::checker::ops
