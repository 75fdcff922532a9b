#include "fuzz/oracles/rewrites.h"

#include <unordered_map>
#include <unordered_set>

#include "checker/sinfo/algebra.h"
#include "ir/analysis/mutator.h"

namespace rlx::fuzz {
namespace {

Ref<Var> SameKind(const Var& like, std::string name, Ref<StructInfo> annotation = nullptr) {
  return like.is_dataflow() ? Var::MakeDataflow(std::move(name), std::move(annotation))
                            : Var::Make(std::move(name), std::move(annotation));
}

Ref<Var> FreshIn(bool dataflow, std::string name) {
  return dataflow ? Var::MakeDataflow(std::move(name)) : Var::Make(std::move(name));
}

class Renamer : public ExprMutator {
 public:
  Ref<Var> VisitVarDef(const Ref<Var>& v) override {
    auto it = var_remap_.find(v.get());
    if (it != var_remap_.end()) return it->second;
    Ref<StructInfo> ann = v->annotation ? VisitStructInfo(v->annotation) : nullptr;
    Ref<Var> nv = SameKind(*v, "r" + std::to_string(next_++) + "_" + v->name, ann);
    var_remap_[v.get()] = nv;
    return nv;
  }

 private:
  int next_ = 0;
};

class DeadBindings : public ExprMutator {
 public:
  BindingBlock VisitBindingBlock(const BindingBlock& b) override {
    BindingBlock out = ExprMutator::VisitBindingBlock(b);
    if (out.bindings.empty()) return out;
    Ref<Var> last = out.bindings.back().var;
    out.bindings.insert(out.bindings.begin(),
                        Binding::VarBinding(FreshIn(b.is_dataflow, "dead" + std::to_string(next_++)),
                                            PrimValue::Make(PrimExpr::Int(next_))));
    out.bindings.push_back(Binding::VarBinding(FreshIn(b.is_dataflow, "dead" + std::to_string(next_++)), Tuple::Make({last})));
    return out;
  }

 private:
  int next_ = 0;
};

class Dissolver : public ExprMutator {
 public:
  Ref<Var> VisitVarDef(const Ref<Var>& v) override {
    if (!v->is_dataflow()) return ExprMutator::VisitVarDef(v);
    auto it = var_remap_.find(v.get());
    if (it != var_remap_.end()) return it->second;
    Ref<StructInfo> ann = v->annotation ? VisitStructInfo(v->annotation) : nullptr;
    Ref<Var> nv = Var::Make(v->name, ann, v->span);
    var_remap_[v.get()] = nv;
    return nv;
  }
  Ref<Expr> VisitSeqExpr(const Ref<SeqExpr>& e) override {
    Ref<Expr> r = ExprMutator::VisitSeqExpr(e);
    auto s = As<SeqExpr>(r);
    std::vector<BindingBlock> merged;
    for (auto b : s->blocks) {
      b.is_dataflow = false;
      if (!merged.empty()) {
        merged.back().bindings.insert(merged.back().bindings.end(), b.bindings.begin(), b.bindings.end());
      } else {
        merged.push_back(b);
      }
    }
    if (merged.size() == s->blocks.size() && r == e) return e;
    return SeqExpr::Make(std::move(merged), s->body, s->span);
  }
};

// A copy of a function body with fresh variables and fresh signature shape variables.
class Copier : public ExprMutator {
 public:
  std::unordered_map<const PrimExpr*, Ref<PrimExpr>> shape_map;
  void Map(const Var* from, Ref<Var> to) { var_remap_[from] = std::move(to); }
  Ref<Var> VisitVarDef(const Ref<Var>& v) override {
    auto it = var_remap_.find(v.get());
    if (it != var_remap_.end()) return it->second;
    Ref<StructInfo> ann = v->annotation ? VisitStructInfo(v->annotation) : nullptr;
    Ref<Var> nv = SameKind(*v, v->name + "_inl", ann);
    var_remap_[v.get()] = nv;
    return nv;
  }
  Ref<PrimExpr> VisitPrimExpr(const Ref<PrimExpr>& e) override {
    if (e && e->is_var()) {
      auto it = shape_map.find(e.get());
      return it == shape_map.end() ? e : it->second;
    }
    return ExprMutator::VisitPrimExpr(e);
  }
};

class Inliner : public ExprMutator {
 public:
  explicit Inliner(const checker::CheckResult& check) : check_(check) {}
  bool done = false;
  Ref<Expr> VisitSeqExpr(const Ref<SeqExpr>& e) override {
    if (done) return ExprMutator::VisitSeqExpr(e);
    std::unordered_map<const Var*, Ref<Function>> locals;
    for (size_t bi = 0; bi < e->blocks.size(); ++bi) {
      const auto& bs = e->blocks[bi].bindings;
      for (size_t j = 0; j < bs.size(); ++j) {
        if (auto f = As<Function>(bs[j].value)) locals[bs[j].var.get()] = f;
        auto call = As<Call>(bs[j].value);
        if (!call || bs[j].is_match_cast() || e->blocks[bi].is_dataflow) continue;
        auto callee = As<Var>(call->op);
        if (!callee || !locals.count(callee.get())) continue;
        Ref<Function> f = locals[callee.get()];
        auto body = As<SeqExpr>(f->body);
        if (!body || f->params.size() != call->args.size()) continue;
        done = true;
        return Splice(e, bi, j, *f, *body, *call);
      }
    }
    return ExprMutator::VisitSeqExpr(e);
  }

 private:
  const checker::CheckResult& check_;

  Ref<Expr> Splice(const Ref<SeqExpr>& e, size_t bi, size_t j, const Function& f, const SeqExpr& body, const Call& call) {
    Copier copy;
    // The signature's shape variables become what the call binds them to statically (the
    // arguments' struct info at those positions, as the call rule does: sinfo.base.bind), so
    // that the inlined body has the struct info the call had; the others become fresh
    // variables, bound by the match_casts.
    std::unordered_set<const PrimExpr*> bindable;
    std::vector<Ref<PrimExpr>> positions;
    for (const auto& p : f.params) checker::BindingPositions(p->annotation, &positions);
    for (const auto& v : positions) bindable.insert(v.get());
    checker::VarLookup lookup = [&](const Var& v) -> Ref<StructInfo> {
      auto it = check_.var_sinfo.find(&v);
      return it == check_.var_sinfo.end() ? nullptr : it->second;
    };
    for (size_t i = 0; i < f.params.size(); ++i) {
      auto arg = As<Var>(call.args[i]);
      Ref<StructInfo> given = arg ? lookup(*arg) : nullptr;
      if (given) checker::BindShapeVars(f.params[i]->annotation, given, lookup, bindable, &copy.shape_map);
    }
    for (const auto& v : positions) {
      if (!copy.shape_map.count(v.get())) copy.shape_map[v.get()] = PrimExpr::Var(v->name + "_inl", v->dtype);
    }
    BindingBlock head;
    head.bindings.assign(e->blocks[bi].bindings.begin(), e->blocks[bi].bindings.begin() + static_cast<long>(j));
    for (size_t i = 0; i < f.params.size(); ++i) {
      Ref<StructInfo> target = copy.VisitStructInfo(f.params[i]->annotation);
      Ref<Var> p = Var::Make(f.params[i]->name + "_inl", target);
      head.bindings.push_back(Binding::MatchCast(p, call.args[i], target));
      copy.Map(f.params[i].get(), p);
    }
    std::vector<BindingBlock> blocks(e->blocks.begin(), e->blocks.begin() + static_cast<long>(bi));
    blocks.push_back(head);
    for (const auto& b : body.blocks) blocks.push_back(copy.VisitBindingBlock(b));
    Ref<Expr> result = copy.VisitExpr(body.body);
    BindingBlock tail;
    tail.bindings.push_back(Binding::VarBinding(e->blocks[bi].bindings[j].var, result));
    tail.bindings.insert(tail.bindings.end(), e->blocks[bi].bindings.begin() + static_cast<long>(j) + 1,
                         e->blocks[bi].bindings.end());
    blocks.push_back(tail);
    blocks.insert(blocks.end(), e->blocks.begin() + static_cast<long>(bi) + 1, e->blocks.end());
    // Adjacent blocks of one kind merge (norm.blocks); empty ones go.
    std::vector<BindingBlock> merged;
    for (auto& b : blocks) {
      if (b.bindings.empty()) continue;
      if (!merged.empty() && merged.back().is_dataflow == b.is_dataflow) {
        merged.back().bindings.insert(merged.back().bindings.end(), b.bindings.begin(), b.bindings.end());
      } else {
        merged.push_back(b);
      }
    }
    return SeqExpr::Make(std::move(merged), e->body, e->span);
  }
};

class Reassociator : public ExprMutator {
 public:
  BindingBlock VisitBindingBlock(const BindingBlock& b) override {
    BindingBlock in = ExprMutator::VisitBindingBlock(b);
    BindingBlock out;
    out.is_dataflow = in.is_dataflow;
    out.span = in.span;
    for (const auto& binding : in.bindings) {
      auto t = As<Tuple>(binding.value);
      if (!t || t->fields.size() < 2 || binding.is_match_cast()) {
        out.bindings.push_back(binding);
        continue;
      }
      std::string n = std::to_string(next_++);
      Ref<Var> inner = FreshIn(b.is_dataflow, "pair" + n);
      Ref<Var> g0 = FreshIn(b.is_dataflow, "first" + n);
      Ref<Var> g1 = FreshIn(b.is_dataflow, "second" + n);
      out.bindings.push_back(Binding::VarBinding(inner, Tuple::Make({t->fields[0], t->fields[1]})));
      out.bindings.push_back(Binding::VarBinding(g0, TupleGetItem::Make(inner, 0)));
      out.bindings.push_back(Binding::VarBinding(g1, TupleGetItem::Make(inner, 1)));
      std::vector<Ref<Expr>> fields = {g0, g1};
      fields.insert(fields.end(), t->fields.begin() + 2, t->fields.end());
      Binding nb = binding;
      nb.value = Tuple::Make(fields, t->span);
      out.bindings.push_back(nb);
      changed_ = true;
    }
    return out;
  }
  bool changed_ = false;

 private:
  int next_ = 0;
};

Ref<IRModule> IfChanged(const Ref<IRModule>& before, const Ref<IRModule>& after) {
  return after == before ? nullptr : after;
}

}  // namespace

Ref<IRModule> RenameVariables(const Ref<IRModule>& m, uint64_t) {
  Renamer r;
  return IfChanged(m, r.VisitModule(m));
}

Ref<IRModule> AddDeadBindings(const Ref<IRModule>& m, uint64_t) {
  DeadBindings d;
  return IfChanged(m, d.VisitModule(m));
}

Ref<IRModule> DissolveDataflow(const Ref<IRModule>& m, uint64_t) {
  Dissolver d;
  return IfChanged(m, d.VisitModule(m));
}

std::optional<checker::CheckResult> CheckForRewrite(const Ref<IRModule>& m) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  checker::CheckResult check = checker::CheckModule(*m, diags);
  if (!check.ok) return std::nullopt;
  return check;
}

Ref<IRModule> InlineLocalFunction(const Ref<IRModule>& m, uint64_t) {
  std::optional<checker::CheckResult> check = CheckForRewrite(m);
  if (!check) return nullptr;
  Inliner in(*check);
  Ref<IRModule> out = in.VisitModule(m);
  return in.done ? out : nullptr;
}

Ref<IRModule> ReassociateTuples(const Ref<IRModule>& m, uint64_t) {
  Reassociator r;
  Ref<IRModule> out = r.VisitModule(m);
  return r.changed_ ? out : nullptr;
}

}  // namespace rlx::fuzz
