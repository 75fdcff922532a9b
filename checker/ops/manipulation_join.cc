// Joining and splitting tensors (spec §5.6): concat, stack, split.
#include <algorithm>

#include "checker/ops/op_rules.h"

namespace rlx::checker::ops {
namespace {

// wf.limit.fields: the largest tuple an op may produce.
constexpr size_t kMaxSplitParts = 1 << 16;

// The common dtype and device of joined tensors (constraint c: equal dtypes).
bool CommonDType(OpCall& c, int constraint, const std::vector<Ref<TensorStructInfo>>& ts, DataType* dt,
                 std::string* dev) {
  *dt = DataType::kVoid;
  *dev = "";
  bool any_void = false;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (ts[i]->dtype == DataType::kVoid) {
      any_void = true;
    } else if (*dt == DataType::kVoid) {
      *dt = ts[i]->dtype;
    } else if (*dt != ts[i]->dtype) {
      c.Fail(constraint, "R." + c.op().name + " tensors have different dtypes " +
                             std::string(DataTypeName(*dt)) + " and " +
                             std::string(DataTypeName(ts[i]->dtype)) + " (field " + std::to_string(i) + ")");
      return false;
    }
    if (dev->empty()) *dev = ts[i]->vdevice;
  }
  if (any_void) *dt = DataType::kVoid;
  return true;
}

// Requires extent `d` of field i to equal `d0` of field 0 (constraint c). False on an error;
// `unknown` is set when only a runtime check can tell.
bool RequireSameExtent(OpCall& c, int constraint, const Ref<PrimExpr>& d0, const Ref<PrimExpr>& d, size_t i,
                       int axis, bool* unknown) {
  CmpResult r = c.proofs().Compare(d0, d);
  if (r.cmp == Cmp::kEqual) return true;
  if (r.cmp == Cmp::kDifferent) {
    c.Fail(constraint,
           "R." + c.op().name + ": dimension " + std::to_string(axis) + " of field " + std::to_string(i) +
               " is " + P(d) + " but field 0 has " + P(d0),
           r.evidence);
    return false;
  }
  *unknown = true;
  return c.Require(constraint, Cond(PrimKind::kEQ, d0, d),
                   "dimension " + std::to_string(axis) + " of field " + std::to_string(i) +
                       " must equal field 0's") != Decision::kFails;
}

}  // namespace

// op.concat.c1: tensors is a non-empty tuple of tensors. c2: they have the same rank (at
// least 1). c3: axis is in range. c4: the extents off the axis are equal. c5: the dtypes are
// equal. The result's extent on the axis is the sum. Axis None concatenates the flattened
// tensors.
Ref<StructInfo> Concat(OpCall& c) {
  auto ts = c.TensorTuple("tensors", 1);
  if (!ts) return nullptr;
  if (ts->empty()) return c.Fail(1, "R.concat needs at least one tensor");
  DataType dt;
  std::string dev;
  if (!CommonDType(c, 5, *ts, &dt, &dev)) return nullptr;
  auto axis_attr = c.OptInt("axis");
  if (!axis_attr) {
    Ref<PrimExpr> total = I64(0);
    for (const auto& t : *ts) {
      const auto* d = TensorDims(*t, c.state());
      if (!d) return MakeTensorNdim(1, dt, dev);
      total = Add(total, Product(*d));
    }
    return MakeTensor({total}, dt, dev);
  }
  int ndim = kUnknownNdim;
  for (size_t i = 0; i < ts->size(); ++i) {
    int n = (*ts)[i]->ndim;
    if (n == kUnknownNdim) continue;
    if (n == 0) return c.Fail(2, "R.concat cannot join 0-d tensors (field " + std::to_string(i) + ")");
    if (ndim != kUnknownNdim && n != ndim) {
      return c.Fail(2, "R.concat tensors have different ranks " + std::to_string(ndim) + " and " +
                           std::to_string(n) + " (field " + std::to_string(i) + ")");
    }
    ndim = n;
  }
  if (ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, dt, dev);
  auto axis = c.Axis(3, *axis_attr, ndim);
  if (!axis) return nullptr;
  std::vector<const std::vector<Ref<PrimExpr>>*> dims;
  for (const auto& t : *ts) {
    const auto* d = TensorDims(*t, c.state());
    if (!d || t->ndim == kUnknownNdim) return MakeTensorNdim(ndim, dt, dev);
    dims.push_back(d);
  }
  std::vector<Ref<PrimExpr>> out = *dims[0];
  bool unknown = false;
  for (size_t i = 1; i < dims.size(); ++i) {
    for (int k = 0; k < ndim; ++k) {
      if (k == *axis) continue;
      if (!RequireSameExtent(c, 4, (*dims[0])[k], (*dims[i])[k], i, k, &unknown)) return nullptr;
    }
    out[*axis] = Add(out[*axis], (*dims[i])[*axis]);
  }
  // With a runtime check on the other extents, field 0's extents describe the result.
  return MakeTensor(out, dt, dev);
}

// op.stack.c1: tensors is a non-empty tuple of tensors. c2: they have the same rank. c3: axis
// is in [-(ndim + 1), ndim + 1). c4: all extents are equal. c5: the dtypes are equal. The
// result has a new axis whose extent is the number of tensors.
Ref<StructInfo> Stack(OpCall& c) {
  auto ts = c.TensorTuple("tensors", 1);
  if (!ts) return nullptr;
  if (ts->empty()) return c.Fail(1, "R.stack needs at least one tensor");
  DataType dt;
  std::string dev;
  if (!CommonDType(c, 5, *ts, &dt, &dev)) return nullptr;
  int ndim = kUnknownNdim;
  for (size_t i = 0; i < ts->size(); ++i) {
    int n = (*ts)[i]->ndim;
    if (n == kUnknownNdim) continue;
    if (ndim != kUnknownNdim && n != ndim) {
      return c.Fail(2, "R.stack tensors have different ranks " + std::to_string(ndim) + " and " +
                           std::to_string(n) + " (field " + std::to_string(i) + ")");
    }
    ndim = n;
  }
  if (ndim == kUnknownNdim) return MakeTensorNdim(kUnknownNdim, dt, dev);
  auto axis = c.Axis(3, c.OptInt("axis").value_or(0), ndim + 1);
  if (!axis) return nullptr;
  std::vector<const std::vector<Ref<PrimExpr>>*> dims;
  for (const auto& t : *ts) {
    const auto* d = TensorDims(*t, c.state());
    if (!d || t->ndim == kUnknownNdim) return MakeTensorNdim(ndim + 1, dt, dev);
    dims.push_back(d);
  }
  bool unknown = false;
  for (size_t i = 1; i < dims.size(); ++i) {
    for (int k = 0; k < ndim; ++k) {
      if (!RequireSameExtent(c, 4, (*dims[0])[k], (*dims[i])[k], i, k, &unknown)) return nullptr;
    }
  }
  std::vector<Ref<PrimExpr>> out = *dims[0];
  out.insert(out.begin() + *axis, I64(static_cast<int64_t>(ts->size())));
  return MakeTensor(out, dt, dev);
}

// op.split.c1: x is a tensor. c2: axis is in range. c3: a section count is >= 1 and leaves the
// last part non-negative. c4: split indices are >= 0 and ascending. The result is a tuple: n
// parts of ceil(extent / n) with the rest in the last (equal parts when n divides the extent),
// or the parts [0, i0), [i0, i1), ..., [ik, extent) with indices clamped to the extent.
Ref<StructInfo> Split(OpCall& c) {
  auto x = c.Tensor("x", 1);
  if (!x) return nullptr;
  const AttrValue* ios = c.Attr("indices_or_sections");
  bool sections = ios && ios->kind() == AttrValue::Kind::kInt;
  std::vector<int64_t> indices;
  int64_t n = 0;
  if (sections) {
    n = ios->as_int();
    if (n < 1) return c.Fail(3, "R.split needs at least 1 section, got " + std::to_string(n));
  } else {
    indices = c.IntList("indices_or_sections").value_or(std::vector<int64_t>{});
    for (size_t i = 0; i < indices.size(); ++i) {
      if (indices[i] < 0 || (i > 0 && indices[i] < indices[i - 1])) {
        return c.Fail(4, "R.split indices must be >= 0 and ascending");
      }
    }
  }
  size_t parts = sections ? static_cast<size_t>(n) : indices.size() + 1;
  if (parts > kMaxSplitParts) {                                             // wf.limit.fields
    c.state().Error(ErrorCode::kResultTooLarge, c.call().span,
                    "R.split into " + std::to_string(parts) + " parts exceeds the checker's limit of " +
                        std::to_string(kMaxSplitParts));
    return nullptr;
  }
  auto unknown_parts = [&](int ndim) {
    return TupleStructInfo::Make(std::vector<Ref<StructInfo>>(parts, MakeTensorNdim(ndim, x->dtype, x->vdevice)));
  };
  if (x->ndim == kUnknownNdim) return unknown_parts(kUnknownNdim);
  auto axis = c.Axis(2, c.Int("axis"), x->ndim);
  if (!axis) return nullptr;
  const auto* dims = TensorDims(*x, c.state());
  if (!dims) return unknown_parts(x->ndim);
  const Ref<PrimExpr>& extent = (*dims)[*axis];
  std::vector<Ref<StructInfo>> fields;
  if (sections) {
    std::vector<Ref<PrimExpr>> part = *dims;
    if (c.Decide(Cond(PrimKind::kEQ, FloorMod(extent, I64(n)), I64(0))) == Decision::kHolds) {
      part[*axis] = FloorDiv(extent, I64(n));
      for (size_t i = 0; i < parts; ++i) fields.push_back(MakeTensor(part, x->dtype, x->vdevice));
      return TupleStructInfo::Make(std::move(fields));
    }
    // An uneven split, as TVM's: n - 1 parts of ceil(extent / n), the last part the rest, which
    // must not be negative (op.split.c3).
    Ref<PrimExpr> size = FloorDiv(Add(extent, I64(n - 1)), I64(n));
    Ref<PrimExpr> before_last = Mul(size, I64(n - 1));
    if (c.Require(3, Cond(PrimKind::kLE, before_last, extent),
                  "extent " + P(extent) + " leaves no part for the last of " + std::to_string(n) +
                      " sections of " + P(size)) == Decision::kFails) {
      return nullptr;
    }
    part[*axis] = size;
    for (size_t i = 0; i + 1 < parts; ++i) fields.push_back(MakeTensor(part, x->dtype, x->vdevice));
    part[*axis] = Sub(extent, before_last);
    fields.push_back(MakeTensor(part, x->dtype, x->vdevice));
    return TupleStructInfo::Make(std::move(fields));
  }
  Ref<PrimExpr> begin = I64(0);
  for (size_t i = 0; i <= indices.size(); ++i) {
    Ref<PrimExpr> end = i < indices.size() ? Min(I64(indices[i]), extent) : extent;
    std::vector<Ref<PrimExpr>> part = *dims;
    part[*axis] = Sub(end, begin);
    fields.push_back(MakeTensor(part, x->dtype, x->vdevice));
    begin = end;
  }
  return TupleStructInfo::Make(std::move(fields));
}

}  // namespace rlx::checker::ops
