// Lowerings of conv2d and the 2-d poolings (pass.legalize-ops, spec §5.8), as
// interpreter/kernels/nn_conv_pool.cc computes them. The blocks index the operands through the
// layouts (op.nn.layout); padding taps are skipped with T.if_then_else guards (the guarded load
// is not evaluated). Float sums accumulate in float64 scratch buffers in increasing (c, r, s)
// order and are rounded once by a final block (eval.num.compound); integer averages are exact
// (eval.num.reduce's mean, rounded toward zero) without 128-bit arithmetic: each tap is split
// into quotient and remainder by the window's count, both summed in 64 bits.
#include "ir/window_attrs.h"
#include "compiler/legalize/lower_nn.h"
#include "ir/base/checked_int.h"
#include "ir/layout.h"

namespace rlx::compiler::legalize::nn {
namespace {

using tir::Intrinsic;

Ref<PrimExpr> And(Ref<PrimExpr> a, Ref<PrimExpr> b) {
  if (!a) return b;
  if (!b) return a;
  return Bin(PrimKind::kAnd, std::move(a), std::move(b));
}
Ref<PrimExpr> Or(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kOr, std::move(a), std::move(b)); }
Ref<PrimExpr> Lt(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kLT, std::move(a), std::move(b)); }
Ref<PrimExpr> Ge(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kGE, std::move(a), std::move(b)); }
Ref<PrimExpr> Eq(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kEQ, std::move(a), std::move(b)); }
Ref<PrimExpr> FloorDiv(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kFloorDiv, std::move(a), std::move(b)); }
// e + c and e * c, folded where trivial (keeps the printed TIR readable).
Ref<PrimExpr> AddC(const Ref<PrimExpr>& e, int64_t c) {
  if (IsInt(e)) return I64(WrappingAdd(e->int_value, c));  // eval.num.int-wrap
  return c == 0 ? e : c < 0 && c != INT64_MIN ? Sub(e, I64(-c)) : Add(e, I64(c));
}
Ref<PrimExpr> MulC(const Ref<PrimExpr>& e, int64_t c) {
  if (IsInt(e)) return I64(WrappingMul(e->int_value, c));
  return c == 1 ? e : Mul(e, I64(c));
}
Ref<PrimExpr> FloorDivC(const Ref<PrimExpr>& e, int64_t c) { return c == 1 ? e : FloorDiv(e, I64(c)); }
bool IsConst(const Ref<PrimExpr>& e, int64_t v) { return e->kind == PrimKind::kIntImm && e->int_value == v; }


// A layout (op.nn.layout): `to` takes a tensor's indices to the canonical order, `from` back.
struct Layout {
  std::vector<int> to, from;
  Indices ToCanon(const Indices& v) const { return PermuteBy(v, to); }
  Indices FromCanon(const Indices& c) const { return PermuteBy(c, from); }
};
std::optional<Layout> GetLayout(const std::string& layout, const std::string& canonical) {
  auto to = LayoutToCanonical(layout, canonical), from = CanonicalToLayout(layout, canonical);
  if (!to || !from) return std::nullopt;
  return Layout{*to, *from};
}
std::string OutLayout(const OpAttrs& attrs, const std::string& data_layout) {
  const AttrValue* a = attrs.Find("out_layout");
  return a && a->kind() == AttrValue::Kind::kString ? a->as_string() : data_layout;
}

// One spatial dimension of a window op.
struct Dim {
  Ref<PrimExpr> n;            // the input extent
  int64_t k, stride, dil, before, after;
  bool ceil_mode;
  // The input position of tap `r` of window `y`: y * stride + r * dil - before.
  Ref<PrimExpr> Pos(const Ref<PrimExpr>& y, const Ref<PrimExpr>& r) const {
    Ref<PrimExpr> a = MulC(r, dil);
    Ref<PrimExpr> p = IsConst(a, 0) ? MulC(y, stride) : Add(MulC(y, stride), a);
    return AddC(p, -before);
  }
  // p inside the input (nullptr: statically true; the window fits when not in ceil mode).
  Ref<PrimExpr> Inside(const Ref<PrimExpr>& p) const {
    Ref<PrimExpr> lo = before == 0 ? nullptr : Ge(p, I64(0));
    Ref<PrimExpr> hi = after == 0 && !ceil_mode ? nullptr : Lt(p, n);
    return And(lo, hi);
  }
  // The number of taps of window y with lo <= position < hi, in closed form:
  // max(0, min(k - 1, floor((hi - 1 - base) / dil)) - max(0, ceil((lo - base) / dil)) + 1).
  Ref<PrimExpr> Count(const Ref<PrimExpr>& y, const Ref<PrimExpr>& lo, const Ref<PrimExpr>& hi) const {
    Ref<PrimExpr> base = Pos(y, I64(0));
    Ref<PrimExpr> first = Bin(PrimKind::kMax, I64(0), FloorDivC(AddC(Sub(lo, base), dil - 1), dil));
    Ref<PrimExpr> last = Bin(PrimKind::kMin, I64(k - 1), FloorDivC(Sub(AddC(hi, -1), base), dil));
    return Bin(PrimKind::kMax, I64(0), AddC(Sub(last, first), 1));
  }
  // The divisor of avg_pool2d along this dimension: the taps inside the input, or inside the
  // padded input with count_include_pad.
  Ref<PrimExpr> Divisor(const Ref<PrimExpr>& y, bool include_pad) const {
    if (include_pad) return Count(y, I64(-before), AddC(n, after));
    return Count(y, I64(0), n);
  }
  // op.nn.*.c4/c5 at run time: the window fits, n + before + after - (dil * (k - 1) + 1) >= 0.
  void RequireFits(PrimFuncBuilder& b, const Ref<PrimExpr>& k_extent, const std::string& op) const {
    if (IsInt(n) && IsInt(k_extent)) return;  // decided by the checker
    Ref<PrimExpr> span = AddC(MulC(AddC(k_extent, -1), dil), 1);
    RequireAtRunTime(b, Ge(Sub(AddC(n, before + after), span), I64(0)),
                     op + ": the window does not fit in the padded input");
  }
  // Whether every window has a tap to count (statically).
  bool NeverEmpty(bool include_pad) const {
    return !ceil_mode && (include_pad || (before == 0 && after == 0));
  }
};

// The lowest value of an integer or bool dtype (eval.num.empty-window).
Ref<PrimExpr> Lowest(DataType t) {
  if (t == DataType::kBool) return Const(0, t);
  if (!IsSignedInt(t)) return PrimExpr::Int(0, t);
  return PrimExpr::Int(DataTypeBits(t) >= 64 ? INT64_MIN : -(int64_t{1} << (DataTypeBits(t) - 1)), t);
}

// for v in range(extent): assert cond(v), "E3006: ..." — in the prologue (eval.num.empty-window).
void AssertEach(PrimFuncBuilder& b, const std::string& var, const Ref<PrimExpr>& extent,
                const std::function<Ref<PrimExpr>(const Ref<PrimExpr>&)>& cond,
                const std::string& message) {
  Ref<PrimExpr> v = PrimExpr::Var(var, DataType::kInt64);
  b.Prologue(tir::For::Make(v, I64(0), extent, tir::ForKind::kSerial,
                            tir::AssertStmt::Make(cond(v), "E3006: " + message)));
}

// The exact mean, rounded toward zero, of the taps summed as Σ trunc(v / d) (q) and
// Σ rem(v, d) (rem), d the count: q + trunc((rem) / d) corrected toward zero.
Ref<PrimExpr> ExactMean(const Ref<PrimExpr>& q, const Ref<PrimExpr>& rem, const Ref<PrimExpr>& d,
                        DataType acc) {
  Ref<PrimExpr> dv = PrimExpr::Var("d", acc), tv = PrimExpr::Var("t", acc);
  Ref<PrimExpr> t = Add(q, Bin(PrimKind::kTruncDiv, rem, dv));
  if (!IsSignedInt(acc)) return PrimExpr::Let(dv, d, t);
  Ref<PrimExpr> m = Bin(PrimKind::kTruncMod, rem, dv), zero = PrimExpr::Int(0, acc),
                one = PrimExpr::Int(1, acc);
  Ref<PrimExpr> body = PrimExpr::Select(
      And(Bin(PrimKind::kGT, tv, zero), Lt(m, zero)), Sub(tv, one),
      PrimExpr::Select(And(Lt(tv, zero), Bin(PrimKind::kGT, m, zero)), Add(tv, one), tv));
  return PrimExpr::Let(dv, d, PrimExpr::Let(tv, t, body));
}

// The average blocks shared by avg_pool2d and adaptive_avg_pool2d: `tap(canon, r, s)` gives
// (inside, value) of a tap, `count(canon)` the divisor; reduce extents {kh, kw}.
using TapFn = std::function<std::pair<Ref<PrimExpr>, Ref<PrimExpr>>(const Indices&, const Indices&)>;
void AverageBlocks(PrimFuncBuilder& b, const std::string& name, const Ref<tir::Buffer>& o,
                   const Layout& out_l, const Indices& reduce, const TapFn& tap,
                   const std::function<Ref<PrimExpr>(const Indices&)>& count, bool nan_flag) {
  const DataType t = o->dtype;
  auto sum_into = [&](const Ref<tir::Buffer>& acc, const Indices& s, const Ref<PrimExpr>& in,
                      const std::function<Ref<PrimExpr>(const Ref<PrimExpr>&)>& next) {
    Ref<PrimExpr> a = b.Load(acc, s);
    return Store{acc, s, in ? IfThenElse(in, next(a), a) : next(a)};
  };
  if (IsFloat(t)) {
    Ref<tir::Buffer> acc = b.Scratch(name + "_sum", DataType::kFloat64, o->shape);
    Ref<tir::Buffer> nan = nan_flag ? b.Scratch(name + "_nan", DataType::kBool, o->shape) : nullptr;
    b.Block(
        name + "_sum", o->shape, reduce,
        [&](const Indices& s, const Indices& k) {
          auto [in, v] = tap(out_l.ToCanon(s), k);
          Ref<PrimExpr> x = ToF64(v);
          std::vector<Store> st = {sum_into(acc, s, in, [&](const Ref<PrimExpr>& a) { return Add(a, x); })};
          if (nan) {
            st.push_back(sum_into(nan, s, in, [&](const Ref<PrimExpr>& a) {
              return Or(a, Intrin(Intrinsic::kIsNan, {x}));
            }));
          }
          return st;
        },
        [&](const Indices& s) {
          std::vector<Store> st = {{acc, s, F64(0)}};
          if (nan) st.push_back({nan, s, Const(0, DataType::kBool)});
          return st;
        });
    b.Compute(name, o, [&](const Indices& s) {
      Ref<PrimExpr> q = Div(b.Load(acc, s), ToF64(count(out_l.ToCanon(s))));
      if (nan) q = PrimExpr::Select(b.Load(nan, s), NaN64(), q);
      return CastTo(t, q);
    });
    return;
  }
  if (t == DataType::kBool) {  // the mean of bools: some counted tap is True
    b.Block(
        name, o->shape, reduce,
        [&](const Indices& s, const Indices& k) {
          auto [in, tap_value] = tap(out_l.ToCanon(s), k);
          Ref<PrimExpr> v = tap_value;  // (clang 14 cannot capture a structured binding)
          return std::vector<Store>{sum_into(o, s, in, [&](const Ref<PrimExpr>& a) { return Or(a, v); })};
        },
        [&](const Indices& s) { return std::vector<Store>{{o, s, Const(0, t)}}; });
    return;
  }
  const DataType at = IsSignedInt(t) ? DataType::kInt64 : DataType::kUInt64;
  Ref<tir::Buffer> q = b.Scratch(name + "_quot", at, o->shape);
  Ref<tir::Buffer> rem = b.Scratch(name + "_rem", at, o->shape);
  b.Block(
      name + "_sum", o->shape, reduce,
      [&](const Indices& s, const Indices& k) {
        Indices c = out_l.ToCanon(s);
        auto [in, v] = tap(c, k);
        Ref<PrimExpr> x = CastTo(at, v), d = CastTo(at, count(c));
        return std::vector<Store>{
            sum_into(q, s, in, [&](const Ref<PrimExpr>& a) { return Add(a, Bin(PrimKind::kTruncDiv, x, d)); }),
            sum_into(rem, s, in, [&](const Ref<PrimExpr>& a) { return Add(a, Bin(PrimKind::kTruncMod, x, d)); })};
      },
      [&](const Indices& s) {
        return std::vector<Store>{{q, s, PrimExpr::Int(0, at)}, {rem, s, PrimExpr::Int(0, at)}};
      });
  b.Compute(name, o, [&](const Indices& s) {
    Ref<PrimExpr> d = CastTo(at, count(out_l.ToCanon(s)));
    return CastTo(t, ExactMean(b.Load(q, s), b.Load(rem, s), d, at));
  });
}

}  // namespace

std::optional<Lowered> LowerConv2d(const LowerRequest& r) {
  const TensorStructInfo* x = r.Tensor("data");
  const TensorStructInfo* w = r.Tensor("weight");
  const TensorStructInfo* out = r.ResultTensor();
  if (!x || !w || !out || x->ndim != 4 || w->ndim != 4) return std::nullopt;
  auto attrs = r.attrs();
  const std::string dl = attrs.Str("data_layout");
  auto xl = GetLayout(dl, "NCHW"), wl = GetLayout(attrs.Str("kernel_layout"), "OIHW"),
       ol = GetLayout(OutLayout(attrs, dl), "NCHW");
  if (!xl || !wl || !ol) return std::nullopt;
  const DataType t = out->dtype;
  const int64_t groups = attrs.Int("groups");
  auto [sh, sw] = WindowPair(*attrs.IntList("strides"));
  auto [dh, dw] = WindowPair(*attrs.IntList("dilation"));
  auto pad = WindowPadding(*attrs.IntList("padding"));
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("data", r.Arg("data"), *x);
  Ref<tir::Buffer> wt = b.Input("weight", r.Arg("weight"), *w);
  Ref<tir::Buffer> o = b.Output("conv2d_nchw", *out);
  Indices xs = xl->ToCanon(in->shape), ws = wl->ToCanon(wt->shape);
  const Ref<PrimExpr>&O = ws[0], &I = ws[1];
  Dim hd{xs[2], 0, sh, dh, pad[0], pad[2], false}, wd{xs[3], 0, sw, dw, pad[1], pad[3], false};
  // op.nn.conv2d.c4 and c5 at run time, where not known.
  if (!(IsInt(xs[1]) && IsInt(I))) {
    RequireAtRunTime(b, Eq(xs[1], Mul(I, I64(groups))),
                     "R.nn.conv2d: data channels are not weight input channels x groups");
  }
  if (groups != 1 && !IsInt(O)) {
    RequireAtRunTime(b, Eq(Bin(PrimKind::kFloorMod, O, I64(groups)), I64(0)),
                     "R.nn.conv2d: weight output channels not divisible by groups");
  }
  hd.RequireFits(b, ws[2], "R.nn.conv2d");
  wd.RequireFits(b, ws[3], "R.nn.conv2d");
  // Accumulate: floats in a float64 scratch, integers in the result dtype (wrapping there gives
  // the 64-bit wrapping sum wrapped to the dtype), bool as an or of ands (eval.num.matmul).
  Ref<tir::Buffer> acc = IsFloat(t) ? b.Scratch("conv2d_nchw_acc", DataType::kFloat64, o->shape) : o;
  const DataType at = acc->dtype;
  b.Block(
      "conv2d_nchw", o->shape, {I, ws[2], ws[3]},
      [&](const Indices& s, const Indices& k) {
        Indices c = ol->ToCanon(s);  // n, o, y, x
        Ref<PrimExpr> ch = k[0];
        if (groups != 1) ch = Add(Mul(FloorDiv(c[1], FloorDiv(O, I64(groups))), I), k[0]);
        Ref<PrimExpr> p = hd.Pos(c[2], k[1]), q = wd.Pos(c[3], k[2]);
        Ref<PrimExpr> inside = And(hd.Inside(p), wd.Inside(q));
        Ref<PrimExpr> xv = CastTo(t, b.Load(in, xl->FromCanon({c[0], ch, p, q})));
        Ref<PrimExpr> wv = CastTo(t, b.Load(wt, wl->FromCanon({c[1], k[0], k[1], k[2]})));
        Ref<PrimExpr> a = b.Load(acc, s);
        Ref<PrimExpr> next = t == DataType::kBool ? Or(a, And(xv, wv))
                                                  : Add(a, Mul(CastTo(at, xv), CastTo(at, wv)));
        return std::vector<Store>{{acc, s, inside ? IfThenElse(inside, next, a) : next}};
      },
      [&](const Indices& s) { return std::vector<Store>{{acc, s, Const(0, at)}}; },
      /*reduce_inside_last_spatial=*/true);  // the body cannot trap: the prologue checked the shapes
  if (acc != o) b.Compute("conv2d_nchw", o, [&](const Indices& s) { return CastTo(t, b.Load(acc, s)); });
  return b.Finish("conv2d");
}

std::optional<Lowered> LowerPool2d(const LowerRequest& r, bool is_max) {
  const TensorStructInfo* x = r.Tensor("data");
  const TensorStructInfo* out = r.ResultTensor();
  if (!x || !out || x->ndim != 4) return std::nullopt;
  auto attrs = r.attrs();
  const std::string dl = attrs.Str("layout");
  auto xl = GetLayout(dl, "NCHW"), ol = GetLayout(OutLayout(attrs, dl), "NCHW");
  if (!xl || !ol) return std::nullopt;
  const DataType t = x->dtype;
  // Plain variables, not structured bindings: lambdas below capture them (clang 14).
  const std::pair<int64_t, int64_t> pool = WindowPair(*attrs.IntList("pool_size"));
  const int64_t kh = pool.first, kw = pool.second;
  auto [sh, sw] = WindowPair(*attrs.IntList("strides"));
  auto [dh, dw] = WindowPair(*attrs.IntList("dilation"));
  auto pad = WindowPadding(*attrs.IntList("padding"));
  const bool ceil_mode = attrs.Bool("ceil_mode"), include_pad = attrs.Bool("count_include_pad");
  const std::string name = is_max ? "pool_max" : "pool_avg";
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("data", r.Arg("data"), *x);
  Ref<tir::Buffer> o = b.Output(name, *out);
  Indices xs = xl->ToCanon(in->shape), os = ol->ToCanon(o->shape);
  Dim hd{xs[2], kh, sh, dh, pad[0], pad[2], ceil_mode}, wd{xs[3], kw, sw, dw, pad[1], pad[3], ceil_mode};
  hd.RequireFits(b, I64(kh), "R." + r.op.name);
  wd.RequireFits(b, I64(kw), "R." + r.op.name);
  // (inside, value) of tap (r, s) of the window at canonical output indices c.
  auto tap = [&](const Indices& c, const Indices& k) {
    Ref<PrimExpr> p = hd.Pos(c[2], k[0]), q = wd.Pos(c[3], k[1]);
    return std::make_pair(And(hd.Inside(p), wd.Inside(q)), b.Load(in, xl->FromCanon({c[0], c[1], p, q})));
  };
  if (is_max) {  // exact; padding never wins; an empty window keeps the lowest value
    // Floats take the maximum in float64 from -inf and round once, as the kernel does: a dtype
    // without infinities (float8_e4m3fn) has no lowest value to start from.
    const bool is_float = IsFloat(t);
    Ref<tir::Buffer> acc = is_float ? b.Scratch(name + "_f64", DataType::kFloat64, o->shape) : o;
    b.Block(
        name, o->shape, {I64(kh), I64(kw)},
        [&](const Indices& s, const Indices& k) {
          auto [inside, v] = tap(ol->ToCanon(s), k);
          Ref<PrimExpr> a = b.Load(acc, s);
          if (is_float) v = ToF64(v);
          Ref<PrimExpr> next = t == DataType::kBool ? Or(a, v) : Bin(PrimKind::kMax, a, v);
          return std::vector<Store>{{acc, s, inside ? IfThenElse(inside, next, a) : next}};
        },
        [&](const Indices& s) {
          return std::vector<Store>{{acc, s, is_float ? F64(-INFINITY) : Lowest(t)}};
        });
    if (is_float) b.Compute(name, o, [&](const Indices& s) { return CastTo(t, b.Load(acc, s)); });
    return b.Finish("max_pool2d");
  }
  // eval.num.empty-window: an integer or bool average of no tap traps E3006 (where the result
  // has elements: N and C not 0, and some window of the other dimension).
  if (!IsFloat(t)) {
    auto has_elements = [&](const Ref<PrimExpr>& other) {
      return Or(Or(Eq(xs[0], I64(0)), Eq(xs[1], I64(0))), Eq(other, I64(0)));
    };
    const std::string msg = "R.nn.avg_pool2d window with no element to count";
    if (!hd.NeverEmpty(include_pad)) {
      AssertEach(b, "oh", os[2], [&](const Ref<PrimExpr>& y) {
        return Or(has_elements(os[3]), Bin(PrimKind::kNE, hd.Divisor(y, include_pad), I64(0)));
      }, msg);
    }
    if (!wd.NeverEmpty(include_pad)) {
      AssertEach(b, "ow", os[3], [&](const Ref<PrimExpr>& y) {
        return Or(has_elements(os[2]), Bin(PrimKind::kNE, wd.Divisor(y, include_pad), I64(0)));
      }, msg);
    }
  }
  auto count = [&](const Indices& c) {
    if (hd.NeverEmpty(include_pad) && wd.NeverEmpty(include_pad)) return I64(kh * kw);
    return Mul(hd.Divisor(c[2], include_pad), wd.Divisor(c[3], include_pad));
  };
  AverageBlocks(b, name, o, *ol, {I64(kh), I64(kw)}, tap, count, true);
  return b.Finish("avg_pool2d");
}

std::optional<Lowered> LowerAdaptiveAvgPool2d(const LowerRequest& r) {
  const TensorStructInfo* x = r.Tensor("data");
  const TensorStructInfo* out = r.ResultTensor();
  if (!x || !out || x->ndim != 4) return std::nullopt;
  auto attrs = r.attrs();
  const std::string dl = attrs.Str("layout");
  auto xl = GetLayout(dl, "NCHW"), ol = GetLayout(OutLayout(attrs, dl), "NCHW");
  if (!xl || !ol) return std::nullopt;
  const DataType t = x->dtype;
  PrimFuncBuilder b;
  Ref<tir::Buffer> in = b.Input("data", r.Arg("data"), *x);
  Ref<tir::Buffer> o = b.Output("adaptive_pool_avg", *out);
  Indices xs = xl->ToCanon(in->shape), os = ol->ToCanon(o->shape);
  // Bin i of n input positions in m bins: [floor(i * n / m), ceil((i + 1) * n / m)), at most
  // ceil(n / m) + 1 positions (the reduce extent; the guard keeps the bin's own).
  auto start = [](const Ref<PrimExpr>& i, const Ref<PrimExpr>& n, const Ref<PrimExpr>& m) {
    return FloorDiv(Mul(i, n), m);
  };
  auto end = [](const Ref<PrimExpr>& i, const Ref<PrimExpr>& n, const Ref<PrimExpr>& m) {
    return FloorDiv(Sub(Add(Mul(Add(i, I64(1)), n), m), I64(1)), m);
  };
  auto span = [](const Ref<PrimExpr>& n, const Ref<PrimExpr>& m) -> Ref<PrimExpr> {
    if (IsConst(m, 1)) return n;
    return Add(FloorDiv(Sub(Add(n, m), I64(1)), Bin(PrimKind::kMax, m, I64(1))), I64(1));
  };
  auto tap = [&](const Indices& c, const Indices& k) {
    Ref<PrimExpr> p = Add(start(c[2], xs[2], os[2]), k[0]), q = Add(start(c[3], xs[3], os[3]), k[1]);
    Ref<PrimExpr> inside = IsConst(os[2], 1) && IsConst(os[3], 1)
                               ? nullptr
                               : And(Lt(p, end(c[2], xs[2], os[2])), Lt(q, end(c[3], xs[3], os[3])));
    return std::make_pair(inside, b.Load(in, xl->FromCanon({c[0], c[1], p, q})));
  };
  auto count = [&](const Indices& c) {
    return Mul(Sub(end(c[2], xs[2], os[2]), start(c[2], xs[2], os[2])),
               Sub(end(c[3], xs[3], os[3]), start(c[3], xs[3], os[3])));
  };
  // eval.num.empty-window: a bin is empty only when H or W is 0.
  if (!IsFloat(t) && !(xs[2]->kind == PrimKind::kIntImm && xs[3]->kind == PrimKind::kIntImm &&
                       xs[2]->int_value > 0 && xs[3]->int_value > 0)) {
    Ref<PrimExpr> no_result = Eq(xs[0], I64(0));
    for (int a : {1}) no_result = Or(no_result, Eq(xs[a], I64(0)));
    no_result = Or(Or(no_result, Eq(os[2], I64(0))), Eq(os[3], I64(0)));
    b.Prologue(tir::AssertStmt::Make(
        Or(no_result, And(Bin(PrimKind::kNE, xs[2], I64(0)), Bin(PrimKind::kNE, xs[3], I64(0)))),
        "E3006: R.nn.adaptive_avg_pool2d bin with no element"));
  }
  AverageBlocks(b, "adaptive_pool_avg", o, *ol, {span(xs[2], os[2]), span(xs[3], os[3])}, tap,
                count, false);
  return b.Finish("adaptive_avg_pool2d");
}

}  // namespace rlx::compiler::legalize::nn
