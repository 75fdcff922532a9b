// Lowerings of softmax, log_softmax, layer_norm, rms_norm, batch_norm and pad (pass.legalize-ops,
// spec §5.8), as interpreter/kernels/nn.cc computes them: every float result in float64 from the
// inputs converted exactly, sums in float64 scratch buffers in increasing row-major order of the
// summed indices, means and variances not rounded, rounded once by the final block
// (eval.num.compound). The window ops are in lower_nn_pool.cc.
#include <algorithm>
#include <tuple>

#include "compiler/legalize/lower_nn.h"

namespace rlx::compiler::legalize {
namespace {

using namespace nn;
using tir::Intrinsic;

// The indices of a rank-`rank` tensor from the variables of the kept axes and of the listed
// (summed) axes, each in increasing axis order.
Indices Merge(int rank, const std::vector<int>& listed, const Indices& kept_vars,
              const Indices& listed_vars) {
  Indices idx(rank);
  size_t k = 0;
  for (int a = 0; a < rank; ++a) {
    auto it = std::find(listed.begin(), listed.end(), a);
    idx[a] = it != listed.end() ? listed_vars[it - listed.begin()] : kept_vars[k++];
  }
  return idx;
}

// The entries of `v` at the axes not in `listed` (kept), or at the axes in `listed` (sorted).
Indices Pick(const Indices& v, const std::vector<int>& listed, bool want_listed) {
  Indices out;
  for (int a = 0; a < static_cast<int>(v.size()); ++a) {
    bool in = std::find(listed.begin(), listed.end(), a) != listed.end();
    if (in == want_listed) out.push_back(v[a]);
  }
  return out;
}

// The count of the summed elements as a float64 (the product of the extents, 1 for none).
Ref<PrimExpr> CountF64(const Indices& extents) {
  Ref<PrimExpr> n;
  for (const auto& e : extents) n = n ? Mul(n, e) : e;
  return ToF64(n ? n : I64(1));
}

// acc[kept] = init; acc[kept] = f(acc[kept], x[...]) over the summed axes, in row-major order.
void SumBlock(PrimFuncBuilder& b, const std::string& name, const Ref<tir::Buffer>& acc,
              const Ref<tir::Buffer>& in, const std::vector<int>& listed, double init,
              const std::function<Ref<PrimExpr>(const Ref<PrimExpr>& acc, const Ref<PrimExpr>& v,
                                                const Indices& kept)>& f) {
  const int rank = static_cast<int>(in->shape.size());
  b.Block(
      name, Pick(in->shape, listed, false), Pick(in->shape, listed, true),
      [&](const Indices& s, const Indices& k) {
        Ref<PrimExpr> v = ToF64(b.Load(in, Merge(rank, listed, s, k)));
        return std::vector<Store>{{acc, s, f(b.Load(acc, s), v, s)}};
      },
      [&](const Indices& s) { return std::vector<Store>{{acc, s, F64(init)}}; });
}

std::optional<Lowered> LowerSoftmax(const LowerRequest& r, bool log) {
  const TensorStructInfo* x = r.Tensor("data");
  const TensorStructInfo* out = r.ResultTensor();
  if (!x || !out || !IsFloat(x->dtype)) return std::nullopt;
  const std::string name = log ? "log_softmax" : "softmax";
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("data", r.Arg("data"), *x);
  Ref<tir::Buffer> o = b.Output("T_" + name, *out);
  const int rank = x->ndim;
  if (rank == 0) {  // a slice of one element
    b.Compute("T_" + name, o, [&](const Indices&) { return Const(log ? 0 : 1, x->dtype); });
    return b.Finish(name);
  }
  const std::vector<int> axis = {NormAxis(r.attrs().Int("axis"), rank)};
  Indices kept = Pick(in->shape, axis, false);
  Ref<tir::Buffer> mx = b.Scratch("T_" + name + "_maxelem", DataType::kFloat64, kept);
  Ref<tir::Buffer> sum = b.Scratch("T_" + name + "_expsum", DataType::kFloat64, kept);
  // m = std::max(m, x) from -inf, NaN if either is NaN (as the kernel).
  SumBlock(b, "T_" + name + "_maxelem", mx, in, axis, -INFINITY,
           [&](const Ref<PrimExpr>& m, const Ref<PrimExpr>& v, const Indices&) {
             Ref<PrimExpr> nan = Bin(PrimKind::kOr, Intrin(Intrinsic::kIsNan, {v}),
                                     Intrin(Intrinsic::kIsNan, {m}));
             return PrimExpr::Select(nan, NaN64(),
                                     PrimExpr::Select(Bin(PrimKind::kLT, m, v), v, m));
           });
  SumBlock(b, "T_" + name + "_expsum", sum, in, axis, 0.0,
           [&](const Ref<PrimExpr>& s, const Ref<PrimExpr>& v, const Indices& k) {
             return Add(s, Intrin(Intrinsic::kExp, {Sub(v, b.Load(mx, k))}));
           });
  // eval.num.compound: y = exp(x - m) / s, or (x - m) - log(s).
  b.Compute("T_" + name, o, [&](const Indices& i) {
    Indices k = Pick(i, axis, false);
    Ref<PrimExpr> d = Sub(ToF64(b.Load(in, i)), b.Load(mx, k));
    Ref<PrimExpr> s = b.Load(sum, k);
    return CastTo(x->dtype, log ? Sub(d, Intrin(Intrinsic::kLog, {s}))
                                : Div(Intrin(Intrinsic::kExp, {d}), s));
  });
  return b.Finish(name);
}

// layer_norm and rms_norm: statistics over `axes`, the weights indexed by the position in the
// listed order of the axes.
std::optional<Lowered> LowerNorm(const LowerRequest& r, bool rms) {
  const TensorStructInfo* x = r.Tensor("data");
  const TensorStructInfo* g = r.Tensor(rms ? "weight" : "gamma");
  const TensorStructInfo* be = rms ? nullptr : r.Tensor("beta");
  const TensorStructInfo* out = r.ResultTensor();
  auto attrs = r.attrs();
  auto axes_attr = attrs.IntList("axes");
  if (!x || !g || (!rms && !be) || !out || !axes_attr || !IsFloat(x->dtype)) return std::nullopt;
  const std::string name = rms ? "rms_norm" : "layer_norm";
  const int rank = x->ndim;
  std::vector<int> axes;  // as listed (the weights' order)
  for (int64_t a : *axes_attr) axes.push_back(NormAxis(a, rank));
  std::vector<int> sorted = axes;  // the summation order: row-major
  std::sort(sorted.begin(), sorted.end());
  const double eps = attrs.Float("epsilon");
  const bool scale = rms || attrs.Bool("scale"), center = !rms && attrs.Bool("center");
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("data", r.Arg("data"), *x);
  Ref<tir::Buffer> gamma = b.Input(rms ? "weight" : "gamma", r.Arg(rms ? "weight" : "gamma"), *g);
  Ref<tir::Buffer> beta = rms ? nullptr : b.Input("beta", r.Arg("beta"), *be);
  Ref<tir::Buffer> o = b.Output("T_" + name, *out);
  // op.nn.layer_norm.c3 / op.nn.rms_norm.c3 at run time.
  for (size_t j = 0; j < axes.size() && j < gamma->shape.size(); ++j) {
    const std::string what = "R.nn." + name + ": the weights do not have the normalized axes' shape";
    RequireSameExtent(b, gamma->shape[j], in->shape[axes[j]], what);
    if (beta && j < beta->shape.size()) RequireSameExtent(b, beta->shape[j], in->shape[axes[j]], what);
  }
  Indices kept = Pick(in->shape, sorted, false);
  Ref<PrimExpr> n = CountF64(Pick(in->shape, sorted, true));
  Ref<tir::Buffer> sum = rms ? nullptr : b.Scratch("T_" + name + "_sum", DataType::kFloat64, kept);
  Ref<tir::Buffer> sq = b.Scratch("T_" + name + "_sqsum", DataType::kFloat64, kept);
  // eval.num.reduce: the float64 mean (not rounded), then the sum of squared deviations.
  auto mean = [&](const Indices& k) { return Div(b.Load(sum, k), n); };
  if (!rms) {
    SumBlock(b, "T_" + name + "_sum", sum, in, sorted, 0.0,
             [&](const Ref<PrimExpr>& s, const Ref<PrimExpr>& v, const Indices&) { return Add(s, v); });
  }
  SumBlock(b, "T_" + name + "_sqsum", sq, in, sorted, 0.0,
           [&](const Ref<PrimExpr>& s, const Ref<PrimExpr>& v, const Indices& k) {
             Ref<PrimExpr> d = rms ? v : Sub(v, mean(k));
             return Add(s, Mul(d, d));
           });
  b.Compute("T_" + name, o, [&](const Indices& i) {
    Indices k = Pick(i, sorted, false);
    Indices wi;
    for (int a : axes) wi.push_back(i[a]);
    Ref<PrimExpr> v = ToF64(b.Load(in, i));
    Ref<PrimExpr> y = Div(rms ? v : Sub(v, mean(k)),
                          Intrin(Intrinsic::kSqrt, {Add(Div(b.Load(sq, k), n), F64(eps))}));
    if (scale) y = Mul(y, ToF64(b.Load(gamma, wi)));
    if (center) y = Add(y, ToF64(b.Load(beta, wi)));
    return CastTo(x->dtype, y);
  });
  return b.Finish(name);
}

// The operands and results of R.nn.batch_norm where it can be lowered (a float input; results
// of known shape).
struct BatchNormTypes {
  const TensorStructInfo* x;
  const TensorStructInfo* stats[4];  // gamma, beta, moving_mean, moving_var
  const TensorStructInfo* outs[3];
};
constexpr const char* kBatchNormStats[] = {"gamma", "beta", "moving_mean", "moving_var"};
std::optional<BatchNormTypes> BatchNormTypesOf(const LowerRequest& r) {
  BatchNormTypes t;
  t.x = r.Tensor("data");
  for (int i = 0; i < 4; ++i) {
    if (!(t.stats[i] = r.Tensor(kBatchNormStats[i]))) return std::nullopt;
  }
  auto tuple = As<TupleStructInfo>(r.result);
  if (!t.x || !tuple || tuple->fields.size() != 3 || !IsFloat(t.x->dtype)) return std::nullopt;
  for (int i = 0; i < 3; ++i) {
    t.outs[i] = As<TensorStructInfo>(tuple->fields[i]).get();
    if (!t.outs[i] || !t.outs[i]->dims()) return std::nullopt;
  }
  return t;
}

// The batch's sum and sum of squared deviations per channel, in float64 scratch buffers
// (eval.num.reduce); n the count per channel.
std::pair<Ref<tir::Buffer>, Ref<tir::Buffer>> BatchStatistics(PrimFuncBuilder& b, const Ref<tir::Buffer>& in,
                                                             int axis, const std::vector<int>& others,
                                                             const Ref<PrimExpr>& n) {
  Indices c = {in->shape[axis]};
  Ref<tir::Buffer> sum = b.Scratch("T_batch_norm_sum", DataType::kFloat64, c);
  Ref<tir::Buffer> sq = b.Scratch("T_batch_norm_sqsum", DataType::kFloat64, c);
  SumBlock(b, "T_batch_norm_sum", sum, in, others, 0.0,
           [&](const Ref<PrimExpr>& s, const Ref<PrimExpr>& v, const Indices&) { return Add(s, v); });
  SumBlock(b, "T_batch_norm_sqsum", sq, in, others, 0.0,
           [&](const Ref<PrimExpr>& s, const Ref<PrimExpr>& v, const Indices& k) {
             Ref<PrimExpr> d = Sub(v, Div(b.Load(sum, k), n));
             return Add(s, Mul(d, d));
           });
  return {sum, sq};
}

std::optional<Lowered> LowerBatchNorm(const LowerRequest& r) {
  const std::optional<BatchNormTypes> types = BatchNormTypesOf(r);
  if (!types) return std::nullopt;
  const TensorStructInfo* x = types->x;
  const TensorStructInfo* const* outs = types->outs;
  auto attrs = r.attrs();
  const int rank = x->ndim;
  const int axis = NormAxis(attrs.Int("axis"), rank);
  const double eps = attrs.Float("epsilon"), momentum = attrs.Float("momentum");
  const bool training = attrs.Bool("training"), scale = attrs.Bool("scale"),
             center = attrs.Bool("center");
  std::vector<int> others;
  for (int a = 0; a < rank; ++a) {
    if (a != axis) others.push_back(a);
  }
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("data", r.Arg("data"), *x);
  Ref<tir::Buffer> p[4];
  for (int i = 0; i < 4; ++i) p[i] = b.Input(kBatchNormStats[i], r.Arg(kBatchNormStats[i]), *types->stats[i]);
  Ref<tir::Buffer> o0 = b.Output("T_batch_norm", *outs[0]);
  Ref<tir::Buffer> o1 = b.Output("T_batch_norm_moving_mean", *outs[1]);
  Ref<tir::Buffer> o2 = b.Output("T_batch_norm_moving_var", *outs[2]);
  for (int i = 0; i < 4; ++i) {  // op.nn.batch_norm.c3 at run time
    if (p[i]->shape.size() != 1) return std::nullopt;
    RequireSameExtent(b, p[i]->shape[0], in->shape[axis],
                      "R.nn.batch_norm: a statistic does not have one value per channel");
  }
  Ref<tir::Buffer> sum, sq;
  Ref<PrimExpr> n = CountF64(Pick(in->shape, others, true));
  if (training) std::tie(sum, sq) = BatchStatistics(b, in, axis, others, n);
  // The statistics of channel c: the batch's in training, else the moving ones.
  auto mean = [&](const Ref<PrimExpr>& c) {
    return training ? Div(b.Load(sum, {c}), n) : ToF64(b.Load(p[2], {c}));
  };
  auto var = [&](const Ref<PrimExpr>& c) {
    return training ? Div(b.Load(sq, {c}), n) : ToF64(b.Load(p[3], {c}));
  };
  b.Compute("T_batch_norm", o0, [&](const Indices& i) {
    const Ref<PrimExpr>& c = i[axis];
    Ref<PrimExpr> y = Div(Sub(ToF64(b.Load(in, i)), mean(c)),
                          Intrin(Intrinsic::kSqrt, {Add(var(c), F64(eps))}));
    if (scale) y = Mul(y, ToF64(b.Load(p[0], {c})));
    if (center) y = Add(y, ToF64(b.Load(p[1], {c})));
    return CastTo(x->dtype, y);
  });
  // (1 - momentum) * moving + momentum * batch, in float64; the moving value unchanged in
  // inference.
  auto update = [&](const Ref<tir::Buffer>& moving, const Ref<PrimExpr>& batch, DataType dt,
                    const Ref<PrimExpr>& c) {
    Ref<PrimExpr> m = ToF64(b.Load(moving, {c}));
    if (!training) return CastTo(dt, m);
    return CastTo(dt, Add(Mul(F64(1 - momentum), m), Mul(F64(momentum), batch)));
  };
  b.Compute("T_batch_norm_moving_mean", o1, [&](const Indices& i) {
    return update(p[2], training ? mean(i[0]) : nullptr, outs[1]->dtype, i[0]);
  });
  b.Compute("T_batch_norm_moving_var", o2, [&](const Indices& i) {
    return update(p[3], training ? var(i[0]) : nullptr, outs[2]->dtype, i[0]);
  });
  return b.Finish("batch_norm");  // three outputs: out_sinfo is their tuple (OutSInfo)
}

std::optional<Lowered> LowerPad(const LowerRequest& r) {
  const TensorStructInfo* x = r.Tensor("data");
  const TensorStructInfo* out = r.ResultTensor();
  auto attrs = r.attrs();
  auto pw = attrs.IntList("pad_width");
  if (!x || !out || !pw || pw->size() != static_cast<size_t>(2 * x->ndim)) return std::nullopt;
  const std::string mode = attrs.Str("pad_mode");
  const int rank = x->ndim;
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("data", r.Arg("data"), *x);
  Ref<tir::Buffer> o = b.Output("PadInput", *out);
  // op.nn.pad.c4 at run time, as the kernel checks it (E3005).
  for (int d = 0; d < rank; ++d) {
    const int64_t lo = (*pw)[2 * d], hi = (*pw)[2 * d + 1];
    const Ref<PrimExpr>& n = in->shape[d];
    auto known = [&](const Ref<PrimExpr>& e) { return e->kind == PrimKind::kIntImm; };
    if (mode == "reflect" && (lo > 0 || hi > 0)) {
      if (!known(n) || n->int_value <= std::max(lo, hi)) {
        RequireAtRunTime(b, Bin(PrimKind::kGT, n, I64(std::max(lo, hi))),
                "R.nn.pad: reflect padding of dimension " + std::to_string(d) +
                    " is not smaller than its extent");
      }
    }
    if (mode == "replicate" && (lo > 0 || hi > 0) && (!known(n) || n->int_value == 0)) {
      RequireAtRunTime(b, Bin(PrimKind::kNE, n, I64(0)),
              "R.nn.pad: replicate padding of an empty dimension");
    }
  }
  b.Compute("PadInput", o, [&](const Indices& i) {
    Indices src;
    Ref<PrimExpr> inside;
    for (int d = 0; d < rank; ++d) {
      const int64_t lo = (*pw)[2 * d], hi = (*pw)[2 * d + 1];
      const Ref<PrimExpr>& n = in->shape[d];
      Ref<PrimExpr> p = lo == 0 ? i[d] : Sub(i[d], I64(lo));
      if (lo == 0 && hi == 0) {
        src.push_back(p);
        continue;
      }
      Ref<PrimExpr> below = Bin(PrimKind::kLT, p, I64(0)), above = Bin(PrimKind::kGE, p, n);
      if (mode == "constant") {
        Ref<PrimExpr> ok = Bin(PrimKind::kAnd, Bin(PrimKind::kGE, p, I64(0)), Bin(PrimKind::kLT, p, n));
        inside = inside ? Bin(PrimKind::kAnd, inside, ok) : ok;
      } else if (mode == "reflect") {
        p = PrimExpr::Select(below, Sub(I64(0), p),
                             PrimExpr::Select(above, Sub(Mul(I64(2), Sub(n, I64(1))), p), p));
      } else {  // replicate: the nearest edge element
        p = PrimExpr::Select(below, I64(0), PrimExpr::Select(above, Sub(n, I64(1)), p));
      }
      src.push_back(p);
    }
    Ref<PrimExpr> v = b.Load(in, src);
    if (!inside) return v;
    // pad_value converted as R.astype converts a float64 (eval.num.astype).
    return IfThenElse(inside, v, CastTo(x->dtype, F64(attrs.Float("pad_value"))));
  });
  return b.Finish("pad");
}

}  // namespace

std::optional<Lowered> LowerNN(const LowerRequest& r) {
  switch (r.op.id) {
    case OpId::kSoftmax: return LowerSoftmax(r, false);
    case OpId::kLogSoftmax: return LowerSoftmax(r, true);
    case OpId::kLayerNorm: return LowerNorm(r, false);
    case OpId::kRmsNorm: return LowerNorm(r, true);
    case OpId::kBatchNorm: return LowerBatchNorm(r);
    case OpId::kPad: return LowerPad(r);
    case OpId::kConv2d: return nn::LowerConv2d(r);
    case OpId::kMaxPool2d: return nn::LowerPool2d(r, true);
    case OpId::kAvgPool2d: return nn::LowerPool2d(r, false);
    case OpId::kAdaptiveAvgPool2d: return nn::LowerAdaptiveAvgPool2d(r);
    default: break;
  }
  return std::nullopt;
}

}  // namespace rlx::compiler::legalize
