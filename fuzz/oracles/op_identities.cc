// The op-identities rewrite (oracle 5's metamorphic part): op calls replaced by equal
// computations, and values passed through identity chains, each exact bit for bit (up to NaN
// payloads), so that a kernel bug shows as a different result even though every run of the
// buggy kernel agrees with itself:
//   a + b -> b + a (and every commutative op)      a - b -> a + (-b) (floats, signed ints)
//   floor_mod(a, b) -> a - floor_divide(a, b) * b (ints)      where(c, x, y) -> where(!c, y, x)
//   reduce(x, axis) -> squeeze(reduce(x, axis, keepdims=True), axis)
//   maximum(a, b) -> -minimum(-a, -b), max(x) -> -min(-x) and back, relu(x) -> -minimum(-x, -0.0) (floats)
//   v -> permute_dims(permute_dims(v, p), p^-1) | flip(flip(v, a), a) | reshape(reshape(v, [size]), shape_of(v))
//     | squeeze(expand_dims(v, a), a) | strided_slice(v, whole axis) | concat((v,)) | split(v, 1)[0]
//     | astype(astype(v, wider), dtype) | v + 0 | v * 1 | where(True, v, v)
#include "fuzz/oracles/op_identities.h"

#include <numeric>

#include "checker/checker.h"
#include "checker/ops/op_call.h"
#include "fuzz/generators/chooser.h"
#include "ir/op_args.h"
#include "ir/analysis/mutator.h"

namespace rlx::fuzz {
namespace {

Ref<Expr> Scalar(DataType t, double v) {
  auto d = std::make_shared<TensorData>(t, std::vector<int64_t>{});
  if (IsFloat(t)) {
    d->SetDouble(0, v);
  } else {
    d->SetInt(0, static_cast<int64_t>(v));
  }
  return Constant::Make(d);
}

bool Commutative(OpId id) {
  switch (id) {
    case OpId::kAdd: case OpId::kMultiply: case OpId::kMaximum: case OpId::kMinimum: case OpId::kEqual:
    case OpId::kNotEqual: case OpId::kLogicalAnd: case OpId::kLogicalOr: case OpId::kLogicalXor:
    case OpId::kBitwiseAnd: case OpId::kBitwiseOr: case OpId::kBitwiseXor: return true;
    default: return false;
  }
}

bool Reduction(OpId id) {
  switch (id) {
    case OpId::kSum: case OpId::kProd: case OpId::kMean: case OpId::kMax: case OpId::kMin: case OpId::kVariance:
    case OpId::kStd: case OpId::kArgmax: case OpId::kArgmin: return true;
    default: return false;
  }
}

class Identities : public ExprMutator {
 public:
  Identities(uint64_t seed, const checker::CheckResult& check) : c_(seed), check_(check) {}
  int rewrites = 0;

  // Rewrites of one binding become several bindings (ExprMutator::VisitBinding appends them).
  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    Binding binding = RewriteBinding(b);
    out_ = &out;
    Ref<Var> v = binding.var;
    if (!binding.is_match_cast() && c_.Chance(70) && RewriteCall(binding)) {
      ++rewrites;
    } else {
      out.push_back(binding);
    }
    if (c_.Chance(35)) Wrap(v);
  }

 private:
  // A fresh variable of the same kind as `like` (dataflow or not) bound to `value`.
  Ref<Var> Bind(const Var& like, Ref<Expr> value) {
    std::string name = "id" + std::to_string(next_++);
    Ref<Var> v = like.is_dataflow() ? Var::MakeDataflow(name) : Var::Make(name);
    out_->push_back(Binding::VarBinding(v, std::move(value)));
    return v;
  }

  Ref<TensorStructInfo> TensorOf(const Ref<Expr>& e) const {
    auto v = As<Var>(e);
    if (!v) return nullptr;
    auto it = check_.var_sinfo.find(v.get());
    return it == check_.var_sinfo.end() ? nullptr : As<TensorStructInfo>(it->second);
  }

  // Replaces `b` by an equal computation; false when `b` is not a call it knows.
  bool RewriteCall(const Binding& b) {
    auto call = As<Call>(b.value);
    auto op = call ? As<Op>(call->op) : nullptr;
    if (!op) return false;
    OpId id = op->info->id;
    const Var& v = *b.var;
    auto t = TensorOf(b.var);
    DataType dt = t ? t->dtype : DataType::kVoid;
    if (IsFloat(dt) && c_.Chance(40) && RewriteByDuality(b, *call, id, dt)) return true;
    if (Commutative(id) && call->args.size() == 2) {
      out_->push_back(Binding::VarBinding(b.var, Call::Make(call->op, {call->args[1], call->args[0]}, call->attrs)));
      return true;
    }
    if (id == OpId::kSubtract && (IsFloat(dt) || IsSignedInt(dt))) {
      Ref<Var> neg = Bind(v, MakeCall(OpId::kNegative, {{"x", call->args[1]}}));
      out_->push_back(Binding::VarBinding(b.var, MakeCall(OpId::kAdd, {{"x1", call->args[0]}, {"x2", neg}})));
      return true;
    }
    if (id == OpId::kFloorMod && IsInteger(dt)) {
      Ref<Var> q = Bind(v, MakeCall(OpId::kFloorDivide, {{"x1", call->args[0]}, {"x2", call->args[1]}}));
      Ref<Var> p = Bind(v, MakeCall(OpId::kMultiply, {{"x1", q}, {"x2", call->args[1]}}));
      out_->push_back(Binding::VarBinding(b.var, MakeCall(OpId::kSubtract, {{"x1", call->args[0]}, {"x2", p}})));
      return true;
    }
    if (id == OpId::kWhere) {
      Ref<Var> nc = Bind(v, MakeCall(OpId::kLogicalNot, {{"x", call->args[0]}}));
      out_->push_back(Binding::VarBinding(b.var, MakeCall(OpId::kWhere, {{"condition", nc}, {"x1", call->args[2]}, {"x2", call->args[1]}})));
      return true;
    }
    if (Reduction(id)) {
      const AttrValue* keep = call->attrs.Find("keepdims");
      const AttrValue* axis = call->attrs.Find("axis");
      auto x = TensorOf(call->args[0]);
      if (!keep || keep->as_bool() || !axis || !x || x->ndim < 0) return false;
      std::vector<int64_t> axes;
      if (axis->is_none()) {
        axes.resize(static_cast<size_t>(x->ndim));
        std::iota(axes.begin(), axes.end(), 0);
      } else if (axis->kind() == AttrValue::Kind::kInt) {
        axes.push_back(axis->as_int());
      } else {
        for (const auto& a : axis->as_list()) axes.push_back(a.as_int());
      }
      for (auto& a : axes) a = a < 0 ? a + x->ndim : a;
      std::sort(axes.begin(), axes.end());
      if (axes.empty()) return false;
      Ref<Var> kept = Bind(v, Call::Make(call->op, call->args, call->attrs.With("keepdims", AttrValue::Bool(true))));
      out_->push_back(Binding::VarBinding(b.var, MakeCall(OpId::kSqueeze, {{"x", kept}}, {{"axis", IntList(axes)}})));
      return true;
    }
    return false;
  }

  // Float max and min through their dual, exact in IEEE 754 (negation only flips the sign,
  // NaN propagates through both, and the signs of zeros come out right):
  //   maximum(a, b) -> -minimum(-a, -b)    max(x, axis) -> -min(-x, axis)    and back
  //   relu(x) -> -minimum(-x, -0.0)
  bool RewriteByDuality(const Binding& b, const Call& call, OpId id, DataType dt) {
    const Var& v = *b.var;
    auto neg = [&](const Ref<Expr>& x) { return Bind(v, MakeCall(OpId::kNegative, {{"x", x}})); };
    Ref<Var> inner;
    if (id == OpId::kMaximum || id == OpId::kMinimum) {
      OpId dual = id == OpId::kMaximum ? OpId::kMinimum : OpId::kMaximum;
      Ref<Var> na = neg(call.args[0]), nb = neg(call.args[1]);
      inner = Bind(v, MakeCall(dual, {{"x1", na}, {"x2", nb}}));
    } else if (id == OpId::kMax || id == OpId::kMin) {
      OpId dual = id == OpId::kMax ? OpId::kMin : OpId::kMax;
      inner = Bind(v, MakeCall(dual, {{"x", neg(call.args[0])}}, call.attrs.entries()));
    } else if (id == OpId::kRelu) {
      inner = Bind(v, MakeCall(OpId::kMinimum, {{"x1", neg(call.args[0])}, {"x2", Scalar(dt, -0.0)}}));
    } else {
      return false;
    }
    out_->push_back(Binding::VarBinding(b.var, MakeCall(OpId::kNegative, {{"x", inner}})));
    return true;
  }

  // Passes `v` through an identity chain; later uses see the chain's result.
  void Wrap(const Ref<Var>& v) {
    auto t = TensorOf(v);
    if (!t || t->ndim < 0 || t->dtype == DataType::kVoid) return;
    int r = t->ndim;
    DataType dt = t->dtype;
    Ref<Var> w;
    switch (c_.Range(0, 9)) {
      case 0: {
        if (r < 2) return;
        std::vector<int64_t> p(static_cast<size_t>(r)), inv(static_cast<size_t>(r));
        std::iota(p.begin(), p.end(), 0);
        for (size_t i = p.size(); i > 1; --i) std::swap(p[i - 1], p[c_.Range(0, static_cast<int64_t>(i) - 1)]);
        for (int i = 0; i < r; ++i) inv[static_cast<size_t>(p[static_cast<size_t>(i)])] = i;
        Ref<Var> a = Bind(*v, MakeCall(OpId::kPermuteDims, {{"x", v}}, {{"axes", IntList(p)}}));
        w = Bind(*v, MakeCall(OpId::kPermuteDims, {{"x", a}}, {{"axes", IntList(inv)}}));
        break;
      }
      case 1: {
        if (r < 1) return;
        AttrDict axis = {{"axis", AttrValue::Int(c_.Range(-r, r - 1))}};
        Ref<Var> a = Bind(*v, MakeCall(OpId::kFlip, {{"data", v}}, axis));
        w = Bind(*v, MakeCall(OpId::kFlip, {{"data", a}}, axis));
        break;
      }
      case 2: {
        const auto* dims = t->dims();
        if (!dims) return;
        Ref<Var> s = Bind(*v, MakeCall(OpId::kShapeOf, {{"expr", v}}));
        Ref<Var> flat = Bind(*v, MakeCall(OpId::kReshape, {{"x", v}, {"shape", ShapeExpr::Make({checker::Product(*dims)})}}));
        w = Bind(*v, MakeCall(OpId::kReshape, {{"x", flat}, {"shape", s}}));
        break;
      }
      case 3: {
        int64_t a = c_.Range(-(r + 1), r);
        int64_t na = a < 0 ? a + r + 1 : a;
        Ref<Var> e = Bind(*v, MakeCall(OpId::kExpandDims, {{"x", v}}, {{"axis", IntList({a})}}));
        w = Bind(*v, MakeCall(OpId::kSqueeze, {{"x", e}}, {{"axis", IntList({na})}}));
        break;
      }
      case 4: {
        if (r < 1) return;
        auto prim = [](int64_t x) { return Tuple::Make({PrimValue::Make(PrimExpr::Int(x))}); };
        w = Bind(*v, MakeCall(OpId::kStridedSlice, {{"x", v}, {"axes", prim(c_.Range(0, r - 1))}, {"begin", prim(0)},
                                                    {"end", prim(int64_t{1} << 40)}, {"strides", prim(1)}},
                              {{"assume_inbound", AttrValue::Bool(false)}}));
        break;
      }
      case 5: {
        if (r < 1) return;
        w = Bind(*v, MakeCall(OpId::kConcat, {{"tensors", Tuple::Make({v})}}, {{"axis", AttrValue::Int(c_.Range(-r, r - 1))}}));
        break;
      }
      case 6: {
        if (r < 1) return;
        Ref<Var> parts = Bind(*v, MakeCall(OpId::kSplit, {{"x", v}}, {{"indices_or_sections", AttrValue::Int(1)},
                                                                      {"axis", AttrValue::Int(c_.Range(-r, r - 1))}}));
        w = Bind(*v, TupleGetItem::Make(parts, 0));
        break;
      }
      case 7: {
        DataType wide;
        if (IsSignedInt(dt)) {
          wide = DataType::kInt64;
        } else if (IsUnsignedInt(dt)) {
          wide = DataType::kUInt64;
        } else if (dt == DataType::kFloat16 || dt == DataType::kBFloat16 || IsFloat8(dt)) {
          wide = DataType::kFloat32;
        } else if (dt == DataType::kFloat32) {
          wide = DataType::kFloat64;
        } else {
          return;
        }
        Ref<Var> a = Bind(*v, MakeCall(OpId::kAstype, {{"x", v}}, {{"dtype", AttrValue::DType(wide)}}));
        w = Bind(*v, MakeCall(OpId::kAstype, {{"x", a}}, {{"dtype", AttrValue::DType(dt)}}));
        break;
      }
      case 8: {
        if (dt == DataType::kBool) return;
        bool mul = c_.Chance(50);
        Ref<Expr> k = mul ? Scalar(dt, 1) : Scalar(dt, IsFloat(dt) ? -0.0 : 0);
        w = Bind(*v, MakeCall(mul ? OpId::kMultiply : OpId::kAdd, {{"x1", v}, {"x2", k}}));
        break;
      }
      default: {
        auto d = std::make_shared<TensorData>(DataType::kBool, std::vector<int64_t>{});
        d->SetInt(0, 1);
        w = Bind(*v, MakeCall(OpId::kWhere, {{"condition", Constant::Make(d)}, {"x1", v}, {"x2", v}}));
        break;
      }
    }
    var_remap_[v.get()] = w;
    ++rewrites;
  }

  RngChooser c_;
  const checker::CheckResult& check_;
  std::vector<Binding>* out_ = nullptr;
  int next_ = 0;
};

}  // namespace

Ref<IRModule> ApplyOpIdentities(const Ref<IRModule>& m, uint64_t seed) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  checker::CheckResult check = checker::CheckModule(*m, diags);
  if (!check.ok) return nullptr;
  Identities id(seed, check);
  Ref<IRModule> out = id.VisitModule(m);
  return id.rewrites > 0 ? out : nullptr;
}

}  // namespace rlx::fuzz
