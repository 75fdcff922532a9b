// plan-memory (pass.plan-memory, TVM's StaticPlanBlockMemory): the tensors that
// R.builtin.alloc_tensor makes for destination-passing calls share storage where their lifetimes
// do not overlap, and every tensor whose uses the pass can see is killed after its last use.
//
// The analysis works on one function body's own bindings, in order (index i = the i-th binding).
// An allocation and the variables that are the same tensor (`a = alloc`, a match_cast of it, a
// field of a tuple built from it) form a group; the group is alive from the allocation to its
// last use. A group whose tensor may outlive what the pass sees escapes: it is returned, used
// in an if branch or a local function, passed to a Relax function, an op or a packed function.
// Only direct PrimFunc calls, aliases and tuples are seen through.
#include <algorithm>
#include <optional>
#include <unordered_map>

#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "compiler/tir/writes_whole_buffer.h"
#include "ir/analysis/mutator.h"
#include "ir/analysis/visitor.h"
#include "ir/op_args.h"
#include "ir/shape_var_bounds.h"

namespace rlx::compiler {
namespace {

/// The largest storage sized by upper bounds that the pass plans (1 GiB): a bound far above the
/// extents a program meets would otherwise turn a small allocation into an exhausted one.
constexpr int64_t kMaxBoundedStorageBytes = int64_t{1} << 30;

bool IsOp(const Ref<Expr>& value, OpId id) {
  auto call = As<Call>(value);
  auto op = call ? As<Op>(call->op) : nullptr;
  return op && op->info->id == id;
}

// v = R.builtin.alloc_tensor(R.shape([...]), R.dtype(...), R.prim_value(d), R.str(scope)).
struct AllocSite {
  Ref<Var> var;
  size_t index = 0;
  Ref<ShapeExpr> shape;
  DataType dtype = DataType::kVoid;
  int64_t device = 0;
  std::string scope = "global";
};

std::optional<AllocSite> AsAllocSite(const Binding& b, size_t index) {
  if (b.is_match_cast() || !IsOp(b.value, OpId::kBuiltinAllocTensor)) return std::nullopt;
  const Call& call = *As<Call>(b.value);
  if (call.args.size() < 3) return std::nullopt;
  auto shape = As<ShapeExpr>(call.args[0]);
  auto dtype = As<DataTypeImm>(call.args[1]);
  auto device = As<PrimValue>(call.args[2]);
  if (!shape || !dtype || !device || !device->value->is_int()) return std::nullopt;
  AllocSite site{b.var, index, shape, dtype->value, device->value->int_value};
  if (call.args.size() > 3) {
    auto scope = As<StringImm>(call.args[3]);
    if (!scope) return std::nullopt;
    site.scope = scope->value;
  }
  return site;
}

// An upper bound of a non-negative shape expression: integers, the shape variables in `bounds`
// (extents of the parameters' tensors with a declared upper bound), sums and products.
std::optional<int64_t> UpperBound(const Ref<PrimExpr>& e, const std::unordered_map<const PrimExpr*, int64_t>& bounds) {
  if (e->is_int()) return e->int_value >= 0 ? std::optional<int64_t>(e->int_value) : std::nullopt;
  if (e->is_var()) {
    auto it = bounds.find(e.get());
    return it == bounds.end() ? std::nullopt : std::optional<int64_t>(it->second);
  }
  if (e->kind != PrimKind::kAdd && e->kind != PrimKind::kMul) return std::nullopt;
  auto a = UpperBound(e->operands[0], bounds);
  auto b = UpperBound(e->operands[1], bounds);
  int64_t r = 0;
  if (!a || !b) return std::nullopt;
  const bool overflow = e->kind == PrimKind::kAdd ? __builtin_add_overflow(*a, *b, &r) : __builtin_mul_overflow(*a, *b, &r);
  return overflow ? std::nullopt : std::optional<int64_t>(r);
}

// The shape variables that are extents of f's tensor parameters (so >= 0) with an upper bound.
std::unordered_map<const PrimExpr*, int64_t> BoundedExtents(const Function& f) {
  std::unordered_map<const PrimExpr*, int64_t> bounds;
  for (const auto& p : f.params) {
    auto t = As<TensorStructInfo>(p->struct_info());
    if (!t || !t->dims()) continue;
    for (const auto& d : *t->dims()) {
      if (!d->is_var()) continue;
      std::optional<int64_t> upper = GetShapeVarBound(f, d->name).upper;
      if (upper && *upper >= 0) bounds[d.get()] = *upper;
    }
  }
  return bounds;
}

// The bytes a storage for the site needs: static, or from the bounds; nullopt when unknown.
std::optional<int64_t> StorageBytes(const AllocSite& site, const std::unordered_map<const PrimExpr*, int64_t>& bounds) {
  int64_t bytes = DataTypeBytes(site.dtype);
  bool bounded = false;
  for (const auto& d : site.shape->values) {
    std::optional<int64_t> ub = UpperBound(d, bounds);
    if (!ub || __builtin_mul_overflow(bytes, *ub, &bytes)) return std::nullopt;
    bounded = bounded || !d->is_int();
  }
  if (bounded && bytes > kMaxBoundedStorageBytes) return std::nullopt;
  return bytes;
}

// A group: an allocation and its aliases.
struct Group {
  AllocSite site;
  size_t last_use = 0;
  bool escapes = false;
  bool first_use_seen = false;
  bool overwritten = false;  // its first use is a PrimFunc call that writes it whole
  std::optional<int64_t> bytes;
  int token = -1;
  bool planned() const { return token >= 0; }
};

// The variables of Relax uses in an expression (nested functions and branches included).
class UseCollector : public ExprVisitor {
 public:
  std::vector<const Var*> uses;
  void VisitVarUse(const Var& v) override { uses.push_back(&v); }
};

class Lifetimes {
 public:
  Lifetimes(const IRModule& module, const Function& f) : module_(module) {
    const auto bounds = BoundedExtents(f);
    auto body = As<SeqExpr>(f.body);
    if (!body) return;
    for (const auto& block : body->blocks) {
      for (const auto& b : block.bindings) bindings_.push_back(&b);
    }
    for (size_t i = 0; i < bindings_.size(); ++i) {
      if (auto site = AsAllocSite(*bindings_[i], i)) {
        member_[site->var.get()] = static_cast<int>(groups.size());
        Group g;
        g.site = *site;
        g.last_use = i;
        g.bytes = StorageBytes(*site, bounds);
        groups.push_back(g);
        continue;
      }
      Visit(*bindings_[i], i);
    }
    EscapeAll(body->body);  // the result
  }

  std::vector<Group> groups;
  size_t num_bindings() const { return bindings_.size(); }
  const Binding& binding(size_t i) const { return *bindings_[i]; }

 private:
  int GroupOf(const Ref<Expr>& e) const {
    auto v = As<Var>(e);
    auto it = v ? member_.find(v.get()) : member_.end();
    return it == member_.end() ? -1 : it->second;
  }

  void Use(int g, size_t i, bool overwrites = false) {
    Group& group = groups[static_cast<size_t>(g)];
    group.last_use = std::max(group.last_use, i);
    if (!group.first_use_seen) group.overwritten = overwrites;
    group.first_use_seen = true;
  }

  void Escape(int g) {
    groups[static_cast<size_t>(g)].escapes = true;
    groups[static_cast<size_t>(g)].first_use_seen = true;
  }

  // Every group whose variable (or tuple of them) occurs in `e` escapes.
  void EscapeAll(const Ref<Expr>& e) {
    UseCollector c;
    c.VisitExpr(e);
    for (const Var* v : c.uses) {
      if (auto it = member_.find(v); it != member_.end()) Escape(it->second);
      if (auto it = containers_.find(v); it != containers_.end()) {
        for (int g : it->second) {
          if (g >= 0) Escape(g);
        }
      }
    }
  }

  void Visit(const Binding& b, size_t i) {
    // v = alias, v = R.match_cast(alias, ...): the same tensor.
    if (int g = GroupOf(b.value); g >= 0) {
      member_[b.var.get()] = g;
      Use(g, i);
      return;
    }
    if (b.is_match_cast()) return EscapeAll(b.value);
    if (auto t = As<Tuple>(b.value)) return VisitTuple(b, *t, i);
    if (auto item = As<TupleGetItem>(b.value)) {
      auto tuple = As<Var>(item->tuple);
      auto it = tuple ? containers_.find(tuple.get()) : containers_.end();
      if (it != containers_.end()) {
        for (int g : it->second) {
          if (g >= 0) Use(g, i);
        }
        const size_t k = static_cast<size_t>(item->index);
        if (k < it->second.size() && it->second[k] >= 0) member_[b.var.get()] = it->second[k];
        return;
      }
    }
    if (const tir::PrimFunc* callee = DirectCallee(b.value)) return VisitDirectCall(*As<Call>(b.value), *callee, i);
    EscapeAll(b.value);
  }

  // A tuple of group variables: each field keeps its group; anything deeper escapes.
  void VisitTuple(const Binding& b, const Tuple& t, size_t i) {
    std::vector<int> fields;
    bool any = false;
    for (const auto& f : t.fields) {
      const int g = GroupOf(f);
      fields.push_back(g);
      if (g >= 0) {
        Use(g, i);
        any = true;
      } else {
        EscapeAll(f);
      }
    }
    if (any) containers_[b.var.get()] = fields;
  }

  const tir::PrimFunc* DirectCallee(const Ref<Expr>& value) const {
    auto call = As<Call>(value);
    auto g = call ? As<GlobalVar>(call->op) : nullptr;
    const GlobalDef* def = g ? module_.Find(g->name) : nullptr;
    return def ? AsPtr<tir::PrimFunc>(def->value.get()) : nullptr;
  }

  // tir.eval.direct-call: a group tensor passed once is used; its first use may overwrite it.
  void VisitDirectCall(const Call& call, const tir::PrimFunc& callee, size_t i) {
    std::unordered_map<int, int> count;
    for (const auto& a : call.args) {
      if (int g = GroupOf(a); g >= 0) ++count[g];
    }
    bool positional = true;  // no shape argument before: argument k is parameter k
    for (size_t k = 0; k < call.args.size(); ++k) {
      const Ref<Expr>& a = call.args[k];
      const int g = GroupOf(a);
      if (g < 0) {
        EscapeAll(a);
        positional = positional && !As<ShapeStructInfo>(a->struct_info()) && !As<ShapeExpr>(a);
        continue;
      }
      Use(g, i, positional && count[g] == 1 && WritesWholeBuffer(callee, k));
    }
  }

  const IRModule& module_;
  std::vector<const Binding*> bindings_;
  std::unordered_map<const Var*, int> member_;
  std::unordered_map<const Var*, std::vector<int>> containers_;
};

// A storage: the largest tensor it holds, and the last binding that uses one of them.
struct Token {
  int64_t bytes = 0;
  int64_t device = 0;
  std::string scope;
  size_t last_use = 0;
  Ref<Var> var;
};

// Gives every plannable group a token: a free one of its device and scope (the smallest that
// is large enough, else the largest, which grows), or a new one.
std::vector<Token> AssignTokens(std::vector<Group>& groups) {
  std::vector<Token> tokens;
  for (Group& g : groups) {
    if (g.escapes || !g.overwritten || !g.bytes) continue;
    int best = -1;
    for (size_t t = 0; t < tokens.size(); ++t) {
      const Token& k = tokens[t];
      if (k.last_use >= g.site.index || k.device != g.site.device || k.scope != g.site.scope) continue;
      if (best < 0) {
        best = static_cast<int>(t);
        continue;
      }
      const Token& b = tokens[static_cast<size_t>(best)];
      const bool fits = k.bytes >= *g.bytes, best_fits = b.bytes >= *g.bytes;
      if ((fits && (!best_fits || k.bytes < b.bytes)) || (!fits && !best_fits && k.bytes > b.bytes)) best = static_cast<int>(t);
    }
    if (best < 0) {
      best = static_cast<int>(tokens.size());
      tokens.push_back({0, g.site.device, g.site.scope, 0, Var::Make("storage", nullptr)});
    }
    Token& k = tokens[static_cast<size_t>(best)];
    k.bytes = std::max(k.bytes, *g.bytes);
    k.last_use = std::max(k.last_use, g.last_use);
    g.token = best;
  }
  return tokens;
}

Binding Void(Ref<Expr> value) { return Binding::VarBinding(Var::Make("_", nullptr), std::move(value)); }

Ref<Expr> AllocStorage(const Token& t) {
  return MakeCall(OpId::kMemoryAllocStorage, {{"total_space", ShapeExpr::Make({PrimExpr::Int(t.bytes)})},
                                              {"virtual_device_index", PrimValue::Make(PrimExpr::Int(t.device))},
                                              {"storage_scope", StringImm::Make(t.scope)},
                                              {"dtype", DataTypeImm::Make(DataType::kUInt8)}});
}

// What the rewrite does at each binding of the bodies it planned, keyed by the binding's var.
struct Actions {
  std::vector<Binding> before;           // the storages, before the first binding
  std::optional<Binding> replace;        // a planned allocation: its view in the storage
  std::vector<Binding> after;            // kills after a last use
};

class MemoryPlanner : public ExprMutator {
 public:
  explicit MemoryPlanner(const IRModule& m) : module_(m) {}

  Ref<Expr> VisitFunction(const Ref<Function>& f) override {
    if (!Plan(*f)) return ExprMutator::VisitFunction(f);
    const AttrValue* fp = f->attrs.Find("relax.force_pure");
    const bool forced = fp && fp->kind() == AttrValue::Kind::kBool && fp->as_bool();
    if (!f->is_pure || forced) return ExprMutator::VisitFunction(f);
    // The kills are impure; the function stays pure to its callers, as call-tir-rewrite marks it.
    Attrs attrs = f->attrs.With("relax.force_pure", AttrValue::Bool(true));
    return ExprMutator::VisitFunction(Function::Make(f->params, f->body, f->ret_sinfo, true, attrs, f->span));
  }

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    auto it = actions_.find(b.var.get());
    if (it == actions_.end()) return ExprMutator::VisitBinding(b, out);
    const Actions& a = it->second;
    out.insert(out.end(), a.before.begin(), a.before.end());
    if (a.replace) {
      Binding view = *a.replace;
      view.value = VisitExpr(view.value);  // the shape's variables, remapped
      var_remap_[b.var.get()] = view.var;
      out.push_back(view);
    } else {
      ExprMutator::VisitBinding(b, out);
    }
    for (const Binding& kill : a.after) {
      Binding k = kill;
      k.value = VisitExpr(k.value);  // the killed variable as it is now
      out.push_back(k);
    }
  }

 private:
  // Records the actions for f's body; false when there are none.
  bool Plan(const Function& f) {
    Lifetimes life(module_, f);
    if (life.groups.empty()) return false;
    std::vector<Token> tokens = AssignTokens(life.groups);
    bool changed = !tokens.empty();
    auto at = [&](size_t i) -> Actions& { return actions_[life.binding(i).var.get()]; };
    for (const Token& t : tokens) at(0).before.push_back(Binding::VarBinding(t.var, AllocStorage(t)));
    for (const Group& g : life.groups) {
      if (g.planned()) {
        const Token& t = tokens[static_cast<size_t>(g.token)];
        Ref<Expr> view = MakeCall(OpId::kMemoryAllocTensor, {{"storage", t.var},
                                                             {"offset", PrimValue::Make(PrimExpr::Int(0))},
                                                             {"shape", g.site.shape},
                                                             {"dtype", DataTypeImm::Make(g.site.dtype)}});
        at(g.site.index).replace = Binding::VarBinding(Var::Make(g.site.var->name, nullptr), view);
      }
      // eval.memory: a tensor nothing can still see is killed after its last use.
      if (!g.escapes) at(g.last_use).after.push_back(Void(MakeCall(OpId::kMemoryKillTensor, {{"tensor", g.site.var}})));
      changed = changed || !g.escapes;
    }
    for (const Token& t : tokens) at(t.last_use).after.push_back(Void(MakeCall(OpId::kMemoryKillStorage, {{"storage", t.var}})));
    return changed;
  }

  const IRModule& module_;
  std::unordered_map<const Var*, Actions> actions_;
};

}  // namespace

Ref<IRModule> PlanMemory(const Ref<IRModule>& m) {
  MemoryPlanner planner(*m);
  return RewriteModule(planner, m);
}

}  // namespace rlx::compiler
