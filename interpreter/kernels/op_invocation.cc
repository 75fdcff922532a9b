#include "interpreter/runtime_names.h"
#include "interpreter/kernels/op_invocation.h"

#include <climits>

#include "ir/op_args.h"
#include "interpreter/kernels/element_types.h"

namespace rlx::interp {
namespace {

const Value& NullValue() {
  static const Value v;
  return v;
}

}  // namespace

OpInvocation::OpInvocation(const OpInfo& op, const Call& call, std::vector<Value> args,
                           CallContext& ctx)
    : op_(op), call_(call), ctx_(ctx), by_param_(op.params.size()) {
  // The checker accepted the call, so its arguments fill the parameters in order.
  OpArgs matched = MatchOpArgs(op, call);
  size_t next = 0;
  for (size_t i = 0; i < matched.by_param.size() && i < by_param_.size(); ++i) {
    for (size_t k = 0; k < matched.by_param[i].size() && next < args.size(); ++k) {
      by_param_[i].push_back(std::move(args[next++]));
    }
  }
}

bool OpInvocation::Has(std::string_view param) const {
  int i = op_.FindParam(param);
  return i >= 0 && !by_param_[i].empty();
}

const Value& OpInvocation::Arg(std::string_view param) const {
  int i = op_.FindParam(param);
  if (i < 0 || by_param_[i].empty()) return NullValue();
  return by_param_[i][0];
}

const std::vector<Value>& OpInvocation::Rest(std::string_view param) const {
  static const std::vector<Value> empty;
  int i = op_.FindParam(param);
  return i < 0 ? empty : by_param_[i];
}

Tensor OpInvocation::TensorArg(std::string_view param) {
  const Value& v = Arg(param);
  if (v.is_tensor()) return v.tensor();
  if (v.is_prim()) return PrimToTensor(v.prim(), ctx_.allocator());
  Fail(ErrorCode::kInvalidValue,
       "R." + op_.name + " argument '" + std::string(param) + "' is a " +
           ValueKindName(v.kind()) + ", not a tensor");
}

std::vector<Tensor> OpInvocation::TensorTupleArg(std::string_view param) {
  const Value& v = Arg(param);
  std::vector<Tensor> out;
  if (v.is_tuple()) {
    for (const Value& f : v.tuple()) {
      if (!f.is_tensor()) break;
      out.push_back(f.tensor());
    }
    if (out.size() == v.tuple().size()) return out;
  }
  Fail(ErrorCode::kInvalidValue,
       "R." + op_.name + " argument '" + std::string(param) + "' must be a tuple of tensors");
}

int64_t OpInvocation::IntArg(std::string_view param) {
  const Value& v = Arg(param);
  if (v.is_prim() && !v.prim().is_float()) return v.prim().i;
  if (v.is_tensor() && v.tensor()->ndim() == 0 && !IsFloat(v.tensor()->dtype())) {
    return v.tensor()->GetInt(0);
  }
  Fail(ErrorCode::kInvalidValue,
       "R." + op_.name + " argument '" + std::string(param) + "' must be an integer");
}

double OpInvocation::FloatArg(std::string_view param) {
  const Value& v = Arg(param);
  if (v.is_prim()) {
    const PrimScalar& p = v.prim();
    if (p.is_float()) return p.f;
    if (p.dtype == DataType::kUInt64) return static_cast<double>(static_cast<uint64_t>(p.i));
    return static_cast<double>(p.i);
  }
  if (v.is_tensor() && v.tensor()->ndim() == 0) return v.tensor()->GetDouble(0);
  Fail(ErrorCode::kInvalidValue,
       "R." + op_.name + " argument '" + std::string(param) + "' must be a number");
}

std::vector<int64_t> OpInvocation::ShapeArg(std::string_view param) {
  const Value& v = Arg(param);
  if (v.is_shape()) return v.shape();
  Fail(ErrorCode::kInvalidValue,
       "R." + op_.name + " argument '" + std::string(param) + "' must be a shape");
}

std::string OpInvocation::Rule(int constraint) const {
  return "op." + op_.name + ".c" + std::to_string(constraint);
}

void OpInvocation::FailConstraint(int c, const std::string& message) const {
  // eval.op.constraint
  Fail(ErrorCode::kOpConstraintFailed, "R." + op_.name + ": " + message, Rule(c));
}

void OpInvocation::FailExtentOverflow(const std::string& what) const {
  // eval.limit.tensor: an extent that does not fit in int64 is too large.
  Fail(ErrorCode::kTensorTooLarge,
       "R." + op_.name + ": the result extent " + what + " does not fit in int64");
}

Tensor OpInvocation::Alloc(DataType dtype, const std::vector<int64_t>& shape) {
  return ctx_.allocator().Alloc(dtype, shape);
}

Tensor OpInvocation::AllocUninitialized(DataType dtype, const std::vector<int64_t>& shape) {
  return ctx_.allocator().AllocUninitialized(dtype, shape);
}

void OpInvocation::ChargeWork(std::initializer_list<int64_t> factors) {
  int64_t n = 1;
  for (int64_t f : factors) {
    if (f <= 0) return;  // no work
    if (__builtin_mul_overflow(n, f, &n)) n = INT64_MAX;
  }
  ctx_.ChargeWork(n);
}

Tensor PrimToTensor(const PrimScalar& p, Allocator& alloc) {
  Tensor t = alloc.Alloc(p.dtype, {});
  if (p.is_float()) {
    t->SetDouble(0, p.f);
  } else {
    t->SetInt(0, p.i);
  }
  return t;
}

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

}  // namespace rlx::interp
