// Kernels of the binary elementwise ops, with broadcasting (spec §5.2). Numerics: eval.num.*;
// the scalar functors are in scalar_ops.h.
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/kernels.h"
#include "interpreter/kernels/scalar_ops.h"
#include "interpreter/runtime_names.h"
#include "ir/base/check.h"
#include "ir/op_dtype_class.h"

namespace rlx::interp {
namespace {

// Applies a binary functor with broadcasting; the result dtype is T (or bool for Out = bool).
template <class Out, class F>
struct BinaryLoop {
  template <class T>
  static void Run(const Tensor& a, const Tensor& b, const Tensor& out, F f) {
    const T* pa = Data<T>(a);
    const T* pb = Data<T>(b);
    Out* po = Data<Out>(out);
    const int64_t n = out->num_elements();
    if (a->shape() == b->shape()) {
      for (int64_t i = 0; i < n; ++i) po[i] = f(pa[i], pb[i]);
    } else if (b->num_elements() == 1 && a->shape() == out->shape()) {
      const T s = pb[0];
      for (int64_t i = 0; i < n; ++i) po[i] = f(pa[i], s);
    } else if (a->num_elements() == 1 && b->shape() == out->shape()) {
      const T s = pa[0];
      for (int64_t i = 0; i < n; ++i) po[i] = f(s, pb[i]);
    } else {
      std::array<std::vector<int64_t>, 2> strides = {BroadcastStrides(a->shape(), out->shape()),
                                                     BroadcastStrides(b->shape(), out->shape())};
      for (BroadcastRows<2> rows(out->shape(), strides); rows.Next();) {
        const T* ra = pa + rows.offset[0];
        const T* rb = pb + rows.offset[1];
        Out* ro = po + rows.start;
        const int64_t sa = rows.step[0], sb = rows.step[1];
        for (int64_t j = 0; j < rows.length; ++j) ro[j] = f(ra[j * sa], rb[j * sb]);
      }
    }
  }
};

// The result of a binary op: a PrimValue when both operands are primitive values.
Value BinaryResult(OpInvocation& inv, const Tensor& out) {
  if (inv.Arg("x1").is_prim() && inv.Arg("x2").is_prim()) {
    PrimScalar p;
    p.dtype = out->dtype();
    if (IsFloat(p.dtype)) p.f = out->GetDouble(0);
    else p.i = out->GetInt(0);
    return Value::FromPrim(p);
  }
  return Value::FromTensor(out);
}

template <bool kBoolResult, class F>
Value Binary(OpInvocation& inv, F f) {
  Tensor a = inv.TensorArg("x1");
  Tensor b = inv.TensorArg("x2");
  std::vector<int64_t> shape;
  std::string why;
  // The constraints in order, on the values (open statically when a dtype was void or an
  // extent symbolic): c2 equal dtypes, c3 the dtype class, c4 the shapes broadcast.
  if (a->dtype() != b->dtype()) {
    inv.FailConstraint(2, "operand dtypes " + std::string(DataTypeName(a->dtype())) + " and " +
                              std::string(DataTypeName(b->dtype())) + " differ");
  }
  if (std::string bad = DTypeClassViolation(inv.op(), a->dtype()); !bad.empty()) inv.FailConstraint(3, bad);
  if (!BroadcastShapes({a->shape(), b->shape()}, &shape, &why)) inv.FailConstraint(4, why);
  Tensor out = inv.AllocUninitialized(kBoolResult ? DataType::kBool : a->dtype(), shape);
  DispatchDType(a->dtype(), [&](auto tag) {
    using T = decltype(tag);
    using Out = std::conditional_t<kBoolResult, bool, T>;
    BinaryLoop<Out, F>::template Run<T>(a, b, out, f);
  });
  return BinaryResult(inv, out);
}

}  // namespace

Value BinaryKernel(OpInvocation& inv) {
  using namespace scalar;
  switch (inv.op().id) {
    case OpId::kAdd: return Binary<false>(inv, Add{});
    case OpId::kSubtract: return Binary<false>(inv, Subtract{});
    case OpId::kMultiply: return Binary<false>(inv, Multiply{});
    case OpId::kDivide: return Binary<false>(inv, Divide{});
    case OpId::kFloorDivide: return Binary<false>(inv, FloorDivide{});
    case OpId::kFloorMod: return Binary<false>(inv, FloorMod{});
    case OpId::kMod: return Binary<false>(inv, Mod{});
    case OpId::kPower: return Binary<false>(inv, Power{});
    case OpId::kMaximum: return Binary<false>(inv, Max{});
    case OpId::kMinimum: return Binary<false>(inv, Min{});
    case OpId::kEqual: return Binary<true>(inv, Equal{});
    case OpId::kNotEqual: return Binary<true>(inv, NotEqual{});
    case OpId::kLess: return Binary<true>(inv, Less{});
    case OpId::kLessEqual: return Binary<true>(inv, LessEqual{});
    case OpId::kGreater: return Binary<true>(inv, Greater{});
    case OpId::kGreaterEqual: return Binary<true>(inv, GreaterEqual{});
    case OpId::kLogicalAnd: return Binary<true>(inv, LogicalAnd{});
    case OpId::kLogicalOr: return Binary<true>(inv, LogicalOr{});
    case OpId::kLogicalXor: return Binary<true>(inv, LogicalXor{});
    case OpId::kBitwiseAnd: return Binary<false>(inv, BitAnd{});
    case OpId::kBitwiseOr: return Binary<false>(inv, BitOr{});
    case OpId::kBitwiseXor: return Binary<false>(inv, BitXor{});
    case OpId::kLeftShift: return Binary<false>(inv, LeftShift{});
    case OpId::kRightShift: return Binary<false>(inv, RightShift{});
    default: break;
  }
  RLX_UNREACHABLE("no kernel for R." + inv.op().name + " (kernel_registry.cc)");
}

}  // namespace rlx::interp
