// Kernels of the lowered-form memory ops (spec §5.10, eval.memory): a storage is a block of
// bytes; a tensor allocated in it is a view of those bytes, which it keeps alive.
#include "ir/base/check.h"
#include "interpreter/runtime_names.h"
#include "interpreter/kernels/kernels.h"

namespace rlx::interp {
namespace {

DataType DTypeArg(OpInvocation& inv) {
  const Value& d = inv.Arg("dtype");
  if (d.kind() != ValueKind::kDType) Fail(ErrorCode::kInvalidValue, "R." + inv.op().name + " dtype is not a dtype");
  return d.dtype();
}

Value AllocStorage(OpInvocation& inv) {
  const std::vector<int64_t> size = inv.ShapeArg(inv.op().id == OpId::kVMAllocStorage ? "size" : "total_space");
  // The bytes, zero-filled; counted against the live-memory limit (eval.limit.memory).
  return Value::FromStorage(inv.Alloc(DataType::kUInt8, size));
}

// eval.memory: the tensor's bytes lie within the storage, at an offset that is a multiple of
// the element size (E3012 otherwise; the checker cannot see a storage's size).
Value AllocTensorInStorage(OpInvocation& inv) {
  const Value& storage = inv.Arg("storage");
  if (!storage.is_storage()) {
    Fail(ErrorCode::kInvalidValue, "R." + inv.op().name + " needs a storage, got " + std::string(ValueKindName(storage.kind())));
  }
  const int64_t offset = inv.IntArg("offset");
  const std::vector<int64_t> shape = inv.ShapeArg("shape");
  const DataType dt = DTypeArg(inv);
  const int64_t bytes = TensorBytes(dt, shape);
  const int64_t capacity = static_cast<int64_t>(storage.tensor()->nbytes());
  if (offset < 0 || offset % DataTypeBytes(dt) != 0 || bytes < 0 || offset > capacity || bytes > capacity - offset) {
    Fail(ErrorCode::kInvalidValue, "R." + inv.op().name + ": a " + std::string(DataTypeName(dt)) + " tensor of shape " + ShapeText(shape) + " at byte " +
                              std::to_string(offset) + " does not fit in a storage of " + std::to_string(capacity) +
                              " bytes (or the offset is not a multiple of the element size)");
  }
  return Value::FromTensor(std::make_shared<TensorData>(dt, shape, storage.tensor(), static_cast<size_t>(offset)));
}

// A fresh zero-filled tensor; a negative extent (from shape arithmetic at run time) fails c1,
// as R.call_tir's output does (op.call_tir.c3), whose allocation call-tir-rewrite makes this.
Value AllocTensor(OpInvocation& inv) {
  const std::vector<int64_t> shape = inv.ShapeArg("shape");
  for (int64_t d : shape) {
    if (d < 0) inv.FailConstraint(1, "the shape " + ShapeText(shape) + " has a negative extent");
  }
  return Value::FromTensor(inv.Alloc(DTypeArg(inv), shape));
}

}  // namespace

Value MemoryKernel(OpInvocation& inv) {
  switch (inv.op().id) {
    case OpId::kBuiltinAllocTensor: return AllocTensor(inv);
    case OpId::kMemoryAllocStorage:
    case OpId::kVMAllocStorage: return AllocStorage(inv);
    case OpId::kMemoryAllocTensor:
    case OpId::kVMAllocTensor: return AllocTensorInStorage(inv);
    // A kill drops one reference: the value stays valid while others hold it.
    case OpId::kMemoryKillStorage:
    case OpId::kMemoryKillTensor:
    case OpId::kVMKillObject: return Value::FromTuple({});
    default: break;
  }
  RLX_UNREACHABLE("no kernel for R." + inv.op().name + " (kernel_registry.cc)");
}

}  // namespace rlx::interp
