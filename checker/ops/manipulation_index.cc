// Indexing (spec §5.6): strided_slice and take.
#include "checker/ops/op_rules.h"
#include "ir/text/printer.h"

namespace rlx::checker::ops {
namespace {

// min, max and select simplified by what the prover knows, so that a slice of a symbolic
// extent reads n - 1 rather than max(min(n, 9223372036854775807) - min(1, n), 0).
class Simplifier {
 public:
  explicit Simplifier(ProofContext& p) : p_(p) {}
  Ref<PrimExpr> Select(const Ref<PrimExpr>& c, const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
    if (c->is_int()) return c->int_value ? a : b;
    if (a == b) return a;
    if (p_.Proves(c)) return a;
    if (p_.Proves(PrimExpr::Not(c))) return b;
    return PrimExpr::Select(c, a, b);
  }
  Ref<PrimExpr> Min(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
    if (a->is_int() && b->is_int()) return checker::Min(a, b);
    if (p_.Proves(Cond(PrimKind::kLE, a, b))) return a;
    if (p_.Proves(Cond(PrimKind::kLE, b, a))) return b;
    return checker::Min(a, b);
  }
  Ref<PrimExpr> Max(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
    if (a->is_int() && b->is_int()) return checker::Max(a, b);
    if (p_.Proves(Cond(PrimKind::kGE, a, b))) return a;
    if (p_.Proves(Cond(PrimKind::kGE, b, a))) return b;
    return checker::Max(a, b);
  }
  Ref<PrimExpr> Clamp(const Ref<PrimExpr>& v, const Ref<PrimExpr>& lo, const Ref<PrimExpr>& hi) {
    return Min(Max(v, lo), hi);
  }

 private:
  ProofContext& p_;
};

// The elements of a prim_tuple argument: each an int64 value, or nullptr when unknown.
// Reports constraint c2 when the argument is not a tuple of integer primitive values.
std::optional<std::vector<Ref<PrimExpr>>> PrimTuple(OpCall& c, const char* param) {
  Ref<StructInfo> s = c.ArgSInfo(param);
  auto t = As<TupleStructInfo>(s);
  if (!t) {
    c.Fail(2, std::string("R.strided_slice argument '") + param +
                  "' must be a tuple of integer primitive values, got " + Describe(s));
    return std::nullopt;
  }
  std::vector<Ref<PrimExpr>> out;
  for (const auto& f : t->fields) {
    auto p = As<PrimStructInfo>(f);
    if (!p || !IsInteger(p->dtype)) {
      c.Fail(2, std::string("R.strided_slice argument '") + param +
                    "' must hold integer primitive values, got " + Describe(f));
      return std::nullopt;
    }
    Ref<PrimExpr> v = p->value;
    if (v && v->dtype != DataType::kInt64) v = nullptr;  // only int64 values enter shapes
    out.push_back(v);
  }
  return out;
}

}  // namespace

// The extent of x[b:e:s] along an axis of extent n, with numpy's clamping (spec
// §5.6, strided_slice): s > 0 takes ceil((e' - b') / s) elements with b', e' clamped to [0, n];
// s < 0 takes ceil((b' - e') / -s) with b', e' clamped to [-1, n - 1]; never negative.
Ref<PrimExpr> SliceExtent(ProofContext& proofs, const Ref<PrimExpr>& n, const Ref<PrimExpr>& b,
                          const Ref<PrimExpr>& e, const Ref<PrimExpr>& s, bool assume_inbound) {
  Simplifier z(proofs);
  auto norm = [&](const Ref<PrimExpr>& v) { return z.Select(Cond(PrimKind::kLT, v, I64(0)), Add(v, n), v); };
  Ref<PrimExpr> b1 = norm(b), e1 = norm(e);
  // ceil(d / s) for d = hi - lo > 0 is (d - 1) // s + 1, which cannot overflow for any stride
  // (d + s - 1 can); for s < 0 the count ceil((b' - e') / -s) is (e' - b' + 1) // s + 1.
  auto pos_len = [&] {
    Ref<PrimExpr> lo = assume_inbound ? b1 : z.Clamp(b1, I64(0), n);
    Ref<PrimExpr> hi = assume_inbound ? e1 : z.Clamp(e1, I64(0), n);
    return z.Max(Add(FloorDiv(Sub(Sub(hi, lo), I64(1)), s), I64(1)), I64(0));
  };
  auto neg_len = [&] {
    Ref<PrimExpr> hi = assume_inbound ? b1 : z.Clamp(b1, I64(-1), Sub(n, I64(1)));
    Ref<PrimExpr> lo = assume_inbound ? e1 : z.Clamp(e1, I64(-1), Sub(n, I64(1)));
    return z.Max(Add(FloorDiv(Add(Sub(lo, hi), I64(1)), s), I64(1)), I64(0));
  };
  if (s->is_int() && s->int_value == 1) {
    Ref<PrimExpr> lo = assume_inbound ? b1 : z.Clamp(b1, I64(0), n);
    Ref<PrimExpr> hi = assume_inbound ? e1 : z.Clamp(e1, I64(0), n);
    return z.Max(Sub(hi, lo), I64(0));
  }
  if (s->is_int() && s->int_value == -1) {
    Ref<PrimExpr> hi = assume_inbound ? b1 : z.Clamp(b1, I64(-1), Sub(n, I64(1)));
    Ref<PrimExpr> lo = assume_inbound ? e1 : z.Clamp(e1, I64(-1), Sub(n, I64(1)));
    return z.Max(Sub(hi, lo), I64(0));
  }
  if (s->is_int()) return s->int_value > 0 ? pos_len() : neg_len();
  return z.Select(Cond(PrimKind::kGT, s, I64(0)), pos_len(), neg_len());
}

// op.strided_slice.c1: x is a tensor. c2: axes, begin, end and strides are tuples of
// integer primitive values of one length. c3: the axes are in range and distinct. c4: no
// stride is 0. Each sliced axis gets the extent of SliceExtent; the others keep theirs.
Ref<StructInfo> StridedSlice(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  auto axes = PrimTuple(c, "axes");
  auto begin = axes ? PrimTuple(c, "begin") : std::nullopt;
  auto end = begin ? PrimTuple(c, "end") : std::nullopt;
  if (!end) return nullptr;
  std::vector<Ref<PrimExpr>> strides(axes->size(), I64(1));
  if (c.Arg("strides")) {
    auto s = PrimTuple(c, "strides");
    if (!s) return nullptr;
    strides = *s;
  }
  size_t k = axes->size();
  if (begin->size() != k || end->size() != k || strides.size() != k) {
    return c.Fail(2, "R.strided_slice: axes, begin, end and strides must have the same length (" +
                         std::to_string(k) + ", " + std::to_string(begin->size()) + ", " +
                         std::to_string(end->size()) + ", " + std::to_string(strides.size()) + ")");
  }
  for (size_t i = 0; i < k; ++i) {
    if (!strides[i]) continue;
    if (c.Require(4, Cond(PrimKind::kNE, strides[i], I64(0)), "stride " + std::to_string(i) + " must not be 0") ==
        Decision::kFails) {
      return nullptr;
    }
  }
  std::vector<int64_t> axis_values;
  bool constant_axes = true;
  for (const auto& a : *axes) {
    if (!a || !a->is_int()) {
      constant_axes = false;
      break;
    }
    axis_values.push_back(a->int_value);
  }
  if (x->ndim == kUnknownNdim) {
    if (constant_axes && !c.RequireDistinct(3, axis_values)) return nullptr;
    return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  }
  if (!constant_axes) return MakeTensorNdim(x->ndim, x->dtype, x->vdevice);
  auto norm_axes = c.Axes(3, axis_values, x->ndim);
  if (!norm_axes) return nullptr;
  const auto* dims = TensorDims(*x, c.state());
  if (!dims) return MakeTensorNdim(x->ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> out = *dims;
  bool assume_inbound = c.Bool("assume_inbound");
  for (size_t i = 0; i < k; ++i) {
    if (!(*begin)[i] || !(*end)[i] || !strides[i]) return MakeTensorNdim(x->ndim, x->dtype, x->vdevice);
    int a = (*norm_axes)[i];
    out[a] = SliceExtent(c.proofs(), (*dims)[a], (*begin)[i], (*end)[i], strides[i], assume_inbound);
  }
  return MakeTensor(out, x->dtype, x->vdevice);
}

// op.take.c1: x is a tensor. c2: indices is a tensor (or an R.Prim) of an integer dtype. c3: axis is in
// range. c4: mode is "fast", "nan", "wrap" or "clip". The result replaces the axis by the
// indices' shape; axis None takes from the flattened x.
Ref<StructInfo> Take(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  // An R.Prim index takes part as a 0-d tensor of its dtype, as in TVM (op.take.c2).
  Ref<TensorStructInfo> idx;
  if (auto prim = As<PrimStructInfo>(c.ArgSInfo("indices"))) {
    idx = MakeTensor({}, prim->dtype);
  } else {
    idx = c.Tensor("indices", 2);
  }
  if (!idx) return nullptr;
  if (idx->dtype != DataType::kVoid && !IsInteger(idx->dtype)) {
    return c.Fail(2, "R.take indices must have an integer dtype, got " + std::string(DataTypeName(idx->dtype)));
  }
  std::string mode = c.Str("mode");
  if (mode != "fast" && mode != "nan" && mode != "wrap" && mode != "clip") {
    return c.Fail(4, "R.take mode must be \"fast\", \"nan\", \"wrap\" or \"clip\", got \"" + mode + "\"");
  }
  auto axis = c.OptInt("axis");
  if (!axis) return TensorStructInfo::Make(idx->shape, x->dtype, idx->ndim, x->vdevice);
  if (x->ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  auto a = c.Axis(3, *axis, x->ndim);
  if (!a) return nullptr;
  if (idx->ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  int ndim = x->ndim - 1 + idx->ndim;
  const auto* xd = TensorDims(*x, c.state());
  const auto* id = TensorDims(*idx, c.state());
  if (!xd || !id) return MakeTensorNdim(ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> out(xd->begin(), xd->begin() + *a);
  out.insert(out.end(), id->begin(), id->end());
  out.insert(out.end(), xd->begin() + *a + 1, xd->end());
  return MakeTensor(out, x->dtype, x->vdevice);
}

}  // namespace rlx::checker::ops
