// Kernels of the intrinsics (spec §5.9 and eval.print.*, eval.trap.assert): shape_of,
// tensor_to_shape, shape_to_tensor, print, assert_op, null_value, get/set_dimension_size.
// (call_pure_packed is evaluated by the evaluator: it calls back into a packed function.)
#include "ir/base/check.h"
#include "interpreter/runtime_names.h"
#include "runtime/format.h"
#include "interpreter/kernels/gather.h"
#include "interpreter/kernels/broadcast.h"

namespace rlx::interp {
namespace {

std::string FormatArg(OpInvocation& inv) {
  const Value& f = inv.Arg("format");
  return f.kind() == ValueKind::kString ? f.str() : std::string();
}

Value Print(OpInvocation& inv) {
  std::string line, why;
  if (!FormatPrint(FormatArg(inv), inv.Rest("values"), &line, &why)) {
    Fail(ErrorCode::kInvalidValue, "R.print: " + why);
  }
  inv.ctx().out() << line << '\n';
  return Value::FromTuple({});
}

Value AssertOp(OpInvocation& inv) {
  const Value& c = inv.Arg("condition");
  std::optional<bool> ok = AsBoolScalar(c);
  if (!ok) inv.FailConstraint(1, std::string("the condition must be a bool scalar, got ") + ValueKindName(c.kind()));
  if (*ok) return Value::FromTuple({});
  std::string message, why;
  const std::string format = FormatArg(inv);
  if (format.empty()) {
    message = "assertion failed";
    if (!inv.Rest("format_args").empty()) {
      FormatPrint("", inv.Rest("format_args"), &why, &why);
      message += ": " + why;
    }
  } else if (!FormatPrint(format, inv.Rest("format_args"), &message, &why)) {
    Fail(ErrorCode::kInvalidValue, "R.assert_op: " + why);
  }
  // eval.trap.assert
  Fail(ErrorCode::kAssertionFailed, message);
}

Value TensorToShape(OpInvocation& inv) {
  Tensor t = inv.TensorArg("expr");
  if (t->ndim() != 1) inv.FailConstraint(1, "the tensor has rank " + std::to_string(t->ndim()));
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < t->num_elements(); ++i) {
    int64_t v = t->GetInt(i);
    // eval.trap.value: a shape value's extents are not negative.
    if (v < 0 || (t->dtype() == DataType::kUInt64 && v < 0)) {
      Fail(ErrorCode::kInvalidValue, "R.tensor_to_shape element " + std::to_string(i) + " is " +
                                         std::to_string(v) + ", not a valid extent");
    }
    dims.push_back(v);
  }
  return Value::FromShape(std::move(dims));
}

Value SetDimensionSize(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  const int64_t axis_attr = inv.attrs().Int("axis");
  const int axis = static_cast<int>(axis_attr < 0 ? axis_attr + x->ndim() : axis_attr);
  const int64_t size = inv.IntArg("size");
  // op.set_dimension_size.c4 at run time (eval.bound)
  if (size < 0 || size > x->shape()[axis]) {
    Fail(ErrorCode::kBoundFailed, "R.set_dimension_size size " + std::to_string(size) +
                                      " is outside [0, " + std::to_string(x->shape()[axis]) + "]",
         inv.Rule(4));
  }
  std::vector<int64_t> shape = x->shape();
  shape[axis] = size;
  std::vector<int64_t> strides = RowMajorStrides(x->shape());
  return Value::FromTensor(Gather(inv, x, shape, [&](const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (size_t d = 0; d < idx.size(); ++d) s += idx[d] * strides[d];
    return s;
  }));
}

}  // namespace

Value IntrinsicKernel(OpInvocation& inv) {
  switch (inv.op().id) {
    case OpId::kShapeOf: {
      Tensor x = inv.TensorArg("expr");
      return Value::FromShape(x->shape());
    }
    case OpId::kTensorToShape: return TensorToShape(inv);
    case OpId::kShapeToTensor: {
      const Value& s = inv.Arg("expr");
      if (!s.is_shape()) Fail(ErrorCode::kInvalidValue, "R.shape_to_tensor needs a shape");
      Tensor t = inv.Alloc(DataType::kInt64, {static_cast<int64_t>(s.shape().size())});
      for (size_t i = 0; i < s.shape().size(); ++i) t->SetInt(static_cast<int64_t>(i), s.shape()[i]);
      return Value::FromTensor(t);
    }
    case OpId::kPrint: return Print(inv);
    case OpId::kAssertOp: return AssertOp(inv);
    case OpId::kNullValue: return Value::Null();
    // R.to_vdevice (spec §5.9): rlx has one device, so the tensor is copied (a fresh value, as a copy to
    // another device is).
    case OpId::kToVDevice: return Value::FromTensor(inv.ctx().allocator().Copy(*inv.TensorArg("data")));
    case OpId::kGetDimensionSize: {
      Tensor x = inv.TensorArg("x");
      const int64_t a = inv.attrs().Int("axis");
      return Value::FromPrim(PrimScalar::Int(x->shape()[a < 0 ? a + x->ndim() : a]));
    }
    case OpId::kSetDimensionSize: return SetDimensionSize(inv);
    case OpId::kCallTir:
    case OpId::kCallTirInplace:
    case OpId::kCallDpsPacked:
      // The evaluator runs the destination-passing calls itself (dps_call.cc): they name a
      // PrimFunc of the module and allocate in the caller's shape variables.
      RLX_UNREACHABLE("R." + inv.op().name + " is evaluated by Evaluator::EvalDpsCall");
    default: break;
  }
  RLX_UNREACHABLE("no kernel for R." + inv.op().name + " (kernel_registry.cc)");
}

}  // namespace rlx::interp
