// Lowered-form memory ops (spec §5.10): the allocations and kills TVM's build pipeline prints.
#include "checker/ops/op_rules.h"
#include "ir/text/printer.h"

namespace rlx::checker::ops {
namespace {

// The dtype argument: an R.dtype("...") other than void (constraint c).
std::optional<DataType> DTypeArg(OpCall& c, int constraint) {
  auto d = As<DataTypeImm>(c.Arg("dtype"));
  if (!d || d->value == DataType::kVoid) {
    c.Fail(constraint, "R." + c.op().name + " dtype must be R.dtype(\"...\") of a data type, got " +
                           Describe(c.ArgSInfo("dtype")));
    return std::nullopt;
  }
  return d->value;
}

// A tensor of `shape` (a shape argument) and dtype: its extents when known, else its rank;
// every known extent must be >= 0 (constraint c).
Ref<StructInfo> TensorOfShape(OpCall& c, const OpCall::ShapeArg& shape, DataType dt, int constraint) {
  if (!shape.values) {
    if (auto var = As<Var>(shape.expr)) return TensorStructInfo::Make(var, dt, shape.ndim);
    return MakeTensorNdim(shape.ndim, dt);
  }
  for (const auto& d : *shape.values) {
    if (c.Require(constraint, Cond(PrimKind::kGE, d, I64(0)), "extent " + text::PrintPrimExpr(d) + " must be >= 0") ==
        Decision::kFails) {
      return nullptr;
    }
  }
  return MakeTensor(*shape.values, dt);
}

}  // namespace

// op.builtin.alloc_tensor.c1: shape is a shape with extents >= 0. c2: dtype is R.dtype(...).
// c3: runtime_device_index is an integer. The result is a tensor of that shape and dtype.
Ref<StructInfo> BuiltinAllocTensor(OpCall& c) {
  auto shape = c.Shape("shape", 1);
  if (!shape) return nullptr;
  auto dt = DTypeArg(c, 2);
  if (!dt || !c.Prim("runtime_device_index", 3, true)) return nullptr;
  return TensorOfShape(c, *shape, *dt, 1);
}

// op.memory.alloc_storage.c1 / op.vm.alloc_storage.c1: the size is a 1-d shape of bytes >= 0.
// c2: the device index is an integer. c3: dtype is R.dtype(...). The result is R.Object.
Ref<StructInfo> AllocStorage(OpCall& c) {
  const bool vm = c.op().id == OpId::kVMAllocStorage;
  auto size = c.Shape(vm ? "size" : "total_space", 1);
  if (!size) return nullptr;
  if (size->ndim != 1 && size->ndim != kUnknownNdim) {
    return c.Fail(1, "R." + c.op().name + " size must be a 1-d shape (the bytes), got rank " + std::to_string(size->ndim));
  }
  if (size->values && c.Require(1, Cond(PrimKind::kGE, (*size->values)[0], I64(0)), "the size must be >= 0") ==
                          Decision::kFails) {
    return nullptr;
  }
  if (!c.Prim(vm ? "runtime_device_index" : "virtual_device_index", 2, true)) return nullptr;
  if (!DTypeArg(c, 3)) return nullptr;
  return ObjectStructInfo::Make();
}

// op.memory.alloc_tensor.c1 / op.vm.alloc_tensor.c1: storage is not a tensor, shape, tuple or
// primitive value (a storage is an Object). c2: offset is an integer. c3: shape is a shape
// with extents >= 0. c4: dtype is R.dtype(...). The result is a tensor of that shape (that it
// fits in the storage is checked at run time, eval.memory).
Ref<StructInfo> AllocTensorInStorage(OpCall& c) {
  Ref<StructInfo> s = c.ArgSInfo("storage");
  if (s && s->kind != SInfoKind::kObject) {
    return c.Fail(1, "R." + c.op().name + " storage must be a storage (R.Object), got " + Describe(s));
  }
  if (!c.Prim("offset", 2, true)) return nullptr;
  auto shape = c.Shape("shape", 3);
  if (!shape) return nullptr;
  auto dt = DTypeArg(c, 4);
  if (!dt) return nullptr;
  return TensorOfShape(c, *shape, *dt, 3);
}

// The kill ops take any value and return void.
Ref<StructInfo> Kill(OpCall&) { return VoidStructInfo(); }

}  // namespace rlx::checker::ops
