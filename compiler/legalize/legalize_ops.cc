// legalize-ops (pass.legalize-ops): op calls become R.call_tir of PrimFuncs.
#include "compiler/legalize/legalize_ops.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "checker/checker.h"
#include "compiler/legalize/lowering.h"
#include "compiler/pass/rewrite_module.h"
#include "ir/analysis/visitor.h"
#include "ir/analysis/structural_equal.h"

namespace rlx::compiler {
namespace {

using legalize::Lowered;
using legalize::LowerFn;
using legalize::LowerRequest;

// True when evaluating `e` cannot trap: variables and constants combined by +, -, * by a small
// constant, and // or % by a positive constant. A lowered call evaluates its prim and shape
// operands inside out_sinfo and the PrimFunc, in another order than the op does; an operand that
// could trap (a division by a variable, an overflow) would then trap with another code, so the
// call is kept (pass.legalize-ops).
bool CannotTrap(const Ref<PrimExpr>& e) {
  switch (e->kind) {
    case PrimKind::kIntImm:
    case PrimKind::kFloatImm:
    case PrimKind::kVar: return true;
    case PrimKind::kAdd:
    case PrimKind::kSub: return CannotTrap(e->operands[0]) && CannotTrap(e->operands[1]);
    case PrimKind::kMul: {
      const Ref<PrimExpr>& a = e->operands[0];
      const Ref<PrimExpr>& b = e->operands[1];
      auto small = [](const Ref<PrimExpr>& c) { return c->is_int() && c->int_value > -(1LL << 31) && c->int_value < (1LL << 31); };
      return (small(a) && CannotTrap(b)) || (small(b) && CannotTrap(a));
    }
    case PrimKind::kFloorDiv:
    case PrimKind::kFloorMod:
      return e->operands[1]->is_int() && e->operands[1]->int_value > 0 && CannotTrap(e->operands[0]);
    default: return false;
  }
}

// True when the call's literal prim-value and shape operands cannot trap (CannotTrap).
bool OperandsCannotTrap(const Call& call) {
  std::function<bool(const Ref<Expr>&)> ok = [&](const Ref<Expr>& a) {
    if (auto p = As<PrimValue>(a)) return CannotTrap(p->value);
    if (auto s = As<ShapeExpr>(a)) {
      return std::all_of(s->values.begin(), s->values.end(), [](const Ref<PrimExpr>& d) { return CannotTrap(d); });
    }
    if (auto t = As<Tuple>(a)) return std::all_of(t->fields.begin(), t->fields.end(), ok);
    return true;
  };
  return std::all_of(call.args.begin(), call.args.end(), ok);
}

// Phase 1: lowers every op-call binding from the struct info the module carries, and keeps
// one PrimFunc per distinct lowering.
class Planner : public ExprVisitor {
 public:
  Planner(const IRModule& m, const checker::CheckResult& check) : check_(check) {
    for (const auto& g : m.globals) taken_.insert(g.name);
  }

  void VisitBinding(const Binding& b) override {
    ExprVisitor::VisitBinding(b);
    auto call = As<Call>(b.value);
    auto op = call ? As<Op>(call->op) : nullptr;
    LowerFn lower = op ? legalize::LoweringOf(op->info->id) : nullptr;
    if (!lower || b.is_match_cast() || !OperandsCannotTrap(*call)) return;
    LowerRequest request{*op->info, *call, MatchOpArgs(*op->info, *call), SInfoOf(*b.var),
                         [this](const Var& v) { return SInfoOf(v); }, {}};
    std::optional<Lowered> lowered = lower(request);
    // An operand's shape, dtype or prim value unknown: the call is kept.
    if (!lowered || !lowered->func) return;
    planned_[call.get()] = {NameOf(*lowered), std::move(*lowered)};
  }

  struct Plan {
    std::string name;
    Lowered lowered;
  };
  const std::unordered_map<const Expr*, Plan>& planned() const { return planned_; }
  const std::vector<GlobalDef>& added() const { return added_; }

 private:
  // The name of the PrimFunc: an equal one made before, else a new member named after the op.
  std::string NameOf(const Lowered& l) {
    Ref<Expr> f = l.func;
    const size_t h = StructuralHash(f);
    for (size_t i : by_hash_[h]) {
      if (StructuralEqual(added_[i].value, f)) return added_[i].name;
    }
    const std::string base = l.name.substr(l.name.rfind('.') + 1);
    std::string name = base;
    for (int n = 1; taken_.count(name); ++n) name = base + std::to_string(n);
    taken_.insert(name);
    by_hash_[h].push_back(added_.size());
    added_.push_back({name, f, {}});
    return name;
  }

  // The checker's struct info of a variable: the judge's own derivation, so that out_sinfo is
  // what the original binding has (a node may carry an equivalent struct info written otherwise,
  // set by the normalization of another module sharing it).
  Ref<StructInfo> SInfoOf(const Var& v) const {
    auto it = check_.var_sinfo.find(&v);
    return it != check_.var_sinfo.end() ? it->second : v.struct_info();
  }

  const checker::CheckResult& check_;
  std::unordered_set<std::string> taken_;
  std::vector<GlobalDef> added_;
  std::unordered_map<size_t, std::vector<size_t>> by_hash_;
  std::unordered_map<const Expr*, Plan> planned_;
};

// Phase 2: replaces the planned calls, in a module that has the PrimFuncs (so the normalizer
// derives the calls' struct info from them).
class Legalizer : public ExprMutator {
 public:
  Legalizer(const Planner& plan, const checker::CheckResult& check) : plan_(plan), check_(check) {}

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    auto it = plan_.planned().find(b.value.get());
    if (it == plan_.planned().end()) return ExprMutator::VisitBinding(b, out);
    const Lowered& l = it->second.lowered;
    std::vector<Ref<Expr>> args;
    for (const auto& a : l.args) {
      Ref<Expr> arg = VisitExpr(a);
      if (!Var::Is(arg->kind) && !Constant::Is(arg->kind)) {
        // norm.anf: a field of a tuple variable (concat's operands) is bound first.
        Ref<Var> v = b.var->is_dataflow() ? Var::MakeDataflow("lv", nullptr) : Var::Make("lv", nullptr);
        out.push_back(Binding::VarBinding(v, arg));
        arg = v;
      }
      args.push_back(arg);
    }
    NamedArgs named = {{"gvar", GlobalVar::Make(it->second.name)}, {"args", Tuple::Make(args)}};
    if (!l.tir_vars.empty()) named.push_back({"tir_vars", ShapeExpr::Make(l.tir_vars)});
    Ref<StructInfo> out_sinfo = legalize::OutSInfo(l);
    Ref<Call> c = MakeCall(OpId::kCallTir, named, {}, {out_sinfo});
    Ref<Expr> call = Call::Make(c->op, c->args, c->attrs, c->sinfo_args, b.value->span);
    Ref<Var> var = VisitVarDef(b.var);
    auto known = check_.var_sinfo.find(b.var.get());
    const Ref<StructInfo> sinfo = known != check_.var_sinfo.end() ? known->second : b.var->struct_info();
    if (StructuralEqual(out_sinfo, sinfo)) {
      out.push_back(Binding::VarBinding(var, call, b.span));
      return;
    }
    // out_sinfo says more than the op call did (a 0-d result of an operand of unknown shape has
    // the shape ()): the variable keeps its struct info through a match_cast.
    Ref<Var> tmp = b.var->is_dataflow() ? Var::MakeDataflow("lv", nullptr) : Var::Make("lv", nullptr);
    out.push_back(Binding::VarBinding(tmp, call, b.span));
    out.push_back(Binding::MatchCast(var, tmp, sinfo, b.span));
  }

 private:
  const Planner& plan_;
  const checker::CheckResult& check_;
};

}  // namespace

Ref<IRModule> LegalizeOps(const Ref<IRModule>& m) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  const checker::CheckResult check = checker::CheckModule(*m, diags);
  Planner planner(*m, check);
  planner.VisitModule(*m);
  if (planner.planned().empty()) return m;
  std::vector<GlobalDef> globals = m->globals;
  globals.insert(globals.end(), planner.added().begin(), planner.added().end());
  Legalizer legalizer(planner, check);
  return RewriteModule(legalizer, m->WithGlobals(std::move(globals)));
}

}  // namespace rlx::compiler
