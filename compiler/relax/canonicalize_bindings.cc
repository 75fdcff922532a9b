// canonicalize-bindings (pass.canonicalize-bindings): copies, trivial match_casts and
// projections of known tuples are replaced by what they copy.
#include <unordered_map>
#include <unordered_set>

#include "compiler/analysis/binding_effects.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/structural_equal.h"

namespace rlx::compiler {
namespace {

bool SameSInfo(const Expr& a, const Expr& b) {
  return a.struct_info() && b.struct_info() && StructuralEqualInScope(a.struct_info(), b.struct_info());
}

// The variable a binding copies, or nullptr: `y = x`, or `y = R.match_cast(x, S)` with S the
// struct info x already has (so the cast binds nothing and cannot fail). The copy has the struct
// info of what it copies (an annotation that says more would be a check).
const Var* CopiedVar(const Binding& b) {
  auto x = As<Var>(b.value);
  if (!x || !SameSInfo(*b.var, *x)) return nullptr;
  if (b.is_match_cast() && !(x->struct_info() && StructuralEqualInScope(b.match_sinfo, x->struct_info()))) return nullptr;
  return x.get();
}

class Canonicalizer : public ExprMutator {
 public:
  explicit Canonicalizer(const BindingEffects& effects) : effects_(effects) {}

  BindingBlock VisitBindingBlock(const BindingBlock& b) override {
    ++block_id_;
    if (b.is_dataflow) PlanOutputs(b);
    return ExprMutator::VisitBindingBlock(b);
  }

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    if (skipped_outputs_.count(&b)) return;  // `y = lv`: lv's binding defines y already
    auto output = outputs_.find(b.var.get());
    const bool defines_output = output != outputs_.end();
    if (defines_output) var_remap_[b.var.get()] = output->second;
    Binding nb = RewriteBinding(b);
    if (Ref<Expr> field = KnownField(nb); field && !b.var->annotation && SameSInfo(*b.var, *field)) {
      nb.value = field;  // `y = t[i]` of a tuple bound in scope: the field itself
    }
    if (auto tuple = As<Tuple>(nb.value); tuple && !b.is_match_cast()) tuples_[nb.var.get()] = {tuple, block_id_};
    // A copy disappears: its uses take what it copies, where that is in scope at every use (a
    // dataflow variable only within its block).
    auto x = As<Var>(nb.value);
    if (x && !defines_output && (x->kind == ExprKind::kVar || b.var->is_dataflow()) && !effects_.ChecksTrusted(b) &&
        CopiedVar(b.is_match_cast() ? Binding::MatchCast(b.var, x, b.match_sinfo) : Binding::VarBinding(b.var, x))) {
      var_remap_[b.var.get()] = x;
      return;
    }
    out.push_back(std::move(nb));
  }

 private:
  struct KnownTuple {
    Ref<Tuple> tuple;
    int block;
  };

  // The field that a rewritten `y = t[i]` projects, when t was bound to a tuple and the field
  // may be used here (a dataflow variable only in its block); else nullptr.
  Ref<Expr> KnownField(const Binding& rewritten) const {
    auto g = As<TupleGetItem>(rewritten.value);
    auto t = g ? As<Var>(g->tuple) : nullptr;
    if (rewritten.is_match_cast() || !t) return nullptr;
    auto it = tuples_.find(t.get());
    if (it == tuples_.end() || g->index < 0 || static_cast<size_t>(g->index) >= it->second.tuple->fields.size()) {
      return nullptr;
    }
    Ref<Expr> field = it->second.tuple->fields[static_cast<size_t>(g->index)];
    if (field->kind == ExprKind::kDataflowVar && it->second.block != block_id_) return nullptr;
    return field;
  }

  // In a dataflow block, `lv = value ... y = lv` (y an output, lv bound in the block) becomes
  // `y = value`, with lv's uses taking y: the first such output of each lv.
  void PlanOutputs(const BindingBlock& b) {
    std::unordered_map<const Var*, bool> bound_here;
    for (const Binding& binding : b.bindings) {
      bound_here[binding.var.get()] = true;
      auto lv = As<Var>(binding.value);
      if (binding.is_match_cast() || binding.var->is_dataflow() || !lv || !lv->is_dataflow() ||
        effects_.ChecksTrusted(binding)) {
      continue;
    }
      if (!bound_here.count(lv.get()) || outputs_.count(lv.get()) || !SameSInfo(*binding.var, *lv)) continue;
      outputs_[lv.get()] = binding.var;
      skipped_outputs_.insert(&binding);
    }
  }

  const BindingEffects& effects_;
  int block_id_ = 0;
  std::unordered_map<const Var*, KnownTuple> tuples_;
  std::unordered_map<const Var*, Ref<Var>> outputs_;
  std::unordered_set<const Binding*> skipped_outputs_;
};

}  // namespace

Ref<IRModule> CanonicalizeBindings(const Ref<IRModule>& m) {
  BindingEffects effects(*m);
  Canonicalizer mutator(effects);
  return RewriteModule(mutator, m);
}

}  // namespace rlx::compiler
