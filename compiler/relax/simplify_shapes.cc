// simplify-shapes (pass.simplify-shapes): the checks the prover decided statically go, and the
// variables they guarded take the struct info the prover derived.
#include "compiler/analysis/binding_effects.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"

namespace rlx::compiler {
namespace {

// True when struct info names a virtual device (what the value's derived struct info may lack).
bool MentionsVDevice(const Ref<StructInfo>& s) {
  if (auto t = As<TensorStructInfo>(s)) return !t->vdevice.empty();
  if (auto t = As<TupleStructInfo>(s)) {
    for (const auto& f : t->fields) {
      if (MentionsVDevice(f)) return true;
    }
  }
  return false;
}

class Simplifier : public ExprMutator {
 public:
  explicit Simplifier(const BindingEffects& effects) : effects_(effects) {}

  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    // A check the checker proved (no run-time check recorded for the binding) of a value whose
    // struct info is derived (not trusted): it cannot fail.
    const bool proved = !effects_.Checked(b) && !MentionsVDevice(b.is_match_cast() ? b.match_sinfo : b.var->annotation);
    if (proved && b.is_match_cast() && !effects_.DefinesShapeVars(b) && As<Var>(b.value)) {
      // `y = R.match_cast(x, S)`: x's struct info is S or more precise; y becomes a copy of x.
      Binding nb = RewriteBinding(b);
      out.push_back(Binding::VarBinding(Fresh(b.var), nb.value, b.span));
      return;
    }
    if (proved && !b.is_match_cast() && b.var->annotation && b.value->struct_info() &&
        b.value->kind != ExprKind::kFunction) {  // (a local function's variable is in its own body)
      // `y: S = e`: e's derived struct info is S or more precise; the annotation goes.
      Binding nb = RewriteBinding(b);
      out.push_back(Binding::VarBinding(Fresh(b.var), nb.value, b.span));
      return;
    }
    ExprMutator::VisitBinding(b, out);
  }

 private:
  // The variable without its annotation (or cast): a new node every later use follows.
  Ref<Var> Fresh(const Ref<Var>& v) {
    Ref<Var> nv = Var::MakeOfKind(v->is_dataflow(), v->name, nullptr, v->span);
    var_remap_[v.get()] = nv;
    return nv;
  }

  const BindingEffects& effects_;
};

}  // namespace

Ref<IRModule> SimplifyShapes(const Ref<IRModule>& m) {
  BindingEffects effects(*m);
  Simplifier simplifier(effects);
  return AcceptedOr(m, RewriteModule(simplifier, m));
}

}  // namespace rlx::compiler
