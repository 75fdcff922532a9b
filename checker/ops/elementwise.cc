// Elementwise ops (spec §5.1 unary, §5.2 binary with broadcasting, §5.3 where, clip, astype).
#include "checker/ops/broadcast.h"
#include "checker/ops/op_rules.h"
#include "ir/op_dtype_class.h"

namespace rlx::checker::ops {
namespace {

std::string DataTypeStr(DataType t) { return std::string(DataTypeName(t)); }

// The vdevice two operands share: equal, or one unspecified (constraint c).
std::optional<std::string> MergeVDevice(OpCall& call, int c, const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty() || a == b) return a;
  call.Fail(c, "R." + call.op().name + " operands are on different devices: " + a + " and " + b);
  return std::nullopt;
}

}  // namespace

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


// op.<binary>.c1: each operand is a tensor or a primitive value. c2: the dtypes are equal
// (void matches any). c3: the dtype fits the op. c4: the shapes broadcast. c5: the operands
// are on the same device (or one is unspecified).
Ref<StructInfo> Binary(OpCall& c) {
  Ref<StructInfo> a = c.ArgSInfo("x1"), b = c.ArgSInfo("x2");
  for (const auto& [s, name] : {std::pair{a, "x1"}, std::pair{b, "x2"}}) {
    if (!As<TensorStructInfo>(s) && !As<PrimStructInfo>(s)) {
      return c.Fail(1, "R." + c.op().name + " argument '" + name +
                           "' must be a tensor or a primitive value, got " + Describe(s));
    }
  }
  auto dtype_of = [](const Ref<StructInfo>& s) {
    if (auto t = As<TensorStructInfo>(s)) return t->dtype;
    return As<PrimStructInfo>(s)->dtype;
  };
  DataType da = dtype_of(a), db = dtype_of(b);
  if (da != DataType::kVoid && db != DataType::kVoid && da != db) {
    return c.Fail(2, "R." + c.op().name + " operands have different dtypes " + DataTypeStr(da) + " and " +
                         DataTypeStr(db) + "; convert one with R.astype");
  }
  DataType dt = da == DataType::kVoid ? db : da;
  if (da == DataType::kVoid || db == DataType::kVoid) dt = DataType::kVoid;
  for (DataType t : {da, db}) {
    if (std::string why = DTypeClassViolation(c.op(), t); !why.empty()) return c.Fail(3, why);
  }
  DataType out = ResultIsBool(c.op()) ? DataType::kBool : dt;
  auto ta = As<TensorStructInfo>(a), tb = As<TensorStructInfo>(b);
  if (!ta && !tb) return PrimStructInfo::Make(out);
  std::string dev_a = ta ? ta->vdevice : "", dev_b = tb ? tb->vdevice : "";
  auto dev = MergeVDevice(c, 5, dev_a, dev_b);
  if (!dev) return nullptr;
  // A primitive operand broadcasts like a 0-d tensor.
  if (!ta || !tb) {
    auto t = ta ? ta : tb;
    return TensorStructInfo::Make(t->shape, out, t->ndim, *dev);
  }
  if (ta->shape && ta->shape == tb->shape) return TensorStructInfo::Make(ta->shape, out, ta->ndim, *dev);
  if (ta->ndim == kUnknownNdim || tb->ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, out, *dev);
  int ndim = std::max(ta->ndim, tb->ndim);
  const auto* da_dims = TensorDims(*ta, c.state());
  const auto* db_dims = TensorDims(*tb, c.state());
  if (!da_dims || !db_dims) return MakeTensorNdim(ndim, out, *dev);
  auto r = BroadcastShapes(c, 4, {*da_dims, *db_dims}, {"x1", "x2"});
  if (!r) return nullptr;
  if (!r->known) return MakeTensorNdim(ndim, out, *dev);
  return MakeTensor(r->dims, out, *dev);
}

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
    return c.Fail(2, "R.where condition must have dtype bool, got " + DataTypeStr(cond->dtype));
  }
  if (a->dtype != DataType::kVoid && b->dtype != DataType::kVoid && a->dtype != b->dtype) {
    return c.Fail(3, "R.where operands have different dtypes " + DataTypeStr(a->dtype) + " and " +
                         DataTypeStr(b->dtype));
  }
  DataType out = a->dtype == DataType::kVoid || b->dtype == DataType::kVoid ? DataType::kVoid : a->dtype;
  auto dev = MergeVDevice(c, 5, cond->vdevice, a->vdevice);
  if (!dev) return nullptr;
  dev = MergeVDevice(c, 5, *dev, b->vdevice);
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
