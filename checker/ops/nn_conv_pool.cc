// Windowed ops (spec §5.8): conv2d, max_pool2d, avg_pool2d, adaptive_avg_pool2d, defined in
// the NCHW layout (weights OIHW); other layouts are permutations of it (op.nn.layout).
#include "checker/ops/op_rules.h"
#include "ir/layout.h"

namespace rlx::checker::ops {
namespace {

// An attribute of 2 values, given as 1 (repeated) or 2 positive ones (constraint c).
std::optional<std::array<int64_t, 2>> Pair(OpCall& c, int constraint, const char* name, int64_t min) {
  auto v = c.IntList(name).value_or(std::vector<int64_t>{});
  if (v.size() == 1) v.push_back(v[0]);
  if (v.size() != 2) {
    c.Fail(constraint, "R." + c.op().name + " " + name + " must have 1 or 2 values, got " + std::to_string(v.size()));
    return std::nullopt;
  }
  for (int64_t x : v) {
    if (x < min) {
      c.Fail(constraint, "R." + c.op().name + " " + name + " values must be >= " + std::to_string(min) +
                             ", got " + std::to_string(x));
      return std::nullopt;
    }
  }
  return std::array<int64_t, 2>{v[0], v[1]};
}

// Padding as (top, left, bottom, right) from 1, 2 or 4 values >= 0 (constraint c).
std::optional<std::array<int64_t, 4>> Padding(OpCall& c, int constraint) {
  auto v = c.IntList("padding").value_or(std::vector<int64_t>{});
  std::array<int64_t, 4> p{};
  if (v.size() == 1) {
    p = {v[0], v[0], v[0], v[0]};
  } else if (v.size() == 2) {
    p = {v[0], v[1], v[0], v[1]};
  } else if (v.size() == 4) {
    p = {v[0], v[1], v[2], v[3]};
  } else {
    c.Fail(constraint, "R." + c.op().name + " padding must have 1, 2 or 4 values, got " + std::to_string(v.size()));
    return std::nullopt;
  }
  for (int64_t x : p) {
    if (x < 0) {
      c.Fail(constraint, "R." + c.op().name + " padding must be >= 0, got " + std::to_string(x));
      return std::nullopt;
    }
  }
  return p;
}

// The axis orders of a call's layouts (op.nn.layout): each maps the tensor's axes to the
// canonical NCHW (OIHW for a kernel) order, and `out` maps canonical results back.
struct Layouts {
  std::vector<int> data, kernel, out;
};

// Constraint c: the layout attributes are permutations of NCHW (and of OIHW for a kernel);
// out_layout defaults to the data layout.
std::optional<Layouts> RequireLayouts(OpCall& c, int constraint, const char* data_key, const char* kernel_key) {
  std::string data = c.Str(data_key);
  const AttrValue* out = c.Attr("out_layout");
  std::string out_layout = out && out->kind() == AttrValue::Kind::kString ? out->as_string() : data;
  Layouts l;
  std::string bad, canonical = "NCHW";
  if (auto a = LayoutToCanonical(data, "NCHW")) l.data = *a;
  else bad = std::string(data_key) + "=\"" + data + "\"";
  if (auto a = CanonicalToLayout(out_layout, "NCHW"); bad.empty()) {
    if (a) l.out = *a;
    else bad = "out_layout=\"" + out_layout + "\"";
  }
  if (kernel_key && bad.empty()) {
    std::string kernel = c.Str(kernel_key);
    if (auto a = LayoutToCanonical(kernel, "OIHW")) l.kernel = *a;
    else bad = std::string(kernel_key) + "=\"" + kernel + "\"", canonical = "OIHW";
  }
  if (bad.empty()) return l;
  c.Fail(constraint, "R." + c.op().name + " " + bad + " is not a permutation of " + canonical +
                         " (rlx does not support split layouts such as NCHW16c)");
  return std::nullopt;
}

// The output extent of a window of size k with stride s, dilation d and paddings p0 + p1
// over extent n: floor((n + p0 + p1 - d * (k - 1) - 1) / s) + 1, with ceil instead of floor
// in ceil mode. Requires the window to fit at least once (constraint c). The paddings are added
// one by one (Add folds only sums that fit in int64: eval.limit.tensor, never a wrapped value).
Ref<PrimExpr> WindowExtent(OpCall& c, int constraint, const Ref<PrimExpr>& n,
                           const Ref<PrimExpr>& k, int64_t s, int64_t d, int64_t p0, int64_t p1,
                           bool ceil_mode, const char* what) {
  Ref<PrimExpr> span = d == 1 ? k : Add(Mul(I64(d), Sub(k, I64(1))), I64(1));  // the dilated window
  Ref<PrimExpr> padded = Add(Add(n, I64(p0)), I64(p1));
  Ref<PrimExpr> room = Sub(padded, span);
  if (c.Require(constraint, Cond(PrimKind::kGE, room, I64(0)),
                std::string("the ") + what + " window (" + P(span) +
                    ") must fit in the padded extent " + P(padded)) == Decision::kFails) {
    return nullptr;
  }
  if (ceil_mode) room = Add(room, I64(s - 1));
  return Add(FloorDiv(room, I64(s)), I64(1));
}

}  // namespace

// op.nn.conv2d.c1: data and weight are 4-d tensors. c2: the layouts are permutations of NCHW / OIHW. c3:
// strides and dilation have 1 or 2 values >= 1, padding 1, 2 or 4 values >= 0. c4: groups
// >= 1 divides the output channels, and the input channels equal the weight's times groups.
// c5: each window fits in the padded input. c6: the dtypes are equal. The result is
// (N, O, H', W') with the window formula, dtype out_dtype or data's.
Ref<StructInfo> Conv2d(OpCall& c) {
  auto x = c.Tensor("data", 1);
  auto w = x ? c.Tensor("weight", 1) : nullptr;
  if (!w) return nullptr;
  for (const auto& [t, name] : {std::pair{x, "data"}, std::pair{w, "weight"}}) {
    if (t->ndim != kUnknownNdim && t->ndim != 4) {
      return c.Fail(1, std::string("R.nn.conv2d '") + name + "' must be 4-d, got " + std::to_string(t->ndim) +
                           " dimensions");
    }
  }
  auto layouts = RequireLayouts(c, 2, "data_layout", "kernel_layout");
  if (!layouts) return nullptr;
  auto strides = Pair(c, 3, "strides", 1);
  auto dilation = strides ? Pair(c, 3, "dilation", 1) : std::nullopt;
  auto pad = dilation ? Padding(c, 3) : std::nullopt;
  if (!pad) return nullptr;
  int64_t groups = c.Int("groups");
  if (groups < 1) return c.Fail(4, "R.nn.conv2d groups must be >= 1, got " + std::to_string(groups));
  if (x->dtype != DataType::kVoid && w->dtype != DataType::kVoid && x->dtype != w->dtype) {
    return c.Fail(6, "R.nn.conv2d data and weight have different dtypes " + std::string(DataTypeName(x->dtype)) +
                         " and " + std::string(DataTypeName(w->dtype)));
  }
  DataType dt = c.DType("out_dtype");
  if (dt == DataType::kVoid) dt = x->dtype;
  const auto* xdl = TensorDims(*x, c.state());
  const auto* wdl = TensorDims(*w, c.state());
  if (!xdl || !wdl || x->ndim != 4 || w->ndim != 4) return MakeTensorNdim(4, dt, x->vdevice);
  const std::vector<Ref<PrimExpr>> xd = PermuteBy(*xdl, layouts->data), wd = PermuteBy(*wdl, layouts->kernel);
  const auto &N = xd[0], &C = xd[1], &H = xd[2], &W = xd[3];
  const auto &O = wd[0], &I = wd[1], &R = wd[2], &S = wd[3];
  Ref<PrimExpr> in_ch = Mul(I, I64(groups));
  CmpResult ch = c.proofs().Compare(C, in_ch);
  if (ch.cmp == Cmp::kDifferent) {
    return c.Fail(4, "R.nn.conv2d input channels " + P(C) + " do not match weight channels " + P(I) +
                         " x groups " + std::to_string(groups),
                  ch.evidence);
  }
  if (ch.cmp == Cmp::kUnknown &&
      c.Require(4, Cond(PrimKind::kEQ, C, in_ch), "input channels must equal weight channels x groups") ==
          Decision::kFails) {
    return nullptr;
  }
  if (groups > 1 && c.Require(4, Cond(PrimKind::kEQ, FloorMod(O, I64(groups)), I64(0)),
                              "output channels " + P(O) + " must be divisible by groups") == Decision::kFails) {
    return nullptr;
  }
  Ref<PrimExpr> h = WindowExtent(c, 5, H, R, (*strides)[0], (*dilation)[0], (*pad)[0], (*pad)[2],
                                 false, "height");
  if (!h) return nullptr;
  Ref<PrimExpr> wo =
      WindowExtent(c, 5, W, S, (*strides)[1], (*dilation)[1], (*pad)[1], (*pad)[3], false, "width");
  if (!wo) return nullptr;
  return MakeTensor(PermuteBy(std::vector<Ref<PrimExpr>>{N, O, h, wo}, layouts->out), dt, x->vdevice);
}

// op.nn.max_pool2d.c1 / op.nn.avg_pool2d.c1: data is a 4-d tensor. c2: the layout is a permutation of NCHW.
// c3: pool_size, strides and dilation have 1 or 2 values >= 1, padding 1, 2 or 4 values
// >= 0. c4: each window fits in the padded input. The result is (N, C, H', W') with the
// window formula (ceil_mode rounds up).
Ref<StructInfo> Pool2d(OpCall& c) {
  auto x = c.Tensor("data", 1);
  if (!x) return nullptr;
  if (x->ndim != kUnknownNdim && x->ndim != 4) {
    return c.Fail(1, "R." + c.op().name + " data must be 4-d, got " + std::to_string(x->ndim) + " dimensions");
  }
  auto layouts = RequireLayouts(c, 2, "layout", nullptr);
  if (!layouts) return nullptr;
  auto size = Pair(c, 3, "pool_size", 1);
  auto strides = size ? Pair(c, 3, "strides", 1) : std::nullopt;
  auto dilation = strides ? Pair(c, 3, "dilation", 1) : std::nullopt;
  auto pad = dilation ? Padding(c, 3) : std::nullopt;
  if (!pad) return nullptr;
  const auto* xdl = TensorDims(*x, c.state());
  if (!xdl || x->ndim != 4) return MakeTensorNdim(4, x->dtype, x->vdevice);
  const std::vector<Ref<PrimExpr>> xd = PermuteBy(*xdl, layouts->data);
  bool ceil_mode = c.Bool("ceil_mode");
  Ref<PrimExpr> h = WindowExtent(c, 4, xd[2], I64((*size)[0]), (*strides)[0], (*dilation)[0],
                                 (*pad)[0], (*pad)[2], ceil_mode, "height");
  if (!h) return nullptr;
  Ref<PrimExpr> w = WindowExtent(c, 4, xd[3], I64((*size)[1]), (*strides)[1], (*dilation)[1],
                                 (*pad)[1], (*pad)[3], ceil_mode, "width");
  if (!w) return nullptr;
  return MakeTensor(PermuteBy(std::vector<Ref<PrimExpr>>{xd[0], xd[1], h, w}, layouts->out), x->dtype, x->vdevice);
}

// op.nn.adaptive_avg_pool2d.c1: data is a 4-d tensor. c2: the layout is a permutation of NCHW. c3:
// output_size has 1 or 2 values >= 1 (None keeps the input's extents). The result is
// (N, C, oh, ow).
Ref<StructInfo> AdaptiveAvgPool2d(OpCall& c) {
  auto x = c.Tensor("data", 1);
  if (!x) return nullptr;
  if (x->ndim != kUnknownNdim && x->ndim != 4) {
    return c.Fail(1, "R.nn.adaptive_avg_pool2d data must be 4-d, got " + std::to_string(x->ndim) + " dimensions");
  }
  auto layouts = RequireLayouts(c, 2, "layout", nullptr);
  if (!layouts) return nullptr;
  const bool same_layout = PermuteBy(layouts->data, layouts->out) == std::vector<int>{0, 1, 2, 3};
  if (!c.IntList("output_size") && same_layout) return x->ndim == 4 ? x : MakeTensorNdim(4, x->dtype, x->vdevice);
  std::optional<std::array<int64_t, 2>> size;
  if (c.IntList("output_size") && !(size = Pair(c, 3, "output_size", 1))) return nullptr;
  const auto* xdl = TensorDims(*x, c.state());
  if (!xdl || x->ndim != 4) return MakeTensorNdim(4, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> xd = PermuteBy(*xdl, layouts->data);
  if (size) xd[2] = I64((*size)[0]), xd[3] = I64((*size)[1]);
  return MakeTensor(PermuteBy(xd, layouts->out), x->dtype, x->vdevice);
}

}  // namespace rlx::checker::ops
