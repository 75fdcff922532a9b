// Lowering of R.matmul (spec §5.5, pass.legalize-ops): numpy.matmul with broadcast batch
// dimensions, 1-d operands promoted to a row (x1) or a column (x2). As the kernel
// (interpreter/kernels/linalg.cc, eval.num.matmul): the operands are converted to the result
// dtype T first; a float T sums the products in a float64 scratch buffer in increasing p and a
// final block rounds once; an integer T multiplies and adds in T (wrapping: the same values as
// 64-bit wrapping accumulation wrapped to T); bool is the or of the ands.
#include "compiler/legalize/broadcast.h"
#include "compiler/legalize/prim_func_builder.h"

namespace rlx::compiler::legalize {
namespace {

// op.matmul.c4 fails at run time: E3005, as the op traps.
const char* const kBatchMessage = "R.matmul: op.matmul.c4: the batch dimensions do not broadcast";

}  // namespace

std::optional<Lowered> LowerMatmul(const LowerRequest& r) {
  const TensorStructInfo* t1 = r.Tensor("x1");
  const TensorStructInfo* t2 = r.Tensor("x2");
  const TensorStructInfo* out = r.ResultTensor();
  if (!t1 || !t2 || !out || t1->ndim < 1 || t2->ndim < 1) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> a = b.Input("x1", r.Arg("x1"), *t1);
  Ref<tir::Buffer> c = b.Input("x2", r.Arg("x2"), *t2);
  Ref<tir::Buffer> o = b.Output("T_matmul", *out);
  const DataType t = out->dtype;
  const bool a_vec = a->ndim() == 1, c_vec = c->ndim() == 1;
  const Indices& sa = a->shape;
  const Indices& sc = c->shape;
  const Ref<PrimExpr> k = sa.back();
  const Ref<PrimExpr> k2 = c_vec ? sc[0] : sc[sc.size() - 2];
  // op.matmul.c3 at run time (eval.op.constraint), before anything else, as the kernel checks.
  if (!SameTerm(k, k2)) {
    b.Prologue(tir::AssertStmt::Make(
        Bin(PrimKind::kEQ, k, k2), "E3005: R.matmul: op.matmul.c3: the reduction lengths differ"));
  }
  const Indices batch_a(sa.begin(), sa.end() - (a_vec ? 1 : 2));
  const Indices batch_c(sc.begin(), sc.end() - (c_vec ? 1 : 2));
  const size_t nb = o->ndim() - (a_vec ? 0 : 1) - (c_vec ? 0 : 1);
  const Indices out_batch(o->shape.begin(), o->shape.begin() + nb);

  // The promoted operands' elements at result indices i and reduction index p, converted to T.
  auto operands = [&](const Indices& i, const Ref<PrimExpr>& p) {
    const Indices bi(i.begin(), i.begin() + nb);
    Indices ia = BroadcastIndex(b, batch_a, out_batch, bi, kBatchMessage);
    if (!a_vec) ia.push_back(i[nb]);
    ia.push_back(p);
    Indices ic = BroadcastIndex(b, batch_c, out_batch, bi, kBatchMessage);
    ic.push_back(p);
    if (!c_vec) ic.push_back(i.back());
    return std::pair{CastTo(t, b.Load(a, ia)), CastTo(t, b.Load(c, ic))};
  };

  if (IsFloat(t)) {
    Ref<tir::Buffer> acc = b.Scratch("matmul_acc", kF64, o->shape);
    b.Block(
        "T_matmul_red", o->shape, {k},
        [&](const Indices& i, const Indices& p) {
          auto [x, y] = operands(i, p[0]);
          Ref<PrimExpr> prod = Mul(CastTo(kF64, x), CastTo(kF64, y));
          return std::vector<Store>{{acc, i, Add(b.Load(acc, i), prod)}};
        },
        [&](const Indices& i) {
          return std::vector<Store>{{acc, i, PrimExpr::Float(0, kF64)}};
        },
        /*reduce_inside_last_spatial=*/true);
    b.Compute("T_matmul", o, [&](const Indices& i) { return CastTo(t, b.Load(acc, i)); });
  } else {
    const bool is_bool = t == DataType::kBool;
    b.Block(
        "T_matmul", o->shape, {k},
        [&](const Indices& i, const Indices& p) {
          auto [x, y] = operands(i, p[0]);
          Ref<PrimExpr> v = is_bool ? Bin(PrimKind::kOr, b.Load(o, i), Bin(PrimKind::kAnd, x, y))
                                    : Add(b.Load(o, i), Mul(x, y));
          return std::vector<Store>{{o, i, v}};
        },
        [&](const Indices& i) { return std::vector<Store>{{o, i, Const(0, t)}}; },
        /*reduce_inside_last_spatial=*/true);
  }
  return b.Finish("matmul");
}

}  // namespace rlx::compiler::legalize
