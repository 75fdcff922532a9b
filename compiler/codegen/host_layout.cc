#include "compiler/codegen/host_layout.h"

#include <unordered_map>
#include <unordered_set>

#include "ir/analysis/visitor.h"
#include "ir/op_table.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler::codegen {
namespace {

using runtime::HostFunctionInfo;
using runtime::HostSite;
using runtime::SiteKind;

// The shape variables and Relax variables an expression or struct info mentions, in order.
class RefCollector : public ExprVisitor {
 public:
  std::vector<const PrimExpr*> prim_vars;
  std::vector<const Var*> vars;
  void VisitVarUse(const Var& v) override { Add(vars, &v); }
  void VisitPrimExpr(const Ref<PrimExpr>& e) override {
    if (!e) return;
    if (e->is_var()) Add(prim_vars, e.get());
    for (int i = 0; i < e->arity(); ++i) VisitPrimExpr(e->operands[i]);
    for (const auto& a : e->args) VisitPrimExpr(a);
  }

 private:
  template <class T>
  static void Add(std::vector<const T*>& out, const T* x) {
    for (const T* y : out) {
      if (y == x) return;
    }
    out.push_back(x);
  }
};

struct Checks {
  bool recorded_only = false;
  std::unordered_set<const Var*> annotations;
  std::unordered_set<const Function*> returns;
};

class FunctionBuilder {
 public:
  FunctionBuilder(HostLayout& layout, const IRModule& module, const Checks& checks, const FunctionBuilder* parent)
      : layout_(layout), module_(module), checks_(checks), parent_(parent) {}

  // Lays out `f` as function `index` (already added to the program).
  void Build(int32_t index, const Function& f, const Var* self) {
    fn_ = index;
    HostSite entry;
    entry.kind = SiteKind::kFunction;
    entry.expr = &f;
    if (parent_) Captures(f, self, entry);
    for (const auto& p : f.params) info().params.push_back(SlotOf(p.get()));
    entry.operands = info().params;
    // The parameters' shape variables not captured are bound by the match (eval.call.param).
    for (const auto& p : f.params) {
      RefCollector refs;
      refs.VisitStructInfo(p->annotation);
      for (const PrimExpr* v : refs.prim_vars) {
        if (!in_scope_.count(v)) Bind(v, entry.heap_out);
      }
    }
    for (const auto& [v, cell] : entry.heap_out) in_scope_.insert(v);
    info().entry_site = AddSite(std::move(entry));
    const std::unordered_set<const PrimExpr*> entry_scope = in_scope_;
    // Built aside: a local function adds a body, which may move the others.
    std::vector<HostStep> steps;
    auto body = As<SeqExpr>(f.body);
    const int32_t result = body ? Seq(*body, steps, nullptr) : Leaf(f.body, steps, nullptr);
    if (f.ret_sinfo && (!checks_.recorded_only || checks_.returns.count(&f))) {
      // The return check sees the shape variables of the signature (the body's end with it).
      HostSite ret;
      ret.kind = SiteKind::kMatch;
      ret.sinfo = f.ret_sinfo.get();
      ret.index = 2;
      in_scope_ = entry_scope;
      Refs(*f.ret_sinfo, ret, /*binds=*/false);
      info().return_site = AddSite(std::move(ret));
    }
    HostStep r;
    r.kind = HostStep::Kind::kReturn;
    r.slot = result;
    steps.push_back(r);
    layout_.bodies[static_cast<size_t>(fn_)] = std::move(steps);
    info().slots = slots_;
    info().heap = cells_;
  }

 private:
  HostFunctionInfo& info() { return layout_.program.functions[static_cast<size_t>(fn_)]; }

  int32_t NewSlot() { return slots_++; }
  int32_t SlotOf(const Var* v) {
    auto it = slot_of_.find(v);
    if (it != slot_of_.end()) return it->second;
    return slot_of_[v] = NewSlot();
  }
  int32_t CellOf(const PrimExpr* v) {
    auto it = cell_of_.find(v);
    if (it != cell_of_.end()) return it->second;
    return cell_of_[v] = cells_++;
  }
  void Bind(const PrimExpr* v, std::vector<std::pair<const PrimExpr*, int32_t>>& out) {
    for (const auto& [w, cell] : out) {
      if (w == v) return;
    }
    out.emplace_back(v, CellOf(v));
  }

  int32_t AddSite(HostSite site) {
    site.function = fn_;
    layout_.program.sites.push_back(std::move(site));
    return static_cast<int32_t>(layout_.program.sites.size() - 1);
  }

  // The variables a site reads by name and the shape variables it reads (in scope) or binds.
  template <class T>
  void Refs(const T& node, HostSite& site, bool binds) {
    RefCollector refs;
    if constexpr (std::is_base_of_v<StructInfo, T>) {
      refs.VisitStructInfo(std::shared_ptr<const StructInfo>(&node, [](const StructInfo*) {}));
    } else {
      refs.VisitExpr(std::shared_ptr<const Expr>(&node, [](const Expr*) {}));
    }
    for (const PrimExpr* v : refs.prim_vars) {
      if (in_scope_.count(v)) site.heap_in.emplace_back(v, CellOf(v));
      else if (binds) Bind(v, site.heap_out);
    }
    for (const Var* v : refs.vars) {
      auto it = slot_of_.find(v);
      if (it != slot_of_.end()) site.vars_in.emplace_back(v, it->second);
    }
  }

  // A local function's captures: the parent's variables and shape variables it mentions.
  void Captures(const Function& f, const Var* self, HostSite& entry) {
    RefCollector refs;
    refs.VisitExpr(std::shared_ptr<const Expr>(&f, [](const Expr*) {}));
    for (const Var* v : refs.vars) {
      if (v == self) {
        info().self = v;
        info().self_slot = SlotOf(v);
      } else if (parent_->slot_of_.count(v)) {
        entry.vars_in.emplace_back(v, SlotOf(v));
      }
    }
    for (const PrimExpr* v : refs.prim_vars) {
      if (!parent_->in_scope_.count(v)) continue;
      entry.heap_in.emplace_back(v, CellOf(v));
      in_scope_.insert(v);
    }
  }

  // The slot holding a leaf's value: a variable's own, or a new one that a kLeaf site fills
  // (recorded in `temps`, which the consuming site ends).
  int32_t Leaf(const Ref<Expr>& e, std::vector<HostStep>& steps, std::vector<int32_t>* temps) {
    if (auto v = As<Var>(e)) return SlotOf(v.get());
    HostSite site;
    site.kind = SiteKind::kLeaf;
    site.expr = e.get();
    site.binding = binding_;
    site.dst = NewSlot();
    Refs(*e, site, false);
    Emit(steps, std::move(site));
    if (temps) temps->push_back(layout_.program.sites.back().dst);
    return layout_.program.sites.back().dst;
  }

  void Emit(std::vector<HostStep>& steps, HostSite site) {
    HostStep s;
    s.site = AddSite(std::move(site));
    steps.push_back(s);
  }

  // The bindings of `seq`, then its result's slot. `defined` collects the slots of the
  // variables bound (an if branch ends them).
  int32_t Seq(const SeqExpr& seq, std::vector<HostStep>& steps, std::vector<int32_t>* defined) {
    for (const auto& block : seq.blocks) {
      for (const auto& b : block.bindings) {
        EmitBinding(b, steps);
        if (defined) defined->push_back(SlotOf(b.var.get()));
      }
    }
    const rlx::Binding* outer = binding_;
    binding_ = nullptr;
    const int32_t result = Leaf(seq.body, steps, nullptr);
    binding_ = outer;
    return result;
  }

  void EmitBinding(const rlx::Binding& b, std::vector<HostStep>& steps) {
    binding_ = &b;
    HostSite start;
    start.kind = SiteKind::kBinding;
    start.binding = &b;
    Emit(steps, std::move(start));
    const int32_t var = SlotOf(b.var.get());
    if (b.is_match_cast()) {
      const int32_t value = EmitValue(b.value, NewSlot(), b.var.get(), steps);
      HostSite m;
      m.kind = SiteKind::kMatch;
      m.binding = &b;
      m.sinfo = b.match_sinfo.get();
      m.operands = {value};
      m.dst = var;
      m.clear_after = {value};
      Refs(*b.match_sinfo, m, /*binds=*/true);
      for (const auto& [v, cell] : m.heap_out) in_scope_.insert(v);
      Emit(steps, std::move(m));
    } else {
      EmitValue(b.value, var, b.var.get(), steps);
      if (b.var->annotation && (!checks_.recorded_only || checks_.annotations.count(b.var.get()))) {
        HostSite m;
        m.kind = SiteKind::kMatch;
        m.binding = &b;
        m.sinfo = b.var->annotation.get();
        m.operands = {var};
        m.index = 1;
        Refs(*b.var->annotation, m, /*binds=*/true);
        for (const auto& [v, cell] : m.heap_out) in_scope_.insert(v);
        Emit(steps, std::move(m));
      }
    }
    binding_ = nullptr;
  }

  // Computes `e` into slot `dst` (bound to `var`); returns dst.
  int32_t EmitValue(const Ref<Expr>& e, int32_t dst, const Var* var, std::vector<HostStep>& steps) {
    HostSite site;
    site.binding = binding_;
    site.expr = e.get();
    site.dst = dst;
    switch (e->kind) {
      case ExprKind::kVar:
      case ExprKind::kDataflowVar:
        site.kind = SiteKind::kCopy;
        site.operands = {SlotOf(AsPtr<rlx::Var>(e.get()))};
        break;
      case ExprKind::kTuple:
        site.kind = SiteKind::kTuple;
        for (const auto& f : AsPtr<Tuple>(e.get())->fields) site.operands.push_back(Leaf(f, steps, &site.clear_after));
        break;
      case ExprKind::kTupleGetItem: {
        const auto* g = AsPtr<TupleGetItem>(e.get());
        site.kind = SiteKind::kGetItem;
        site.index = g->index;
        site.operands = {Leaf(g->tuple, steps, &site.clear_after)};
        break;
      }
      case ExprKind::kFunction: return EmitClosure(*AsPtr<Function>(e.get()), std::move(site), var, steps);
      case ExprKind::kIf: return EmitIf(*AsPtr<rlx::If>(e.get()), dst, steps);
      case ExprKind::kCall: return EmitCall(*AsPtr<rlx::Call>(e.get()), std::move(site), steps);
      default:
        site.kind = SiteKind::kLeaf;
        Refs(*e, site, false);
        break;
    }
    Emit(steps, std::move(site));
    return dst;
  }

  int32_t EmitCall(const rlx::Call& call, HostSite site, std::vector<HostStep>& steps) {
    const GlobalDef* def = nullptr;
    if (auto g = As<GlobalVar>(call.op)) def = module_.Find(g->name);
    const bool op = call.op->kind == ExprKind::kOp;
    const bool prim = def && As<tir::PrimFunc>(def->value);
    const bool direct = def && As<Function>(def->value);
    // eval.order: the callee, then the arguments left to right.
    if (!op && !prim && !direct) site.operands.push_back(Leaf(call.op, steps, &site.clear_after));
    // R.call_tir names its PrimFunc rather than evaluating it (tir.func): no operand.
    const auto* o = op ? AsPtr<Op>(call.op.get()) : nullptr;
    const bool names_prim_func = o && (o->info->id == OpId::kCallTir || o->info->id == OpId::kCallTirInplace);
    for (size_t i = 0; i < call.args.size(); ++i) {
      site.operands.push_back(i == 0 && names_prim_func ? -1 : Leaf(call.args[i], steps, &site.clear_after));
    }
    site.kind = op ? SiteKind::kOp : prim ? SiteKind::kPrimCall : SiteKind::kCall;
    if (prim) site.prim_func = AsPtr<tir::PrimFunc>(def->value.get());
    // What the runtime evaluates by name: the shape variables of the result's struct info
    // (out_sinfo, a packed call's sinfo_args).
    for (const auto& s : call.sinfo_args) Refs(*s, site, false);
    const int32_t dst = site.dst;
    if (!direct) {
      Emit(steps, std::move(site));
      return dst;
    }
    HostStep s;
    s.kind = HostStep::Kind::kDirectCall;
    s.callee = layout_.program.globals.at(AsPtr<GlobalVar>(call.op.get())->name);
    const std::vector<int32_t> temps = site.clear_after;
    s.site = AddSite(std::move(site));
    steps.push_back(s);
    if (!temps.empty()) {
      HostSite clear;
      clear.kind = SiteKind::kClear;
      clear.operands = temps;
      Emit(steps, std::move(clear));
    }
    return dst;
  }

  int32_t EmitIf(const rlx::If& e, int32_t dst, std::vector<HostStep>& steps) {
    HostSite cond;
    cond.kind = SiteKind::kCond;
    cond.binding = binding_;
    cond.expr = &e;
    cond.operands = {Leaf(e.cond, steps, &cond.clear_after)};
    HostStep s;
    s.kind = HostStep::Kind::kIf;
    s.site = AddSite(std::move(cond));
    const rlx::Binding* outer = binding_;
    Branch(e.true_branch, dst, s.then_steps);
    binding_ = outer;
    Branch(e.false_branch, dst, s.else_steps);
    binding_ = outer;
    steps.push_back(std::move(s));
    return dst;
  }

  // A branch: its bindings, its result copied to dst, then its variables end (eval.seq).
  void Branch(const Ref<Expr>& e, int32_t dst, std::vector<HostStep>& steps) {
    const auto scope = in_scope_;
    const rlx::Binding* outer = binding_;
    std::vector<int32_t> defined;
    auto seq = As<SeqExpr>(e);
    const int32_t result = seq ? Seq(*seq, steps, &defined) : Leaf(e, steps, &defined);
    binding_ = outer;
    HostSite copy;
    copy.kind = SiteKind::kCopy;
    copy.binding = binding_;
    copy.operands = {result};
    copy.dst = dst;
    Emit(steps, std::move(copy));
    if (!defined.empty()) {
      HostSite clear;
      clear.kind = SiteKind::kClear;
      clear.operands = defined;
      Emit(steps, std::move(clear));
    }
    in_scope_ = scope;
  }

  int32_t EmitClosure(const Function& f, HostSite site, const Var* var, std::vector<HostStep>& steps) {
    const int32_t index = static_cast<int32_t>(layout_.program.functions.size());
    HostFunctionInfo nested;
    nested.function = &f;
    nested.name = var ? var->name : "<local function>";
    layout_.program.functions.push_back(nested);
    layout_.program.by_function[&f] = index;
    layout_.bodies.emplace_back();
    FunctionBuilder inner(layout_, module_, checks_, this);
    inner.Build(index, f, var);
    // What the closure captures: the entry's captures, read here from this frame.
    const HostSite& entry = layout_.program.sites[static_cast<size_t>(layout_.program.functions[index].entry_site)];
    site.kind = SiteKind::kClosure;
    site.index = index;
    for (const auto& [v, slot] : entry.vars_in) site.vars_in.emplace_back(v, SlotOf(v));
    for (const auto& [v, cell] : entry.heap_in) site.heap_in.emplace_back(v, CellOf(v));
    const int32_t dst = site.dst;
    Emit(steps, std::move(site));
    return dst;
  }

  HostLayout& layout_;
  const IRModule& module_;
  const Checks& checks_;
  const FunctionBuilder* parent_;
  int32_t fn_ = -1;
  int32_t slots_ = 0;
  int32_t cells_ = 0;
  const rlx::Binding* binding_ = nullptr;
  std::unordered_map<const Var*, int32_t> slot_of_;
  std::unordered_map<const PrimExpr*, int32_t> cell_of_;
  std::unordered_set<const PrimExpr*> in_scope_;
};

}  // namespace

HostLayout LayoutModule(const Ref<IRModule>& module, const std::vector<RuntimeCheck>* recorded) {
  Checks checks;
  if (recorded) {
    checks.recorded_only = true;
    for (const RuntimeCheck& c : *recorded) {
      if (c.kind == RuntimeCheck::Kind::kAnnotation && c.var) checks.annotations.insert(c.var);
      if (c.kind == RuntimeCheck::Kind::kReturn && c.function) checks.returns.insert(c.function);
    }
  }
  HostLayout layout;
  layout.program.module = module;
  // Globals first, so that direct calls can name any of them.
  for (const GlobalDef& g : module->globals) {
    auto f = As<Function>(g.value);
    if (!f) continue;
    HostFunctionInfo info;
    info.function = f.get();
    info.name = g.name;
    layout.program.globals[g.name] = static_cast<int32_t>(layout.program.functions.size());
    layout.program.by_function[f.get()] = static_cast<int32_t>(layout.program.functions.size());
    layout.program.functions.push_back(info);
    layout.bodies.emplace_back();
  }
  for (const GlobalDef& g : module->globals) {
    auto f = As<Function>(g.value);
    if (!f) continue;
    FunctionBuilder builder(layout, *module, checks, nullptr);
    builder.Build(layout.program.globals.at(g.name), *f, nullptr);
  }
  return layout;
}

}  // namespace rlx::compiler::codegen

namespace rlx::compiler::codegen {

int64_t LayoutFingerprint(const HostLayout& layout) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the numbers that the compiled code bakes in
  auto mix = [&h](int64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= static_cast<uint64_t>(v >> (8 * i)) & 0xff;
      h *= 1099511628211ull;
    }
  };
  for (const runtime::HostFunctionInfo& f : layout.program.functions) {
    mix(f.slots);
    mix(f.heap);
    mix(f.entry_site);
    mix(f.return_site);
    mix(static_cast<int64_t>(f.params.size()));
  }
  for (const runtime::HostSite& site : layout.program.sites) {
    mix(static_cast<int64_t>(site.kind));
    mix(site.function);
    mix(site.dst);
    mix(site.index);
    for (int32_t o : site.operands) mix(o);
    mix(static_cast<int64_t>(site.heap_in.size() + 2 * site.heap_out.size() + 3 * site.vars_in.size()));
  }
  return static_cast<int64_t>(h);
}

}  // namespace rlx::compiler::codegen
