#include "checker/ops/op_call.h"

#include <algorithm>
#include <limits>

#include "ir/analysis/prim_eval.h"
#include "ir/text/printer.h"

namespace rlx::checker {

OpCall::OpCall(const Call& call, const OpInfo& op, OpArgs args, std::vector<Ref<StructInfo>> arg_sinfo,
               InferState& state)
    : call_(call), op_(op), args_(std::move(args)), state_(state) {
  // Spread the struct info of call.args over the parameters, as MatchOpArgs did.
  sinfo_by_param_.resize(op.params.size());
  size_t next = 0;
  for (size_t i = 0; i < args_.by_param.size(); ++i) {
    for (size_t k = 0; k < args_.by_param[i].size(); ++k) {
      Ref<StructInfo> s = next < arg_sinfo.size() ? arg_sinfo[next] : nullptr;
      ++next;
      if (!s) poisoned_ = true;
      sinfo_by_param_[i].push_back(s);
    }
  }
}

std::string OpCall::Rule(int constraint) const {
  return "op." + op_.name + ".c" + std::to_string(constraint);
}

int OpCall::ParamIndex(std::string_view name) const { return op_.FindParam(name); }

Ref<Expr> OpCall::Arg(std::string_view param) const {
  int i = ParamIndex(param);
  if (i < 0 || args_.by_param[i].empty()) return nullptr;
  return args_.by_param[i][0];
}

Ref<StructInfo> OpCall::ArgSInfo(std::string_view param) const {
  int i = ParamIndex(param);
  if (i < 0 || sinfo_by_param_[i].empty()) return nullptr;
  return sinfo_by_param_[i][0];
}

const std::vector<Ref<Expr>>& OpCall::RestArgs(std::string_view param) const {
  static const std::vector<Ref<Expr>> kNone;
  int i = ParamIndex(param);
  return i < 0 ? kNone : args_.by_param[i];
}

std::vector<Ref<StructInfo>> OpCall::RestSInfo(std::string_view param) const {
  int i = ParamIndex(param);
  return i < 0 ? std::vector<Ref<StructInfo>>{} : sinfo_by_param_[i];
}

Ref<TensorStructInfo> OpCall::Tensor(std::string_view param, int c) {
  Ref<StructInfo> s = ArgSInfo(param);
  if (auto t = As<TensorStructInfo>(s)) return t;
  Fail(c, "R." + op_.name + " argument '" + std::string(param) + "' must be a tensor, got " +
              Describe(s));
  return nullptr;
}

std::optional<std::vector<Ref<TensorStructInfo>>> OpCall::TensorTuple(std::string_view param, int c) {
  auto t = As<TupleStructInfo>(ArgSInfo(param));
  if (!t) {
    Fail(c, "R." + op_.name + " argument '" + std::string(param) + "' must be a tuple of tensors, got " +
                Describe(ArgSInfo(param)));
    return std::nullopt;
  }
  std::vector<Ref<TensorStructInfo>> out;
  for (size_t i = 0; i < t->fields.size(); ++i) {
    auto f = As<TensorStructInfo>(t->fields[i]);
    if (!f) {
      Fail(c, "R." + op_.name + " argument '" + std::string(param) + "' field " + std::to_string(i) +
                  " must be a tensor, got " + Describe(t->fields[i]));
      return std::nullopt;
    }
    out.push_back(f);
  }
  return out;
}

std::optional<OpCall::PrimArg> OpCall::Prim(std::string_view param, int c, bool integer_only) {
  Ref<StructInfo> s = ArgSInfo(param);
  auto p = As<PrimStructInfo>(s);
  if (!p || (integer_only && !IsInteger(p->dtype))) {
    Fail(c, "R." + op_.name + " argument '" + std::string(param) + "' must be " +
                (integer_only ? "an integer" : "a") + " primitive value, got " + Describe(s));
    return std::nullopt;
  }
  return PrimArg{p->dtype, p->value};
}

std::optional<OpCall::ShapeArg> OpCall::Shape(std::string_view param, int c) {
  Ref<StructInfo> s = ArgSInfo(param);
  auto sh = As<ShapeStructInfo>(s);
  if (!sh) {
    Fail(c, "R." + op_.name + " argument '" + std::string(param) + "' must be a shape, got " +
                Describe(s));
    return std::nullopt;
  }
  ShapeArg out;
  out.values = sh->values;
  out.ndim = sh->ndim;
  out.expr = Arg(param);
  return out;
}

// ---- attributes ----

const AttrValue* OpCall::Attr(std::string_view name) const { return Attrs().Find(name); }
int64_t OpCall::Int(std::string_view name) const { return Attrs().Int(name); }
std::optional<int64_t> OpCall::OptInt(std::string_view name) const { return Attrs().OptInt(name); }
bool OpCall::Bool(std::string_view name) const { return Attrs().Bool(name); }
double OpCall::Float(std::string_view name) const { return Attrs().Float(name); }
std::string OpCall::Str(std::string_view name) const { return Attrs().Str(name); }
DataType OpCall::DType(std::string_view name) const { return Attrs().DType(name); }
std::optional<std::vector<int64_t>> OpCall::IntList(std::string_view name) const {
  return Attrs().IntList(name);
}

// ---- constraints ----

std::optional<std::string> OpCall::MergeVDevice(int c, const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty() || a == b) return a;
  Fail(c, "R." + op_.name + " operands are on different devices: " + a + " and " + b);
  return std::nullopt;
}

std::nullptr_t OpCall::Fail(int c, std::string message) {
  state_.Error(ErrorCode::kOpConstraint, call_.span, std::move(message), Rule(c));
  return nullptr;
}

std::nullptr_t OpCall::Fail(int c, std::string message, const prover::ProofResult& evidence) {
  auto& d = state_.Error(ErrorCode::kOpConstraint, call_.span, std::move(message), Rule(c));
  state_.NoteCounterexample(d, evidence, call_.span);
  return nullptr;
}

Decision OpCall::Require(int c, const Ref<PrimExpr>& condition, const std::string& what) {
  if (condition->is_int()) {
    if (condition->int_value != 0) return Decision::kHolds;
    Fail(c, "R." + op_.name + ": " + what);
    return Decision::kFails;
  }
  prover::ProofResult r = proofs().Prove(condition);
  if (r.answer == prover::Answer::kProven) return Decision::kHolds;
  if (proofs().Proves(PrimExpr::Not(condition))) {
    Fail(c, "R." + op_.name + ": " + what + " (" + text::PrintPrimExpr(condition) +
                " never holds)");
    return Decision::kFails;
  }
  RuntimeCheck rc;
  rc.kind = RuntimeCheck::Kind::kOpConstraint;
  rc.rule = Rule(c);
  rc.span = state_.Where(call_.span);
  rc.condition = condition;
  rc.message = what + ": " + text::PrintPrimExpr(condition) + " is not proven";
  if (r.answer == prover::Answer::kDisproven) {
    rc.message += " (it fails for " + DescribeCounterexample(r) + ")";
    rc.counterexample = r.counterexample;
  }
  state_.AddRuntimeCheck(std::move(rc));
  return Decision::kUnknown;
}

Decision OpCall::Decide(const Ref<PrimExpr>& condition) {
  if (condition->is_int()) return condition->int_value != 0 ? Decision::kHolds : Decision::kFails;
  if (proofs().Proves(condition)) return Decision::kHolds;
  if (proofs().Proves(PrimExpr::Not(condition))) return Decision::kFails;
  return Decision::kUnknown;
}

std::optional<int> OpCall::Axis(int c, int64_t axis, int ndim, const char* what) {
  if (axis < -static_cast<int64_t>(ndim) || axis >= ndim) {
    Fail(c, "R." + op_.name + ": " + what + " " + std::to_string(axis) + " is out of range for a " +
                std::to_string(ndim) + "-d tensor (expected [" + std::to_string(-ndim) + ", " +
                std::to_string(ndim) + "))");
    return std::nullopt;
  }
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

std::optional<std::vector<int>> OpCall::Axes(int c, const std::vector<int64_t>& axes, int ndim,
                                             const char* what) {
  std::vector<int> out;
  for (int64_t a : axes) {
    auto n = Axis(c, a, ndim, what);
    if (!n) return std::nullopt;
    if (std::find(out.begin(), out.end(), *n) != out.end()) {
      Fail(c, "R." + op_.name + ": " + what + " " + std::to_string(a) + " is repeated");
      return std::nullopt;
    }
    out.push_back(*n);
  }
  return out;
}

bool OpCall::RequireDistinct(int c, const std::vector<int64_t>& axes, const char* what) {
  for (size_t i = 0; i < axes.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (axes[i] == axes[j]) {
        Fail(c, "R." + op_.name + ": " + what + " " + std::to_string(axes[i]) + " is repeated");
        return false;
      }
    }
  }
  return true;
}

// ---- helpers ----

std::string Describe(const Ref<StructInfo>& s) { return s ? text::PrintStructInfo(s) : "nothing"; }

const std::vector<Ref<PrimExpr>>* TensorDims(const TensorStructInfo& t, const InferState& s) {
  if (const auto* d = t.dims()) return d;
  if (auto v = As<Var>(t.shape)) {
    if (auto sh = As<ShapeStructInfo>(s.VarSInfo(*v)); sh && sh->values) return &*sh->values;
  }
  return nullptr;
}

Ref<TensorStructInfo> MakeTensor(std::vector<Ref<PrimExpr>> dims, DataType dtype,
                                 const std::string& vdevice) {
  int n = static_cast<int>(dims.size());
  return TensorStructInfo::Make(ShapeExpr::Make(std::move(dims)), dtype, n, vdevice);
}

Ref<TensorStructInfo> MakeTensorNdim(int ndim, DataType dtype, const std::string& vdevice) {
  return TensorStructInfo::Make(nullptr, dtype, ndim, vdevice);
}

namespace {

// Folds a binary node over two immediates when the result is defined and in range.
Ref<PrimExpr> Fold(PrimKind kind, const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  Ref<PrimExpr> e = PrimExpr::Binary(kind, a, b);
  if (a->is_int() && b->is_int()) {
    if (auto v = EvalPrim(*e, {})) return PrimExpr::Int(*v, e->dtype);
  }
  return e;
}

bool IsConst(const Ref<PrimExpr>& e, int64_t v) { return e->is_int() && e->int_value == v; }

}  // namespace

// x + c with the constants of x merged: (n - 1) + 1 is n, (n + 2) - 5 is n - 3.
static Ref<PrimExpr> AddConst(const Ref<PrimExpr>& x, int64_t c) {
  if (c == 0) return x;
  if (x->is_int()) return Fold(PrimKind::kAdd, x, I64(c));
  const auto& rhs = x->operands[1];
  __int128 merged = c;
  if (x->kind == PrimKind::kAdd && rhs->is_int()) merged += rhs->int_value;
  else if (x->kind == PrimKind::kSub && rhs->is_int()) merged -= rhs->int_value;
  else merged = INT64_MAX + static_cast<__int128>(1);  // nothing to merge
  if (merged >= INT64_MIN && merged <= INT64_MAX) return AddConst(x->operands[0], static_cast<int64_t>(merged));
  if (c > 0) return PrimExpr::Binary(PrimKind::kAdd, x, I64(c));
  if (c == INT64_MIN) return PrimExpr::Binary(PrimKind::kAdd, x, I64(c));
  return PrimExpr::Binary(PrimKind::kSub, x, I64(-c));
}

Ref<PrimExpr> Add(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (b->is_int() && b->dtype == DataType::kInt64 && a->dtype == DataType::kInt64) return AddConst(a, b->int_value);
  if (a->is_int() && a->dtype == DataType::kInt64 && b->dtype == DataType::kInt64) return AddConst(b, a->int_value);
  return Fold(PrimKind::kAdd, a, b);
}

Ref<PrimExpr> Sub(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (b->is_int() && b->dtype == DataType::kInt64 && a->dtype == DataType::kInt64 && b->int_value != INT64_MIN) {
    return AddConst(a, -b->int_value);
  }
  if (a == b) return I64(0);
  return Fold(PrimKind::kSub, a, b);
}

Ref<PrimExpr> Mul(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (IsConst(b, 1)) return a;
  if (IsConst(a, 1)) return b;
  return Fold(PrimKind::kMul, a, b);
}

Ref<PrimExpr> FloorDiv(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (IsConst(b, 1)) return a;
  return Fold(PrimKind::kFloorDiv, a, b);
}

Ref<PrimExpr> FloorMod(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  return Fold(PrimKind::kFloorMod, a, b);
}

Ref<PrimExpr> Min(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (a == b) return a;
  return Fold(PrimKind::kMin, a, b);
}

Ref<PrimExpr> Max(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (a == b) return a;
  return Fold(PrimKind::kMax, a, b);
}

Ref<PrimExpr> Cond(PrimKind kind, const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  return Fold(kind, a, b);
}

Ref<PrimExpr> I64(int64_t v) { return PrimExpr::Int(v); }

Ref<PrimExpr> Product(const std::vector<Ref<PrimExpr>>& dims) {
  Ref<PrimExpr> p = I64(1);
  for (const auto& d : dims) p = Mul(p, d);
  return p;
}

}  // namespace rlx::checker
