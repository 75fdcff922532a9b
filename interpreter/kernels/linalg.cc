// The matmul kernel (spec §5.5): numpy.matmul semantics with broadcast batch dimensions;
// floats accumulate in float64 in increasing k and round once (eval.num.reduce), integers
// accumulate in 64 bits and wrap.
#include <algorithm>

#include "interpreter/runtime_names.h"
#include "interpreter/kernels/accumulation.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/kernels.h"

namespace rlx::interp {

namespace {

// C (m x n) = A (m x k) B (k x n), row-major. Each result element is summed over p in increasing
// order and rounded once (eval.num.reduce); rows of A are taken four at a time so that each
// row of B is read once for four result rows (the sums, and their order, are unchanged).
template <class T>
void MatmulOne(const T* A, const T* B, T* C, int64_t m, int64_t k, int64_t n) {
  using Ac = Accumulation<T>;
  using Acc = typename Ac::Acc;
  constexpr int64_t kRows = 4;
  std::vector<Acc> acc(static_cast<size_t>(kRows * n));
  for (int64_t i0 = 0; i0 < m; i0 += kRows) {
    const int64_t rows = std::min(kRows, m - i0);
    std::fill(acc.begin(), acc.end(), Acc{0});
    // Four disjoint rows of the buffer, none of them inside B: no aliasing, so the loop vectorizes.
    Acc* __restrict r0 = acc.data();
    Acc* __restrict r1 = r0 + n;
    Acc* __restrict r2 = r1 + n;
    Acc* __restrict r3 = r2 + n;
    for (int64_t p = 0; p < k; ++p) {
      const T* __restrict bp = B + p * n;
      if (rows == kRows) {
        const Acc a0 = Ac::Of(A[i0 * k + p]), a1 = Ac::Of(A[(i0 + 1) * k + p]);
        const Acc a2 = Ac::Of(A[(i0 + 2) * k + p]), a3 = Ac::Of(A[(i0 + 3) * k + p]);
        for (int64_t j = 0; j < n; ++j) {
          const Acc bv = Ac::Of(bp[j]);
          Ac::MulAdd(r0[j], a0, bv);
          Ac::MulAdd(r1[j], a1, bv);
          Ac::MulAdd(r2[j], a2, bv);
          Ac::MulAdd(r3[j], a3, bv);
        }
      } else {
        for (int64_t r = 0; r < rows; ++r) {
          const Acc av = Ac::Of(A[(i0 + r) * k + p]);
          Acc* row = r0 + r * n;
          for (int64_t j = 0; j < n; ++j) Ac::MulAdd(row[j], av, Ac::Of(bp[j]));
        }
      }
    }
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = 0; j < n; ++j) C[(i0 + r) * n + j] = Ac::Result(r0[r * n + j]);
    }
  }
}

}  // namespace

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
    using T = decltype(tag);
    const T* pa = Data<T>(a);
    const T* pb = Data<T>(b);
    T* po = Data<T>(out);
    for (size_t bi = 0; bi < offs_a.size(); ++bi) {
      MatmulOne<T>(pa + offs_a[bi] * m * k, pb + offs_b[bi] * k * n, po + static_cast<int64_t>(bi) * m * n, m, k, n);
    }
  });
  return Value::FromTensor(out);
}

}  // namespace rlx::interp
