// Tensor creation (spec §5.7): zeros, ones, full, the *_like ops, arange, eye.
#include <cmath>

#include "checker/ops/op_rules.h"
#include "ir/text/printer.h"

namespace rlx::checker::ops {
namespace {

// Requires every extent of a shape to be >= 0 (constraint c).
bool NonNegativeExtents(OpCall& c, int constraint, const std::vector<Ref<PrimExpr>>& dims) {
  for (size_t i = 0; i < dims.size(); ++i) {
    if (c.Require(constraint, Cond(PrimKind::kGE, dims[i], I64(0)),
                  "extent " + std::to_string(i) + " (" + text::PrintPrimExpr(dims[i]) + ") must be >= 0") ==
        Decision::kFails) {
      return false;
    }
  }
  return true;
}

}  // namespace

// op.zeros.c1 / op.ones.c1 / op.full.c1: shape is a shape. c2: zeros and ones: dtype is not
// void; full: fill_value is a 0-d tensor. c3: every extent is >= 0. The result has the
// shape and the dtype attribute (full: fill_value's dtype when the attribute is void).
Ref<StructInfo> Fill(OpCall& c) {
  auto shape = c.Shape("shape", 1);
  if (!shape) return nullptr;
  DataType dt = c.DType("dtype");
  if (c.op().id == OpId::kFull) {
    auto v = c.Tensor("fill_value", 2);
    if (!v) return nullptr;
    if (v->ndim != 0 && v->ndim != kUnknownNdim) {
      return c.Fail(2, "R.full fill_value must be a 0-d tensor, got " + Describe(v));
    }
    if (dt == DataType::kVoid) dt = v->dtype;
  } else if (dt == DataType::kVoid) {
    return c.Fail(2, "R." + c.op().name + " needs a dtype other than void");
  }
  if (!shape->values) {
    if (auto var = As<Var>(shape->expr)) return TensorStructInfo::Make(var, dt, shape->ndim);
    return MakeTensorNdim(shape->ndim, dt);
  }
  if (!NonNegativeExtents(c, 3, *shape->values)) return nullptr;
  return MakeTensor(*shape->values, dt);
}

// op.zeros_like.c1 / op.ones_like.c1 / op.full_like.c1: x is a tensor. op.full_like.c2:
// fill_value is a 0-d tensor. The result has x's shape and the dtype attribute, or x's
// dtype when it is void.
Ref<StructInfo> FillLike(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  if (c.op().id == OpId::kFullLike) {
    auto v = c.Tensor("fill_value", 2);
    if (!v) return nullptr;
    if (v->ndim != 0 && v->ndim != kUnknownNdim) {
      return c.Fail(2, "R.full_like fill_value must be a 0-d tensor, got " + Describe(v));
    }
  }
  DataType dt = c.DType("dtype");
  if (dt == DataType::kVoid) dt = x->dtype;
  return TensorStructInfo::Make(x->shape, dt, x->ndim, x->vdevice);
}

// op.arange.c1: start, end and step are primitive values. c2: step is not 0. The result is
// 1-d with ceil((end - start) / step) elements (never negative); end None means
// arange(0, start). The dtype is the attribute, else int64 when all three are integers,
// else float32.
Ref<StructInfo> Arange(OpCall& c) {
  auto start = c.Prim("start", 1, false);
  if (!start) return nullptr;
  std::optional<OpCall::PrimArg> end;
  if (c.Arg("end")) {
    end = c.Prim("end", 1, false);
    if (!end) return nullptr;
  } else {
    end = start;
    start = OpCall::PrimArg{DataType::kInt64, I64(0)};
  }
  auto step = c.Prim("step", 1, false);
  if (!step) return nullptr;
  bool all_int = IsInteger(start->dtype) && IsInteger(end->dtype) && IsInteger(step->dtype);
  DataType dt = c.DType("dtype");
  if (dt == DataType::kVoid) dt = all_int ? DataType::kInt64 : DataType::kFloat32;
  if (step->value && step->value->is_int() && step->value->int_value == 0) {
    return c.Fail(2, "R.arange step must not be 0");
  }
  if (step->value && step->value->kind == PrimKind::kFloatImm && step->value->float_value == 0) {
    return c.Fail(2, "R.arange step must not be 0");
  }
  auto v64 = [](const OpCall::PrimArg& p) {
    return p.value && p.value->dtype == DataType::kInt64 ? p.value : nullptr;
  };
  Ref<PrimExpr> s = v64(*start), e = v64(*end), st = v64(*step);
  if (s && e && st) {
    if (c.Require(2, Cond(PrimKind::kNE, st, I64(0)), "step must not be 0") == Decision::kFails) return nullptr;
    // ceil((e - s) / st) = floordiv(e - s + st - 1, st) for st > 0, and for st < 0
    // floordiv(e - s + st + 1, st).
    Ref<PrimExpr> adj = st->is_int() ? I64(st->int_value > 0 ? st->int_value - 1 : st->int_value + 1)
                                     : PrimExpr::Select(Cond(PrimKind::kGT, st, I64(0)), Sub(st, I64(1)),
                                                        Add(st, I64(1)));
    Ref<PrimExpr> n = Max(FloorDiv(Add(Sub(e, s), adj), st), I64(0));
    return MakeTensor({n}, dt);
  }
  // Float bounds: the extent is known when all three are immediates.
  auto num = [](const OpCall::PrimArg& p, double* out) {
    if (!p.value) return false;
    if (p.value->is_int()) *out = static_cast<double>(p.value->int_value);
    else if (p.value->kind == PrimKind::kFloatImm) *out = p.value->float_value;
    else return false;
    return true;
  };
  double fs, fe, fst;
  if (num(*start, &fs) && num(*end, &fe) && num(*step, &fst) && fst != 0) {
    double n = std::ceil((fe - fs) / fst);
    if (!(n >= 0)) n = 0;
    if (n > 9.0e18) return MakeTensorNdim(1, dt);  // not an int64 extent: the run traps
    return MakeTensor({I64(static_cast<int64_t>(n))}, dt);
  }
  return MakeTensorNdim(1, dt);
}

// op.eye.c1: n, m and k are integer primitive values. c2: n >= 0 and m >= 0. The result is
// (n, m) (m None: (n, n)) with the dtype attribute.
Ref<StructInfo> Eye(OpCall& c) {
  auto n = c.Prim("n", 1, true);
  if (!n) return nullptr;
  std::optional<OpCall::PrimArg> m = n;
  if (c.Arg("m")) {
    m = c.Prim("m", 1, true);
    if (!m) return nullptr;
  }
  if (!c.Prim("k", 1, true)) return nullptr;
  DataType dt = c.DType("dtype");
  auto v64 = [](const OpCall::PrimArg& p) {
    return p.value && p.value->dtype == DataType::kInt64 ? p.value : nullptr;
  };
  Ref<PrimExpr> rows = v64(*n), cols = v64(*m);
  for (const auto& d : {rows, cols == rows ? nullptr : cols}) {
    if (d && c.Require(2, Cond(PrimKind::kGE, d, I64(0)), "the size " + text::PrintPrimExpr(d) + " must be >= 0") ==
                 Decision::kFails) {
      return nullptr;
    }
  }
  if (!rows || !cols) return MakeTensorNdim(2, dt);
  return MakeTensor({rows, cols}, dt);
}

}  // namespace rlx::checker::ops
