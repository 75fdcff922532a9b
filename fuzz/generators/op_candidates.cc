// Op calls of generated programs: for each op, candidates whose operands and attributes are
// drawn where the op's constraints can hold (a permutation for permute_dims, a product-
// preserving shape for reshape, a weight of the data's channels for conv2d, ...). Each
// candidate is derived alone by the op's rule (checker::DeriveOpCallAlone) and emitted only
// when the rule accepts it without a run-time check; its derived struct info feeds later
// choices.
#include <algorithm>
#include <limits>
#include <numeric>

#include "checker/ops/derive_alone.h"
#include "checker/ops/op_rules.h"
#include "ir/op_dtype_class.h"
#include "ir/op_args.h"
#include "fuzz/generators/typed_builder.h"

namespace rlx::fuzz {
namespace {

Ref<Expr> Prim(int64_t v) { return PrimValue::Make(PrimExpr::Int(v)); }

Ref<Expr> PrimTuple(const std::vector<Ref<PrimExpr>>& v) {
  std::vector<Ref<Expr>> fields;
  for (const auto& x : v) fields.push_back(PrimValue::Make(x));
  return Tuple::Make(fields);
}

const std::vector<DataType> kAllDTypes = {DataType::kFloat32, DataType::kFloat64, DataType::kFloat16,
                                          DataType::kBFloat16, DataType::kInt32, DataType::kInt64,
                                          DataType::kInt8, DataType::kUInt8, DataType::kBool,
                                          DataType::kFloat8E4M3FN, DataType::kFloat8E5M2};

class Candidates {
 public:
  explicit Candidates(TypedBuilder& b) : b_(b), c_(b.c()) {}

  bool Try(const OpInfo& op) {
    op_ = &op;
    switch (op.id) {
      case OpId::kWhere: return Where();
      case OpId::kClip: return Clip();
      case OpId::kAstype: return Astype();
      case OpId::kArgmax:
      case OpId::kArgmin: return ArgReduce();
      case OpId::kCumsum:
      case OpId::kCumprod: return Scan();
      default: break;
    }
    switch (op.family) {
      case OpFamily::kUnary: return Unary();
      case OpFamily::kBinary: return Binary();
      case OpFamily::kSelection: return false;  // each op above
      case OpFamily::kReduction: return Reduce();
      case OpFamily::kLinalg: return Matmul();
      case OpFamily::kManipulation: return Manipulate();
      case OpFamily::kCreation: return Create();
      case OpFamily::kNN: return NN();
      case OpFamily::kIntrinsics: return Intrinsic();
      case OpFamily::kMemory: return Memory();
    }
    return false;
  }

 private:
  Ref<Var> Emit(const Ref<rlx::Call>& call) { return b_.TryEmitCall(call); }
  bool Ok(const Ref<rlx::Call>& call) { return Emit(call) != nullptr; }
  Ref<rlx::Call> Make(const NamedArgs& args, const AttrDict& attrs = {}, std::vector<Ref<StructInfo>> sa = {}) {
    return MakeCall(op_->id, args, attrs, std::move(sa));
  }
  static Ref<TensorStructInfo> T(const Slot& s) { return As<TensorStructInfo>(s.sinfo); }
  static const std::vector<Ref<PrimExpr>>* Dims(const Slot& s) { return T(s)->dims(); }

  // A tensor whose dtype `ok` accepts and whose struct info `shape_ok` accepts; when the pool
  // has none of that dtype, one of the right shape is converted with astype.
  std::optional<Slot> Need(const std::function<bool(DataType)>& ok,
                           const std::function<bool(const TensorStructInfo&)>& shape_ok = {}) {
    auto fits = [&](const TensorStructInfo& t) { return !shape_ok || shape_ok(t); };
    if (auto s = b_.PickTensor([&](const TensorStructInfo& t) { return ok(t.dtype) && fits(t); })) return s;
    auto src = b_.PickTensor(fits);
    if (!src) return std::nullopt;
    std::vector<DataType> good;
    for (DataType t : kAllDTypes) {
      if (ok(t)) good.push_back(t);
    }
    if (good.empty()) return std::nullopt;
    Ref<Var> v = b_.TryEmitCall(MakeCall(OpId::kAstype, {{"x", src->var}}, {{"dtype", AttrValue::DType(c_.Pick(good))}}));
    if (!v) return std::nullopt;
    return Slot{v, b_.SInfoOf(*v), b_.in_dataflow() ? 0 : -1};
  }
  std::optional<Slot> NeedFloat(const std::function<bool(const TensorStructInfo&)>& shape_ok = {}) {
    return Need([](DataType t) { return IsFloat(t); }, shape_ok);
  }
  std::optional<Slot> NeedNumeric(const std::function<bool(const TensorStructInfo&)>& shape_ok = {}) {
    return Need([](DataType t) { return t != DataType::kBool && t != DataType::kVoid; }, shape_ok);
  }
  static bool Ranked(const TensorStructInfo& t) { return t.ndim >= 0; }
  static bool Rank1Up(const TensorStructInfo& t) { return t.ndim >= 1; }
  static bool Shaped(const TensorStructInfo& t) { return t.dims() != nullptr; }

  int64_t Axis(int ndim) { return c_.Range(-ndim, ndim - 1); }
  std::vector<int64_t> AxisSubset(int ndim, bool nonempty) {
    std::vector<int64_t> out;
    for (int i = 0; i < ndim; ++i) {
      if (c_.Chance(45)) out.push_back(c_.Chance(30) ? i - ndim : i);
    }
    if (out.empty() && nonempty && ndim > 0) out.push_back(Axis(ndim));
    return out;
  }

  // ---- elementwise ----
  bool Unary() {
    const OpInfo& op = *op_;
    auto x = Need([&](DataType t) { return DTypeClassViolation(op, t).empty(); });
    return x && Ok(Make({{op.params[0].name, x->var}}));
  }

  bool Binary() {
    const OpInfo& op = *op_;
    auto x = Need([&](DataType t) { return DTypeClassViolation(op, t).empty(); });
    if (!x) return false;
    DataType dt = T(*x)->dtype;
    Ref<Expr> y = x->var;
    int64_t pick = c_.Range(0, 3);
    if (pick == 1) {
      y = b_.ScalarConst(dt, /*nonzero=*/true);
    } else if (pick >= 2) {
      auto other = b_.PickTensor([&](const TensorStructInfo& t) { return t.dtype == dt; });
      if (other) y = other->var;
    }
    bool swap = c_.Chance(30);
    Ref<Expr> a = swap ? y : Ref<Expr>(x->var);
    Ref<Expr> b = swap ? Ref<Expr>(x->var) : y;
    if (Ok(Make({{"x1", a}, {"x2", b}}))) return true;
    return Ok(Make({{"x1", x->var}, {"x2", x->var}}));
  }

  bool Where() {
    auto x = b_.PickTensor();
    if (!x) return false;
    Ref<Var> cond;
    if (auto c = b_.PickTensor([](const TensorStructInfo& t) { return t.dtype == DataType::kBool; }); c && c_.Chance(50)) {
      cond = c->var;
    } else {
      cond = b_.TryEmitCall(MakeCall(OpId::kEqual, {{"x1", x->var}, {"x2", x->var}}));
      if (!cond) return false;
    }
    Ref<Expr> y = c_.Chance(40) ? b_.ScalarConst(T(*x)->dtype) : Ref<Expr>(x->var);
    if (Ok(Make({{"condition", cond}, {"x1", x->var}, {"x2", y}}))) return true;
    return Ok(Make({{"condition", cond}, {"x1", x->var}, {"x2", x->var}}));
  }

  bool Clip() {
    auto x = NeedNumeric();
    if (!x) return false;
    DataType dt = T(*x)->dtype;
    int64_t lo = c_.Range(-3, 1), hi = c_.Range(lo, 4);
    auto bound = [&](int64_t v) -> Ref<Expr> {
      if (IsFloat(dt)) return PrimValue::Make(PrimExpr::Float(static_cast<double>(v) / 2, DataType::kFloat64));
      return Prim(IsUnsignedInt(dt) ? std::abs(v) : v);
    };
    return Ok(Make({{"x", x->var}, {"min", bound(lo)}, {"max", bound(std::max(hi, lo))}}));
  }

  bool Astype() {
    auto x = b_.PickTensor();
    return x && Ok(Make({{"x", x->var}}, {{"dtype", AttrValue::DType(c_.Pick(kAllDTypes))}}));
  }

  // ---- reductions, search, scan, matmul ----
  bool Reduce() {
    auto x = NeedNumeric(Ranked);
    if (!x) return false;
    int r = T(*x)->ndim;
    AttrValue axis = c_.Chance(25) ? AttrValue() : IntList(AxisSubset(r, true));
    return Ok(Make({{"x", x->var}}, {{"axis", axis}, {"keepdims", AttrValue::Bool(c_.Chance(40))}}));
  }

  bool ArgReduce() {
    auto x = NeedNumeric(Ranked);
    if (!x) return false;
    int r = T(*x)->ndim;
    AttrValue axis = c_.Chance(30) || r == 0 ? AttrValue() : AttrValue::Int(Axis(r));
    return Ok(Make({{"x", x->var}}, {{"axis", axis}, {"keepdims", AttrValue::Bool(c_.Chance(40))}}));
  }

  bool Scan() {
    auto x = NeedNumeric(Ranked);
    if (!x) return false;
    int r = T(*x)->ndim;
    AttrValue axis = c_.Chance(30) || r == 0 ? AttrValue() : AttrValue::Int(Axis(r));
    DataType dt = c_.Chance(70) ? DataType::kVoid : c_.Pick(std::vector<DataType>{DataType::kFloat32, DataType::kInt64, DataType::kFloat64});
    return Ok(Make({{"data", x->var}}, {{"axis", axis}, {"dtype", AttrValue::DType(dt)}, {"exclusive", AttrValue::Bool(c_.Chance(30))}}));
  }

  bool Matmul() {
    auto x = NeedNumeric(Rank1Up);
    if (!x) return false;
    int r = T(*x)->ndim;
    Ref<Expr> y = x->var;
    if (r >= 2) {
      std::vector<int64_t> perm(r);
      std::iota(perm.begin(), perm.end(), 0);
      std::swap(perm[r - 1], perm[r - 2]);
      y = b_.TryEmitCall(MakeCall(OpId::kPermuteDims, {{"x", x->var}}, {{"axes", IntList(perm)}}));
      if (!y) return false;
    }
    auto other = b_.PickTensor([&](const TensorStructInfo& t) { return t.dtype == T(*x)->dtype && t.ndim >= 1; });
    DataType out = c_.Chance(80) ? DataType::kVoid : T(*x)->dtype;
    if (other && c_.Chance(30) && Ok(Make({{"x1", x->var}, {"x2", other->var}}, {{"out_dtype", AttrValue::DType(out)}}))) return true;
    return Ok(Make({{"x1", x->var}, {"x2", y}}, {{"out_dtype", AttrValue::DType(out)}}));
  }

  // ---- manipulation and indexing ----
  bool Manipulate() {
    switch (op_->id) {
      case OpId::kReshape: return Reshape();
      case OpId::kPermuteDims: {
        auto x = b_.PickTensor(Ranked);
        if (!x) return false;
        std::vector<int64_t> perm(T(*x)->ndim);
        std::iota(perm.begin(), perm.end(), 0);
        for (size_t i = perm.size(); i > 1; --i) std::swap(perm[i - 1], perm[c_.Range(0, static_cast<int64_t>(i) - 1)]);
        return Ok(Make({{"x", x->var}}, {{"axes", c_.Chance(20) ? AttrValue() : IntList(perm)}}));
      }
      case OpId::kExpandDims: {
        auto x = b_.PickTensor(Ranked);
        if (!x) return false;
        int r = T(*x)->ndim, k = static_cast<int>(c_.Range(1, 2));
        std::vector<int64_t> axes;
        for (int i = 0; i < k; ++i) axes.push_back(c_.Range(-(r + k), r + k - 1));
        return Ok(Make({{"x", x->var}}, {{"axis", IntList(axes)}}));
      }
      case OpId::kSqueeze: {
        auto x = b_.PickTensor(Ranked);
        if (!x) return false;
        std::vector<int64_t> ones;
        if (const auto* d = Dims(*x)) {
          for (size_t i = 0; i < d->size(); ++i) {
            if ((*d)[i]->is_int() && (*d)[i]->int_value == 1 && c_.Chance(70)) ones.push_back(static_cast<int64_t>(i));
          }
        }
        return Ok(Make({{"x", x->var}}, {{"axis", ones.empty() && c_.Chance(50) ? AttrValue() : IntList(ones)}}));
      }
      case OpId::kFlatten: {
        auto x = b_.PickTensor();
        return x && Ok(Make({{"x", x->var}}));
      }
      case OpId::kConcat:
      case OpId::kStack: {
        auto x = b_.PickTensor(op_->id == OpId::kConcat ? Rank1Up : Ranked);
        if (!x) return false;
        int r = T(*x)->ndim + (op_->id == OpId::kStack ? 1 : 0);
        std::vector<Ref<Expr>> parts(static_cast<size_t>(c_.Range(1, 3)), x->var);
        int64_t axis_v = Axis(r);
        if (auto other = b_.PickTensor([&](const TensorStructInfo& t) { return t.dtype == T(*x)->dtype && t.ndim == T(*x)->ndim; }); other && c_.Chance(30)) {
          parts.push_back(other->var);
        } else if (op_->id == OpId::kConcat && Dims(*x) && c_.Chance(50)) {
          // A part of another extent along the axis.
          std::vector<Ref<PrimExpr>> d = *Dims(*x);
          d[static_cast<size_t>(axis_v < 0 ? axis_v + r : axis_v)] = b_.RandomDim(true);
          if (Ref<Var> made = Filled(d, T(*x)->dtype)) parts.insert(parts.begin() + c_.Range(0, static_cast<int64_t>(parts.size())), made);
        }
        AttrValue axis = AttrValue::Int(axis_v);
        if (Ok(Make({{"tensors", Tuple::Make(parts)}}, {{"axis", axis}}))) return true;
        return Ok(Make({{"tensors", Tuple::Make({x->var, x->var})}}, {{"axis", axis}}));
      }
      case OpId::kSplit: return Split();
      case OpId::kStridedSlice: return StridedSlice();
      case OpId::kTake: return Take();
      case OpId::kBroadcastTo: return BroadcastTo();
      case OpId::kTile: {
        auto x = b_.PickTensor(Ranked);
        if (!x) return false;
        std::vector<int64_t> reps(static_cast<size_t>(c_.Range(0, T(*x)->ndim + 1)));
        for (auto& v : reps) v = c_.Range(0, 3);
        return Ok(Make({{"data", x->var}}, {{"repeats", IntList(reps)}}));
      }
      case OpId::kRepeat: {
        auto x = b_.PickTensor(Ranked);
        if (!x) return false;
        int r = T(*x)->ndim;
        AttrValue axis = c_.Chance(30) || r == 0 ? AttrValue() : AttrValue::Int(Axis(r));
        return Ok(Make({{"data", x->var}}, {{"repeats", AttrValue::Int(c_.Range(0, 3))}, {"axis", axis}}));
      }
      case OpId::kFlip: {
        auto x = b_.PickTensor(Rank1Up);
        return x && Ok(Make({{"data", x->var}}, {{"axis", AttrValue::Int(Axis(T(*x)->ndim))}}));
      }
      case OpId::kTril:
      case OpId::kTriu: {
        auto x = b_.PickTensor([](const TensorStructInfo& t) { return t.ndim >= 2; });
        return x && Ok(Make({{"x", x->var}, {"k", Prim(c_.Range(-2, 2))}}));
      }
      default: return false;
    }
  }

  bool Reshape() {
    auto x = b_.PickTensor(Shaped);
    if (!x) return false;
    const auto& d = *Dims(*x);
    std::vector<Ref<PrimExpr>> target;
    switch (c_.Range(0, 4)) {
      case 0: target = {checker::Product(d)}; break;
      case 1: target = {PrimExpr::Int(-1)}; break;
      case 2:
        target.assign(d.rbegin(), d.rend());
        break;
      case 3:  // merge two neighbours
        target = d;
        if (target.size() >= 2) {
          size_t i = static_cast<size_t>(c_.Range(0, static_cast<int64_t>(target.size()) - 2));
          target[i] = checker::Mul(target[i], target[i + 1]);
          target.erase(target.begin() + static_cast<long>(i) + 1);
        }
        break;
      default:  // unit dims and one -1
        target = d;
        target.insert(target.begin() + c_.Range(0, static_cast<int64_t>(target.size())), PrimExpr::Int(1));
        if (!target.empty() && c_.Chance(50)) target[c_.Range(0, static_cast<int64_t>(target.size()) - 1)] = PrimExpr::Int(-1);
        break;
    }
    return Ok(Make({{"x", x->var}, {"shape", ShapeExpr::Make(target)}}));
  }

  bool Split() {
    auto x = b_.PickTensor(Rank1Up);
    if (!x) return false;
    int r = T(*x)->ndim;
    int64_t axis = Axis(r);
    const auto* d = Dims(*x);
    const Ref<PrimExpr>* extent = d ? &(*d)[static_cast<size_t>(axis < 0 ? axis + r : axis)] : nullptr;
    AttrValue ios;
    if (extent && (*extent)->is_int() && (*extent)->int_value > 0 && c_.Chance(50)) {
      int64_t n = (*extent)->int_value;
      std::vector<int64_t> divs;
      for (int64_t k = 1; k <= n; ++k) {
        if (n % k == 0) divs.push_back(k);
      }
      ios = AttrValue::Int(c_.Pick(divs));
    } else if (c_.Chance(50)) {
      ios = AttrValue::Int(1);
    } else {
      std::vector<int64_t> idx;
      int64_t at = 0;
      for (int i = static_cast<int>(c_.Range(0, 2)); i > 0; --i) idx.push_back(at += c_.Range(0, 2));
      ios = IntList(idx);
    }
    return Ok(Make({{"x", x->var}}, {{"indices_or_sections", ios}, {"axis", AttrValue::Int(axis)}}));
  }

  bool StridedSlice() {
    auto x = b_.PickTensor(Rank1Up);
    if (!x) return false;
    int r = T(*x)->ndim;
    std::vector<int64_t> axes = AxisSubset(r, true);
    std::vector<Ref<PrimExpr>> ax, begin, end, strides;
    const auto* d = Dims(*x);
    for (int64_t a : axes) {
      ax.push_back(PrimExpr::Int(a));
      int64_t stride = c_.Pick(std::vector<int64_t>{1, 1, 2, 3, -1, -2});
      strides.push_back(PrimExpr::Int(stride));
      const Ref<PrimExpr>* e = d ? &(*d)[static_cast<size_t>(a < 0 ? a + r : a)] : nullptr;
      if (e && !(*e)->is_int() && c_.Chance(40)) {  // symbolic bounds: the whole axis
        begin.push_back(stride > 0 ? PrimExpr::Int(0) : checker::Sub(*e, PrimExpr::Int(1)));
        end.push_back(stride > 0 ? *e : PrimExpr::Int(-1 - 1000));
      } else {
        begin.push_back(PrimExpr::Int(c_.Range(-5, 5)));
        end.push_back(PrimExpr::Int(c_.Range(-6, 6)));
      }
    }
    AttrDict attrs = {{"assume_inbound", AttrValue::Bool(false)}};
    NamedArgs args = {{"x", x->var}, {"axes", PrimTuple(ax)}, {"begin", PrimTuple(begin)}, {"end", PrimTuple(end)}};
    if (c_.Chance(80)) args.push_back({"strides", PrimTuple(strides)});
    return Ok(Make(args, attrs));
  }

  bool Take() {
    auto x = b_.PickTensor(Rank1Up);
    if (!x) return false;
    int r = T(*x)->ndim;
    bool flat = c_.Chance(25);
    int64_t axis = flat ? 0 : Axis(r);
    const auto* d = Dims(*x);
    const Ref<PrimExpr>* e = d && !flat ? &(*d)[static_cast<size_t>(axis < 0 ? axis + r : axis)] : nullptr;
    std::string mode = "fast";
    int64_t hi = 0;
    if (e && (*e)->is_int() && (*e)->int_value > 0) {
      hi = (*e)->int_value - 1;
    } else {
      mode = c_.Chance(50) ? "clip" : "wrap";
      hi = 5;
    }
    if (mode == "fast" && c_.Chance(30)) mode = c_.Chance(50) ? "clip" : "wrap";
    std::vector<int64_t> shape;
    for (int i = static_cast<int>(c_.Range(0, 2)); i > 0; --i) shape.push_back(c_.Range(1, 3));
    int64_t lo = mode == "fast" ? 0 : -3;
    if (mode == "wrap" && e && !((*e)->is_int() && (*e)->int_value > 0)) return false;  // wrap of an empty axis
    Ref<Expr> idx = b_.IntTensorConst(shape, lo, hi);
    AttrValue a = flat ? AttrValue() : AttrValue::Int(axis);
    if (flat && mode == "fast") return false;
    return Ok(Make({{"x", x->var}, {"indices", idx}}, {{"axis", a}, {"mode", AttrValue::String(mode)}}));
  }

  bool BroadcastTo() {
    auto x = b_.PickTensor(Shaped);
    if (!x) return false;
    std::vector<Ref<PrimExpr>> target;
    for (int i = static_cast<int>(c_.Range(0, 2)); i > 0; --i) target.push_back(b_.RandomDim(false));
    for (const auto& e : *Dims(*x)) {
      target.push_back(e->is_int() && e->int_value == 1 && c_.Chance(60) ? b_.RandomDim(false) : e);
    }
    return Ok(Make({{"x", x->var}, {"shape", ShapeExpr::Make(target)}}));
  }

  // ---- creation ----
  bool Create() {
    std::vector<Ref<PrimExpr>> shape;
    for (int i = static_cast<int>(c_.Range(0, 3)); i > 0; --i) shape.push_back(b_.RandomDim(true));
    DataType dt = b_.RandomDType();
    switch (op_->id) {
      case OpId::kZeros:
      case OpId::kOnes: return Ok(Make({{"shape", ShapeExpr::Make(shape)}}, {{"dtype", AttrValue::DType(dt)}}));
      case OpId::kFull:
        return Ok(Make({{"shape", ShapeExpr::Make(shape)}, {"fill_value", b_.ScalarConst(dt)}},
                       {{"dtype", AttrValue::DType(c_.Chance(50) ? DataType::kVoid : b_.RandomDType())}}));
      case OpId::kZerosLike:
      case OpId::kOnesLike:
      case OpId::kFullLike: {
        auto x = b_.PickTensor();
        if (!x) return false;
        NamedArgs args = {{"x", x->var}};
        if (op_->id == OpId::kFullLike) args.push_back({"fill_value", b_.ScalarConst(dt)});
        return Ok(Make(args, {{"dtype", AttrValue::DType(c_.Chance(50) ? DataType::kVoid : b_.RandomDType())}}));
      }
      case OpId::kArange: {
        bool fl = c_.Chance(30);
        DataType out = fl ? (c_.Chance(50) ? DataType::kFloat32 : DataType::kFloat64)
                          : (c_.Chance(50) ? DataType::kInt64 : DataType::kInt32);
        int64_t step = c_.Pick(std::vector<int64_t>{1, 1, 2, 3, -1});
        Ref<Expr> start = Prim(c_.Range(-3, 3));
        Ref<Expr> end = Prim(c_.Range(-3, 6));
        if (fl) {
          start = PrimValue::Make(PrimExpr::Float(static_cast<double>(c_.Range(-6, 6)) / 2, DataType::kFloat32));
          end = PrimValue::Make(PrimExpr::Float(static_cast<double>(c_.Range(-6, 10)) / 2, DataType::kFloat32));
        }
        return Ok(Make({{"start", start}, {"end", end}, {"step", Prim(step)}}, {{"dtype", AttrValue::DType(out)}}));
      }
      case OpId::kEye: {
        Ref<Expr> n = Prim(c_.Range(0, 4));
        Ref<Expr> m = c_.Chance(50) ? n : Prim(c_.Range(0, 4));
        return Ok(Make({{"n", n}, {"m", m}, {"k", Prim(c_.Range(-2, 2))}}, {{"dtype", AttrValue::DType(dt)}}));
      }
      default: return false;
    }
  }

  // ---- neural-network ops ----
  // A float tensor of rank 4 (NCHW) with known extents, reshaped from one of the pool when
  // there is none.
  std::optional<Slot> Image() {
    if (auto x = b_.PickTensor([](const TensorStructInfo& t) { return IsFloat(t.dtype) && t.ndim == 4 && t.dims(); });
        x && c_.Chance(60)) {
      return x;
    }
    auto x = NeedFloat([](const TensorStructInfo& t) { return t.dims() && t.ndim >= 1 && t.ndim <= 4; });
    if (!x) return std::nullopt;
    std::vector<Ref<PrimExpr>> d = *Dims(*x);
    while (d.size() < 4) d.insert(d.begin(), PrimExpr::Int(1));
    Ref<Var> v = b_.TryEmitCall(MakeCall(OpId::kReshape, {{"x", x->var}, {"shape", ShapeExpr::Make(d)}}));
    if (!v) return std::nullopt;
    return Slot{v, b_.SInfoOf(*v), -1};
  }

  // A tensor of `dims` and `dt` made with R.ones (or R.full of a random value).
  Ref<Var> Filled(const std::vector<Ref<PrimExpr>>& dims, DataType dt) {
    if (c_.Chance(50)) return b_.TryEmitCall(MakeCall(OpId::kOnes, {{"shape", ShapeExpr::Make(dims)}}, {{"dtype", AttrValue::DType(dt)}}));
    return b_.TryEmitCall(MakeCall(OpId::kFull, {{"shape", ShapeExpr::Make(dims)}, {"fill_value", b_.ScalarConst(dt)}},
                                   {{"dtype", AttrValue::DType(dt)}}));
  }

  bool NN() {
    switch (op_->id) {
      case OpId::kSoftmax:
      case OpId::kLogSoftmax: {
        auto x = NeedFloat(Rank1Up);
        return x && Ok(Make({{"data", x->var}}, {{"axis", AttrValue::Int(Axis(T(*x)->ndim))}}));
      }
      case OpId::kLayerNorm:
      case OpId::kRmsNorm: {
        auto x = NeedFloat([](const TensorStructInfo& t) { return t.dims() && t.ndim >= 1; });
        if (!x) return false;
        const auto& d = *Dims(*x);
        int r = T(*x)->ndim, k = static_cast<int>(c_.Range(1, r));
        std::vector<int64_t> axes;
        std::vector<Ref<PrimExpr>> wd;
        for (int i = r - k; i < r; ++i) {
          axes.push_back(c_.Chance(30) ? i - r : i);
          wd.push_back(d[static_cast<size_t>(i)]);
        }
        Ref<Var> gamma = Filled(wd, T(*x)->dtype);
        if (!gamma) return false;
        AttrDict attrs = {{"axes", IntList(axes)}, {"epsilon", AttrValue::Float(1e-5)}};
        if (op_->id == OpId::kRmsNorm) return Ok(Make({{"data", x->var}, {"weight", gamma}}, attrs));
        Ref<Var> beta = Filled(wd, T(*x)->dtype);
        if (!beta) return false;
        attrs.emplace_back("center", AttrValue::Bool(c_.Chance(80)));
        attrs.emplace_back("scale", AttrValue::Bool(c_.Chance(80)));
        return Ok(Make({{"data", x->var}, {"gamma", gamma}, {"beta", beta}}, attrs));
      }
      case OpId::kBatchNorm: {
        auto x = NeedFloat([](const TensorStructInfo& t) { return t.dims() && t.ndim >= 2; });
        if (!x) return false;
        int r = T(*x)->ndim;
        int64_t axis = c_.Range(0, r - 1);
        std::vector<Ref<PrimExpr>> wd = {(*Dims(*x))[static_cast<size_t>(axis)]};
        DataType dt = T(*x)->dtype;
        Ref<Var> g = Filled(wd, dt), be = Filled(wd, dt), mean = Filled(wd, dt), var = Filled(wd, dt);
        if (!g || !be || !mean || !var) return false;
        return Ok(Make({{"data", x->var}, {"gamma", g}, {"beta", be}, {"moving_mean", mean}, {"moving_var", var}},
                       {{"axis", AttrValue::Int(axis)}, {"epsilon", AttrValue::Float(1e-5)},
                        {"center", AttrValue::Bool(c_.Chance(80))}, {"scale", AttrValue::Bool(c_.Chance(80))},
                        {"momentum", AttrValue::Float(0.1)}, {"training", AttrValue::Bool(c_.Chance(50))}}));
      }
      case OpId::kConv2d: {
        auto x = Image();
        if (!x) return false;
        const auto& d = *Dims(*x);
        int64_t groups = d[1]->is_int() && d[1]->int_value > 0 && d[1]->int_value % 2 == 0 && c_.Chance(30) ? 2 : 1;
        int64_t kh = c_.Range(1, 2), kw = c_.Range(1, 2);
        int64_t out_c = groups * c_.Range(1, 2);
        Ref<PrimExpr> in_c = groups == 1 ? d[1] : PrimExpr::Int(d[1]->int_value / groups);
        Ref<Var> w = Filled({PrimExpr::Int(out_c), in_c, PrimExpr::Int(kh), PrimExpr::Int(kw)}, T(*x)->dtype);
        if (!w) return false;
        int64_t s = c_.Range(1, 2), dil = c_.Range(1, 2);
        return Ok(Make({{"data", x->var}, {"weight", w}},
                       {{"strides", IntList({s, s})},
                        {"padding", IntList({kh - 1 + dil - 1, kw - 1 + dil - 1, kh - 1 + dil - 1, kw - 1 + dil - 1})},
                        {"dilation", IntList({dil, dil})}, {"groups", AttrValue::Int(groups)},
                        {"data_layout", AttrValue::String("NCHW")}, {"kernel_layout", AttrValue::String("OIHW")},
                        {"out_layout", AttrValue::String("NCHW")}, {"out_dtype", AttrValue::DType(DataType::kVoid)}}));
      }
      case OpId::kMaxPool2d:
      case OpId::kAvgPool2d: {
        auto x = Image();
        if (!x) return false;
        int64_t p = c_.Range(1, 3), s = c_.Range(1, 2), pad = c_.Range(0, p - 1);
        return Ok(Make({{"data", x->var}},
                       {{"pool_size", IntList({p, p})}, {"strides", IntList({s, s})},
                        {"padding", IntList({pad, pad, pad, pad})}, {"dilation", IntList({1, 1})},
                        {"ceil_mode", AttrValue::Bool(c_.Chance(30))}, {"count_include_pad", AttrValue::Bool(c_.Chance(50))},
                        {"layout", AttrValue::String("NCHW")}, {"out_layout", AttrValue::String("NCHW")}}));
      }
      case OpId::kAdaptiveAvgPool2d: {
        auto x = Image();
        if (!x) return false;
        AttrValue size = c_.Chance(25) ? AttrValue() : IntList({c_.Range(1, 3), c_.Range(1, 3)});
        return Ok(Make({{"data", x->var}}, {{"output_size", size}, {"layout", AttrValue::String("NCHW")},
                                            {"out_layout", AttrValue::String("NCHW")}}));
      }
      case OpId::kPad: {
        auto x = NeedNumeric(Rank1Up);
        if (!x) return false;
        std::vector<int64_t> widths(2 * static_cast<size_t>(T(*x)->ndim));
        for (auto& w : widths) w = c_.Range(0, 2);
        std::string mode = c_.Chance(70) ? "constant" : c_.Chance(50) ? "edge" : "reflect";
        return Ok(Make({{"data", x->var}}, {{"pad_width", IntList(widths)}, {"pad_mode", AttrValue::String(mode)},
                                            {"pad_value", AttrValue::Float(static_cast<double>(c_.Range(-2, 2)))}}));
      }
      default: return false;
    }
  }

  // ---- lowered-form memory ops (§5.10): a storage, then tensors in it (kills are impure) ----
  bool Memory() {
    DataType dt = b_.RandomDType();
    std::vector<Ref<PrimExpr>> shape;
    int64_t elements = 1;
    for (int i = static_cast<int>(c_.Range(0, 2)); i > 0; --i) {
      int64_t d = c_.Range(0, 3);
      shape.push_back(PrimExpr::Int(d));
      elements *= d;
    }
    const int64_t bytes = elements * DataTypeBytes(dt);
    auto device = PrimValue::Make(PrimExpr::Int(0));
    auto dtype = [](DataType t) { return DataTypeImm::Make(t); };
    auto storage_call = [&](OpId id, int64_t size) {
      Ref<Expr> sizes = ShapeExpr::Make({PrimExpr::Int(size)});
      if (id == OpId::kVMAllocStorage) {
        return MakeCall(id, {{"size", sizes}, {"runtime_device_index", device}, {"dtype", dtype(DataType::kUInt8)},
                             {"storage_scope", StringImm::Make("global")}});
      }
      return MakeCall(OpId::kMemoryAllocStorage, {{"total_space", sizes}, {"virtual_device_index", device},
                                                  {"storage_scope", StringImm::Make("global")},
                                                  {"dtype", dtype(DataType::kFloat32)}});
    };
    switch (op_->id) {
      case OpId::kBuiltinAllocTensor:
        return Ok(Make({{"shape", ShapeExpr::Make(shape)}, {"dtype", dtype(dt)}, {"runtime_device_index", device},
                        {"storage_scope", StringImm::Make("global")}}));
      case OpId::kMemoryAllocStorage:
      case OpId::kVMAllocStorage: return Ok(storage_call(op_->id, c_.Range(0, 64)));
      case OpId::kMemoryAllocTensor:
      case OpId::kVMAllocTensor: {
        // A storage with room for the tensor at an aligned offset.
        const int64_t offset = c_.Range(0, 3) * DataTypeBytes(dt);
        OpId storage_op = op_->id == OpId::kVMAllocTensor ? OpId::kVMAllocStorage : OpId::kMemoryAllocStorage;
        Ref<Var> storage = Emit(storage_call(storage_op, offset + bytes + c_.Range(0, 8)));
        if (!storage) return false;
        return Ok(Make({{"storage", storage}, {"offset", PrimValue::Make(PrimExpr::Int(offset))},
                        {"shape", ShapeExpr::Make(shape)}, {"dtype", dtype(dt)}}));
      }
      default: return false;
    }
  }

  // ---- intrinsics (print, assert_op and call_pure_packed are emitted as constructs) ----
  bool Intrinsic() {
    switch (op_->id) {
      case OpId::kShapeOf: {
        auto x = b_.PickTensor();
        return x && Ok(Make({{"expr", x->var}}));
      }
      case OpId::kShapeToTensor: {
        auto s = b_.Usable([](const Slot& s) { return s.sinfo->kind == SInfoKind::kShape; });
        if (!s.empty()) return Ok(Make({{"expr", c_.Pick(s).var}}));
        return Ok(Make({{"expr", ShapeExpr::Make({b_.RandomDim(true), b_.RandomDim(true)})}}));
      }
      case OpId::kTensorToShape: {
        auto x = b_.PickTensor([](const TensorStructInfo& t) {
          return t.dtype == DataType::kInt64 && t.dims() && t.ndim == 1 && (*t.dims())[0]->is_int();
        });
        if (!x) {
          auto s = b_.PickTensor(Ranked);
          if (!s) return false;
          Ref<Var> shape = b_.TryEmitCall(MakeCall(OpId::kShapeOf, {{"expr", s->var}}));
          if (!shape) return false;
          Ref<Var> t = b_.TryEmitCall(MakeCall(OpId::kShapeToTensor, {{"expr", shape}}));
          if (!t) return false;
          return Ok(Make({{"expr", t}}));
        }
        return Ok(Make({{"expr", x->var}}));
      }
      case OpId::kNullValue: return Ok(Make({}));
      case OpId::kCallTir:
      case OpId::kCallTirInplace:
      case OpId::kCallDpsPacked: return b_.DpsCall(op_->id);
      case OpId::kToVDevice: {
        // One device name, so that the copies still combine with the other tensors (op.*.c5).
        auto x = b_.PickTensor();
        return x && Ok(Make({{"data", x->var}}, {{"dst_vdevice", AttrValue::String("cuda:0")}}));
      }
      case OpId::kGetDimensionSize: {
        auto x = b_.PickTensor(Rank1Up);
        return x && Ok(Make({{"x", x->var}}, {{"axis", AttrValue::Int(Axis(T(*x)->ndim))}}));
      }
      case OpId::kSetDimensionSize: {
        auto x = b_.PickTensor([](const TensorStructInfo& t) { return t.dims() && t.ndim >= 1; });
        if (!x) return false;
        int r = T(*x)->ndim;
        int64_t axis = c_.Range(0, r - 1);
        const Ref<PrimExpr>& e = (*Dims(*x))[static_cast<size_t>(axis)];
        Ref<PrimExpr> size = e->is_int() ? PrimExpr::Int(c_.Range(0, e->int_value)) : e;
        return Ok(Make({{"x", x->var}, {"size", PrimValue::Make(size)}}, {{"axis", AttrValue::Int(axis)}}));
      }
      default: return false;
    }
  }

  TypedBuilder& b_;
  Chooser& c_;
  const OpInfo* op_ = nullptr;
};

// The ops RandomOp draws from: every pure op but those emitted as constructs.
const std::vector<const OpInfo*>& DrawableOps() {
  static const std::vector<const OpInfo*> ops = [] {
    std::vector<const OpInfo*> out;
    for (const auto& op : AllOps()) {
      if (!op.pure || op.id == OpId::kCallPurePacked) continue;
      out.push_back(&op);
    }
    return out;
  }();
  return ops;
}

}  // namespace

bool TypedBuilder::TryOp(const OpInfo& op) {
  Candidates c(*this);
  return c.Try(op);
}

void TypedBuilder::RandomOp() {
  const auto& ops = DrawableOps();
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (TryOp(*c_.Pick(ops))) return;
  }
}

Ref<Var> TypedBuilder::TryEmitCall(const Ref<Call>& call, const std::string& hint) {
  auto lookup = [this](const Var& v) { return SInfoOf(v); };
  checker::OpDerivation d = checker::DeriveOpCallAlone(*call, lookup, facts_, prover_);
  const std::string& name = As<Op>(call->op)->info->name;
  if (!d.sinfo || d.needs_runtime_check) {
    cov_.Add("rejected:" + name);
    return nullptr;
  }
  cov_.Add("op:" + name);
  last_call_ = call;
  last_var_ = Emit(call, d.sinfo, hint);
  return last_var_;
}

// ------------------------------------------------------------------ random things

Ref<PrimExpr> TypedBuilder::RandomDim(bool allow_arith) {
  std::vector<Ref<PrimExpr>> vars;
  for (const auto& v : shape_vars_) {
    bool nonneg = std::any_of(facts_.begin(), facts_.end(), [&](const Ref<PrimExpr>& f) {
      return f->kind == PrimKind::kGE && f->operands[0] == v;
    });
    if (nonneg) vars.push_back(v);
  }
  if (vars.empty() || c_.Chance(45)) return PrimExpr::Int(c_.Range(c_.Chance(8) ? 0 : 1, o_.max_extent));
  Ref<PrimExpr> v = c_.Pick(vars);
  if (!allow_arith || c_.Chance(60)) return v;
  switch (c_.Range(0, 3)) {
    case 0: return PrimExpr::Binary(PrimKind::kAdd, v, PrimExpr::Int(c_.Range(1, 2)));
    case 1: return PrimExpr::Binary(PrimKind::kMul, v, PrimExpr::Int(2));
    case 2: return PrimExpr::Binary(PrimKind::kAdd, v, c_.Pick(vars));
    default: return PrimExpr::Binary(PrimKind::kFloorDiv, v, PrimExpr::Int(2));
  }
}

DataType TypedBuilder::RandomDType() {
  static const DataType kWeighted[] = {DataType::kFloat32, DataType::kFloat32, DataType::kFloat32, DataType::kFloat32,
                                       DataType::kFloat64, DataType::kFloat16, DataType::kBFloat16, DataType::kInt32,
                                       DataType::kInt32,   DataType::kInt64,   DataType::kInt8,     DataType::kUInt8,
                                       DataType::kBool,    DataType::kBool,    DataType::kFloat8E4M3FN,
                                       DataType::kFloat8E5M2};
  return kWeighted[c_.Range(0, 15)];
}

Ref<Expr> TypedBuilder::ScalarConst(DataType t, bool nonzero) {
  auto data = std::make_shared<TensorData>(t, std::vector<int64_t>{});
  int64_t v = c_.Range(nonzero ? 1 : 0, 8);
  if (!IsUnsignedInt(t) && c_.Chance(50)) v = -v;
  if (IsFloat(t) && c_.Chance(8)) {
    // An edge value: the printer and parser must keep its bits (text.print.float).
    double sub = t == DataType::kFloat16 ? 6e-8 : t == DataType::kFloat64 ? 5e-324 : 1e-40;
    const double edges[] = {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                            std::numeric_limits<double>::quiet_NaN(), sub, -sub, 65504.0,
                            nonzero ? 0.5 : -0.0};
    data->SetDouble(0, edges[c_.Range(0, 6)]);
  } else if (IsFloat(t)) {
    data->SetDouble(0, static_cast<double>(v) / 4);
  } else if (t == DataType::kBool) {
    data->SetInt(0, nonzero ? 1 : c_.Range(0, 1));
  } else {
    data->SetInt(0, v);
  }
  return Constant::Make(data);
}

Ref<Expr> TypedBuilder::IntTensorConst(const std::vector<int64_t>& shape, int64_t lo, int64_t hi) {
  auto data = std::make_shared<TensorData>(DataType::kInt64, shape);
  for (int64_t i = 0; i < data->num_elements(); ++i) data->SetInt(i, c_.Range(lo, hi));
  return Constant::Make(data);
}

}  // namespace rlx::fuzz
