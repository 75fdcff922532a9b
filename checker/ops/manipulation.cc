// Shape manipulation (spec §5.6): reshape, permute_dims, expand_dims, squeeze, flatten,
// broadcast_to, tile, repeat, flip, tril, triu.
#include <algorithm>

#include "checker/ops/op_rules.h"

namespace rlx::checker::ops {

// op.reshape.c1: x is a tensor. c2: shape is a shape. c3: at most one extent is -1 and the
// others are >= 0. c4: the element counts are equal (with -1: the other extents' product
// divides x's element count, and -1 becomes the quotient).
Ref<StructInfo> Reshape(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  auto shape = c.Shape("shape", 2);
  if (!shape) return nullptr;
  if (!shape->values) {
    if (auto v = As<Var>(shape->expr)) return TensorStructInfo::Make(v, x->dtype, shape->ndim, x->vdevice);
    return MakeTensorNdim(shape->ndim, x->dtype, x->vdevice);
  }
  std::vector<Ref<PrimExpr>> dims = *shape->values;
  int infer_at = -1;
  for (int i = 0; i < static_cast<int>(dims.size()); ++i) {
    const auto& d = dims[i];
    if (d->is_int() && d->int_value == -1) {
      if (infer_at >= 0) return c.Fail(3, "R.reshape: at most one extent may be -1");
      infer_at = i;
      continue;
    }
    if (c.Require(3, Cond(PrimKind::kGE, d, I64(0)), "extent " + P(d) + " must be >= 0 (or -1)") ==
        Decision::kFails) {
      return nullptr;
    }
  }
  const auto* old = TensorDims(*x, c.state());
  if (!old) {
    if (infer_at >= 0) return MakeTensorNdim(static_cast<int>(dims.size()), x->dtype, x->vdevice);
    return MakeTensor(dims, x->dtype, x->vdevice);
  }
  Ref<PrimExpr> total = Product(*old);
  if (infer_at >= 0) {
    std::vector<Ref<PrimExpr>> others;
    for (int i = 0; i < static_cast<int>(dims.size()); ++i) {
      if (i != infer_at) others.push_back(dims[i]);
    }
    Ref<PrimExpr> known = Product(others);
    if (c.Require(4, Cond(PrimKind::kNE, known, I64(0)),
                  "the other extents multiply to " + P(known) + ", so -1 cannot be inferred") == Decision::kFails) {
      return nullptr;
    }
    if (c.Require(4, Cond(PrimKind::kEQ, FloorMod(total, known), I64(0)),
                  "the element count " + P(total) + " must be a multiple of " + P(known) + " to infer -1") ==
        Decision::kFails) {
      return nullptr;
    }
    dims[infer_at] = FloorDiv(total, known);
    return MakeTensor(dims, x->dtype, x->vdevice);
  }
  Ref<PrimExpr> target = Product(dims);
  CmpResult r = c.proofs().Compare(total, target);
  if (r.cmp == Cmp::kDifferent) {
    return c.Fail(4, "R.reshape changes the element count from " + P(total) + " to " + P(target),
                  r.evidence);
  }
  if (r.cmp == Cmp::kUnknown &&
      c.Require(4, Cond(PrimKind::kEQ, total, target), "the element count must not change") ==
          Decision::kFails) {
    return nullptr;
  }
  return MakeTensor(dims, x->dtype, x->vdevice);
}

// op.permute_dims.c1: x is a tensor. c2: axes is a permutation of the dimensions (None
// reverses them).
Ref<StructInfo> PermuteDims(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  auto axes_attr = c.IntList("axes");
  if (x->ndim == kUnknownNdim) {
    // The result has rank len(axes), so axes must be a permutation of that many dimensions.
    if (axes_attr && !c.Axes(2, *axes_attr, static_cast<int>(axes_attr->size()))) return nullptr;
    return MakeTensorNdim(axes_attr ? static_cast<int>(axes_attr->size()) : kUnknownNdim, x->dtype,
                          x->vdevice);
  }
  std::vector<int> axes;
  if (axes_attr) {
    if (static_cast<int>(axes_attr->size()) != x->ndim) {
      return c.Fail(2, "R.permute_dims: axes has " + std::to_string(axes_attr->size()) +
                           " entries but x has " + std::to_string(x->ndim) + " dimensions");
    }
    auto a = c.Axes(2, *axes_attr, x->ndim);
    if (!a) return nullptr;
    axes = *a;
  } else {
    for (int i = x->ndim - 1; i >= 0; --i) axes.push_back(i);
  }
  const auto* dims = TensorDims(*x, c.state());
  if (!dims) return MakeTensorNdim(x->ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> out;
  for (int a : axes) out.push_back((*dims)[a]);
  return MakeTensor(out, x->dtype, x->vdevice);
}

// op.expand_dims.c1: x is a tensor. c2: each axis is in [-(ndim + k), ndim + k) for k new
// axes, and they are distinct after normalization. Each new axis has extent 1.
Ref<StructInfo> ExpandDims(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  auto axes_attr = c.IntList("axis").value_or(std::vector<int64_t>{});
  if (x->ndim == kUnknownNdim) {
    if (!c.RequireDistinct(2, axes_attr)) return nullptr;
    return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  }
  int ndim = x->ndim + static_cast<int>(axes_attr.size());
  auto axes = c.Axes(2, axes_attr, ndim);
  if (!axes) return nullptr;
  const auto* dims = TensorDims(*x, c.state());
  if (!dims) return MakeTensorNdim(ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> out;
  size_t next = 0;
  for (int i = 0; i < ndim; ++i) {
    if (std::find(axes->begin(), axes->end(), i) != axes->end()) {
      out.push_back(I64(1));
    } else {
      out.push_back((*dims)[next++]);
    }
  }
  return MakeTensor(out, x->dtype, x->vdevice);
}

// op.squeeze.c1: x is a tensor. c2: the axes are in range and distinct. c3: each squeezed
// axis has extent 1. Axis None removes every extent that is 1 (the result's rank is unknown
// when an extent may or may not be 1).
Ref<StructInfo> Squeeze(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  auto axes_attr = c.IntList("axis");
  if (x->ndim == kUnknownNdim) {
    if (axes_attr && !c.RequireDistinct(2, *axes_attr)) return nullptr;
    return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  }
  const auto* dims = TensorDims(*x, c.state());
  if (!axes_attr) {
    if (!dims) return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
    std::vector<Ref<PrimExpr>> out;
    for (const auto& d : *dims) {
      Cmp k = c.proofs().Compare(d, I64(1)).cmp;
      if (k == Cmp::kUnknown) return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
      if (k == Cmp::kDifferent) out.push_back(d);
    }
    return MakeTensor(out, x->dtype, x->vdevice);
  }
  auto axes = c.Axes(2, *axes_attr, x->ndim);
  if (!axes) return nullptr;
  int ndim = x->ndim - static_cast<int>(axes->size());
  if (!dims) return MakeTensorNdim(ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> out;
  for (int i = 0; i < x->ndim; ++i) {
    if (std::find(axes->begin(), axes->end(), i) == axes->end()) {
      out.push_back((*dims)[i]);
      continue;
    }
    if (c.Require(3, Cond(PrimKind::kEQ, (*dims)[i], I64(1)),
                  "axis " + std::to_string(i) + " has extent " + P((*dims)[i]) + ", not 1") ==
        Decision::kFails) {
      return nullptr;
    }
  }
  return MakeTensor(out, x->dtype, x->vdevice);
}

// op.flatten.c1: x is a tensor. The result is 1-d with x's element count (a 0-d x gives (1,)).
Ref<StructInfo> Flatten(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  const auto* dims = TensorDims(*x, c.state());
  if (!dims) return MakeTensorNdim(1, x->dtype, x->vdevice);
  return MakeTensor({Product(*dims)}, x->dtype, x->vdevice);
}

// op.broadcast_to.c1: x is a tensor. c2: shape is a shape. c3: the target has at least x's
// rank. c4: each extent of x (aligned from the right) equals the target's or is 1. c5: every
// target extent is >= 0. The result has the target shape.
Ref<StructInfo> BroadcastTo(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  auto shape = c.Shape("shape", 2);
  if (!shape) return nullptr;
  if (x->ndim != kUnknownNdim && shape->ndim != kUnknownNdim && shape->ndim < x->ndim) {
    return c.Fail(3, "R.broadcast_to cannot reduce the rank from " + std::to_string(x->ndim) + " to " +
                         std::to_string(shape->ndim));
  }
  if (!shape->values) {
    if (auto v = As<Var>(shape->expr)) return TensorStructInfo::Make(v, x->dtype, shape->ndim, x->vdevice);
    return MakeTensorNdim(shape->ndim, x->dtype, x->vdevice);
  }
  const auto& target = *shape->values;
  for (const auto& t : target) {
    if (c.Require(5, Cond(PrimKind::kGE, t, I64(0)), "target extent " + P(t) + " must be >= 0") == Decision::kFails) {
      return nullptr;
    }
  }
  if (const auto* dims = TensorDims(*x, c.state())) {
    size_t off = target.size() - dims->size();
    for (size_t i = 0; i < dims->size(); ++i) {
      const auto& d = (*dims)[i];
      const auto& t = target[off + i];
      if (c.proofs().Compare(d, I64(1)).cmp == Cmp::kEqual) continue;
      CmpResult r = c.proofs().Compare(d, t);
      if (r.cmp == Cmp::kEqual) continue;
      Ref<PrimExpr> ok = PrimExpr::Binary(PrimKind::kOr, Cond(PrimKind::kEQ, d, t), Cond(PrimKind::kEQ, d, I64(1)));
      if (c.Require(4, ok, "extent " + P(d) + " of x cannot broadcast to " + P(t)) == Decision::kFails) {
        return nullptr;
      }
    }
  }
  return MakeTensor(target, x->dtype, x->vdevice);
}

// op.tile.c1: data is a tensor. c2: every repeat count is >= 0. The result's rank is the
// larger of data's and len(repeats); extents multiply, aligned from the right.
Ref<StructInfo> Tile(OpCall& c) {
  auto x = c.Tensor("data", 1);
  if (!x) return nullptr;
  auto reps = c.IntList("repeats").value_or(std::vector<int64_t>{});
  for (int64_t r : reps) {
    if (r < 0) return c.Fail(2, "R.tile repeat counts must be >= 0, got " + std::to_string(r));
  }
  if (x->ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  int ndim = std::max<int>(x->ndim, static_cast<int>(reps.size()));
  const auto* dims = TensorDims(*x, c.state());
  if (!dims) return MakeTensorNdim(ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> d(ndim - dims->size(), I64(1));
  d.insert(d.end(), dims->begin(), dims->end());
  std::vector<int64_t> r(ndim - reps.size(), 1);
  r.insert(r.end(), reps.begin(), reps.end());
  for (int i = 0; i < ndim; ++i) d[i] = Mul(d[i], I64(r[i]));
  return MakeTensor(d, x->dtype, x->vdevice);
}

// op.repeat.c1: data is a tensor. c2: repeats >= 0. c3: axis is in range. Axis None repeats
// the elements of the flattened tensor.
Ref<StructInfo> Repeat(OpCall& c) {
  auto x = c.Tensor("data", 1);
  if (!x) return nullptr;
  int64_t reps = c.Int("repeats");
  if (reps < 0) return c.Fail(2, "R.repeat needs repeats >= 0, got " + std::to_string(reps));
  auto axis = c.OptInt("axis");
  const auto* dims = TensorDims(*x, c.state());
  if (!axis) {
    if (!dims) return MakeTensorNdim(1, x->dtype, x->vdevice);
    return MakeTensor({Mul(Product(*dims), I64(reps))}, x->dtype, x->vdevice);
  }
  if (x->ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, x->dtype, x->vdevice);
  auto a = c.Axis(3, *axis, x->ndim);
  if (!a) return nullptr;
  if (!dims) return MakeTensorNdim(x->ndim, x->dtype, x->vdevice);
  std::vector<Ref<PrimExpr>> out = *dims;
  out[*a] = Mul(out[*a], I64(reps));
  return MakeTensor(out, x->dtype, x->vdevice);
}

// op.flip.c1: data is a tensor. c2: axis is in range. The result is data's.
Ref<StructInfo> Flip(OpCall& c) {
  auto x = c.Tensor("data", 1);
  if (!x) return nullptr;
  if (x->ndim != kUnknownNdim && !c.Axis(2, c.Int("axis"), x->ndim)) return nullptr;
  return x;
}

// op.tril.c1 / op.triu.c1: x is a tensor. c2: x has at least 2 dimensions. c3: k is an
// integer primitive value. The result is x's.
Ref<StructInfo> Trilu(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  if (x->ndim != kUnknownNdim && x->ndim < 2) {
    return c.Fail(2, "R." + c.op().name + " needs a tensor of at least 2 dimensions, got " +
                         std::to_string(x->ndim));
  }
  if (!c.Prim("k", 3, true)) return nullptr;
  return x;
}

}  // namespace rlx::checker::ops
