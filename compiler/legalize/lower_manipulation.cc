// Lowerings of the shape-manipulation and indexing ops (spec §5.6, pass.legalize-ops). Every
// result element is a copy of one input element (or a zero, or NaN for take's "nan" mode), so
// each op is a block that computes, from the result's indices, the indices of the element it
// copies: the kernels' Gather (interpreter/kernels/manipulation*.cc). The constraints the
// checker left to run time (§5.6.0 "Symbolic constraints") become E3005 assertions in the
// prologue (eval.op.constraint), and take's out-of-range indices trap E3007 (eval.trap.index).
#include <climits>
#include <cmath>

#include "compiler/legalize/broadcast.h"
#include "compiler/legalize/prim_func_builder.h"
#include "ir/base/checked_int.h"

namespace rlx::compiler::legalize {
namespace {

using tir::Intrinsic;

// ---- Folding helpers: constants fold, so static shapes give plain indices; int64 `+ - *` wrap
// (eval.num.int-wrap), as the kernel would compute them. ----

bool IsConst(const Ref<PrimExpr>& e, int64_t v) { return e->is_int() && e->int_value == v; }

Ref<PrimExpr> FAdd(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (a->is_int() && b->is_int()) return I64(WrappingAdd(a->int_value, b->int_value));
  if (IsConst(a, 0)) return b;
  if (IsConst(b, 0)) return a;
  return Add(a, b);
}
Ref<PrimExpr> FSub(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (a->is_int() && b->is_int()) return I64(WrappingSub(a->int_value, b->int_value));
  if (IsConst(b, 0)) return a;
  return Sub(a, b);
}
Ref<PrimExpr> FMul(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (a->is_int() && b->is_int()) return I64(WrappingMul(a->int_value, b->int_value));
  if (IsConst(a, 0) || IsConst(b, 0)) return I64(0);  // index arithmetic: no loads to keep
  if (IsConst(a, 1)) return b;
  if (IsConst(b, 1)) return a;
  return Mul(a, b);
}
Ref<PrimExpr> FMin(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (a->is_int() && b->is_int()) return I64(std::min(a->int_value, b->int_value));
  return Bin(PrimKind::kMin, a, b);
}
Ref<PrimExpr> FMax(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (a->is_int() && b->is_int()) return I64(std::max(a->int_value, b->int_value));
  return Bin(PrimKind::kMax, a, b);
}
// A divisor that is at least 1: a zero extent (whose block never runs, or whose access traps
// E3007 anyway) must not turn an index computation into a division by zero (E3006).
Ref<PrimExpr> AtLeastOne(const Ref<PrimExpr>& d) { return FMax(d, I64(1)); }
// Floor division and modulo of constants (d != 0).
int64_t FloorDivOf(int64_t a, int64_t d) {
  if (d == -1) return WrappingSub(0, a);  // INT64_MIN // -1 wraps, as the kernel computes it
  return a / d - ((a % d != 0) && ((a < 0) != (d < 0)));
}
Ref<PrimExpr> FDiv(const Ref<PrimExpr>& a, const Ref<PrimExpr>& d) {
  if (IsConst(d, 1)) return a;
  if (a->is_int() && d->is_int() && d->int_value != 0) return I64(FloorDivOf(a->int_value, d->int_value));
  return Bin(PrimKind::kFloorDiv, a, d);
}
Ref<PrimExpr> FMod(const Ref<PrimExpr>& a, const Ref<PrimExpr>& d) {
  if (IsConst(d, 1)) return I64(0);
  if (a->is_int() && d->is_int() && d->int_value != 0) {
    return I64(WrappingSub(a->int_value, WrappingMul(FloorDivOf(a->int_value, d->int_value), d->int_value)));
  }
  return Bin(PrimKind::kFloorMod, a, d);
}

// The element count of `shape`: the constant factor first, then the symbolic ones in order.
Ref<PrimExpr> Prod(const Indices& shape) {
  int64_t c = 1;
  Ref<PrimExpr> sym;
  for (const auto& d : shape) {
    if (d->is_int()) c *= d->int_value;
    else sym = sym ? Mul(sym, d) : d;
  }
  if (!sym) return I64(c);
  return c == 1 ? sym : Mul(I64(c), sym);
}

// The row-major offset of `idx` in `shape` (§5.6.0 "Row-major order").
Ref<PrimExpr> Flat(const Indices& shape, const Indices& idx) {
  Ref<PrimExpr> acc = I64(0);
  for (size_t a = 0; a < shape.size(); ++a) acc = FAdd(FMul(acc, shape[a]), idx[a]);
  return acc;
}

// The indices in `shape` of the row-major offset `flat`. Where the offset may lie outside the
// shape (`safe`: take), every divisor is kept >= 1 so that the access, not the index, traps;
// elsewhere the block runs only when every extent is >= 1 (a literal 0 is still avoided).
Indices Unflat(const Indices& shape, const Ref<PrimExpr>& flat, bool safe = false) {
  auto divisor = [safe](const Ref<PrimExpr>& d) {
    return safe || IsConst(d, 0) ? AtLeastOne(d) : d;
  };
  Indices idx(shape.size());
  Ref<PrimExpr> stride = I64(1);
  for (size_t a = shape.size(); a-- > 0;) {
    Ref<PrimExpr> q = FDiv(flat, divisor(stride));
    idx[a] = a == 0 ? q : FMod(q, divisor(shape[a]));
    stride = FMul(stride, shape[a]);
  }
  return idx;
}

Ref<PrimExpr> Eq(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (SameTerm(a, b)) return Const(1, DataType::kBool);
  if (a->is_int() && b->is_int()) return Const(a->int_value == b->int_value, DataType::kBool);
  return Bin(PrimKind::kEQ, a, b);
}

// A runtime check of constraint `rule` (eval.op.constraint: E3005), unless it folds to true.
void Require(PrimFuncBuilder& b, const Ref<PrimExpr>& cond, const std::string& op,
             const std::string& rule, const std::string& what) {
  if (cond->is_int() && cond->int_value != 0) return;
  b.Prologue(tir::AssertStmt::Make(cond, "E3005: R." + op + ": " + rule + ": " + what));
}

int Norm(int64_t axis, size_t rank) {
  return static_cast<int>(axis < 0 ? axis + static_cast<int64_t>(rank) : axis);
}

// The int64 value of a prim argument (a PrimValue, or a variable whose Prim struct info has
// a value) in PrimFunc terms, or nullptr.
Ref<PrimExpr> Int64PrimArg(const LowerRequest& r, PrimFuncBuilder& b, const Ref<Expr>& arg) {
  Ref<PrimExpr> value = r.PrimValueOf(arg);
  if (!value || IsFloat(value->dtype)) return nullptr;
  Ref<PrimExpr> v = b.Map(value);
  return v ? CastTo(DataType::kInt64, v) : nullptr;
}

// x[src(i)] over the result's shape: the common form of the ops that move elements.
std::optional<Lowered> Gather(PrimFuncBuilder& b, const std::string& op, const std::string& block,
                              const Ref<tir::Buffer>& x, const TensorStructInfo& out,
                              const std::function<Indices(const Indices&)>& src) {
  Ref<tir::Buffer> o = b.Output(block, out);
  b.Compute(block, o, [&](const Indices& i) { return b.Load(x, src(i)); });
  return b.Finish(op);
}

// ---- reshape, flatten, expand_dims, squeeze: the same elements under another shape. ----

std::optional<Lowered> LowerReshapeLike(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  Ref<tir::Buffer> o = b.Output(r.op.id == OpId::kSqueeze ? "T_squeeze" : "T_reshape", *out);
  const Indices& xs = x->shape;
  std::function<Indices(const Indices&)> src;
  if (r.op.id == OpId::kExpandDims) {
    // The result's indices without the inserted axes.
    std::vector<bool> inserted(o->ndim(), false);
    const std::vector<int64_t> axes = r.attrs().IntList("axis").value_or(std::vector<int64_t>{});
    for (int64_t a : axes) inserted[Norm(a, o->ndim())] = true;
    src = [inserted](const Indices& i) {
      Indices j;
      for (size_t a = 0; a < i.size(); ++a) {
        if (!inserted[a]) j.push_back(i[a]);
      }
      return j;
    };
  } else if (r.op.id == OpId::kSqueeze && r.attrs().IntList("axis")) {
    // The result's indices with 0 on the removed axes, each checked to be of extent 1.
    std::vector<bool> drop(xs.size(), false);
    const std::vector<int64_t> axes = *r.attrs().IntList("axis");
    for (int64_t a : axes) {
      const int ax = Norm(a, xs.size());
      drop[ax] = true;
      Require(b, Eq(xs[ax], I64(1)), "squeeze", "op.squeeze.c3",
              "axis " + std::to_string(a) + " does not have extent 1");
    }
    src = [drop](const Indices& i) {
      Indices j;
      for (size_t a = 0, k = 0; a < drop.size(); ++a) j.push_back(drop[a] ? I64(0) : i[k++]);
      return j;
    };
  } else {
    // op.reshape.c4 at run time: the element counts agree (also with an inferred -1).
    if (r.op.id == OpId::kReshape) {
      Require(b, Eq(Prod(xs), Prod(o->shape)), "reshape", "op.reshape.c4",
              "the element count is not kept");
    }
    Indices os = o->shape;
    src = [xs, os](const Indices& i) { return Unflat(xs, Flat(os, i)); };
  }
  b.Compute(o->name, o, [&](const Indices& i) { return b.Load(x, src(i)); });
  return b.Finish(r.op.name);
}

std::optional<Lowered> LowerPermuteDims(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  const size_t rank = xt->ndim;
  std::vector<int> axes;
  if (auto a = r.attrs().IntList("axes")) {
    for (int64_t v : *a) axes.push_back(Norm(v, rank));
  } else {
    for (size_t i = rank; i-- > 0;) axes.push_back(static_cast<int>(i));
  }
  return Gather(b, r.op.name, "T_transpose", x, *out, [&](const Indices& i) {
    Indices j(rank);
    for (size_t k = 0; k < rank; ++k) j[axes[k]] = i[k];
    return j;
  });
}

// ---- concat, stack: each field copied by its own block into its place in the result. ----

// The fields of a `tuple` argument with their struct info: a Tuple's, or projections of a
// tuple variable.
std::vector<std::pair<Ref<Expr>, const TensorStructInfo*>> Fields(const Ref<Expr>& tuple,
                                                                  const LowerRequest& r) {
  std::vector<std::pair<Ref<Expr>, const TensorStructInfo*>> out;
  if (auto t = As<Tuple>(tuple)) {
    for (const auto& f : t->fields) out.push_back({f, r.TensorOf(f)});
    return out;
  }
  auto s = tuple ? As<TupleStructInfo>(r.SInfo(tuple)) : nullptr;
  if (!s) return out;
  for (size_t i = 0; i < s->fields.size(); ++i) {
    auto t = As<TensorStructInfo>(s->fields[i]);
    out.push_back({TupleGetItem::Make(tuple, static_cast<int>(i)), t ? t.get() : nullptr});
  }
  return out;
}

std::optional<Lowered> LowerJoin(const LowerRequest& r) {
  const bool stack = r.op.id == OpId::kStack;
  const TensorStructInfo* out = r.ResultTensor();
  const auto fields = Fields(r.Arg("tensors"), r);
  if (!out || fields.empty()) return std::nullopt;
  PrimFuncBuilder b;
  std::vector<Ref<tir::Buffer>> xs;
  for (size_t f = 0; f < fields.size(); ++f) {
    const auto& [e, t] = fields[f];
    // A field of unknown rank or of another dtype (void) cannot be copied as it is.
    if (!t || t->ndim < 0 || t->dtype != out->dtype) return std::nullopt;
    std::string param = "x";  // (not "x" + to_string: GCC 12's false -Wrestrict)
    param += std::to_string(f);
    xs.push_back(b.Input(param, e, *t));
  }
  const std::string name = stack ? "T_stack" : "T_concat";
  Ref<tir::Buffer> o = b.Output(name, *out);
  const std::optional<int64_t> axis_attr = r.attrs().OptInt("axis");
  const bool flat = !stack && !axis_attr;
  const int axis = flat ? 0 : Norm(axis_attr.value_or(0), o->ndim());
  // op.concat.c4 / op.stack.c4 at run time: extents off the axis are field 0's.
  if (!flat) {
    for (size_t f = 1; f < xs.size(); ++f) {
      if (xs[f]->ndim() != xs[0]->ndim()) return std::nullopt;
      for (size_t d = 0; d < xs[f]->ndim(); ++d) {
        if (!stack && static_cast<int>(d) == axis) continue;
        Require(b, Eq(xs[f]->shape[d], xs[0]->shape[d]), r.op.name,
                stack ? "op.stack.c4" : "op.concat.c4",
                "field " + std::to_string(f) + " differs from field 0 on axis " + std::to_string(d));
      }
    }
  }
  Ref<PrimExpr> offset = I64(0);  // along the axis
  for (size_t f = 0; f < xs.size(); ++f) {
    const Ref<tir::Buffer>& x = xs[f];
    b.Block(name, x->shape, {}, [&](const Indices& i, const Indices&) {
      Indices j;
      if (flat) {
        j = {FAdd(offset, Flat(x->shape, i))};
      } else if (stack) {
        j = i;
        j.insert(j.begin() + axis, I64(static_cast<int64_t>(f)));
      } else {
        j = i;
        j[axis] = FAdd(offset, i[axis]);
      }
      return std::vector<Store>{{o, j, b.Load(x, i)}};
    });
    if (!stack) offset = FAdd(offset, flat ? Prod(x->shape) : x->shape[axis]);
  }
  return b.Finish(r.op.name);
}

// ---- split: one output buffer per part. ----

std::optional<Lowered> LowerSplit(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("x");
  auto parts = As<TupleStructInfo>(r.result);
  if (!xt || !parts) return std::nullopt;
  std::vector<const TensorStructInfo*> outs;
  for (const auto& f : parts->fields) {
    auto t = As<TensorStructInfo>(f);
    if (!t || !t->dims() || t->dtype == DataType::kVoid) return std::nullopt;
    outs.push_back(t.get());
  }
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  const int axis = Norm(r.attrs().Int("axis"), x->ndim());
  const Ref<PrimExpr> n = x->shape[axis];
  // The first index of each part on the axis, as the kernel bounds them.
  Indices begins;
  const OpAttrs attrs = r.attrs();
  const AttrValue* ios = attrs.Find("indices_or_sections");
  if (ios && ios->kind() == AttrValue::Kind::kInt) {
    const int64_t sections = ios->as_int();
    // An uneven split of a symbolic extent leaves op.split.c3 to run time, but its last part's
    // extent, d - ceil(d / n) * (n - 1), is allocated (as out_sinfo) before the PrimFunc runs:
    // negative, it would trap E3012 there instead of E3005. Such a call is kept.
    for (const TensorStructInfo* t : outs) {
      if (!n->is_int() && !SameTerm((*t->dims())[axis], (*outs[0]->dims())[axis])) {
        return std::nullopt;
      }
    }
    // ceil(n / sections), n >= 0
    Ref<PrimExpr> size = sections == 1 ? n : FDiv(FAdd(n, I64(sections - 1)), I64(sections));
    for (int64_t k = 0; k < sections; ++k) begins.push_back(FMul(size, I64(k)));
    // op.split.c3 at run time: the last part is not negative.
    Ref<PrimExpr> last = FMul(size, I64(sections - 1));
    Ref<PrimExpr> ok = last->is_int() && n->is_int()
                           ? Const(last->int_value <= n->int_value, DataType::kBool)
                           : Bin(PrimKind::kLE, last, n);
    Require(b, ok, "split", "op.split.c3", "the sections leave no part for the last");
  } else {
    begins.push_back(I64(0));
    const std::vector<int64_t> indices = *attrs.IntList("indices_or_sections");
    for (int64_t i : indices) begins.push_back(FMin(I64(i), n));
  }
  if (begins.size() != outs.size()) return std::nullopt;
  for (size_t k = 0; k < outs.size(); ++k) {
    Ref<tir::Buffer> o = b.Output("T_split", *outs[k]);
    const Ref<PrimExpr> begin = begins[k];
    b.Compute("T_split", o, [&](const Indices& i) {
      Indices j = i;
      j[axis] = FAdd(i[axis], begin);
      return b.Load(x, j);
    });
  }
  // out_sinfo of several outputs is the tuple of them (op.call_tir.c3): always a tuple here, also
  // of one part, as split's result is.
  Lowered l = b.Finish("split");
  l.outputs = {TupleStructInfo::Make(std::move(l.outputs))};
  return l;
}

// ---- strided_slice ----

// The fields of a prim_tuple argument (a Tuple of PrimValues or variables, or a variable).
std::vector<Ref<Expr>> PrimFields(const Ref<Expr>& e) {
  if (auto t = As<Tuple>(e)) return t->fields;
  return {};
}

std::optional<Lowered> LowerStridedSlice(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  const Ref<Expr> strides_arg = r.Arg("strides");
  std::vector<Ref<Expr>> axes = PrimFields(r.Arg("axes")), begin = PrimFields(r.Arg("begin")),
                         end = PrimFields(r.Arg("end")), strides = PrimFields(strides_arg);
  if (strides_arg && !As<Tuple>(strides_arg)) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  const size_t rank = x->ndim();
  Indices start(rank, I64(0)), step(rank, I64(1));
  for (size_t k = 0; k < axes.size(); ++k) {
    Ref<PrimExpr> a = Int64PrimArg(r, b, axes[k]);
    if (!a || !a->is_int() || k >= begin.size()) return std::nullopt;
    const int ax = Norm(a->int_value, rank);
    const Ref<PrimExpr> n = x->shape[ax];
    Ref<PrimExpr> bv = Int64PrimArg(r, b, begin[k]);
    Ref<PrimExpr> s = k < strides.size() ? Int64PrimArg(r, b, strides[k]) : I64(1);
    // A symbolic stride leaves op.strided_slice.c4 to run time, but the result's extent (the
    // call's out_sinfo, evaluated before the PrimFunc runs) divides by it: a zero stride would
    // trap E3006 there instead of E3005. Such a call is kept.
    if (!bv || !s || !s->is_int()) return std::nullopt;
    // numpy basic slicing: a negative begin counts from the end, then it is clamped.
    Ref<PrimExpr> normed = bv->is_int() ? (bv->int_value < 0 ? FAdd(bv, n) : bv)
                                        : PrimExpr::Select(Bin(PrimKind::kLT, bv, I64(0)),
                                                           Add(bv, n), bv);
    Ref<PrimExpr> up = FMin(FMax(normed, I64(0)), n);
    Ref<PrimExpr> down = FMin(FMax(normed, I64(-1)), FSub(n, I64(1)));
    if (s->is_int()) start[ax] = s->int_value > 0 ? up : down;
    else start[ax] = PrimExpr::Select(Bin(PrimKind::kGT, s, I64(0)), up, down);
    step[ax] = s;
  }
  return Gather(b, r.op.name, "T_strided_slice", x, *out, [&](const Indices& i) {
    Indices j(rank);
    for (size_t d = 0; d < rank; ++d) j[d] = FAdd(start[d], FMul(i[d], step[d]));
    return j;
  });
}

// ---- take (eval.trap.index) ----

std::optional<Lowered> LowerTake(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  Ref<tir::Buffer> ind;
  Ref<PrimExpr> scalar;  // a Prim index: a 0-d tensor
  DataType idt;
  if (const TensorStructInfo* it = r.Tensor("indices")) {
    ind = b.Input("indices", r.Arg("indices"), *it);
    idt = it->dtype;
  } else {
    auto p = As<PrimStructInfo>(r.SInfo(r.Arg("indices")));
    if (!p || !p->value || (scalar = b.Map(p->value)) == nullptr) return std::nullopt;
    idt = scalar->dtype;
  }
  if (IsFloat(idt) || idt == DataType::kBool) return std::nullopt;
  const std::optional<int64_t> axis_attr = r.attrs().OptInt("axis");
  const std::string mode = r.attrs().Str("mode");
  const int axis = axis_attr ? Norm(*axis_attr, x->ndim()) : 0;
  const Ref<PrimExpr> n = axis_attr ? x->shape[axis] : Prod(x->shape);
  const size_t q = ind ? ind->ndim() : 0;
  const bool nan = mode == "nan" && IsFloat(xt->dtype);
  Ref<tir::Buffer> o = b.Output("T_take", *out);
  b.Compute("T_take", o, [&](const Indices& i) {
    Ref<PrimExpr> k = scalar;
    if (ind) k = b.Load(ind, Indices(i.begin() + axis, i.begin() + axis + q));
    k = CastTo(DataType::kInt64, k);
    // A uint64 index above 2^63 - 1 is a large positive index, as in the kernel.
    if (idt == DataType::kUInt64) {
      k = PrimExpr::Select(Bin(PrimKind::kLT, k, I64(0)), I64(INT64_MAX), k);
    }
    // "fast" (and "nan" on a non-float x) reads k itself: outside [0, n) the access traps
    // E3007 (tir.eval.bounds). "clip" and "wrap" with n = 0 read index -1 or 0 of an empty
    // axis: E3007 as well.
    if (mode == "clip") k = FMin(FMax(k, I64(0)), FSub(n, I64(1)));
    if (mode == "wrap") k = Bin(PrimKind::kFloorMod, k, AtLeastOne(n));
    Indices j;
    if (axis_attr) {
      j.assign(i.begin(), i.begin() + axis);
      j.push_back(k);
      j.insert(j.end(), i.begin() + axis + q, i.end());
    } else {
      j = Unflat(x->shape, k, /*safe=*/true);
    }
    Ref<PrimExpr> v = b.Load(x, j);
    if (!nan) return v;
    // "nan" on a float x: NaN outside [0, n), without reading x (if_then_else is lazy).
    Ref<PrimExpr> in_range =
        Bin(PrimKind::kAnd, Bin(PrimKind::kGE, k, I64(0)), Bin(PrimKind::kLT, k, n));
    return Intrin(Intrinsic::kIfThenElse, {in_range, v, Const(std::nan(""), xt->dtype)});
  });
  return b.Finish("take");
}

// ---- broadcast_to, tile, repeat, flip, tril, triu ----

std::optional<Lowered> LowerBroadcastTo(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  Ref<tir::Buffer> o = b.Output("T_broadcast_to", *out);
  // op.broadcast_to.c4 at run time: BroadcastIndex asserts each extent is 1 or the target's.
  b.Compute("T_broadcast_to", o, [&](const Indices& i) {
    return b.Load(x, BroadcastIndex(b, x, o->shape, i, "broadcast_to"));
  });
  return b.Finish("broadcast_to");
}

std::optional<Lowered> LowerTile(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("data");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("data", r.Arg("data"), *xt);
  const std::vector<int64_t> reps = *r.attrs().IntList("repeats");
  const size_t rank = std::max(reps.size(), x->ndim());
  const size_t lead = rank - x->ndim();
  return Gather(b, "tile", "T_tile", x, *out, [&](const Indices& i) {
    Indices j;
    for (size_t d = 0; d < x->ndim(); ++d) {
      // The axis's repeat count: reps padded on the left with 1 to the rank.
      const size_t ax = d + lead, pad = rank - reps.size();
      const bool once = ax < pad || reps[ax - pad] == 1;
      j.push_back(once ? i[d + lead] : FMod(i[d + lead], IsConst(x->shape[d], 0) ? I64(1) : x->shape[d]));
    }
    return j;
  });
}

std::optional<Lowered> LowerRepeat(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("data");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("data", r.Arg("data"), *xt);
  const int64_t reps = r.attrs().Int("repeats");
  const std::optional<int64_t> axis = r.attrs().OptInt("axis");
  // reps = 0: the result is empty and its block never runs.
  const Ref<PrimExpr> per = I64(std::max<int64_t>(reps, 1));
  return Gather(b, "repeat", "T_repeat", x, *out, [&](const Indices& i) {
    if (!axis) return Unflat(x->shape, FDiv(i[0], per));
    Indices j = i;
    const int ax = Norm(*axis, x->ndim());
    j[ax] = FDiv(i[ax], per);
    return j;
  });
}

std::optional<Lowered> LowerFlip(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("data");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("data", r.Arg("data"), *xt);
  const int ax = Norm(r.attrs().Int("axis"), x->ndim());
  return Gather(b, "flip", "T_reverse_sequence", x, *out, [&](const Indices& i) {
    Indices j = i;
    j[ax] = FSub(FSub(x->shape[ax], I64(1)), i[ax]);
    return j;
  });
}

std::optional<Lowered> LowerTriangle(const LowerRequest& r) {
  const bool lower = r.op.id == OpId::kTril;
  const TensorStructInfo* xt = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out || xt->ndim < 2) return std::nullopt;
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  Ref<PrimExpr> k = r.Arg("k") ? Int64PrimArg(r, b, r.Arg("k")) : I64(0);
  if (!k) return std::nullopt;
  Ref<tir::Buffer> o = b.Output("trilu", *out);
  b.Compute("trilu", o, [&](const Indices& i) {
    const size_t n = i.size();
    Ref<PrimExpr> diff = Sub(i[n - 1], i[n - 2]);  // column - row
    Ref<PrimExpr> keep = Bin(lower ? PrimKind::kLE : PrimKind::kGE, diff, k);
    // A bool x: kept and true (T.Select(c, v, False) would read back as int32).
    if (xt->dtype == DataType::kBool) return Bin(PrimKind::kAnd, keep, b.Load(x, i));
    return PrimExpr::Select(keep, b.Load(x, i), Const(0, xt->dtype));
  });
  return b.Finish(r.op.name);
}

}  // namespace

std::optional<Lowered> LowerManipulation(const LowerRequest& r) {
  switch (r.op.id) {
    case OpId::kReshape:
    case OpId::kFlatten:
    case OpId::kExpandDims:
    case OpId::kSqueeze: return LowerReshapeLike(r);
    case OpId::kPermuteDims: return LowerPermuteDims(r);
    case OpId::kConcat:
    case OpId::kStack: return LowerJoin(r);
    case OpId::kSplit: return LowerSplit(r);
    case OpId::kStridedSlice: return LowerStridedSlice(r);
    case OpId::kTake: return LowerTake(r);
    case OpId::kBroadcastTo: return LowerBroadcastTo(r);
    case OpId::kTile: return LowerTile(r);
    case OpId::kRepeat: return LowerRepeat(r);
    case OpId::kFlip: return LowerFlip(r);
    case OpId::kTril:
    case OpId::kTriu: return LowerTriangle(r);
    default: break;
  }
  return std::nullopt;
}

}  // namespace rlx::compiler::legalize
