#include "interpreter/tir/tir_program.h"

#include <limits>

#include "interpreter/kernels/broadcast.h"
#include "interpreter/tir/tir_buffer.h"
#include "interpreter/tir/tir_compile.h"

namespace rlx::interp::tir_eval {

namespace {

/// One value of a buffer parameter's layout (an extent, a stride or the offset): a variable it
/// defines, or an expression it must equal (tir.func.buffer-map).
struct LayoutEntry {
  const PrimExpr* expr = nullptr;
  int bind_slot = -1;
  ExprPtr check;
};

struct ParamPlan {
  std::string name;
  const tir::Buffer* buffer = nullptr;  // null: a scalar parameter
  DataType dtype = DataType::kInt64;    // the scalar's or the buffer's
  int slot = -1;                        // the scalar's int or float slot, or the buffer's slot
  std::vector<LayoutEntry> shape, strides;
  std::vector<LayoutEntry> offset;  // zero or one entry
};

Interval NonNegative(DataType t) {
  const int bits = DataTypeBits(t);
  const int64_t hi = bits >= 64 || !IsInteger(t) ? std::numeric_limits<int64_t>::max()
                                                 : (int64_t{1} << (bits - (IsSignedInt(t) ? 1 : 0))) - 1;
  return Interval::Of(0, hi);
}

}  // namespace

struct CompiledParams {
  std::vector<ParamPlan> params;
};

namespace {

// Defines the variables a buffer parameter's layout introduces; the other entries are compiled
// as checks once every parameter has been seen.
void PlanLayout(const std::vector<Ref<PrimExpr>>& exprs, Scope& scope, std::vector<LayoutEntry>* out) {
  for (const auto& e : exprs) {
    LayoutEntry entry;
    entry.expr = e.get();
    if (e->is_var() && !scope.IsDefined(*e)) {
      if (!IsInteger(e->dtype)) IllFormed("buffer variable '" + e->name + "' is not an integer", "tir.eval.ill-formed");
      entry.bind_slot = scope.Define(*e, NonNegative(e->dtype));
    }
    out->push_back(std::move(entry));
  }
}

void CompileChecks(std::vector<LayoutEntry>& entries, Scope& scope) {
  for (auto& entry : entries) {
    if (entry.bind_slot >= 0) continue;
    entry.check = CompileExpr(*entry.expr, scope);
    if (!IsInteger(entry.check->dtype)) IllFormed("a buffer layout value is not an integer", "tir.eval.ill-formed");
  }
}

class Binder {
 public:
  Binder(const std::string& func, Frame& f) : func_(func), f_(f) {}

  [[noreturn]] void Mismatch(size_t i, const ParamPlan& p, const std::string& why) const {
    // tir.eval.bind
    Fail(ErrorCode::kArgumentFailed,
         "argument " + std::to_string(i) + " of PrimFunc '" + func_ + "' does not match parameter '" + p.name + "': " + why,
         "tir.eval.bind");
  }

  void BindScalar(size_t i, const ParamPlan& p, const Value& v) {
    if (!v.is_prim()) Mismatch(i, p, std::string("expected a scalar, got ") + ValueKindName(v.kind()));
    const PrimScalar& s = v.prim();
    if (IsFloat(p.dtype)) {
      f_.floats[p.slot] = DispatchDType(p.dtype, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (kIsFloatElem<T>) return ToDouble(RoundFloat<T>(s.is_float() ? s.f : static_cast<double>(s.i)));
        else return 0.0;
      });
      return;
    }
    if (s.is_float() || WrapToDType(p.dtype, static_cast<uint64_t>(s.i)) != s.i) {
      Mismatch(i, p, "the value is not a " + std::string(DataTypeName(p.dtype)));
    }
    f_.ints[p.slot] = s.i;
  }

  // The first pass over a buffer: dtype, rank, and the variables its layout defines.
  void BindBufferVars(size_t i, const ParamPlan& p, const Value& v) {
    if (!v.is_tensor()) Mismatch(i, p, std::string("expected a tensor, got ") + ValueKindName(v.kind()));
    const TensorData& t = *v.tensor();
    if (t.dtype() != p.dtype) {
      Mismatch(i, p, "buffer '" + p.buffer->name + "' holds " + std::string(DataTypeName(p.dtype)) + ", the tensor " +
                         std::string(DataTypeName(t.dtype())));
    }
    if (static_cast<size_t>(t.ndim()) != p.shape.size()) {
      Mismatch(i, p, "buffer '" + p.buffer->name + "' has rank " + std::to_string(p.shape.size()) + ", the tensor " +
                         std::to_string(t.ndim()));
    }
    ForEachEntry(p, t, [&](const LayoutEntry& e, int64_t actual, const std::string& what) {
      if (e.bind_slot < 0) return;
      if (WrapToDType(e.expr->dtype, static_cast<uint64_t>(actual)) != actual) {
        Mismatch(i, p, what + " " + std::to_string(actual) + " does not fit '" + e.expr->name + "' (" +
                           std::string(DataTypeName(e.expr->dtype)) + ")");
      }
      f_.ints[e.bind_slot] = actual;
    });
  }

  // The second pass: every other layout value must equal the tensor's; then bind.
  void CheckAndBind(size_t i, const ParamPlan& p, const Value& v) {
    const Tensor& t = v.tensor();
    ForEachEntry(p, *t, [&](const LayoutEntry& e, int64_t actual, const std::string& what) {
      if (!e.check) return;
      const int64_t expected = e.check->Int(f_, 0);
      if (expected != actual) {
        Mismatch(i, p, what + " is " + std::to_string(actual) + ", the buffer declares " + std::to_string(expected));
      }
    });
    std::string why = BindBuffer(f_, p.slot, *p.buffer, t, t->shape(), RowMajorStrides(t->shape()), 0);
    if (!why.empty()) Mismatch(i, p, why);
  }

 private:
  // Calls fn(entry, the tensor's value, a description) for every layout entry: the tensor's
  // extents, its row-major strides and the offset 0 (tensors are compact).
  template <class F>
  void ForEachEntry(const ParamPlan& p, const TensorData& t, F fn) {
    const std::vector<int64_t> strides = RowMajorStrides(t.shape());
    for (size_t a = 0; a < p.shape.size(); ++a) fn(p.shape[a], t.shape()[a], "extent " + std::to_string(a));
    for (size_t a = 0; a < p.strides.size() && a < strides.size(); ++a) fn(p.strides[a], strides[a], "stride " + std::to_string(a));
    for (const auto& e : p.offset) fn(e, 0, "the element offset");
  }
  const std::string& func_;
  Frame& f_;
};

}  // namespace

TirProgram::~TirProgram() = default;

size_t TirProgram::arity() const { return params_->params.size(); }

std::shared_ptr<const TirProgram> TirProgram::Compile(const tir::PrimFunc& f, std::string name, bool optimize) {
  std::shared_ptr<TirProgram> p(new TirProgram());
  p->name_ = std::move(name);
  p->params_ = std::make_unique<CompiledParams>();
  Scope scope(optimize);
  auto& plans = p->params_->params;
  // Scalars first: a buffer's layout may use them (tir.func.buffer-map).
  for (const tir::Param& param : f.params) {
    ParamPlan plan;
    plan.name = param.var->name;
    if (!param.is_handle()) {
      plan.dtype = param.var->dtype;
      if (plan.dtype == DataType::kVoid) IllFormed("parameter '" + plan.name + "' is a handle without a buffer", "tir.eval.ill-formed");
      plan.slot = scope.Define(*param.var);
    }
    plans.push_back(std::move(plan));
  }
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (!f.params[i].is_handle()) continue;
    const tir::Buffer& b = *f.params[i].buffer;
    ParamPlan& plan = plans[i];
    plan.buffer = &b;
    plan.dtype = b.dtype;
    PlanLayout(b.shape, scope, &plan.shape);
    PlanLayout(b.strides, scope, &plan.strides);
    if (b.elem_offset) PlanLayout({b.elem_offset}, scope, &plan.offset);
    if (!plan.strides.empty() && plan.strides.size() != plan.shape.size()) {
      IllFormed("buffer '" + b.name + "' has strides of another rank", "tir.eval.ill-formed");
    }
    plan.slot = scope.DefineBuffer(b);
  }
  for (ParamPlan& plan : plans) {
    CompileChecks(plan.shape, scope);
    CompileChecks(plan.strides, scope);
    CompileChecks(plan.offset, scope);
  }
  p->body_ = CompileStmt(*f.body, scope);
  p->num_ints_ = scope.num_ints();
  p->num_floats_ = scope.num_floats();
  p->num_buffers_ = scope.num_buffers();
  p->num_offsets_ = scope.num_offsets();
  return p;
}

void TirProgram::Run(CallContext& ctx, const std::vector<Value>& args) const {
  const auto& plans = params_->params;
  if (args.size() != plans.size()) {
    Fail(ErrorCode::kArgumentFailed,
         "PrimFunc '" + name_ + "' takes " + std::to_string(plans.size()) + " arguments, got " + std::to_string(args.size()),
         "tir.eval.bind");
  }
  Frame f;
  f.ints.assign(num_ints_, 0);
  f.floats.assign(num_floats_, 0.0);
  f.buffers.resize(num_buffers_);
  f.offsets.assign(num_offsets_, 0);
  f.ctx = &ctx;
  Binder binder(name_, f);
  for (size_t i = 0; i < plans.size(); ++i) {
    if (plans[i].buffer) binder.BindBufferVars(i, plans[i], args[i]);
    else binder.BindScalar(i, plans[i], args[i]);
  }
  for (size_t i = 0; i < plans.size(); ++i) {
    if (plans[i].buffer) binder.CheckAndBind(i, plans[i], args[i]);
  }
  body_->Run(f);
  f.FlushWork();
}

}  // namespace rlx::interp::tir_eval
