// Lowerings of the creation ops (spec §5.7, pass.legalize-ops): each fills its result, element
// for element, with what interpreter/kernels/creation.cc stores there. Conversions are T.Cast,
// R.astype's conversion (eval.num.astype).
#include "compiler/legalize/prim_func_builder.h"

namespace rlx::compiler::legalize {
namespace {

// The value of a prim argument (a PrimValue, or a variable whose Prim struct info has a value)
// in PrimFunc terms, in its own dtype; nullptr when it has none or it cannot be passed.
Ref<PrimExpr> PrimArg(const LowerRequest& r, PrimFuncBuilder& b, const Ref<Expr>& arg) {
  return b.Map(r.PrimValueOf(arg));
}

// The fill value of full / full_like: a 0-d tensor argument (an input buffer, loaded in the
// block), or a prim value; nullptr when neither is known.
struct Fill {
  Ref<tir::Buffer> buffer;
  Ref<PrimExpr> scalar;
};

Fill LowerFill(PrimFuncBuilder& b, const LowerRequest& r) {
  Ref<Expr> arg = r.Arg("fill_value");
  if (const TensorStructInfo* t = r.Tensor("fill_value")) {
    if (t->ndim != 0) return {};
    return {b.Input("fill_value", arg, *t), nullptr};
  }
  return {nullptr, PrimArg(r, b, arg)};
}

std::optional<Lowered> LowerFilled(const LowerRequest& r) {
  const TensorStructInfo* out = r.ResultTensor();
  if (!out) return std::nullopt;
  PrimFuncBuilder b;
  Fill fill;
  const bool full = r.op.id == OpId::kFull || r.op.id == OpId::kFullLike;
  if (full) {
    fill = LowerFill(b, r);
    if (!fill.buffer && !fill.scalar) return std::nullopt;
  } else {
    fill.scalar = PrimExpr::Int(r.op.id == OpId::kOnes || r.op.id == OpId::kOnesLike ? 1 : 0);
  }
  Ref<tir::Buffer> o = b.Output("T_full", *out);
  // Every element is the fill value converted as R.astype converts (eval.num.astype).
  b.Compute("T_full", o, [&](const Indices&) {
    Ref<PrimExpr> v = fill.buffer ? b.Load(fill.buffer, {}) : fill.scalar;
    return CastTo(out->dtype, v);
  });
  return b.Finish(r.op.name);
}

// Element i is start + i * step: in int64 (the kernel's 128-bit value wraps to the same
// int64) when the three are integers, else in float64; then converted to the dtype.
std::optional<Lowered> LowerArange(const LowerRequest& r) {
  const TensorStructInfo* out = r.ResultTensor();
  if (!out) return std::nullopt;
  PrimFuncBuilder b;
  const bool has_end = r.Arg("end") != nullptr;
  Ref<PrimExpr> start = has_end ? PrimArg(r, b, r.Arg("start")) : PrimExpr::Int(0);
  Ref<PrimExpr> step = r.Arg("step") ? PrimArg(r, b, r.Arg("step")) : PrimExpr::Int(1);
  Ref<PrimExpr> end = PrimArg(r, b, has_end ? r.Arg("end") : r.Arg("start"));
  if (!start || !step || !end) return std::nullopt;
  const bool all_int = !IsFloat(start->dtype) && !IsFloat(end->dtype) && !IsFloat(step->dtype);
  const DataType acc = all_int ? DataType::kInt64 : DataType::kFloat64;
  start = CastTo(acc, start);
  step = CastTo(acc, step);
  // A symbolic step leaves op.arange.c2 to run time, but the result's extent (the call's
  // out_sinfo, evaluated before the PrimFunc runs) divides by it: a zero step would trap E3006
  // there instead of E3012 (eval.trap.value). Such a call is kept.
  if (!step->is_int() && step->kind != PrimKind::kFloatImm) return std::nullopt;
  Ref<tir::Buffer> o = b.Output("T_arange", *out);
  b.Compute("T_arange", o, [&](const Indices& i) {
    return CastTo(out->dtype, Add(start, Mul(CastTo(acc, i[0]), step)));
  });
  return b.Finish("arange");
}

std::optional<Lowered> LowerEye(const LowerRequest& r) {
  const TensorStructInfo* out = r.ResultTensor();
  if (!out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<PrimExpr> k = r.Arg("k") ? PrimArg(r, b, r.Arg("k")) : PrimExpr::Int(0);
  if (!k) return std::nullopt;
  k = CastTo(DataType::kInt64, k);
  Ref<tir::Buffer> o = b.Output("T_eye", *out);
  // Element (i, j) is 1 on the diagonal j - i == k, else 0.
  b.Compute("T_eye", o, [&](const Indices& i) {
    Ref<PrimExpr> diag = Bin(PrimKind::kEQ, Sub(i[1], i[0]), k);
    // (T.Select of the literals True and False reads back as int32: the condition itself.)
    if (out->dtype == DataType::kBool) return diag;
    return PrimExpr::Select(diag, Const(1, out->dtype), Const(0, out->dtype));
  });
  return b.Finish("eye");
}

}  // namespace

std::optional<Lowered> LowerCreation(const LowerRequest& r) {
  switch (r.op.id) {
    case OpId::kZeros:
    case OpId::kOnes:
    case OpId::kFull:
    case OpId::kZerosLike:
    case OpId::kOnesLike:
    case OpId::kFullLike: return LowerFilled(r);
    case OpId::kArange: return LowerArange(r);
    case OpId::kEye: return LowerEye(r);
    default: break;
  }
  return std::nullopt;
}

}  // namespace rlx::compiler::legalize
