// Lowerings of the reductions, arg-reductions and scans (spec §5.4, pass.legalize-ops). Each
// computes what interpreter/kernels/reduction.cc computes, in the same order and dtypes:
// floats accumulate in a float64 scratch buffer in increasing row-major order of the reduced
// indices and are rounded once by a final block (eval.num.reduce); integers wrap in their
// dtype (the same values as 64-bit wrapping accumulation, eval.num.int-wrap); the empty-set
// traps are prologue assertions (eval.trap.value, eval.num.reduce).
#include "compiler/legalize/prim_func_builder.h"

namespace rlx::compiler::legalize {
namespace {

using tir::Intrinsic;

Ref<PrimExpr> ToF64(const Ref<PrimExpr>& e) {
  return e->is_int() ? F64(static_cast<double>(e->int_value)) : CastTo(kF64, e);
}
Ref<PrimExpr> Bool(bool v) { return PrimExpr::Int(v, DataType::kBool); }
Ref<PrimExpr> And(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kAnd, a, b); }
Ref<PrimExpr> Or(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kOr, a, b); }
Ref<PrimExpr> Div(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kTruncDiv, a, b); }

// The product of int64 extents, constants folded (1 for none).
Ref<PrimExpr> Product(const Indices& es) {
  int64_t c = 1;
  Ref<PrimExpr> sym;
  for (const auto& e : es) {
    if (e->is_int()) c *= e->int_value;
    else sym = sym ? Mul(sym, e) : e;
  }
  if (!sym || c == 0) return I64(c);
  return c == 1 ? sym : Mul(sym, I64(c));
}

// Which axes of x are reduced (§5.4.0), and the extents of the kept and the reduced ones.
struct Plan {
  std::vector<bool> reduced;
  Indices kept, red;
  bool keepdims = false;

  // x's indices from the block's spatial (kept) and reduce indices.
  Indices XIndex(const Indices& s, const Indices& k) const {
    Indices idx;
    size_t si = 0, ki = 0;
    for (bool r : reduced) idx.push_back(r ? k[ki++] : s[si++]);
    return idx;
  }
  // The result's indices: the kept indices, with 0 for each reduced axis under keepdims.
  Indices OutIndex(const Indices& s) const {
    Indices idx;
    size_t si = 0;
    for (bool r : reduced) {
      if (!r) idx.push_back(s[si++]);
      else if (keepdims) idx.push_back(I64(0));
    }
    return idx;
  }
  // Zeros for the reduce indices (the first element of each reduced set).
  Indices First() const { return Indices(red.size(), I64(0)); }
};

Plan MakePlan(const Ref<tir::Buffer>& x, const std::optional<std::vector<int64_t>>& axes,
              bool keepdims) {
  const int64_t rank = static_cast<int64_t>(x->ndim());
  Plan p;
  p.keepdims = keepdims;
  p.reduced.assign(rank, !axes.has_value());
  if (axes) {
    for (int64_t a : *axes) p.reduced[a < 0 ? a + rank : a] = true;
  }
  for (int64_t a = 0; a < rank; ++a) (p.reduced[a] ? p.red : p.kept).push_back(x->shape[a]);
  return p;
}

// eval.num.reduce / eval.num.argmax: trap `message` (which starts with its code) when a reduced
// set is empty while the result is not: assert(all reduced extents != 0 or some kept one == 0).
void EmptySetTrap(PrimFuncBuilder& b, const Plan& p, const std::string& message) {
  Ref<PrimExpr> nonempty_set;  // null: true
  bool set_empty = false;
  for (const auto& e : p.red) {
    if (e->is_int()) {
      set_empty |= e->int_value == 0;
      continue;
    }
    Ref<PrimExpr> t = Bin(PrimKind::kNE, e, I64(0));
    nonempty_set = nonempty_set ? And(nonempty_set, t) : t;
  }
  if (!set_empty && !nonempty_set) return;  // never empty
  Ref<PrimExpr> ok = set_empty ? nullptr : nonempty_set;
  for (const auto& e : p.kept) {
    if (e->is_int()) {
      if (e->int_value == 0) return;  // the result is always empty
      continue;
    }
    Ref<PrimExpr> t = Bin(PrimKind::kEQ, e, I64(0));
    ok = ok ? Or(ok, t) : t;
  }
  b.Prologue(tir::AssertStmt::Make(ok ? ok : Bool(false), message));
}

// The fold step of sum / prod / max / min on dtype t (bool: or / and).
Ref<PrimExpr> Fold(OpId id, const Ref<PrimExpr>& acc, const Ref<PrimExpr>& v, DataType t) {
  const bool is_bool = t == DataType::kBool;
  switch (id) {
    case OpId::kProd: return is_bool ? And(acc, v) : Mul(acc, v);
    case OpId::kMax: return is_bool ? Or(acc, v) : Bin(PrimKind::kMax, acc, v);
    case OpId::kMin: return is_bool ? And(acc, v) : Bin(PrimKind::kMin, acc, v);
    default: return is_bool ? Or(acc, v) : Add(acc, v);
  }
}

// One reduction's lowering: x, the result, the plan.
struct Reducer {
  const LowerRequest& r;
  PrimFuncBuilder& b;
  Ref<tir::Buffer> x, out;
  Plan p;
  std::string name;  // "T_sum"

  Ref<PrimExpr> X(const Indices& s, const Indices& k) { return b.Load(x, p.XIndex(s, k)); }
  // N, the count of each reduced set.
  Ref<PrimExpr> Count() const { return Product(p.red); }

  // acc[s] = fold(acc[s], f(x)) over the reduced set; the identity `init` first — by a block of
  // its own when it is not 0, since T.init does not run for an empty set and buffers start at 0.
  void Accumulate(const std::string& block, const Ref<tir::Buffer>& acc, OpId id,
                  const Ref<PrimExpr>& init,
                  const std::function<Ref<PrimExpr>(const Ref<PrimExpr>&)>& f) {
    const bool zero_init = id != OpId::kProd;
    if (!zero_init) {
      b.Block(block + "_init", p.kept, {}, [&](const Indices& s, const Indices&) {
        return std::vector<Store>{{acc, AccIndex(acc, s), init}};
      });
    }
    b.Block(
        block, p.kept, p.red,
        [&](const Indices& s, const Indices& k) {
          Indices ai = AccIndex(acc, s);
          return std::vector<Store>{{acc, ai, Fold(id, b.Load(acc, ai), f(X(s, k)), acc->dtype)}};
        },
        zero_init ? BuilderInit(acc, init) : nullptr);
  }

  // The accumulator's indices: the result's when it is the result, else the kept ones.
  Indices AccIndex(const Ref<tir::Buffer>& acc, const Indices& s) const {
    return acc == out ? p.OutIndex(s) : s;
  }
  PrimFuncBuilder::InitFn BuilderInit(const Ref<tir::Buffer>& acc, const Ref<PrimExpr>& v) {
    return [this, acc, v](const Indices& s) { return std::vector<Store>{{acc, AccIndex(acc, s), v}}; };
  }

  // out[s] = f(s) over the kept extents.
  void Final(const std::function<Ref<PrimExpr>(const Indices&)>& f) {
    b.Block(name, p.kept, {}, [&](const Indices& s, const Indices&) {
      return std::vector<Store>{{out, p.OutIndex(s), f(s)}};
    });
  }
};

// sum, prod, mean, variance, std on floats, and variance, std on integers: a float64
// accumulator (eval.num.reduce).
void LowerFloat64(Reducer& R, OpId id, DataType t) {
  PrimFuncBuilder& b = R.b;
  Ref<tir::Buffer> acc = b.Scratch(id == OpId::kProd ? "prod" : "sum", kF64, R.p.kept);
  R.Accumulate(R.name + "_red", acc, id, F64(id == OpId::kProd ? 1 : 0), ToF64);
  const Ref<PrimExpr> n = ToF64(R.Count());
  if (id == OpId::kVariance || id == OpId::kStd) {
    // The float64 mean, not rounded; then the squared deviations summed in the same order.
    Ref<tir::Buffer> dev = b.Scratch("dev", kF64, R.p.kept);
    b.Block(
        R.name + "_dev", R.p.kept, R.p.red,
        [&](const Indices& s, const Indices& k) {
          Ref<PrimExpr> d = Sub(ToF64(R.X(s, k)), Div(b.Load(acc, s), n));
          return std::vector<Store>{{dev, s, Add(b.Load(dev, s), Mul(d, d))}};
        },
        R.BuilderInit(dev, F64(0)));
    R.Final([&](const Indices& s) {
      Ref<PrimExpr> var = Div(b.Load(dev, s), n);
      return CastTo(t, id == OpId::kStd ? Intrin(Intrinsic::kSqrt, {var}) : var);
    });
    return;
  }
  R.Final([&](const Indices& s) {
    Ref<PrimExpr> v = b.Load(acc, s);
    return CastTo(t, id == OpId::kMean ? Div(v, n) : v);
  });
}

// The integer mean: the exact mean rounded toward zero (spec §5.4 R.mean), without a 128-bit
// sum: each element is split as x = (x / N) * N + x % N, and the quotients and the remainders
// are summed apart, the remainder kept in (-N, N) by carrying into the quotient.
void LowerIntMean(Reducer& R, DataType t) {
  PrimFuncBuilder& b = R.b;
  const bool is_signed = IsSignedInt(t);
  const DataType a = is_signed ? DataType::kInt64 : DataType::kUInt64;
  Ref<tir::Buffer> q = b.Scratch("quot", a, R.p.kept);
  Ref<tir::Buffer> rem = b.Scratch("rem", a, R.p.kept);
  const Ref<PrimExpr> n = CastTo(a, R.Count());
  auto c = [&](int64_t v) { return PrimExpr::Int(v, a); };
  b.Block(
      R.name + "_red", R.p.kept, R.p.red,
      [&](const Indices& s, const Indices& k) {
        Ref<PrimExpr> v = CastTo(a, R.X(s, k));
        Ref<PrimExpr> sum = Add(b.Load(rem, s), Bin(PrimKind::kTruncMod, v, n));
        Ref<PrimExpr> carry = PrimExpr::Select(Bin(PrimKind::kGE, sum, n), c(1), c(0));
        if (is_signed) {
          Ref<PrimExpr> neg_n = n->is_int() ? c(-n->int_value) : Sub(c(0), n);
          carry = PrimExpr::Select(Bin(PrimKind::kLE, sum, neg_n), c(-1), carry);
        }
        return std::vector<Store>{{q, s, Add(Add(b.Load(q, s), Div(v, n)), carry)},
                                  {rem, s, Sub(sum, Mul(carry, n))}};
      },
      [&](const Indices& s) {
        return std::vector<Store>{{q, s, c(0)}, {rem, s, c(0)}};
      });
  R.Final([&](const Indices& s) {
    Ref<PrimExpr> qv = b.Load(q, s);
    if (!is_signed) return CastTo(t, qv);
    // sum = q * N + r with |r| < N: truncation moves q toward zero when r has the other sign.
    Ref<PrimExpr> rv = b.Load(rem, s);
    Ref<PrimExpr> adj = PrimExpr::Select(
        And(Bin(PrimKind::kGT, qv, c(0)), Bin(PrimKind::kLT, rv, c(0))), c(-1),
        PrimExpr::Select(And(Bin(PrimKind::kLT, qv, c(0)), Bin(PrimKind::kGT, rv, c(0))), c(1),
                         c(0)));
    return CastTo(t, Add(qv, adj));
  });
}

// bool variance / std: True iff the set holds both True and False.
void LowerBoolSpread(Reducer& R) {
  PrimFuncBuilder& b = R.b;
  Ref<tir::Buffer> any = b.Scratch("any_true", DataType::kBool, R.p.kept);
  Ref<tir::Buffer> any_false = b.Scratch("any_false", DataType::kBool, R.p.kept);
  b.Block(
      R.name + "_red", R.p.kept, R.p.red,
      [&](const Indices& s, const Indices& k) {
        Ref<PrimExpr> v = R.X(s, k);
        return std::vector<Store>{{any, s, Or(b.Load(any, s), v)},
                                  {any_false, s, Or(b.Load(any_false, s), PrimExpr::Not(v))}};
      },
      [&](const Indices& s) {
        return std::vector<Store>{{any, s, Bool(false)}, {any_false, s, Bool(false)}};
      });
  R.Final([&](const Indices& s) { return And(b.Load(any, s), b.Load(any_false, s)); });
}

// max / min: T.init takes the first element of the set, then each element folds in (exact,
// NaN-propagating as scalar Maximum / Minimum; bool: or / and).
void LowerExtreme(Reducer& R, OpId id, DataType t) {
  PrimFuncBuilder& b = R.b;
  b.Block(
      R.name, R.p.kept, R.p.red,
      [&](const Indices& s, const Indices& k) {
        Ref<PrimExpr> v = R.X(s, k);
        Indices o = R.p.OutIndex(s);
        Ref<PrimExpr> value = k.empty() ? v : Fold(id, b.Load(R.out, o), v, t);
        return std::vector<Store>{{R.out, o, value}};
      },
      [&](const Indices& s) {
        return std::vector<Store>{{R.out, R.p.OutIndex(s), R.X(s, R.p.First())}};
      });
}

std::optional<Lowered> LowerReduce(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  const OpId id = r.op.id;
  const DataType t = xt->dtype;
  OpAttrs attrs = r.attrs();
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  Reducer R{r, b, x, b.Output("T_" + r.op.name, *out), {}, "T_" + r.op.name};
  R.p = MakePlan(x, attrs.IntList("axis"), attrs.Bool("keepdims"));
  const bool is_float = IsFloat(t), is_bool = t == DataType::kBool;
  const bool spread = id == OpId::kVariance || id == OpId::kStd;
  if (id == OpId::kMax || id == OpId::kMin) {
    EmptySetTrap(b, R.p, "E3012: R." + r.op.name + " of an empty set");
  } else if (!is_float && (spread || id == OpId::kMean)) {
    EmptySetTrap(b, R.p, "E3006: R." + r.op.name + " of an empty set");
  }
  if (id == OpId::kMax || id == OpId::kMin) {
    LowerExtreme(R, id, t);
  } else if (is_float || (spread && !is_bool)) {
    LowerFloat64(R, id, t);
  } else if (is_bool && spread) {
    LowerBoolSpread(R);
  } else if (id == OpId::kMean && !is_bool) {
    LowerIntMean(R, t);
  } else {
    // Integer sum / prod in the dtype; bool sum / mean (some True) and prod (every True).
    const OpId fold = id == OpId::kMean ? OpId::kSum : id;
    R.Accumulate(R.name, R.out, fold, Const(fold == OpId::kProd ? 1 : 0, t),
                 [](const Ref<PrimExpr>& v) { return v; });
  }
  return b.Finish(r.op.name);
}

// argmax / argmin (eval.num.argmax): the index of the first extreme element in row-major order
// of the reduced set; the elements compared as float64 (as the kernel compares them), the first
// NaN winning. T.init takes the first element; an element replaces the best when the best is
// not NaN and it is NaN or strictly beyond it.
std::optional<Lowered> LowerSearch(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("x");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  OpAttrs attrs = r.attrs();
  std::optional<std::vector<int64_t>> axes;
  if (std::optional<int64_t> a = attrs.OptInt("axis")) axes = std::vector<int64_t>{*a};
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("x", r.Arg("x"), *xt);
  Ref<tir::Buffer> o = b.Output("T_" + r.op.name, *out);
  const Plan p = MakePlan(x, axes, attrs.Bool("keepdims"));
  EmptySetTrap(b, p, "E3012: R." + r.op.name + " of an empty set");
  Ref<tir::Buffer> best = b.Scratch("best", kF64, p.kept);
  const bool is_max = r.op.id == OpId::kArgmax, is_float = IsFloat(xt->dtype);
  b.Block(
      "T_" + r.op.name, p.kept, p.red,
      [&](const Indices& s, const Indices& k) {
        Indices oi = p.OutIndex(s);
        if (k.empty()) return std::vector<Store>{{o, oi, I64(0)}};
        // The row-major position of k within the reduced set.
        Ref<PrimExpr> pos = k[0];
        for (size_t i = 1; i < k.size(); ++i) pos = Add(Mul(pos, p.red[i]), k[i]);
        Ref<PrimExpr> v = ToF64(b.Load(x, p.XIndex(s, k)));
        Ref<PrimExpr> cur = b.Load(best, s);
        Ref<PrimExpr> take = Bin(is_max ? PrimKind::kGT : PrimKind::kLT, v, cur);
        if (is_float) {
          take = And(PrimExpr::Not(Intrin(Intrinsic::kIsNan, {cur})),
                     Or(Intrin(Intrinsic::kIsNan, {v}), take));
        }
        // The index first: both stores read the best before this element.
        return std::vector<Store>{{o, oi, PrimExpr::Select(take, pos, b.Load(o, oi))},
                                  {best, s, PrimExpr::Select(take, v, cur)}};
      },
      [&](const Indices& s) {
        return std::vector<Store>{{o, p.OutIndex(s), I64(0)},
                                  {best, s, ToF64(b.Load(x, p.XIndex(s, p.First())))}};
      });
  return b.Finish(r.op.name);
}

// The loops of a scan: the line loops (every axis but the scanned one, as the block's spatial
// variables) and the scan loops (the scanned axis; every axis for axis None), and x's index.
struct ScanLoops {
  Indices line_loops, scan_loops, scan_extents, xi;
};
ScanLoops MakeScanLoops(const tir::Buffer& x, bool has_axis, int64_t ax, tir::Block& blk) {
  ScanLoops l;
  for (int64_t a = 0; a < static_cast<int64_t>(x.ndim()); ++a) {
    const std::string n = std::to_string(a);
    if (has_axis && a != ax) {
      l.line_loops.push_back(PrimExpr::Var("ax" + n, DataType::kInt64));
      Ref<PrimExpr> v = PrimExpr::Var("v_ax" + n, DataType::kInt64);
      blk.iter_vars.push_back({v, {I64(0), x.shape[a]}, tir::IterKind::kSpatial});
      blk.iter_values.push_back(l.line_loops.back());
      l.xi.push_back(v);
    } else {
      l.scan_loops.push_back(PrimExpr::Var(has_axis ? "k" : "k" + n, DataType::kInt64));
      l.scan_extents.push_back(x.shape[a]);
      l.xi.push_back(l.scan_loops.back());
    }
  }
  return l;
}

// The block's body: the running value `acc` (float64 for a float dtype, the dtype otherwise —
// wrapping; bool: or / and) set to the identity, then the scan loops, each step storing the
// output element (rounded once) before or after folding in x's element.
Ref<tir::Stmt> ScanBody(const LowerRequest& r, const Ref<tir::Buffer>& x, const Ref<tir::Buffer>& o,
                        const ScanLoops& l, const Indices& oi, tir::Block& blk) {
  const DataType t = o->dtype;
  const bool is_sum = r.op.id == OpId::kCumsum, exclusive = r.attrs().Bool("exclusive");
  const bool is_float = IsFloat(t), is_bool = t == DataType::kBool;
  Ref<tir::Buffer> acc = tir::Buffer::Make("acc", is_float ? kF64 : t, {I64(1)});
  blk.alloc_buffers = {acc};
  const Indices at0 = {I64(0)};
  Ref<PrimExpr> cur = PrimExpr::Load(acc, at0);
  Ref<PrimExpr> v = CastTo(t, PrimExpr::Load(x, l.xi));  // converted first (spec §5.4 cumsum)
  if (is_float) v = ToF64(v);
  Ref<PrimExpr> next = is_bool ? (is_sum ? Or(cur, v) : And(cur, v)) : (is_sum ? Add(cur, v) : Mul(cur, v));
  auto emit = [&] { return tir::BufferStore::Make(o, CastTo(t, cur), oi); };
  std::vector<Ref<tir::Stmt>> step;
  if (exclusive) step.push_back(emit());
  step.push_back(tir::BufferStore::Make(acc, next, at0));
  if (!exclusive) step.push_back(emit());
  const Ref<PrimExpr> init = is_float ? F64(is_sum ? 0 : 1) : Const(is_sum ? 0 : 1, t);
  Ref<tir::Stmt> set = tir::BufferStore::Make(acc, init, at0);
  if (l.scan_loops.empty()) {
    // A scalar: one step, in the same sequence (TVMScript cannot write a sequence in a
    // sequence, so a nested one would not read back as itself).
    step.insert(step.begin(), set);
    return tir::SeqStmt::Make(std::move(step));
  }
  Ref<tir::Stmt> body = tir::SeqStmt::Make(std::move(step));
  for (size_t i = l.scan_loops.size(); i-- > 0;) {
    body = tir::For::Make(l.scan_loops[i], I64(0), l.scan_extents[i], tir::ForKind::kSerial, body);
  }
  return tir::SeqStmt::Make({set, body});
}

// cumsum / cumprod (spec §5.4): one block per line (every index but the axis; the whole
// flattened tensor for axis None) holding a serial loop along it with a one-element running
// value from which each output element is taken. Built by hand: the builder's blocks are
// perfectly nested grids, and a scan's stores use the loop index (not a reduction block).
std::optional<Lowered> LowerScan(const LowerRequest& r) {
  const TensorStructInfo* xt = r.Tensor("data");
  const TensorStructInfo* out = r.ResultTensor();
  if (!xt || !out) return std::nullopt;
  const std::optional<int64_t> axis = r.attrs().OptInt("axis");
  PrimFuncBuilder b;
  Ref<tir::Buffer> x = b.Input("data", r.Arg("data"), *xt);
  Ref<tir::Buffer> o = b.Output("T_" + r.op.name, *out);
  const int64_t rank = static_cast<int64_t>(x->ndim());
  const int64_t ax = axis ? (*axis < 0 ? *axis + rank : *axis) : -1;

  tir::Block blk({});
  blk.name = "T_" + r.op.name;
  const ScanLoops l = MakeScanLoops(*x, axis.has_value(), ax, blk);
  const Indices& xi = l.xi;
  // The output index: x's, or the row-major position in the flattened tensor.
  Indices oi = xi;
  if (!axis) {
    Ref<PrimExpr> flat = I64(0);
    for (int64_t a = 0; a < rank; ++a) flat = a == 0 ? xi[0] : Add(Mul(flat, x->shape[a]), xi[a]);
    oi = {flat};
  }
  blk.body = ScanBody(r, x, o, l, oi, blk);
  // Regions: the line, the whole scanned axis (every axis for axis None).
  auto region = [&](const Ref<tir::Buffer>& buf, bool whole) {
    tir::BufferRegion reg{buf, {}};
    for (size_t a = 0; a < buf->ndim(); ++a) {
      if (whole || static_cast<int64_t>(a) == ax) reg.region.push_back({I64(0), buf->shape[a]});
      else reg.region.push_back({xi[a], I64(1)});
    }
    return reg;
  };
  blk.reads = {region(x, !axis)};
  blk.writes = {region(o, !axis)};
  blk.has_regions = true;
  Ref<tir::Stmt> s = tir::Block::MakeFull(std::move(blk));
  for (size_t i = l.line_loops.size(); i-- > 0;) {
    // The line loops run over the axes other than ax, in order.
    const size_t a = i < static_cast<size_t>(ax) ? i : i + 1;
    s = tir::For::Make(l.line_loops[i], I64(0), x->shape[a], tir::ForKind::kSerial, s);
  }
  b.Prologue(s);
  return b.Finish(r.op.name);
}

}  // namespace

std::optional<Lowered> LowerReduction(const LowerRequest& r) {
  switch (r.op.id) {
    case OpId::kArgmax:
    case OpId::kArgmin: return LowerSearch(r);
    case OpId::kCumsum:
    case OpId::kCumprod: return LowerScan(r);
    default: return LowerReduce(r);
  }
}

}  // namespace rlx::compiler::legalize
