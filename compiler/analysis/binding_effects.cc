#include "compiler/analysis/binding_effects.h"

#include "checker/checker.h"
#include "ir/analysis/visitor.h"
#include "ir/op_table.h"

namespace rlx::compiler {
namespace {

// The shape variables of a struct info, in order.
void EffectShapeVarsOf(const Ref<StructInfo>& s, std::vector<const PrimExpr*>* out);

class EffectShapeVarCollector : public ExprVisitor {
 public:
  explicit EffectShapeVarCollector(std::vector<const PrimExpr*>* out) : out_(out) {}
  void VisitPrimExpr(const Ref<PrimExpr>& e) override {
    if (e && e->is_var()) out_->push_back(e.get());
    ExprVisitor::VisitPrimExpr(e);
  }

 private:
  std::vector<const PrimExpr*>* out_;
};

void EffectShapeVarsOf(const Ref<StructInfo>& s, std::vector<const PrimExpr*>* out) {
  EffectShapeVarCollector c(out);
  c.VisitStructInfo(s);
}

// Finds the match_casts that define shape variables: walking each function in order, a shape
// variable is defined by the first parameter annotation or match_cast that mentions it.
class ShapeVarDefinitions : public ExprVisitor {
 public:
  void VisitFunction(const Function& f) override {
    for (const auto& p : f.params) Define(p->annotation);
    ExprVisitor::VisitFunction(f);
  }
  void VisitBinding(const Binding& b) override {
    ExprVisitor::VisitBinding(b);
    if (b.is_match_cast() && Define(b.match_sinfo)) binders.insert(b.var.get());
  }
  std::unordered_set<const Var*> binders;

 private:
  // Marks the variables of `s` defined; true when one was not yet.
  bool Define(const Ref<StructInfo>& s) {
    std::vector<const PrimExpr*> vars;
    if (s) EffectShapeVarsOf(s, &vars);
    bool fresh = false;
    for (const PrimExpr* v : vars) fresh |= defined_.insert(v).second;
    return fresh;
  }
  std::unordered_set<const PrimExpr*> defined_;
};

// Struct info that says everything the op rules check: a tensor's dtype and every extent, a
// shape's values, a prim value's dtype (tuples field by field). The checker decides an op's
// constraints on such operands, or records a run-time check; on less (an unknown rank or dtype)
// it leaves them to run time without a record.
bool FullyKnown(const Ref<StructInfo>& s) {
  if (auto t = As<TensorStructInfo>(s)) return t->dims() && t->dtype != DataType::kVoid;
  if (auto sh = As<ShapeStructInfo>(s)) return sh->values.has_value();
  if (auto p = As<PrimStructInfo>(s)) return p->dtype != DataType::kVoid;
  if (auto t = As<TupleStructInfo>(s)) {
    for (const auto& f : t->fields) {
      if (!FullyKnown(f)) return false;
    }
    return true;
  }
  return false;
}

// Finds the variables whose struct info rests on a trusted declaration (BindingEffects::Trusted).
class TrustedValues : public ExprVisitor {
 public:
  explicit TrustedValues(const IRModule& m) : module_(m) {}

  void VisitBinding(const Binding& b) override {
    // A local function's calls check their results against its return annotation.
    if (auto f = As<Function>(b.value); f && !b.is_match_cast() && f->ret_sinfo) local_functions_.insert(b.var.get());
    ExprVisitor::VisitBinding(b);  // nested scopes first
    const bool rests = Unchecked(b.value) || UsesTrusted(b.value);
    if (b.is_match_cast() || b.var->annotation) {
      if (rests) checks.insert(b.var.get());  // its check examines a value that may lie
      return;  // checked again when it runs, so what it binds is what it says
    }
    if (rests) trusted.insert(b.var.get());
  }
  std::unordered_set<const Var*> trusted;
  std::unordered_set<const Var*> checks;

 private:
  // A call whose result nothing checks against its struct info.
  bool Unchecked(const Ref<Expr>& value) const {
    auto call = As<Call>(value);
    if (!call) return false;
    switch (call->op->kind) {
      case ExprKind::kExternFunc:
        return true;
      case ExprKind::kVar:
      case ExprKind::kDataflowVar:
        return !local_functions_.count(As<Var>(call->op).get());
      case ExprKind::kGlobalVar: {
        // A Relax function's result is checked against its return annotation; without one, its
        // struct info is derived from its body, which may return a trusted value.
        auto f = module_.FindFunction(As<GlobalVar>(call->op)->name);
        return !f || !f->ret_sinfo;
      }
      case ExprKind::kOp: {
        const OpId id = As<Op>(call->op)->info->id;
        return id == OpId::kCallPurePacked || id == OpId::kCallDpsPacked;
      }
      default:
        return false;
    }
  }

  bool UsesTrusted(const Ref<Expr>& value) const {
    struct Finder : ExprVisitor {
      const std::unordered_set<const Var*>* set;
      bool found = false;
      void VisitVarUse(const Var& v) override { found |= set->count(&v) > 0; }
    } finder;
    finder.set = &trusted;
    finder.VisitExpr(value);
    return finder.found;
  }

  const IRModule& module_;
  std::unordered_set<const Var*> local_functions_;
};

// A shape or prim value computes nothing (it may trap on overflow or a zero divisor otherwise).
bool IsShapeAtom(const Ref<PrimExpr>& e) { return e && (e->is_var() || e->is_int() || e->kind == PrimKind::kFloatImm); }

}  // namespace

BindingEffects::BindingEffects(const IRModule& m) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  checker::CheckOptions options;
  options.record_bindings = true;
  checker::CheckResult check = checker::CheckModule(m, diags, options);
  for (const checker::BindingRecord& r : check.bindings) {
    if (r.check_end > r.check_begin && r.binding) checked_.insert(r.binding->var.get());
  }
  for (const RuntimeCheck& c : check.runtime_checks) {
    if (c.var) checked_.insert(c.var);
  }
  ShapeVarDefinitions defs;
  defs.VisitModule(m);
  binds_shape_vars_ = std::move(defs.binders);
  TrustedValues trusted(m);
  trusted.VisitModule(m);
  trusted_ = std::move(trusted.trusted);
  checks_trusted_ = std::move(trusted.checks);
}

bool BindingEffects::Removable(const Binding& b) const {
  // Making a closure cannot trap, whatever its body's checks (they run when it is called).
  if (!b.is_match_cast() && b.value && b.value->kind == ExprKind::kFunction) return true;
  if (checked_.count(b.var.get()) || binds_shape_vars_.count(b.var.get()) || ChecksTrusted(b)) return false;
  return CannotTrap(b.value);
}

bool BindingEffects::ChecksTrusted(const Binding& b) const { return checks_trusted_.count(b.var.get()) > 0; }

bool BindingEffects::MayTrap(const Binding& b) const {
  if (!b.is_match_cast() && b.value && b.value->kind == ExprKind::kFunction) return false;
  return checked_.count(b.var.get()) || ChecksTrusted(b) || !CannotTrap(b.value);
}

bool BindingEffects::SeqCannotTrap(const SeqExpr& seq) const {
  for (const BindingBlock& block : seq.blocks) {
    for (const Binding& b : block.bindings) {
      if (!Removable(b)) return false;
    }
  }
  return CannotTrap(seq.body);
}

bool BindingEffects::CannotTrap(const Ref<Expr>& value) const {
  if (!value) return false;
  switch (value->kind) {
    case ExprKind::kConstant:
    case ExprKind::kVar:
    case ExprKind::kDataflowVar:
    case ExprKind::kGlobalVar:
    case ExprKind::kOp:
    case ExprKind::kExternFunc:
    case ExprKind::kStringImm:
    case ExprKind::kDataTypeImm:
    case ExprKind::kFunction:
      return true;
    case ExprKind::kTuple:
      for (const auto& f : As<Tuple>(value)->fields) {
        if (!CannotTrap(f)) return false;
      }
      return true;
    case ExprKind::kTupleGetItem: {
      // In range whatever the tuple's value, when its struct info says how many fields it has.
      auto g = As<TupleGetItem>(value);
      auto t = As<TupleStructInfo>(g->tuple ? g->tuple->struct_info() : nullptr);
      return t && g->index >= 0 && static_cast<size_t>(g->index) < t->fields.size() && CannotTrap(g->tuple) &&
             !IsTrusted(g->tuple);
    }
    case ExprKind::kShapeExpr:
      for (const auto& v : As<ShapeExpr>(value)->values) {
        if (!IsShapeAtom(v)) return false;
      }
      return true;
    case ExprKind::kPrimValue:
      return IsShapeAtom(As<PrimValue>(value)->value);
    case ExprKind::kCall: {
      // Only an op that the op table says cannot trap (ops.def `pure`); a call of a function
      // may trap, loop or have an effect.
      auto call = As<Call>(value);
      auto op = As<Op>(call->op);
      if (!op || !op->info->pure || op->info->may_trap) return false;
      for (const auto& a : call->args) {
        if (!CannotTrap(a) || IsTrusted(a)) return false;
        // Strings and dtypes (attributes passed as arguments) carry no struct info to check.
        if (a->kind != ExprKind::kStringImm && a->kind != ExprKind::kDataTypeImm && !FullyKnown(a->struct_info())) {
          return false;
        }
      }
      return true;
    }
    case ExprKind::kIf: {
      auto i = As<If>(value);
      auto t = As<SeqExpr>(i->true_branch), f = As<SeqExpr>(i->false_branch);
      return CannotTrap(i->cond) && t && f && SeqCannotTrap(*t) && SeqCannotTrap(*f);
    }
    case ExprKind::kSeqExpr:
      return SeqCannotTrap(*As<SeqExpr>(value));
    case ExprKind::kPrimFunc:
      return true;
  }
  return false;
}

}  // namespace rlx::compiler
