// call-tir-rewrite (pass.call-tir-rewrite, TVM's CallTIRRewrite): the destination-passing calls
// become explicit allocations and a direct call of the PrimFunc (or of the packed function)
// that writes them.
#include <optional>

#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/mutator.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/visitor.h"
#include "ir/op_args.h"
#include "ir/op_attrs.h"

namespace rlx::compiler {
namespace {

const Op* DpsOp(const Ref<Expr>& value) {
  auto call = As<Call>(value);
  const Op* op = call ? AsPtr<Op>(call->op.get()) : nullptr;
  if (!op) return nullptr;
  switch (op->info->id) {
    case OpId::kCallTir:
    case OpId::kCallTirInplace:
    case OpId::kCallDpsPacked: return op;
    default: return nullptr;
  }
}

// The outputs out_sinfo describes (op.call_tir.c3): tensors with a dtype and a shape; empty when
// it describes anything else (the checker accepted the call, so only a malformed module).
std::vector<Ref<TensorStructInfo>> Outputs(const Call& call, bool* is_tuple) {
  std::vector<Ref<TensorStructInfo>> outs;
  *is_tuple = false;
  if (call.sinfo_args.size() != 1) return {};
  std::vector<Ref<StructInfo>> fields = {call.sinfo_args[0]};
  if (auto t = As<TupleStructInfo>(call.sinfo_args[0])) {
    fields = t->fields;
    *is_tuple = true;
  }
  for (const auto& f : fields) {
    auto t = As<TensorStructInfo>(f);
    if (!t || !t->dims() || t->dtype == DataType::kVoid) return {};
    outs.push_back(t);
  }
  return outs;
}

// The fields of the call's argument tuple as expressions; a tuple variable's fields are bound
// first (norm.anf: a direct call's arguments are leaves).
std::vector<Ref<Expr>> ArgFields(const Ref<Expr>& tuple, size_t count, std::vector<Binding>& out) {
  if (auto t = As<Tuple>(tuple)) return t->fields;
  std::vector<Ref<Expr>> fields;
  for (size_t i = 0; i < count; ++i) {
    Ref<Var> v = Var::Make("arg", nullptr);
    out.push_back(Binding::VarBinding(v, TupleGetItem::Make(tuple, static_cast<int>(i))));
    fields.push_back(v);
  }
  return fields;
}

size_t TupleArity(const Ref<Expr>& tuple) {
  if (auto t = As<Tuple>(tuple)) return t->fields.size();
  auto s = As<TupleStructInfo>(tuple->struct_info());
  return s ? s->fields.size() : 0;
}

// For each output: the index of the argument written in place, or -1 for a fresh tensor. Empty
// when the call must stay: an in-place argument whose struct info is not structurally the
// output's, so that the run-time check of op.call_tir_inplace.c5 could fail.
std::vector<int64_t> InplaceIndices(const Call& call, const Op& op, const std::vector<Ref<TensorStructInfo>>& outs) {
  std::vector<int64_t> indices(outs.size(), -1);
  if (op.info->id != OpId::kCallTirInplace) return indices;
  indices = OpAttrs(*op.info, call.attrs).IntList("inplace_indices").value_or(std::vector<int64_t>{});
  auto args = As<Tuple>(call.args[1]);
  if (indices.size() != outs.size() || !args) return {};
  for (size_t k = 0; k < outs.size(); ++k) {
    if (indices[k] < 0) continue;
    if (static_cast<size_t>(indices[k]) >= args->fields.size()) return {};
    // In scope: the variables by identity (StructuralEqual would take (n,) for (m,)).
    if (!StructuralEqualInScope(args->fields[indices[k]]->struct_info(), Ref<StructInfo>(outs[k]))) return {};
  }
  return indices;
}

// What a destination-passing call becomes: its outputs and, per output, the argument written in
// place or -1. Nullopt when the call is kept. The test is the rewrite's own: a function gains
// relax.force_pure exactly when one of its calls is rewritten.
struct Plan {
  const Call* call = nullptr;
  const Op* op = nullptr;
  bool is_tuple = false;
  std::vector<Ref<TensorStructInfo>> outs;
  std::vector<int64_t> inplace;
};

std::optional<Plan> PlanRewrite(const Ref<Expr>& value) {
  const Op* op = DpsOp(value);
  if (!op) return std::nullopt;
  Plan p;
  p.call = AsPtr<Call>(value.get());
  p.op = op;
  p.outs = Outputs(*p.call, &p.is_tuple);
  if (p.outs.empty() || p.call->args.size() < 2) return std::nullopt;
  p.inplace = InplaceIndices(*p.call, *op, p.outs);
  if (p.inplace.empty()) return std::nullopt;
  return p;
}

// Whether a function's own body (its if branches included, not its local functions) has a call
// the pass rewrites.
class SiteFinder : public ExprVisitor {
 public:
  bool found = false;
  void VisitFunction(const Function&) override {}
  void VisitSeqExpr(const SeqExpr& e) override {
    for (const auto& block : e.blocks) {
      for (const auto& b : block.bindings) found = found || PlanRewrite(b.value).has_value();
    }
    ExprVisitor::VisitSeqExpr(e);
  }
};

Ref<Expr> AllocTensor(const TensorStructInfo& out) {
  NamedArgs args = {{"shape", ShapeExpr::Make(*out.dims())},
                    {"dtype", DataTypeImm::Make(out.dtype)},
                    {"runtime_device_index", PrimValue::Make(PrimExpr::Int(0))},
                    {"storage_scope", StringImm::Make("global")}};
  return MakeCall(OpId::kBuiltinAllocTensor, args);
}

class CallTirRewriter : public ExprMutator {
 public:
  Ref<Expr> VisitFunction(const Ref<Function>& f) override {
    const AttrValue* fp = f->attrs.Find("relax.force_pure");
    const bool forced = fp && fp->kind() == AttrValue::Kind::kBool && fp->as_bool();
    if (!f->is_pure || forced) return ExprMutator::VisitFunction(f);
    SiteFinder sites;
    sites.VisitExpr(f->body);
    if (!sites.found) return ExprMutator::VisitFunction(f);
    // A pure function whose calls become impure direct calls is marked as TVM marks its lowered
    // functions; set before the body is visited, so the normalizer sees it.
    Attrs attrs = f->attrs.With("relax.force_pure", AttrValue::Bool(true));
    return ExprMutator::VisitFunction(Function::Make(f->params, f->body, f->ret_sinfo, true, attrs, f->span));
  }

  void VisitBinding(const Binding& binding, std::vector<Binding>& out) override {
    Binding b = RewriteBinding(binding);
    std::optional<Plan> plan = b.is_match_cast() ? std::nullopt : PlanRewrite(b.value);
    if (!plan) {
      out.push_back(b);
      return;
    }
    const Call& call = *plan->call;
    const Op& op = *plan->op;
    const bool is_tuple = plan->is_tuple;
    const std::vector<Ref<TensorStructInfo>>& outs = plan->outs;
    const std::vector<int64_t>& inplace = plan->inplace;
    std::vector<Ref<Expr>> callee_args = ArgFields(call.args[1], TupleArity(call.args[1]), out);
    std::vector<Ref<Expr>> results;
    for (size_t k = 0; k < outs.size(); ++k) {
      if (inplace[k] >= 0) {
        results.push_back(callee_args[static_cast<size_t>(inplace[k])]);
        continue;
      }
      Ref<Var> o = Var::Make("alloc", nullptr);
      out.push_back(Binding::VarBinding(o, AllocTensor(*outs[k]), b.span));
      if (!outs[k]->vdevice.empty()) {
        // The allocation's struct info names no device; the output keeps out_sinfo's.
        Ref<Var> placed = Var::Make("alloc", nullptr);
        out.push_back(Binding::MatchCast(placed, o, outs[k], b.span));
        o = placed;
      }
      results.push_back(o);
      callee_args.push_back(o);
    }
    const bool packed = op.info->id == OpId::kCallDpsPacked;
    if (!packed && call.args.size() >= 3) AppendTirVars(call.args[2], callee_args);
    // A direct call of the PrimFunc (tir.eval.direct-call), or the packed function's call with
    // its result dropped (R.Object: any result).
    std::vector<Ref<StructInfo>> sinfo_args;
    if (packed) sinfo_args.push_back(ObjectStructInfo::Make());
    Ref<Call> direct = Call::Make(call.args[0], callee_args, {}, sinfo_args, call.span);
    out.push_back(Binding::VarBinding(Var::Make("_", nullptr), direct, b.span));
    Ref<Expr> value = is_tuple ? Ref<Expr>(Tuple::Make(results)) : results[0];
    out.push_back(Binding::VarBinding(b.var, value, b.span));
  }

 private:
  // tir_vars: one int64 prim value per extent of a shape expression; a shape variable is passed
  // whole (tir.eval.direct-call expands it).
  static void AppendTirVars(const Ref<Expr>& tir_vars, std::vector<Ref<Expr>>& args) {
    if (auto s = As<ShapeExpr>(tir_vars)) {
      for (const auto& v : s->values) args.push_back(PrimValue::Make(v));
      return;
    }
    args.push_back(tir_vars);
  }
};

}  // namespace

Ref<IRModule> CallTirRewrite(const Ref<IRModule>& m) {
  CallTirRewriter mutator;
  return RewriteModule(mutator, m);
}

}  // namespace rlx::compiler
