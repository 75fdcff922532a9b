// Kernels of the selection ops: where, clip and astype (spec §5.3), and the dtype conversion
// other kernels share (ConvertTensor, eval.num.astype).
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/kernels.h"
#include "interpreter/kernels/scalar_ops.h"
#include "interpreter/runtime_names.h"

namespace rlx::interp {

Value WhereKernel(OpInvocation& inv) {
  Tensor c = inv.TensorArg("condition");
  Tensor a = inv.TensorArg("x1");
  Tensor b = inv.TensorArg("x2");
  std::vector<int64_t> shape;
  std::string why;
  // op.where.c4
  if (!BroadcastShapes({c->shape(), a->shape(), b->shape()}, &shape, &why)) inv.FailConstraint(4, why);
  Tensor out = inv.Alloc(a->dtype(), shape);
  std::array<std::vector<int64_t>, 3> strides = {BroadcastStrides(c->shape(), shape),
                                                 BroadcastStrides(a->shape(), shape),
                                                 BroadcastStrides(b->shape(), shape)};
  DispatchDType(a->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const bool* pc = Data<bool>(c);
    const T* pa = Data<T>(a);
    const T* pb = Data<T>(b);
    T* po = Data<T>(out);
    ForEachBroadcast<3>(shape, strides, [&](int64_t i, const std::array<int64_t, 3>& o) {
      po[i] = pc[o[0]] ? pa[o[1]] : pb[o[2]];
    });
  });
  return Value::FromTensor(out);
}

Value ClipKernel(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  Tensor out = inv.Alloc(x->dtype(), x->shape());
  // The bounds convert to x's dtype as astype converts (spec §5.3 clip).
  Tensor lo = inv.TensorArg("min");
  Tensor hi = inv.TensorArg("max");
  DispatchDType(x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    T l{}, h{};
    DispatchDType(lo->dtype(), [&](auto t2) { l = ConvertElem<T>(Data<decltype(t2)>(lo)[0]); });
    DispatchDType(hi->dtype(), [&](auto t2) { h = ConvertElem<T>(Data<decltype(t2)>(hi)[0]); });
    const T* in = Data<T>(x);
    T* o = Data<T>(out);
    scalar::Max mx;
    scalar::Min mn;
    for (int64_t i = 0; i < x->num_elements(); ++i) o[i] = mn(mx(in[i], l), h);
  });
  return Value::FromTensor(out);
}

Value AstypeKernel(OpInvocation& inv) {
  return Value::FromTensor(ConvertTensor(inv, inv.TensorArg("x"), inv.attrs().DType("dtype")));
}

Tensor ConvertTensor(OpInvocation& inv, const Tensor& x, DataType to) {
  Tensor out = inv.AllocUninitialized(to, x->shape());
  DispatchDType(x->dtype(), [&](auto from_tag) {
    using From = decltype(from_tag);
    DispatchDType(to, [&](auto to_tag) {
      using To = decltype(to_tag);
      const From* in = Data<From>(x);
      To* o = Data<To>(out);
      for (int64_t i = 0; i < x->num_elements(); ++i) o[i] = ConvertElem<To>(in[i]);
    });
  });
  return out;
}

}  // namespace rlx::interp
