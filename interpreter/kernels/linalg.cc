// The matmul kernel (spec §5.5): numpy.matmul semantics with broadcast batch dimensions;
// floats accumulate in float64 in increasing k and round once (eval.num.reduce), integers
// accumulate in 64 bits and wrap.
#include "interpreter/runtime_names.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/kernels.h"
#include "interpreter/kernels/scalar_ops.h"

namespace rlx::interp {

Value MatmulKernel(OpInvocation& inv) {
  Tensor a = inv.TensorArg("x1");
  Tensor b = inv.TensorArg("x2");
  if (a->ndim() == 0 || b->ndim() == 0) inv.FailConstraint(2, "an operand is 0-d");
  if (a->dtype() != b->dtype()) inv.FailConstraint(5, "operand dtypes differ");
  // 1-d operands are a row (x1) or a column (x2) whose extra axis is dropped from the result.
  std::vector<int64_t> sa = a->shape(), sb = b->shape();
  const bool a_vec = sa.size() == 1, b_vec = sb.size() == 1;
  if (a_vec) sa.insert(sa.begin(), 1);
  if (b_vec) sb.push_back(1);
  const int64_t m = sa[sa.size() - 2], k = sa.back(), k2 = sb[sb.size() - 2], n = sb.back();
  // op.matmul.c3 at run time
  if (k != k2) {
    inv.FailConstraint(3, "reduction lengths " + std::to_string(k) + " and " + std::to_string(k2) + " differ");
  }
  std::vector<int64_t> ba(sa.begin(), sa.end() - 2), bb(sb.begin(), sb.end() - 2), batch;
  std::string why;
  if (!BroadcastShapes({ba, bb}, &batch, &why)) inv.FailConstraint(4, "batch dimensions: " + why);
  std::vector<int64_t> shape = batch;
  if (!a_vec) shape.push_back(m);
  if (!b_vec) shape.push_back(n);
  DataType out_dtype = inv.attrs().DType("out_dtype");
  if (out_dtype == DataType::kVoid) out_dtype = a->dtype();
  // With an out_dtype the operands are converted first, as astype converts (spec §5.5).
  if (out_dtype != a->dtype()) {
    a = ConvertTensor(inv, a, out_dtype);
    b = ConvertTensor(inv, b, out_dtype);
  }
  Tensor out = inv.Alloc(out_dtype, shape);
  // An empty result: nothing to compute (the batch may still be huge, or n: the row buffer).
  if (out->num_elements() == 0) return Value::FromTensor(out);
  // eval.limit.work: k multiply-adds per result element.
  inv.ChargeWork({out->num_elements(), k});
  // Offsets of each batch's matrix in a and b.
  std::vector<int64_t> a_batch_strides = BroadcastStrides(ba, batch), b_batch_strides = BroadcastStrides(bb, batch);
  std::vector<int64_t> offs_a, offs_b;
  if (batch.empty()) {
    offs_a = {0};
    offs_b = {0};
  } else {
    ForEachBroadcast<2>(batch, {a_batch_strides, b_batch_strides}, [&](int64_t, const std::array<int64_t, 2>& o) {
      offs_a.push_back(o[0]);
      offs_b.push_back(o[1]);
    });
  }
  // The operands were converted to out_dtype above, so one element type serves both.
  DispatchDType(out_dtype, [&](auto tag) {
    using In = decltype(tag);
    using Out = In;
    const In* pa = Data<In>(a);
    const In* pb = Data<In>(b);
    Out* po = Data<Out>(out);
    using Acc = std::conditional_t<kIsFloatElem<In>, double, uint64_t>;
    std::vector<Acc> row(static_cast<size_t>(n));
    for (size_t bi = 0; bi < offs_a.size(); ++bi) {
      const In* A = pa + offs_a[bi] * m * k;
      const In* B = pb + offs_b[bi] * k * n;
      Out* C = po + static_cast<int64_t>(bi) * m * n;
      for (int64_t i = 0; i < m; ++i) {
        std::fill(row.begin(), row.end(), Acc{0});
        for (int64_t p = 0; p < k; ++p) {
          if constexpr (kIsFloatElem<In>) {
            const double av = ToDouble(A[i * k + p]);
            for (int64_t j = 0; j < n; ++j) row[j] += av * ToDouble(B[p * n + j]);
          } else if constexpr (std::is_same_v<In, bool>) {
            const bool av = A[i * k + p];
            for (int64_t j = 0; j < n; ++j) row[j] |= static_cast<uint64_t>(av && B[p * n + j]);
          } else {
            const uint64_t av = scalar::U64(A[i * k + p]);
            for (int64_t j = 0; j < n; ++j) row[j] += av * scalar::U64(B[p * n + j]);
          }
        }
        for (int64_t j = 0; j < n; ++j) {
          if constexpr (kIsFloatElem<In>) {
            if constexpr (kIsFloatElem<Out>)
              C[i * n + j] = RoundFloat<Out>(row[j]);
            else
              C[i * n + j] = SaturateFromDouble<Out>(row[j]);
          } else {
            C[i * n + j] = ConvertElem<Out>(scalar::Wrap<In>(row[j]));
          }
        }
      }
    }
  });
  return Value::FromTensor(out);
}

}  // namespace rlx::interp
