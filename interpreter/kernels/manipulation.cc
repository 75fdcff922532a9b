// Kernels of the shape-manipulation ops (spec §5.6): reshape, permute_dims, expand_dims,
// squeeze, flatten, concat, stack, split, broadcast_to, tile, repeat, flip, tril, triu.
#include <algorithm>
#include <cstring>

#include "ir/base/check.h"
#include "interpreter/runtime_names.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/gather.h"
#include "ir/base/checked_int.h"

namespace rlx::interp {
namespace {

int Norm(int64_t axis, int rank) { return static_cast<int>(axis < 0 ? axis + rank : axis); }

// The same elements under another shape (reshape, flatten, expand_dims, squeeze).
Value Reshaped(OpInvocation& inv, const Tensor& x, const std::vector<int64_t>& shape) {
  Tensor out = inv.Alloc(x->dtype(), shape);
  std::memcpy(out->mutable_data(), x->data(), x->nbytes());
  return Value::FromTensor(out);
}

Value Reshape(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  std::vector<int64_t> shape = inv.ShapeArg("shape");
  int infer = -1;
  int64_t known = 1;  // the product of the given extents
  bool overflow = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1 && infer < 0) {
      infer = static_cast<int>(i);
    } else if (shape[i] < 0) {
      inv.FailConstraint(3, "a target extent is " + std::to_string(shape[i]));
    } else {
      overflow |= __builtin_mul_overflow(known, shape[i], &known);
    }
  }
  const std::string what = "cannot reshape " + ShapeText(x->shape()) + " (" +
                           std::to_string(x->num_elements()) + " elements) to " + ShapeText(shape);
  // op.reshape.c4 at run time: the element counts agree (-1 takes what is left).
  if (overflow) inv.FailConstraint(4, what);
  if (infer >= 0) {
    if (known == 0 || x->num_elements() % known != 0) inv.FailConstraint(4, what);
    shape[infer] = x->num_elements() / known;
  } else if (known != x->num_elements()) {
    inv.FailConstraint(4, what);
  }
  return Reshaped(inv, x, shape);
}

Value PermuteDims(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  const int rank = x->ndim();
  std::vector<int> axes;
  if (auto a = inv.attrs().IntList("axes")) {
    for (int64_t v : *a) axes.push_back(Norm(v, rank));
  } else {
    for (int i = rank - 1; i >= 0; --i) axes.push_back(i);
  }
  return Value::FromTensor(PermuteGather(inv, x, axes));
}

Value ExpandDims(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  std::vector<int64_t> axes = *inv.attrs().IntList("axis");
  const int out_rank = x->ndim() + static_cast<int>(axes.size());
  std::vector<bool> inserted(out_rank, false);
  for (int64_t a : axes) inserted[Norm(a, out_rank)] = true;
  std::vector<int64_t> shape;
  for (int i = 0, k = 0; i < out_rank; ++i) shape.push_back(inserted[i] ? 1 : x->shape()[k++]);
  return Reshaped(inv, x, shape);
}

Value Squeeze(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  const int rank = x->ndim();
  std::vector<bool> drop(rank, false);
  if (auto axes = inv.attrs().IntList("axis")) {
    for (int64_t a : *axes) {
      int ax = Norm(a, rank);
      // op.squeeze.c3 at run time
      if (x->shape()[ax] != 1) {
        inv.FailConstraint(3, "axis " + std::to_string(a) + " has extent " + std::to_string(x->shape()[ax]));
      }
      drop[ax] = true;
    }
  } else {
    for (int i = 0; i < rank; ++i) drop[i] = x->shape()[i] == 1;
  }
  std::vector<int64_t> shape;
  for (int i = 0; i < rank; ++i) {
    if (!drop[i]) shape.push_back(x->shape()[i]);
  }
  return Reshaped(inv, x, shape);
}

// concat and stack: copies each field's blocks in turn.
Value Join(OpInvocation& inv, bool stack) {
  std::vector<Tensor> xs = inv.TensorTupleArg("tensors");
  std::optional<int64_t> axis_attr = inv.attrs().OptInt("axis");
  std::vector<Tensor> parts;
  const int constraint = 4;
  if (!stack && !axis_attr) {
    // axis None: the fields are flattened and joined.
    for (const Tensor& t : xs) {
      Tensor flat = inv.Alloc(t->dtype(), {t->num_elements()});
      std::memcpy(flat->mutable_data(), t->data(), t->nbytes());
      parts.push_back(flat);
    }
    axis_attr = 0;
  } else {
    parts = xs;
  }
  const std::vector<int64_t>& first = parts[0]->shape();
  const int rank = static_cast<int>(first.size()) + (stack ? 1 : 0);
  const int axis = Norm(*axis_attr, rank);
  std::vector<int64_t> shape = first;
  if (stack) shape.insert(shape.begin() + axis, 0);
  else shape[axis] = 0;
  for (const Tensor& t : parts) {
    for (size_t d = 0; d < first.size(); ++d) {
      bool along = !stack && static_cast<int>(d) == axis;
      if (!along && t->shape()[d] != first[d]) {
        inv.FailConstraint(constraint, "field shapes " + ShapeText(first) + " and " +
                                           ShapeText(t->shape()) + " differ off the axis");
      }
    }
    if (t->ndim() != static_cast<int>(first.size())) inv.FailConstraint(2, "fields of different ranks");
    const int64_t add = stack ? 1 : t->shape()[axis];
    std::optional<int64_t> sum = CheckedAdd(shape[axis], add);
    if (!sum)
      inv.FailExtentOverflow("on axis " + std::to_string(axis) + " (" +
                             OverflowText(shape[axis], "+", add) + ")");
    shape[axis] = *sum;
  }
  Tensor out = inv.Alloc(parts[0]->dtype(), shape);
  // Empty: nothing to copy (outer may be huge when another extent is 0).
  if (out->num_elements() == 0) return Value::FromTensor(out);
  const size_t es = static_cast<size_t>(DataTypeBytes(out->dtype()));
  int64_t outer = 1, inner = 1;
  for (int i = 0; i < axis; ++i) outer *= shape[i];
  for (int i = axis + 1; i < rank; ++i) inner *= shape[i];
  uint8_t* o = out->mutable_data();
  int64_t offset = 0;  // along the axis
  for (const Tensor& t : parts) {
    const int64_t len = stack ? 1 : t->shape()[axis];
    if (len == 0) continue;  // an empty field: outer copies of nothing
    for (int64_t a = 0; a < outer; ++a) {
      std::memcpy(o + ((a * shape[axis] + offset) * inner) * es, t->data() + (a * len * inner) * es,
                  static_cast<size_t>(len * inner) * es);
    }
    offset += len;
  }
  return Value::FromTensor(out);
}

Value Split(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  const int axis = Norm(inv.attrs().Int("axis"), x->ndim());
  const int64_t n = x->shape()[axis];
  const AttrValue* ios = inv.attrs().Find("indices_or_sections");
  std::vector<int64_t> bounds{0};
  if (ios && ios->kind() == AttrValue::Kind::kInt) {
    const int64_t sections = ios->as_int();
    // op.split.c3 at run time: parts of ceil(n / sections), the last the rest (not negative).
    const int64_t size = sections < 1 ? 0 : n / sections + (n % sections != 0);
    if (sections < 1 || size * (sections - 1) > n) {
      inv.FailConstraint(3, "extent " + std::to_string(n) + " leaves no part for the last of " +
                                std::to_string(sections) + " sections of " + std::to_string(size));
    }
    for (int64_t k = 1; k < sections; ++k) bounds.push_back(size * k);
    bounds.push_back(n);
  } else {
    const std::vector<int64_t> indices = *inv.attrs().IntList("indices_or_sections");
    for (int64_t i : indices) bounds.push_back(std::min(std::max<int64_t>(i, 0), n));
    bounds.push_back(n);
  }
  std::vector<Value> parts;
  std::vector<int64_t> in_strides = RowMajorStrides(x->shape());
  for (size_t k = 0; k + 1 < bounds.size(); ++k) {
    const int64_t begin = bounds[k], end = std::max(bounds[k], bounds[k + 1]);
    std::vector<int64_t> shape = x->shape();
    shape[axis] = end - begin;
    parts.push_back(Value::FromTensor(Gather(inv, x, shape, [&](const std::vector<int64_t>& idx) {
      int64_t s = 0;
      for (size_t d = 0; d < idx.size(); ++d) {
        s += (static_cast<int>(d) == axis ? idx[d] + begin : idx[d]) * in_strides[d];
      }
      return s;
    })));
  }
  return Value::FromTuple(std::move(parts));
}

Value BroadcastTo(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  std::vector<int64_t> shape = inv.ShapeArg("shape");
  if (shape.size() < static_cast<size_t>(x->ndim())) {
    inv.FailConstraint(3, "cannot broadcast rank " + std::to_string(x->ndim()) + " to " + ShapeText(shape));
  }
  for (int64_t d : shape) {
    if (d < 0) inv.FailConstraint(5, "a target extent is " + std::to_string(d));
  }
  const size_t shift = shape.size() - x->ndim();
  for (int i = 0; i < x->ndim(); ++i) {
    int64_t d = x->shape()[i];
    if (d != 1 && d != shape[shift + i]) {
      inv.FailConstraint(4, "cannot broadcast " + ShapeText(x->shape()) + " to " + ShapeText(shape));
    }
  }
  std::vector<int64_t> strides = BroadcastStrides(x->shape(), shape);
  return Value::FromTensor(Gather(inv, x, shape, [&](const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (size_t d = 0; d < idx.size(); ++d) s += idx[d] * strides[d];
    return s;
  }));
}

Value Tile(OpInvocation& inv) {
  Tensor x = inv.TensorArg("data");
  std::vector<int64_t> reps = *inv.attrs().IntList("repeats");
  const size_t rank = std::max(reps.size(), static_cast<size_t>(x->ndim()));
  std::vector<int64_t> in_shape(rank - x->ndim(), 1), r(rank - reps.size(), 1);
  in_shape.insert(in_shape.end(), x->shape().begin(), x->shape().end());
  r.insert(r.end(), reps.begin(), reps.end());
  std::vector<int64_t> shape(rank), strides = RowMajorStrides(in_shape);
  for (size_t i = 0; i < rank; ++i) {
    std::optional<int64_t> d = CheckedMul(in_shape[i], r[i]);
    if (!d)
      inv.FailExtentOverflow("on axis " + std::to_string(i) + " (" +
                             OverflowText(in_shape[i], "*", r[i]) + ")");
    shape[i] = *d;
  }
  return Value::FromTensor(Gather(inv, x, shape, [&](const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (size_t d = 0; d < rank; ++d) s += (idx[d] % in_shape[d]) * strides[d];
    return s;
  }));
}

Value Repeat(OpInvocation& inv) {
  Tensor x = inv.TensorArg("data");
  const int64_t reps = inv.attrs().Int("repeats");
  std::optional<int64_t> axis = inv.attrs().OptInt("axis");
  Tensor src = x;
  int ax = 0;
  if (!axis) {
    src = inv.Alloc(x->dtype(), {x->num_elements()});
    std::memcpy(src->mutable_data(), x->data(), x->nbytes());
  } else {
    ax = Norm(*axis, x->ndim());
  }
  std::vector<int64_t> shape = src->shape(), strides = RowMajorStrides(src->shape());
  std::optional<int64_t> len = CheckedMul(shape[ax], reps);
  if (!len)
    inv.FailExtentOverflow("on axis " + std::to_string(ax) + " (" +
                           OverflowText(shape[ax], "*", reps) + ")");
  shape[ax] = *len;
  return Value::FromTensor(Gather(inv, src, shape, [&](const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (size_t d = 0; d < idx.size(); ++d) {
      s += (static_cast<int>(d) == ax ? idx[d] / reps : idx[d]) * strides[d];
    }
    return s;
  }));
}

Value Flip(OpInvocation& inv) {
  Tensor x = inv.TensorArg("data");
  const int ax = Norm(inv.attrs().Int("axis"), x->ndim());
  std::vector<int64_t> strides = RowMajorStrides(x->shape());
  return Value::FromTensor(Gather(inv, x, x->shape(), [&](const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (size_t d = 0; d < idx.size(); ++d) {
      s += (static_cast<int>(d) == ax ? x->shape()[d] - 1 - idx[d] : idx[d]) * strides[d];
    }
    return s;
  }));
}

Value Triangle(OpInvocation& inv, bool lower) {
  Tensor x = inv.TensorArg("x");
  const int64_t k = inv.IntArg("k");
  const int rank = x->ndim();
  int64_t i = 0;
  return Value::FromTensor(Gather(inv, x, x->shape(), [&](const std::vector<int64_t>& idx) {
    const int64_t row = idx[rank - 2], col = idx[rank - 1];
    const bool keep = lower ? col - row <= k : col - row >= k;
    return keep ? i++ : (i++, int64_t{-1});
  }));
}

}  // namespace

Value ManipulateKernel(OpInvocation& inv) {
  switch (inv.op().id) {
    case OpId::kReshape: return Reshape(inv);
    case OpId::kPermuteDims: return PermuteDims(inv);
    case OpId::kExpandDims: return ExpandDims(inv);
    case OpId::kSqueeze: return Squeeze(inv);
    case OpId::kFlatten: {
      Tensor x = inv.TensorArg("x");
      return Reshaped(inv, x, {x->num_elements()});
    }
    case OpId::kConcat: return Join(inv, false);
    case OpId::kStack: return Join(inv, true);
    case OpId::kSplit: return Split(inv);
    case OpId::kBroadcastTo: return BroadcastTo(inv);
    case OpId::kTile: return Tile(inv);
    case OpId::kRepeat: return Repeat(inv);
    case OpId::kFlip: return Flip(inv);
    case OpId::kTril: return Triangle(inv, true);
    case OpId::kTriu: return Triangle(inv, false);
    default: break;
  }
  RLX_UNREACHABLE("no kernel for R." + inv.op().name + " (kernel_registry.cc)");
}

}  // namespace rlx::interp
