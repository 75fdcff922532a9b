// fold-constant (pass.fold-constant): a pure op call whose operands are all constants becomes
// the constant the reference interpreter computes for it.
#include <unordered_map>

#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "interpreter/interpreter.h"
#include "ir/op_table.h"
#include "ir/tensor_data.h"

namespace rlx::compiler {
namespace {

// A folded result holds at most this many elements, all tensors together: larger constants
// would grow the module (TVM leaves creation ops above 1024 elements alone for the same reason).
constexpr int64_t kMaxFoldedElements = 4096;

// Folding runs the reference on the operands with these limits; a call that needs more is left
// for run time.
interp::InterpreterOptions FoldingOptions() {
  interp::InterpreterOptions o;
  o.limits.max_work = int64_t{1} << 24;
  o.limits.max_live_bytes = int64_t{64} << 20;
  o.limits.max_tensor_bytes = int64_t{16} << 20;
  return o;
}

bool IsImmediate(const Ref<PrimExpr>& e) { return e && (e->is_int() || e->kind == PrimKind::kFloatImm); }

// The ops a call of which may be folded: pure ones computed from their operands alone. Not the
// memory ops (a storage is an object, not a value), not packed or PrimFunc calls.
bool Foldable(const OpInfo& op) {
  if (!op.pure || op.family == OpFamily::kMemory) return false;
  switch (op.id) {
    case OpId::kCallTir:
    case OpId::kCallTirInplace:
    case OpId::kCallPurePacked:
    case OpId::kCallDpsPacked:
      return false;
    default:
      return true;
  }
}

// The expression for a value computed at compile time, or nullptr when it is not one a module
// can hold as a literal (or is too large). `elements` counts the tensor elements so far.
Ref<Expr> Literal(const runtime::Value& v, int64_t* elements) {
  switch (v.kind()) {
    case runtime::ValueKind::kTensor: {
      const TensorData& t = *v.tensor();
      *elements += t.num_elements();
      if (*elements > kMaxFoldedElements) return nullptr;
      return Constant::Make(std::make_shared<const TensorData>(t));
    }
    case runtime::ValueKind::kTuple: {
      std::vector<Ref<Expr>> fields;
      for (const runtime::Value& f : v.tuple()) {
        Ref<Expr> e = Literal(f, elements);
        if (!e) return nullptr;
        fields.push_back(e);
      }
      return Tuple::Make(std::move(fields));
    }
    case runtime::ValueKind::kShape: {
      std::vector<Ref<PrimExpr>> dims;
      for (int64_t d : v.shape()) dims.push_back(PrimExpr::Int(d));
      return ShapeExpr::Make(std::move(dims));
    }
    case runtime::ValueKind::kPrim: {
      const runtime::PrimScalar& p = v.prim();
      return PrimValue::Make(p.is_float() ? PrimExpr::Float(p.f, p.dtype) : PrimExpr::Int(p.i, p.dtype));
    }
    default:
      return nullptr;
  }
}

// True when struct info names a virtual device (a literal would lose it).
bool NamesVDevice(const Ref<StructInfo>& s) {
  if (auto t = As<TensorStructInfo>(s)) return !t->vdevice.empty();
  if (auto t = As<TupleStructInfo>(s)) {
    for (const auto& f : t->fields) {
      if (NamesVDevice(f)) return true;
    }
  }
  return false;
}

class Folder : public ExprMutator {
 public:
  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    Binding nb = RewriteBinding(b);
    if (!nb.is_match_cast()) {
      if (Ref<Expr> folded = Fold(nb.value, b.value->struct_info())) nb.value = folded;
      if (IsConstant(nb.value)) constants_[nb.var.get()] = nb.value;
    }
    out.push_back(std::move(nb));
  }

 private:
  // `e` with the variables bound to constants replaced by them, or nullptr when something in
  // it is not constant.
  Ref<Expr> Constantly(const Ref<Expr>& e) const {
    if (auto v = As<Var>(e)) {
      auto it = constants_.find(v.get());
      return it == constants_.end() ? nullptr : it->second;
    }
    return IsConstant(e) ? e : nullptr;
  }

  static bool IsConstant(const Ref<Expr>& e) {
    switch (e->kind) {
      case ExprKind::kConstant:
      case ExprKind::kStringImm:
      case ExprKind::kDataTypeImm:
        return true;
      case ExprKind::kPrimValue:
        return IsImmediate(As<PrimValue>(e)->value);
      case ExprKind::kShapeExpr:
        for (const auto& d : As<ShapeExpr>(e)->values) {
          if (!d->is_int()) return false;
        }
        return true;
      case ExprKind::kTuple:
        for (const auto& f : As<Tuple>(e)->fields) {
          if (!IsConstant(f)) return false;
        }
        return true;
      default:
        return false;
    }
  }

  // The literal `value` computes, when it is a foldable call on constants that the reference
  // evaluates without a trap; else nullptr.
  Ref<Expr> Fold(const Ref<Expr>& value, const Ref<StructInfo>& sinfo) const {
    auto call = As<Call>(value);
    auto op = call ? As<Op>(call->op) : nullptr;
    if (!op || !Foldable(*op->info) || NamesVDevice(sinfo)) return nullptr;
    std::vector<Ref<Expr>> args;
    for (const auto& a : call->args) {
      Ref<Expr> c = Constantly(a);
      if (!c) return nullptr;
      args.push_back(c);
    }
    Ref<Var> result = Var::Make("folded");
    Ref<Expr> body = SeqExpr::Make({BindingBlock{false, {Binding::VarBinding(result, Call::Make(call->op, args, call->attrs, call->sinfo_args))}, {}}},
                                   result);
    Ref<Function> main = Function::Make({}, body, nullptr, true, Attrs().With("global_symbol", AttrValue::String("main")));
    interp::Interpreter interpreter(IRModule::Make({GlobalDef{"main", main, {}}}), FoldingOptions());
    interp::RunResult r = interpreter.Run("main", {});
    if (!r.ok()) return nullptr;  // it traps (or needs more than folding allows): left to run time
    int64_t elements = 0;
    return Literal(r.value, &elements);
  }

  std::unordered_map<const Var*, Ref<Expr>> constants_;
};

}  // namespace

Ref<IRModule> FoldConstant(const Ref<IRModule>& m) {
  Folder mutator;
  return AcceptedOr(m, RewriteModule(mutator, m));
}

}  // namespace rlx::compiler
