// The builtin packed functions (spec eval.packed.builtins; docs/interpreter.md lists them).
#include <cstring>

#include "interpreter/runtime_names.h"
#include "interpreter/builtins.h"
#include "runtime/call_context.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/kernels.h"
#include "interpreter/kernels/scalar_ops.h"

namespace rlx::interp {
namespace {

[[noreturn]] void Bad(const std::string& name, const std::string& why) {
  Fail(ErrorCode::kPackedFuncFailed, name + ": " + why);
}

const Tensor& TensorAt(const std::string& name, const std::vector<Value>& args, size_t i) {
  if (i >= args.size() || !args[i].is_tensor()) Bad(name, "argument " + std::to_string(i) + " must be a tensor");
  return args[i].tensor();
}

void Arity(const std::string& name, const std::vector<Value>& args, size_t n) {
  if (args.size() != n) {
    Bad(name, "takes " + std::to_string(n) + " arguments, got " + std::to_string(args.size()));
  }
}

// a OP b with broadcasting into a fresh tensor, or into `into` (same shape as the result).
template <class F>
Tensor Elementwise(CallContext& ctx, const std::string& name, const Tensor& a, const Tensor& b,
                   Tensor into, F f) {
  std::vector<int64_t> shape;
  std::string why;
  if (a->dtype() != b->dtype()) Bad(name, "operand dtypes differ");
  if (!BroadcastShapes({a->shape(), b->shape()}, &shape, &why)) Bad(name, why);
  if (into && (into->shape() != shape || into->dtype() != a->dtype())) Bad(name, "the result does not fit the destination");
  Tensor out = into ? into : ctx.allocator().Alloc(a->dtype(), shape);
  std::array<std::vector<int64_t>, 2> strides = {BroadcastStrides(a->shape(), shape),
                                                 BroadcastStrides(b->shape(), shape)};
  DispatchDType(a->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* pa = Data<T>(a);
    const T* pb = Data<T>(b);
    T* po = Data<T>(out);
    ForEachBroadcast<2>(shape, strides, [&](int64_t i, const std::array<int64_t, 2>& o) {
      po[i] = f(pa[o[0]], pb[o[1]]);
    });
  });
  return out;
}

}  // namespace

void RegisterBuiltins(PackedRegistry& r) {
  auto identity = [](CallContext&, const std::vector<Value>& args) {
    Arity("rlx.identity", args, 1);
    return args[0];  // aliased (eval.alias)
  };
  r.Register("rlx.identity", identity);
  r.Register("test.identity", identity);
  r.Register("vm.builtin.copy", [](CallContext& ctx, const std::vector<Value>& args) {
    Arity("vm.builtin.copy", args, 1);
    return Value::FromTensor(ctx.allocator().Copy(*TensorAt("vm.builtin.copy", args, 0)));
  });
  r.Register("rlx.add", [](CallContext& ctx, const std::vector<Value>& args) {
    Arity("rlx.add", args, 2);
    return Value::FromTensor(Elementwise(ctx, "rlx.add", TensorAt("rlx.add", args, 0),
                                         TensorAt("rlx.add", args, 1), nullptr, scalar::Add{}));
  });
  r.Register("rlx.multiply", [](CallContext& ctx, const std::vector<Value>& args) {
    Arity("rlx.multiply", args, 2);
    return Value::FromTensor(Elementwise(ctx, "rlx.multiply", TensorAt("rlx.multiply", args, 0),
                                         TensorAt("rlx.multiply", args, 1), nullptr, scalar::Multiply{}));
  });
  r.Register("rlx.add_inplace", [](CallContext& ctx, const std::vector<Value>& args) {
    Arity("rlx.add_inplace", args, 2);
    const Tensor& a = TensorAt("rlx.add_inplace", args, 0);
    Elementwise(ctx, "rlx.add_inplace", a, TensorAt("rlx.add_inplace", args, 1), a, scalar::Add{});
    return args[0];
  });
  // Destination-passing (R.call_dps_packed): writes a + b into the last argument.
  r.Register("rlx.add_into", [](CallContext& ctx, const std::vector<Value>& args) {
    Arity("rlx.add_into", args, 3);
    Elementwise(ctx, "rlx.add_into", TensorAt("rlx.add_into", args, 0), TensorAt("rlx.add_into", args, 1),
                TensorAt("rlx.add_into", args, 2), scalar::Add{});
    return Value::FromTuple({});
  });
  r.Register("test.add_one", [](CallContext& ctx, const std::vector<Value>& args) {
    Arity("test.add_one", args, 1);
    const Tensor& a = TensorAt("test.add_one", args, 0);
    Tensor one = ctx.allocator().Alloc(a->dtype(), {});
    one->SetInt(0, 1);
    return Value::FromTensor(Elementwise(ctx, "test.add_one", a, one, nullptr, scalar::Add{}));
  });
  r.Register("rlx.shape_add", [](CallContext&, const std::vector<Value>& args) {
    Arity("rlx.shape_add", args, 2);
    if (!args[0].is_shape() || !args[1].is_shape() || args[0].shape().size() != args[1].shape().size()) {
      Bad("rlx.shape_add", "needs two shapes of one rank");
    }
    std::vector<int64_t> out;
    for (size_t i = 0; i < args[0].shape().size(); ++i) {
      int64_t sum;
      if (__builtin_add_overflow(args[0].shape()[i], args[1].shape()[i], &sum)) {
        Bad("rlx.shape_add", "the sum overflows int64");
      }
      out.push_back(sum);
    }
    return Value::FromShape(std::move(out));
  });
  r.Register("rlx.shape_numel", [](CallContext&, const std::vector<Value>& args) {
    Arity("rlx.shape_numel", args, 1);
    if (!args[0].is_shape()) Bad("rlx.shape_numel", "needs a shape");
    int64_t n = 1;
    for (int64_t d : args[0].shape()) {
      if (__builtin_mul_overflow(n, d, &n)) Bad("rlx.shape_numel", "the product overflows int64");
    }
    return Value::FromPrim(PrimScalar::Int(n));
  });
  r.Register("rlx.prim_add", [](CallContext&, const std::vector<Value>& args) {
    Arity("rlx.prim_add", args, 2);
    if (!args[0].is_prim() || !args[1].is_prim() || args[0].prim().dtype != args[1].prim().dtype ||
        args[0].prim().dtype == DataType::kBool) {
      Bad("rlx.prim_add", "needs two numeric primitive values of one dtype");
    }
    const PrimScalar& a = args[0].prim();
    const PrimScalar& b = args[1].prim();
    if (a.is_float()) {
      Tensor t = std::make_shared<TensorData>(a.dtype, std::vector<int64_t>{});
      t->SetDouble(0, a.dtype == DataType::kFloat64 ? a.f + b.f
                                                     : static_cast<double>(static_cast<float>(a.f) + static_cast<float>(b.f)));
      return Value::FromPrim(PrimScalar::Float(t->GetDouble(0), a.dtype));
    }
    Tensor t = std::make_shared<TensorData>(a.dtype, std::vector<int64_t>{});
    t->SetInt(0, static_cast<int64_t>(static_cast<uint64_t>(a.i) + static_cast<uint64_t>(b.i)));
    return Value::FromPrim(PrimScalar::Int(t->GetInt(0), a.dtype));
  });
  r.Register("rlx.make_tuple", [](CallContext&, const std::vector<Value>& args) {
    return Value::FromTuple(args);
  });
  r.Register("rlx.fail", [](CallContext&, const std::vector<Value>& args) -> Value {
    std::string message = "rlx.fail";
    if (!args.empty() && args[0].kind() == ValueKind::kString) message = args[0].str();
    // eval.packed.fail
    Fail(ErrorCode::kPackedFuncFailed, message);
  });
}

PackedRegistry BuiltinRegistry() {
  PackedRegistry r;
  RegisterBuiltins(r);
  return r;
}

}  // namespace rlx::interp
