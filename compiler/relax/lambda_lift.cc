// lambda-lift (pass.lambda-lift): local functions become private module functions; what they
// capture becomes parameters.
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "compiler/analysis/binding_effects.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/visitor.h"

namespace rlx::compiler {
namespace {

// The variables and shape variables a function uses and defines.
class LiftScope : public ExprVisitor {
 public:
  void VisitVarUse(const Var& v) override { uses.push_back(&v); }
  void VisitVarDef(const Var& v) override {
    defs.insert(&v);
    ExprVisitor::VisitVarDef(v);
  }
  void VisitPrimExpr(const Ref<PrimExpr>& e) override {
    if (e && e->is_var() && seen_.insert(e.get()).second) shape_vars.push_back(e);
    ExprVisitor::VisitPrimExpr(e);
  }
  std::vector<const Var*> uses;
  std::unordered_set<const Var*> defs;
  std::vector<Ref<PrimExpr>> shape_vars;

 private:
  std::unordered_set<const PrimExpr*> seen_;
};

// The Relax variables defined in a function (parameters and bindings, nested scopes included),
// by node.
class LiftDefinitions : public ExprVisitor {
 public:
  void VisitFunction(const Function& f) override {
    for (const auto& p : f.params) vars[p.get()] = p;
    ExprVisitor::VisitFunction(f);
  }
  void VisitBinding(const Binding& b) override {
    vars[b.var.get()] = b.var;
    ExprVisitor::VisitBinding(b);
  }
  std::unordered_map<const Var*, Ref<Var>> vars;
};

// A local function to lift: its global name, and what each call of it passes after its
// arguments (the captured variables, then the prim values of the captured shape variables).
struct LiftedFunction {
  std::string name;
  std::vector<Ref<Expr>> extra;
};

// The lifted function: f's parameters, then one per captured variable (annotated with its struct
// info), then an R.Prim per captured shape variable (fresh in the new function); a call of f
// inside it (recursion) passes its own captures along.
class LiftBuilder : public ExprMutator {
 public:
  LiftBuilder(const Var* self, const std::string& name) : self_(self), name_(name) {}

  Ref<Function> Build(const Function& f, const std::vector<Ref<Var>>& captured, const std::vector<Ref<PrimExpr>>& shapes) {
    for (const auto& s : shapes) prim_var_remap_[s.get()] = PrimExpr::Var(s->name, s->dtype);
    std::vector<Ref<Var>> params;
    for (const auto& p : f.params) params.push_back(VisitVarDef(p));
    for (const auto& c : captured) {
      Ref<Var> p = Var::Make(c->name, VisitStructInfo(c->struct_info()));
      var_remap_[c.get()] = p;
      params.push_back(p);
      extra_.push_back(p);
    }
    for (const auto& s : shapes) {
      Ref<PrimExpr> fresh = VisitPrimExpr(s);
      params.push_back(Var::Make(s->name + "_value", PrimStructInfo::Make(s->dtype, fresh)));
      extra_.push_back(PrimValue::Make(fresh));
    }
    Ref<StructInfo> ret = f.ret_sinfo ? VisitStructInfo(f.ret_sinfo) : nullptr;
    Ref<Expr> body = VisitExpr(f.body);
    return Function::Make(std::move(params), body, ret, f.is_pure, f.attrs, f.span);
  }

  Ref<Expr> VisitCall(const Ref<Call>& e) override {
    auto v = As<Var>(e->op);
    if (!v || v.get() != self_) return ExprMutator::VisitCall(e);
    std::vector<Ref<Expr>> args;
    for (const auto& a : e->args) args.push_back(VisitExpr(a));
    args.insert(args.end(), extra_.begin(), extra_.end());
    return Call::Make(GlobalVar::Make(name_), std::move(args), e->attrs, e->sinfo_args, e->span);
  }
  Ref<Expr> VisitVarUse(const Ref<Var>& v) override {
    if (v.get() == self_) return GlobalVar::Make(name_);
    return ExprMutator::VisitVarUse(v);
  }

 private:
  const Var* self_;
  std::string name_;
  std::vector<Ref<Expr>> extra_;
};

// Finds the local functions to lift in each module function (those not inside another local
// function: nested ones become liftable once their enclosing one is a module function) and
// builds their module functions.
class LiftPlanner : public ExprVisitor {
 public:
  LiftPlanner(const IRModule& m, const BindingEffects& effects) : module_(m), effects_(effects) {}

  void Plan() {
    for (const GlobalDef& g : module_.globals) {
      auto f = As<Function>(g.value);
      if (!f) continue;
      global_ = g.name;
      LiftDefinitions defs;
      defs.VisitFunction(*f);
      defs_ = std::move(defs.vars);
      callee_uses_.clear();
      all_uses_.clear();
      CountUses(*f);
      defined_.clear();
      for (const auto& p : f->params) Define(p->annotation);
      depth_ = 0;
      VisitFunction(*f);
    }
  }

  void VisitFunction(const Function& f) override {
    ++depth_;
    ExprVisitor::VisitFunction(f);
    --depth_;
  }

  void VisitBinding(const Binding& b) override {
    auto f = As<Function>(b.value);
    if (f && !b.is_match_cast() && depth_ == 1 && Lift(b, *f)) return;
    ExprVisitor::VisitBinding(b);
    if (b.is_match_cast()) Define(b.match_sinfo);
  }

  std::unordered_map<const Var*, LiftedFunction> lifted;
  std::vector<GlobalDef> new_functions;

 private:
  void Define(const Ref<StructInfo>& s) {
    LiftScope sc;
    sc.VisitStructInfo(s);
    for (const auto& v : sc.shape_vars) defined_.insert(v.get());
  }

  void CountUses(const Function& f) {
    struct Counter : ExprVisitor {
      LiftPlanner* p;
      void VisitCall(const Call& c) override {
        if (auto v = As<Var>(c.op)) ++p->callee_uses_[v.get()];
        ExprVisitor::VisitCall(c);
      }
      void VisitVarUse(const Var& v) override { ++p->all_uses_[&v]; }
    } counter;
    counter.p = this;
    counter.VisitFunction(f);
  }

  // Lifts `b.var = f` when every use of it is a call and what it captures may become
  // parameters: no captured value is trusted (the new parameter's annotation is its struct info,
  // which the call then checks).
  bool Lift(const Binding& b, const Function& f) {
    LiftScope sc;
    sc.VisitFunction(f);
    std::vector<Ref<Var>> captured;
    std::unordered_set<const Var*> seen;
    for (const Var* u : sc.uses) {
      if (u == b.var.get() || sc.defs.count(u) || !seen.insert(u).second) continue;
      auto it = defs_.find(u);
      if (effects_.Trusted(u) || it == defs_.end()) return false;
      captured.push_back(it->second);
    }
    // The shape variables from outside: those the function mentions, and those of what it
    // captures (its parameters' annotations will mention them).
    for (const auto& c : captured) sc.VisitStructInfo(c->struct_info());
    std::vector<Ref<PrimExpr>> shapes;
    for (const auto& v : sc.shape_vars) {
      if (defined_.count(v.get())) shapes.push_back(v);
    }
    // A function value that escapes (printed, passed, returned) keeps its local name and stays.
    if (all_uses_[b.var.get()] != callee_uses_[b.var.get()]) return false;
    LiftedFunction l{FreshName(b.var->name), {}};
    for (const auto& c : captured) l.extra.push_back(c);
    for (const auto& s : shapes) l.extra.push_back(PrimValue::Make(s));
    LiftBuilder builder(b.var.get(), l.name);
    new_functions.push_back(GlobalDef{l.name, builder.Build(f, captured, shapes), f.span});
    lifted[b.var.get()] = std::move(l);
    return true;
  }

  std::string FreshName(const std::string& local) {
    const std::string base = global_ + "_" + local;
    std::string name = base;
    for (int k = 1; module_.Find(name) || taken_.count(name); ++k) name = base + "_" + std::to_string(k);
    taken_.insert(name);
    return name;
  }

  const IRModule& module_;
  const BindingEffects& effects_;
  std::string global_;
  std::unordered_map<const Var*, Ref<Var>> defs_;
  std::unordered_map<const Var*, int> callee_uses_, all_uses_;
  std::unordered_set<const PrimExpr*> defined_;
  std::unordered_set<std::string> taken_;
  int depth_ = 0;
};

// Rewrites the module functions: a lifted function's binding goes, and its calls call the new
// global, passing the captures.
class LiftRewriter : public ExprMutator {
 public:
  explicit LiftRewriter(const std::unordered_map<const Var*, LiftedFunction>& lifted) : lifted_(lifted) {}

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    auto it = lifted_.find(b.var.get());
    if (it == lifted_.end() || b.is_match_cast()) ExprMutator::VisitBinding(b, out);
  }

  Ref<Expr> VisitCall(const Ref<Call>& e) override {
    auto v = As<Var>(e->op);
    auto it = v ? lifted_.find(v.get()) : lifted_.end();
    if (it == lifted_.end()) return ExprMutator::VisitCall(e);
    std::vector<Ref<Expr>> args;
    for (const auto& a : e->args) args.push_back(VisitExpr(a));
    for (const auto& x : it->second.extra) args.push_back(VisitExpr(x));
    return Call::Make(GlobalVar::Make(it->second.name), std::move(args), e->attrs, e->sinfo_args, e->span);
  }

 private:
  const std::unordered_map<const Var*, LiftedFunction>& lifted_;
};

}  // namespace

Ref<IRModule> LambdaLift(const Ref<IRModule>& m) {
  // Each round lifts the local functions of the module functions; those nested in them are
  // lifted by the next round, once their enclosing function is a module function.
  Ref<IRModule> current = m;
  for (;;) {
    BindingEffects effects(*current);
    LiftPlanner planner(*current, effects);
    planner.Plan();
    if (planner.new_functions.empty()) return current;
    std::vector<GlobalDef> globals = current->globals;
    globals.insert(globals.end(), planner.new_functions.begin(), planner.new_functions.end());
    LiftRewriter rewriter(planner.lifted);
    current = RewriteModule(rewriter, current->WithGlobals(std::move(globals)));
  }
}

}  // namespace rlx::compiler
