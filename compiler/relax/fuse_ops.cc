// fuse-ops (pass.fuse-ops): chains of R.call_tir bindings whose PrimFuncs' op patterns allow it
// become calls of private Relax functions marked Primitive, one per group, which fuse-tir then
// turns into one PrimFunc each.
#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "compiler/analysis/binding_effects.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "compiler/tir/op_pattern.h"
#include "ir/analysis/visitor.h"
#include "ir/op_table.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler {
namespace {

bool PatternAtMost(OpPattern p, OpPattern limit) { return static_cast<int>(p) <= static_cast<int>(limit); }
bool IsReductionPattern(OpPattern p) { return p == OpPattern::kCommReduce || p == OpPattern::kOutEWiseFusable; }

// Counts the uses of every variable of a function (nested scopes included).
class FusionUses : public ExprVisitor {
 public:
  void VisitVarUse(const Var& v) override { ++uses[&v]; }
  std::unordered_map<const Var*, int> uses;
};

// A binding fuse-ops may put in a group: `v = R.call_tir(f, (leaves...), out_sinfo=T)` of a
// PrimFunc whose recorded pattern is not opaque, with one tensor output and no tir_vars, no
// annotation on v.
struct FusionCandidate {
  const Binding* binding = nullptr;
  const Call* call = nullptr;
  std::string prim_func;
  OpPattern pattern = OpPattern::kOpaque;
  std::vector<Ref<Expr>> args;
};

bool IsFusionCandidate(const Binding& b, const IRModule& m, FusionCandidate* out) {
  auto call = As<Call>(b.value);
  if (b.is_match_cast() || b.var->annotation || !call || !IsOpCall(*call, OpId::kCallTir) || call->args.size() != 2) {
    return false;
  }
  auto gv = As<GlobalVar>(call->args[0]);
  auto tuple = As<Tuple>(call->args[1]);
  if (!gv || !tuple || call->sinfo_args.size() != 1) return false;
  auto result = As<TensorStructInfo>(call->sinfo_args[0]);
  if (!result || !result->dims() || result->dtype == DataType::kVoid || !result->vdevice.empty()) return false;
  const GlobalDef* def = m.Find(gv->name);
  auto f = def ? As<tir::PrimFunc>(def->value) : nullptr;
  if (!f) return false;
  for (const auto& a : tuple->fields) {
    if (a->kind != ExprKind::kVar && a->kind != ExprKind::kDataflowVar && a->kind != ExprKind::kConstant) return false;
    if (!As<TensorStructInfo>(a->struct_info())) return false;
  }
  *out = {&b, call.get(), gv->name, RecordedOpPattern(*f), tuple->fields};
  return out->pattern != OpPattern::kOpaque && out->pattern != OpPattern::kTuple;
}

struct FusionGroup {
  std::vector<size_t> members;  // positions in the block, ascending
  OpPattern max_other = OpPattern::kElemWise;  // the largest pattern of a member that is no reduction
  bool has_reduction = false;
};

// Plans the groups of one binding block: each fusable call absorbs the groups of the calls
// that only it uses, where their patterns allow (spec pass.fuse-ops).
class BlockPlanner {
 public:
  BlockPlanner(const BindingBlock& block, const IRModule& m, const BindingEffects& effects,
          const std::unordered_map<const Var*, int>& uses)
      : block_(block), effects_(effects), uses_(uses) {
    candidates_.resize(block.bindings.size());
    group_of_.assign(block.bindings.size(), -1);
    for (size_t i = 0; i < block.bindings.size(); ++i) {
      const Binding& b = block.bindings[i];
      if (IsFusionCandidate(b, m, &candidates_[i])) position_[b.var.get()] = i;
      else candidates_[i].binding = nullptr;
    }
    for (size_t i = 0; i < block.bindings.size(); ++i) {
      if (candidates_[i].binding) Absorb(i);
    }
  }

  // The groups of two or more members.
  std::vector<FusionGroup> Groups() const {
    std::vector<FusionGroup> out;
    for (const FusionGroup& g : groups_) {
      if (g.members.size() >= 2) out.push_back(g);
    }
    return out;
  }
  const FusionCandidate& candidate(size_t i) const { return candidates_[i]; }

 private:
  void Absorb(size_t i) {
    const FusionCandidate& c = candidates_[i];
    FusionGroup g;
    g.members = {i};
    g.has_reduction = IsReductionPattern(c.pattern);
    if (!IsReductionPattern(c.pattern)) g.max_other = c.pattern;
    for (const auto& a : c.args) {
      auto v = As<Var>(a);
      auto it = v ? position_.find(v.get()) : position_.end();
      if (it == position_.end() || it->second >= i) continue;
      auto u = uses_.find(v.get());
      if (u == uses_.end() || u->second != 1) continue;  // another binding needs the value too
      const int pg = group_of_[it->second];
      if (pg < 0 || !CanMerge(groups_[static_cast<size_t>(pg)], g, c.pattern)) continue;
      FusionGroup merged = Merge(groups_[static_cast<size_t>(pg)], g);
      if (!InOrder(merged)) continue;
      groups_[static_cast<size_t>(pg)].members.clear();
      g = std::move(merged);
    }
    groups_.push_back(std::move(g));
    for (size_t m : groups_.back().members) group_of_[m] = static_cast<int>(groups_.size() - 1);
  }

  // A producer group may join its consumer's: injective stages into anything but a
  // contraction; a reduction or contraction only into an elementwise or broadcast epilogue;
  // at most one reduction per group.
  static bool CanMerge(const FusionGroup& producer, const FusionGroup& consumer, OpPattern consumer_pattern) {
    if (producer.has_reduction && consumer.has_reduction) return false;
    if (producer.has_reduction) {
      return PatternAtMost(consumer_pattern, OpPattern::kBroadcast) && PatternAtMost(consumer.max_other, OpPattern::kBroadcast);
    }
    if (!PatternAtMost(producer.max_other, OpPattern::kInjective)) return false;
    return consumer_pattern != OpPattern::kOutEWiseFusable;
  }

  static FusionGroup Merge(const FusionGroup& a, const FusionGroup& b) {
    FusionGroup g;
    g.members = a.members;
    g.members.insert(g.members.end(), b.members.begin(), b.members.end());
    std::sort(g.members.begin(), g.members.end());
    g.has_reduction = a.has_reduction || b.has_reduction;
    g.max_other = static_cast<int>(a.max_other) >= static_cast<int>(b.max_other) ? a.max_other : b.max_other;
    return g;
  }

  // The group runs where its last member was: the members before it move past the bindings
  // between, which is invisible only when those cannot trap (nor have an effect).
  bool InOrder(const FusionGroup& g) const {
    std::unordered_set<size_t> in(g.members.begin(), g.members.end());
    for (size_t q = g.members.front() + 1; q < g.members.back(); ++q) {
      if (!in.count(q) && effects_.MayTrap(block_.bindings[q])) return false;
    }
    return true;
  }

  const BindingBlock& block_;
  const BindingEffects& effects_;
  const std::unordered_map<const Var*, int>& uses_;
  std::vector<FusionCandidate> candidates_;
  std::unordered_map<const Var*, size_t> position_;
  std::vector<int> group_of_;
  std::vector<FusionGroup> groups_;
};

// Collects the shape variables of struct info.
class FusionShapeVars : public ExprVisitor {
 public:
  void VisitPrimExpr(const Ref<PrimExpr>& e) override {
    if (e && e->is_var() && seen.insert(e.get()).second) vars.push_back(e);
    ExprVisitor::VisitPrimExpr(e);
  }
  std::vector<Ref<PrimExpr>> vars;
  std::unordered_set<const PrimExpr*> seen;
};

// The shape variables that appear alone as a dimension of a tensor struct info: the ones a call
// binds from its arguments.
void FusionLoneDims(const Ref<StructInfo>& s, std::unordered_set<const PrimExpr*>* out) {
  auto t = As<TensorStructInfo>(s);
  if (!t || !t->dims()) return;
  for (const auto& d : *t->dims()) {
    if (d->is_var()) out->insert(d.get());
  }
}

// Builds the Primitive function of a group and the call that replaces it.
class FusionGroupBuilder : public ExprMutator {
 public:
  // Fills `function` and `args`; false when the group cannot be a function whose call gives
  // back the last member's struct info (a shape variable the parameters do not bind).
  bool Build(const std::vector<const FusionCandidate*>& members, Ref<Function>* function, std::vector<Ref<Expr>>* args) {
    std::unordered_set<const Var*> inside;
    for (const FusionCandidate* c : members) inside.insert(c->binding->var.get());
    std::vector<Ref<Var>> params;
    std::unordered_set<const PrimExpr*> bound;
    std::map<const Expr*, Ref<Var>> param_of;
    for (const FusionCandidate* c : members) {
      for (const auto& a : c->args) {
        auto v = As<Var>(a);
        if ((v && inside.count(v.get())) || param_of.count(a.get())) continue;
        FusionLoneDims(a->struct_info(), &bound);
        FusionShapeVars sv;
        sv.VisitStructInfo(a->struct_info());
        for (const auto& s : sv.vars) {
          if (!prim_var_remap_.count(s.get())) prim_var_remap_[s.get()] = PrimExpr::Var(s->name, s->dtype);
        }
        Ref<Var> p = Var::Make(v ? v->name : "const" + std::to_string(params.size()), VisitStructInfo(a->struct_info()));
        param_of[a.get()] = p;
        params.push_back(p);
        args->push_back(a);
        if (v) var_remap_[v.get()] = p;
      }
    }
    // Every shape variable of what the members compute must be bound by the parameters.
    for (const FusionCandidate* c : members) {
      FusionShapeVars sv;
      for (const auto& s : c->call->sinfo_args) sv.VisitStructInfo(s);
      for (const auto& s : sv.vars) {
        if (!bound.count(s.get())) return false;
      }
    }
    std::vector<Binding> bindings;
    for (size_t i = 0; i < members.size(); ++i) {
      const Binding& b = *members[i]->binding;
      const bool last = i + 1 == members.size();
      Ref<Expr> value = VisitExpr(b.value);
      Ref<Var> v = Var::MakeOfKind(!last, b.var->name);
      var_remap_[b.var.get()] = v;
      bindings.push_back(Binding::VarBinding(v, value));
    }
    Ref<Var> result = bindings.back().var;
    Ref<StructInfo> ret = VisitStructInfo(members.back()->call->sinfo_args[0]);
    Ref<Expr> body = SeqExpr::Make({BindingBlock{true, std::move(bindings), {}}}, result);
    *function = Function::Make(std::move(params), body, ret, true, Attrs().With("Primitive", AttrValue::Int(1)));
    return true;
  }
};

// The plan of the whole module: the groups of every binding block (nested ones too), each
// with its Primitive function and the call that replaces its last member.
class FusionPlanner : public ExprVisitor {
 public:
  FusionPlanner(const IRModule& m, const BindingEffects& effects) : module_(m), effects_(effects) {}

  void VisitFunction(const Function& f) override {
    // Counts are taken per outermost function (its nested scopes included).
    if (depth_++ == 0) {
      FusionUses counter;
      counter.VisitFunction(f);
      uses_ = std::move(counter.uses);
    }
    ExprVisitor::VisitFunction(f);
    --depth_;
  }

  void VisitBindingBlock(const BindingBlock& b) override {
    BlockPlanner planner(b, module_, effects_, uses_);
    for (const FusionGroup& g : planner.Groups()) {
      std::vector<const FusionCandidate*> members;
      for (size_t m : g.members) members.push_back(&planner.candidate(m));
      Ref<Function> f;
      std::vector<Ref<Expr>> args;
      FusionGroupBuilder builder;
      if (!builder.Build(members, &f, &args)) continue;  // the members stay as they are
      std::string name = FreshName(members);
      new_functions.push_back(GlobalDef{name, f, {}});
      for (const FusionCandidate* c : members) moved.insert(c->binding);
      calls[members.back()->binding] = Call::Make(GlobalVar::Make(name), std::move(args));
    }
    ExprVisitor::VisitBindingBlock(b);
  }

  std::vector<GlobalDef> new_functions;
  std::unordered_set<const Binding*> moved;             // members of a group
  std::unordered_map<const Binding*, Ref<Call>> calls;  // a group's last member: its call

 private:
  std::string FreshName(const std::vector<const FusionCandidate*>& members) {
    std::string name = "fused";
    for (const FusionCandidate* c : members) name += "_" + c->prim_func;
    if (name.size() > 80) name = name.substr(0, 80);
    std::string candidate = name;
    for (int k = 1; module_.Find(candidate) || taken_.count(candidate); ++k) candidate = name + "_" + std::to_string(k);
    taken_.insert(candidate);
    return candidate;
  }

  const IRModule& module_;
  const BindingEffects& effects_;
  std::unordered_map<const Var*, int> uses_;
  std::unordered_set<std::string> taken_;
  int depth_ = 0;
};

// Rewrites the planned blocks binding by binding (so that the normalizer watching the mutator
// sees every binding it emits): a group's members disappear and its last member's variable is
// bound to the call of the group's function.
class Fuser : public ExprMutator {
 public:
  explicit Fuser(const FusionPlanner& plan) : plan_(plan) {}

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    auto call = plan_.calls.find(&b);
    if (call != plan_.calls.end()) {
      std::vector<Ref<Expr>> args;
      for (const auto& a : call->second->args) args.push_back(VisitExpr(a));
      out.push_back(Binding::VarBinding(VisitVarDef(b.var), Call::Make(call->second->op, std::move(args)), b.span));
      return;
    }
    if (!plan_.moved.count(&b)) ExprMutator::VisitBinding(b, out);
  }

 private:
  const FusionPlanner& plan_;
};

}  // namespace

Ref<IRModule> FuseOps(const Ref<IRModule>& m) {
  BindingEffects effects(*m);
  FusionPlanner plan(*m, effects);
  plan.VisitModule(*m);
  if (plan.new_functions.empty()) return m;
  // The group functions join the module first, so that the calls of them derive their struct
  // info as they are emitted.
  std::vector<GlobalDef> globals = m->globals;
  globals.insert(globals.end(), plan.new_functions.begin(), plan.new_functions.end());
  Fuser fuser(plan);
  return RewriteModule(fuser, m->WithGlobals(std::move(globals)));
}

}  // namespace rlx::compiler
