// Buffer loads and stores (spec tir.eval.bounds). Each access is planned once: where the
// buffer's layout is static and the scope proves every index inside its axis, the element's
// offset is one affine form over the frame's integer slots, evaluated without checks; otherwise
// each axis's index is computed (affine when it can be) and checked against the bound buffer,
// and an index outside its axis traps E3007 naming the buffer, the axis and the index.
#include <array>
#include <optional>
#include <utility>

#include "interpreter/kernels/scalar_ops.h"
#include "interpreter/tir/tir_affine.h"
#include "interpreter/tir/tir_compile.h"

namespace rlx::interp::tir_eval {

// Integer + - * wrap in their dtype, and wrapping once at the end gives the same value
// (arithmetic modulo 2^bits), so the form is exact for every dtype.
bool AddAffine(const PrimExpr& e, const Scope& scope, uint64_t scale, Affine* out) {
  if (e.lanes != 1 || !IsInteger(e.dtype)) return false;
  switch (e.kind) {
    case PrimKind::kIntImm: out->constant += scale * static_cast<uint64_t>(e.int_value); return true;
    case PrimKind::kVar: {
      const Scope::VarSlot& v = scope.Lookup(e);
      out->Add(v.slot, scale);
      return true;
    }
    case PrimKind::kAdd:
      return AddAffine(*e.operands[0], scope, scale, out) && AddAffine(*e.operands[1], scope, scale, out);
    case PrimKind::kSub:
      return AddAffine(*e.operands[0], scope, scale, out) &&
             AddAffine(*e.operands[1], scope, uint64_t{0} - scale, out);
    case PrimKind::kMul:
      if (e.operands[1]->is_int()) {
        return AddAffine(*e.operands[0], scope, scale * static_cast<uint64_t>(e.operands[1]->int_value), out);
      }
      if (e.operands[0]->is_int()) {
        return AddAffine(*e.operands[1], scope, scale * static_cast<uint64_t>(e.operands[0]->int_value), out);
      }
      return false;
    default: return false;
  }
}

namespace {

/// One axis's index: an affine form, or any integer expression (vector lanes included).
struct AxisIndex {
  DataType dtype = DataType::kInt64;
  bool affine = false;
  Affine form;
  ExprPtr expr;
  bool proven = false;  // the scope proves it inside the axis: no run-time check

  int64_t Eval(Frame& f, int lane) const {
    if (affine) return WrapToDType(dtype, form.Eval(f));
    return expr->Int(f, lane);
  }
};

/// How an access finds its element.
struct AccessPlan {
  int buffer = -1;
  std::string what;  // "load from" / "store to", for messages
  // Proven: the element is data[f.offsets[offset_slot]] (kept by the enclosing loop nest), or
  // else data[flat.Eval(f)].
  bool flat_only = false;
  int offset_slot = -1;
  Affine flat;
  // Otherwise: per-axis indices, checked unless proven.
  std::vector<AxisIndex> axes;

  int64_t Flat(Frame& f, int lane) const {
    if (flat_only) return static_cast<int64_t>(flat.Eval(f));
    const BoundBuffer& b = f.buffers[buffer];
    int64_t offset = b.offset;
    for (size_t a = 0; a < axes.size(); ++a) {
      const int64_t i = axes[a].Eval(f, lane);
      if (!axes[a].proven && (i < 0 || i >= b.shape[a])) OutOfBounds(b, a, i);
      offset += i * b.strides[a];
    }
    return offset;
  }
  [[noreturn]] void OutOfBounds(const BoundBuffer& b, size_t axis, int64_t i) const {
    Fail(ErrorCode::kIndexOutOfBounds,
         what + " buffer '" + b.buffer->name + "': index " + std::to_string(i) + " of axis " +
             std::to_string(axis) + " is outside [0, " + std::to_string(b.shape[axis]) + ")",
         "tir.eval.bounds");
  }
};

// The constant of an IntImm extent, stride or offset, or -1.
int64_t Constant(const Ref<PrimExpr>& e) { return e && e->is_int() ? e->int_value : -1; }

// The element strides of a buffer's layout when they are constants (empty: not constant).
std::vector<int64_t> StaticStrides(const tir::Buffer& b) {
  std::vector<int64_t> strides(b.ndim());
  if (!b.strides.empty()) {
    for (size_t a = 0; a < b.ndim(); ++a) {
      strides[a] = Constant(b.strides[a]);
      if (strides[a] < 0) return {};
    }
    return strides;
  }
  int64_t s = 1;
  for (size_t a = b.ndim(); a-- > 0;) {
    strides[a] = s;
    const int64_t extent = Constant(b.shape[a]);
    if (extent < 0 || (extent > 0 && s > INT64_MAX / extent)) return {};
    s *= extent;
  }
  return strides;
}

AccessPlan Plan(const tir::Buffer& buffer, const std::vector<Ref<PrimExpr>>& indices, Scope& scope,
                const char* what) {
  AccessPlan p;
  p.what = what;
  p.buffer = scope.LookupBuffer(buffer);
  if (indices.size() != buffer.ndim()) {
    IllFormed(std::string(what) + " buffer '" + buffer.name + "' with " + std::to_string(indices.size()) +
                  " indices; it has rank " + std::to_string(buffer.ndim()),
              "tir.eval.ill-formed");
  }
  bool all_proven = true;
  for (size_t a = 0; a < indices.size(); ++a) {
    const PrimExpr& e = *indices[a];
    AxisIndex ax;
    ax.dtype = e.dtype;
    if (!IsInteger(e.dtype)) IllFormed(std::string(what) + " buffer '" + buffer.name + "' with a non-integer index", "tir.eval.ill-formed");
    ax.affine = AddAffine(e, scope, 1, &ax.form);
    if (!ax.affine) ax.expr = CompileExpr(e, scope);
    const int64_t extent = Constant(buffer.shape[a]);
    ax.proven = extent >= 0 && scope.Bound(e).Within(0, extent - 1);
    all_proven = all_proven && ax.proven && ax.affine;
    p.axes.push_back(std::move(ax));
  }
  const std::vector<int64_t> strides = StaticStrides(buffer);
  const int64_t offset = buffer.elem_offset ? Constant(buffer.elem_offset) : 0;
  if (all_proven && (strides.size() == buffer.ndim()) && offset >= 0) {
    p.flat_only = true;
    p.flat.constant = static_cast<uint64_t>(offset);
    for (size_t a = 0; a < p.axes.size(); ++a) {
      const uint64_t s = static_cast<uint64_t>(strides[a]);
      p.flat.constant += s * p.axes[a].form.constant;
      for (const auto& [slot, c] : p.axes[a].form.terms) p.flat.Add(slot, s * c);
    }
    p.axes.clear();
    p.offset_slot = scope.RegisterNestAccess(p.flat);
  }
  return p;
}

template <class T>
class LoadNode final : public TypedNode<T, LoadNode<T>> {
 public:
  explicit LoadNode(AccessPlan p) : p_(std::move(p)) {}
  T Eval(Frame& f, int lane) const {
    const int64_t i = p_.Flat(f, lane);
    return reinterpret_cast<const T*>(f.buffers[p_.buffer].data)[i];
  }

 private:
  AccessPlan p_;
};

// A load whose element offset the enclosing loop nest keeps (the hot path of loop nests).
template <class T>
class NestLoadNode final : public TypedNode<T, NestLoadNode<T>> {
 public:
  NestLoadNode(int buffer, int offset_slot) : buffer_(buffer), offset_slot_(offset_slot) {}
  T Eval(Frame& f, int) const {
    return reinterpret_cast<const T*>(f.buffers[buffer_].data)[f.offsets[offset_slot_]];
  }

 private:
  int buffer_, offset_slot_;
};

// buffer[indices] = value, lane by lane for a vector store.
template <class T>
class StoreNode final : public StmtNode {
 public:
  StoreNode(AccessPlan p, ExprPtr value, int lanes) : p_(std::move(p)), value_(std::move(value)), lanes_(lanes) {}
  void Run(Frame& f) const override {
    for (int lane = 0; lane < lanes_; ++lane) {
      const T v = Get<T>(*value_, f, lane);
      const int64_t i = p_.Flat(f, lane);
      reinterpret_cast<T*>(f.buffers[p_.buffer].data)[i] = v;
    }
  }

 private:
  AccessPlan p_;
  ExprPtr value_;
  int lanes_;
};

template <class T>
class NestStoreNode final : public StmtNode {
 public:
  NestStoreNode(int buffer, int offset_slot, ExprPtr value)
      : buffer_(buffer), offset_slot_(offset_slot), value_(std::move(value)) {}
  void Run(Frame& f) const override {
    const T v = Get<T>(*value_, f, 0);
    reinterpret_cast<T*>(f.buffers[buffer_].data)[f.offsets[offset_slot_]] = v;
  }

 private:
  int buffer_, offset_slot_;
  ExprPtr value_;
};

// buffer[i] = buffer[i] op value, for a reduction's update (op: + * max min) where the
// nest keeps i: the element is read and written at one offset, without a load node. (The load
// cannot trap — its offset is proven in bounds — so reading it before `value` is evaluated is
// the order tir.eval.stmt gives.)
template <class T, class Op>
class AccumulateNode final : public StmtNode {
 public:
  AccumulateNode(int buffer, int offset_slot, ExprPtr value)
      : buffer_(buffer), offset_slot_(offset_slot), value_(std::move(value)) {}
  void Run(Frame& f) const override {
    T* element = reinterpret_cast<T*>(f.buffers[buffer_].data) + f.offsets[offset_slot_];
    const T old = *element;
    *element = Op{}(old, Get<T>(*value_, f, 0));
  }

 private:
  int buffer_, offset_slot_;
  ExprPtr value_;
};

// buffer[i] = buffer[i] + T(x[j]) * T(y[k]), the update of matmul, conv2d and every
// contraction, where the nest keeps i, j and k: the operands converted to T (R.astype's
// conversion; none when X is T, as TVM writes it; float64 from a narrower float, as rlx's
// lowerings accumulate), the product and the sum each rounded, as the tree computes them, in
// one node.
template <class T, class X>
class MultiplyAccumulateNode final : public StmtNode {
 public:
  MultiplyAccumulateNode(int buffer, int offset_slot, std::array<int, 2> x, std::array<int, 2> y)
      : buffer_(buffer), offset_slot_(offset_slot), x_(x), y_(y) {}
  void Run(Frame& f) const override {
    T* element = reinterpret_cast<T*>(f.buffers[buffer_].data) + f.offsets[offset_slot_];
    const X a = reinterpret_cast<const X*>(f.buffers[x_[0]].data)[f.offsets[x_[1]]];
    const X b = reinterpret_cast<const X*>(f.buffers[y_[0]].data)[f.offsets[y_[1]]];
    if constexpr (std::is_same_v<T, X>) {
      *element = scalar::Add{}(*element, scalar::Multiply{}(a, b));
    } else {
      *element = scalar::Add{}(*element, scalar::Multiply{}(ConvertElem<T>(a), ConvertElem<T>(b)));
    }
  }

 private:
  int buffer_, offset_slot_;
  std::array<int, 2> x_, y_;  // buffer slot, offset slot
};

// An operand of a multiply-accumulate: a load the enclosing nest keeps, converted to `t`.
struct MacOperand {
  std::array<int, 2> slots;  // buffer slot, offset slot
  DataType loaded;
};
std::optional<MacOperand> MacOperandOf(const PrimExpr& e, DataType t, Scope& scope) {
  const PrimExpr* load = &e;
  // T.Cast to float64 of a narrower float (rlx's float accumulation).
  if (e.kind == PrimKind::kCast && t == DataType::kFloat64 && IsFloat(e.operands[0]->dtype)) load = e.operands[0].get();
  if (load->kind != PrimKind::kBufferLoad || load->lanes != 1) return std::nullopt;
  AccessPlan p = Plan(*load->buffer, load->args, scope, "load from");
  if (p.offset_slot < 0) return std::nullopt;
  return MacOperand{{p.buffer, p.offset_slot}, load->buffer->dtype};
}

// The multiply-accumulate node of `buffer[i] + x * y` in dtype t, or null.
StmtPtr CompileMultiplyAccumulate(const PrimExpr& product, DataType t, const AccessPlan& p, Scope& scope) {
  auto x = MacOperandOf(*product.operands[0], t, scope);
  auto y = x ? MacOperandOf(*product.operands[1], t, scope) : std::nullopt;
  if (!y || x->loaded != y->loaded) return nullptr;
  return DispatchDType(x->loaded, [&](auto tag) -> StmtPtr {
    using X = decltype(tag);
    if (x->loaded == t) return std::make_unique<MultiplyAccumulateNode<X, X>>(p.buffer, p.offset_slot, x->slots, y->slots);
    if constexpr (kIsFloatElem<X>) {
      return std::make_unique<MultiplyAccumulateNode<double, X>>(p.buffer, p.offset_slot, x->slots, y->slots);
    } else {
      return nullptr;  // (a cast operand is a float)
    }
  });
}

// The reduction update `B[i] = B[i] op rhs` of a store, or null.
StmtPtr CompileAccumulate(const tir::BufferStore& store, const AccessPlan& p, Scope& scope) {
  const PrimExpr& v = *store.value;
  if (p.offset_slot < 0 || v.lanes != 1 || v.arity() != 2) return nullptr;
  const PrimExpr& lhs = *v.operands[0];
  if (lhs.kind != PrimKind::kBufferLoad || lhs.buffer != store.buffer || lhs.args.size() != store.indices.size()) return nullptr;
  for (size_t i = 0; i < lhs.args.size(); ++i) {
    if (!SameTerm(lhs.args[i], store.indices[i])) return nullptr;
  }
  if (v.kind != PrimKind::kAdd && v.kind != PrimKind::kMul && v.kind != PrimKind::kMax && v.kind != PrimKind::kMin) {
    return nullptr;
  }
  const PrimExpr& r = *v.operands[1];
  if (v.kind == PrimKind::kAdd && r.kind == PrimKind::kMul && r.dtype == store.buffer->dtype) {
    if (StmtPtr mac = CompileMultiplyAccumulate(r, r.dtype, p, scope)) return mac;
  }
  ExprPtr rhs = CompileExpr(r, scope);
  if (rhs->dtype != store.buffer->dtype) return nullptr;
  return DispatchDType(store.buffer->dtype, [&](auto tag) -> StmtPtr {
    using T = decltype(tag);
    switch (v.kind) {
      case PrimKind::kAdd: return std::make_unique<AccumulateNode<T, scalar::Add>>(p.buffer, p.offset_slot, std::move(rhs));
      case PrimKind::kMul: return std::make_unique<AccumulateNode<T, scalar::Multiply>>(p.buffer, p.offset_slot, std::move(rhs));
      case PrimKind::kMax: return std::make_unique<AccumulateNode<T, scalar::Max>>(p.buffer, p.offset_slot, std::move(rhs));
      default: return std::make_unique<AccumulateNode<T, scalar::Min>>(p.buffer, p.offset_slot, std::move(rhs));
    }
  });
}

// `if cond: body` (a guarded store); Cond an AffineConjunction or an ExprCondition.
template <class Cond>
class GuardedNode final : public StmtNode {
 public:
  GuardedNode(Cond cond, StmtPtr body) : cond_(std::move(cond)), body_(std::move(body)) {}
  void Run(Frame& f) const override {
    if (cond_.Holds(f)) body_->Run(f);
  }

 private:
  Cond cond_;
  StmtPtr body_;
};
struct ExprCondition {
  ExprPtr e;
  bool Holds(Frame& f) const { return e->Int(f, 0) != 0; }
};

// `B[i] = T.if_then_else(c, v, B[i])`, the padding guard of a reduction's update, as
// `if c: B[i] = v` where the nest keeps i (the load of the else value cannot trap, and storing
// it back changes nothing), so that `v` can be fused; or null.
StmtPtr CompileGuardedStore(const tir::BufferStore& store, const AccessPlan& p, Scope& scope) {
  const PrimExpr& v = *store.value;
  if (p.offset_slot < 0 || v.kind != PrimKind::kCall || v.intrinsic != tir::Intrinsic::kIfThenElse ||
      v.args.size() != 3 || v.lanes != 1) {
    return nullptr;
  }
  const PrimExpr& otherwise = *v.args[2];
  if (otherwise.kind != PrimKind::kBufferLoad || otherwise.buffer != store.buffer ||
      otherwise.args.size() != store.indices.size()) {
    return nullptr;
  }
  for (size_t i = 0; i < store.indices.size(); ++i) {
    if (!SameTerm(otherwise.args[i], store.indices[i])) return nullptr;
  }
  if (v.args[0]->dtype != DataType::kBool || v.args[1]->dtype != store.buffer->dtype) return nullptr;
  std::optional<AffineConjunction> affine = CompileAffineConjunction(*v.args[0], scope);
  ExprPtr cond = affine ? nullptr : CompileExpr(*v.args[0], scope);
  const size_t facts = scope.Assume(*v.args[0]);
  Ref<tir::BufferStore> taken = tir::BufferStore::Make(store.buffer, v.args[1], store.indices, store.span);
  StmtPtr body = CompileStore(*taken, scope);
  scope.ForgetFacts(facts);
  if (affine) return std::make_unique<GuardedNode<AffineConjunction>>(std::move(*affine), std::move(body));
  return std::make_unique<GuardedNode<ExprCondition>>(ExprCondition{std::move(cond)}, std::move(body));
}

}  // namespace

ExprPtr CompileLoad(const PrimExpr& load, Scope& scope) {
  AccessPlan p = Plan(*load.buffer, load.args, scope, "load from");
  return DispatchDType(load.buffer->dtype, [&](auto tag) -> ExprPtr {
    using T = decltype(tag);
    if (p.offset_slot >= 0) return std::make_unique<NestLoadNode<T>>(p.buffer, p.offset_slot);
    return std::make_unique<LoadNode<T>>(std::move(p));
  });
}

StmtPtr CompileStore(const tir::BufferStore& store, Scope& scope) {
  AccessPlan p = Plan(*store.buffer, store.indices, scope, "store to");
  if (store.value->dtype == store.buffer->dtype) {
    if (StmtPtr update = CompileAccumulate(store, p, scope)) return update;
    if (StmtPtr guarded = CompileGuardedStore(store, p, scope)) return guarded;
  }
  ExprPtr value = CompileExpr(*store.value, scope);
  if (value->dtype != store.buffer->dtype) {
    IllFormed("a store of a " + std::string(DataTypeName(value->dtype)) + " value to " +
                  std::string(DataTypeName(store.buffer->dtype)) + " buffer '" + store.buffer->name + "'",
              "tir.eval.ill-formed");
  }
  int lanes = store.value->lanes;
  for (const auto& i : store.indices) lanes = std::max(lanes, i->lanes);
  return DispatchDType(store.buffer->dtype, [&](auto tag) -> StmtPtr {
    using T = decltype(tag);
    if (p.offset_slot >= 0 && lanes == 1) return std::make_unique<NestStoreNode<T>>(p.buffer, p.offset_slot, std::move(value));
    return std::make_unique<StoreNode<T>>(std::move(p), std::move(value), lanes);
  });
}

}  // namespace rlx::interp::tir_eval
