// The struct-info rule of the binary ops, with broadcasting (spec §5.2).
#include "checker/ops/broadcast.h"
#include "checker/ops/op_rules.h"
#include "ir/op_dtype_class.h"

namespace rlx::checker::ops {

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
    return c.Fail(2, "R." + c.op().name + " operands have different dtypes " + std::string(DataTypeName(da)) + " and " +
                         std::string(DataTypeName(db)) + "; convert one with R.astype");
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
  auto dev = c.MergeVDevice(5, dev_a, dev_b);
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

}  // namespace rlx::checker::ops
