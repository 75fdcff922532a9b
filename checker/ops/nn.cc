// Neural-network ops without windows (spec §5.8): softmax, log_softmax, layer_norm,
// rms_norm, batch_norm, pad.
#include "checker/ops/op_rules.h"

namespace rlx::checker::ops {
namespace {

// Constraint c: the tensor's dtype is a float (or unknown).
bool RequireFloat(OpCall& c, int constraint, const TensorStructInfo& t, const char* name) {
  if (t.dtype == DataType::kVoid || IsFloat(t.dtype)) return true;
  c.Fail(constraint, "R." + c.op().name + " requires a float '" + name + "', got dtype " +
                         std::string(DataTypeName(t.dtype)));
  return false;
}

// Constraint c: `param` has exactly the extents `want` (where both are known).
bool RequireShape(OpCall& c, int constraint, const TensorStructInfo& t, const char* name,
                  const std::vector<Ref<PrimExpr>>& want) {
  if (t.ndim != kUnknownNdim && t.ndim != static_cast<int>(want.size())) {
    c.Fail(constraint, "R." + c.op().name + " '" + name + "' must have " + std::to_string(want.size()) +
                           " dimensions, got " + std::to_string(t.ndim));
    return false;
  }
  const auto* d = TensorDims(t, c.state());
  if (!d || d->size() != want.size()) return true;
  for (size_t i = 0; i < want.size(); ++i) {
    CmpResult r = c.proofs().Compare((*d)[i], want[i]);
    if (r.cmp == Cmp::kEqual) continue;
    if (r.cmp == Cmp::kDifferent) {
      c.Fail(constraint,
             "R." + c.op().name + " '" + name + "' dimension " + std::to_string(i) + " is " + P((*d)[i]) +
                 " but must be " + P(want[i]),
             r.evidence);
      return false;
    }
    if (c.Require(constraint, Cond(PrimKind::kEQ, (*d)[i], want[i]),
                  std::string("'") + name + "' dimension " + std::to_string(i) + " must be " + P(want[i])) ==
        Decision::kFails) {
      return false;
    }
  }
  return true;
}

}  // namespace

// op.nn.softmax.c1 / op.nn.log_softmax.c1: data is a tensor. c2: its dtype is a float.
// c3: axis is in range. The result is data's.
Ref<StructInfo> Softmax(OpCall& c) {
  auto x = c.Tensor("data", 1);
  if (!x) return nullptr;
  if (!RequireFloat(c, 2, *x, "data")) return nullptr;
  if (x->ndim != kUnknownNdim && !c.Axis(3, c.Int("axis"), x->ndim)) return nullptr;
  return x;
}

// op.nn.layer_norm.c1: data, gamma and beta are tensors. c2: the axes are in range and
// distinct. c3: gamma and beta have the extents of data at the axes. c4: the dtypes are
// floats. The result is data's.
Ref<StructInfo> LayerNorm(OpCall& c) {
  auto x = c.Tensor("data", 1);
  auto g = x ? c.Tensor("gamma", 1) : nullptr;
  auto b = g ? c.Tensor("beta", 1) : nullptr;
  if (!b) return nullptr;
  for (const auto& [t, name] : {std::pair{x, "data"}, std::pair{g, "gamma"}, std::pair{b, "beta"}}) {
    if (!RequireFloat(c, 4, *t, name)) return nullptr;
  }
  if (x->ndim == kUnknownNdim) return x;
  auto axes = c.Axes(2, c.IntList("axes").value_or(std::vector<int64_t>{}), x->ndim);
  if (!axes) return nullptr;
  if (const auto* d = TensorDims(*x, c.state())) {
    std::vector<Ref<PrimExpr>> want;
    for (int a : *axes) want.push_back((*d)[a]);
    if (!RequireShape(c, 3, *g, "gamma", want) || !RequireShape(c, 3, *b, "beta", want)) return nullptr;
  }
  return x;
}

// op.nn.rms_norm.c1: data and weight are tensors. c2: the axes are in range and distinct.
// c3: weight has the extents of data at the axes. c4: the dtypes are floats. The result is
// data's.
Ref<StructInfo> RmsNorm(OpCall& c) {
  auto x = c.Tensor("data", 1);
  auto w = x ? c.Tensor("weight", 1) : nullptr;
  if (!w) return nullptr;
  if (!RequireFloat(c, 4, *x, "data") || !RequireFloat(c, 4, *w, "weight")) return nullptr;
  if (x->ndim == kUnknownNdim) return x;
  auto axes = c.Axes(2, c.IntList("axes").value_or(std::vector<int64_t>{}), x->ndim);
  if (!axes) return nullptr;
  if (const auto* d = TensorDims(*x, c.state())) {
    std::vector<Ref<PrimExpr>> want;
    for (int a : *axes) want.push_back((*d)[a]);
    if (!RequireShape(c, 3, *w, "weight", want)) return nullptr;
  }
  return x;
}

// op.nn.batch_norm.c1: data, gamma, beta, moving_mean and moving_var are tensors. c2: axis
// is in range. c3: the other four are 1-d with data's extent at the axis. c4: the dtypes are
// floats. The result is a tuple (data's struct info, moving_mean's, moving_var's).
Ref<StructInfo> BatchNorm(OpCall& c) {
  const char* names[] = {"data", "gamma", "beta", "moving_mean", "moving_var"};
  std::vector<Ref<TensorStructInfo>> ts;
  for (const char* n : names) {
    auto t = c.Tensor(n, 1);
    if (!t) return nullptr;
    if (!RequireFloat(c, 4, *t, n)) return nullptr;
    ts.push_back(t);
  }
  const auto& x = ts[0];
  if (x->ndim != kUnknownNdim) {
    auto axis = c.Axis(2, c.Int("axis"), x->ndim);
    if (!axis) return nullptr;
    if (const auto* d = TensorDims(*x, c.state())) {
      for (int i = 1; i < 5; ++i) {
        if (!RequireShape(c, 3, *ts[i], names[i], {(*d)[*axis]})) return nullptr;
      }
    }
  }
  return TupleStructInfo::Make({ts[0], ts[3], ts[4]});
}

// op.nn.pad.c1: data is a tensor. c2: pad_width has 2 entries per dimension (before and
// after, dimension by dimension), each >= 0. c3: pad_mode is "constant", "reflect" or
// "replicate". c4: with "reflect", each padding is smaller than its extent. Each extent
// grows by its two paddings.
Ref<StructInfo> Pad(OpCall& c) {
  auto x = c.Tensor("data", 1);
  if (!x) return nullptr;
  std::string mode = c.Str("pad_mode");
  if (mode != "constant" && mode != "reflect" && mode != "replicate") {
    return c.Fail(3, "R.nn.pad mode must be \"constant\", \"reflect\" or \"replicate\", got \"" + mode + "\"");
  }
  auto pw = c.IntList("pad_width").value_or(std::vector<int64_t>{});
  for (int64_t p : pw) {
    if (p < 0) return c.Fail(2, "R.nn.pad widths must be >= 0, got " + std::to_string(p));
  }
  if (x->ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  if (pw.size() != 2 * static_cast<size_t>(x->ndim)) {
    return c.Fail(2, "R.nn.pad needs " + std::to_string(2 * x->ndim) + " pad widths for a " +
                         std::to_string(x->ndim) + "-d tensor, got " + std::to_string(pw.size()));
  }
  const auto* d = TensorDims(*x, c.state());
  if (!d) return MakeTensorNdim(x->ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> out;
  for (int i = 0; i < x->ndim; ++i) {
    const auto& e = (*d)[i];
    if (mode == "reflect") {
      for (int64_t p : {pw[2 * i], pw[2 * i + 1]}) {
        if (p > 0 && c.Require(4, Cond(PrimKind::kGT, e, I64(p)),
                               "reflect padding " + std::to_string(p) + " must be smaller than extent " + P(e)) ==
                         Decision::kFails) {
          return nullptr;
        }
      }
    }
    // One padding at a time: a sum past int64 stays unfolded (eval.limit.tensor), never wraps.
    out.push_back(Add(Add(e, I64(pw[2 * i])), I64(pw[2 * i + 1])));
  }
  return MakeTensor(out, x->dtype, x->vdevice);
}

}  // namespace rlx::checker::ops
