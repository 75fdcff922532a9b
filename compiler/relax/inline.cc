// inline (pass.inline): calls of private module functions that are called once, or small, are
// replaced by the functions' bodies.
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "checker/checker.h"
#include "compiler/analysis/binding_effects.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "compiler/relax/splice_call.h"
#include "ir/analysis/visitor.h"

namespace rlx::compiler {
namespace {

// A function of at most this many bindings (nested scopes included) is inlined at every call.
constexpr size_t kSmallFunction = 8;

class InlineGlobalRefs : public ExprVisitor {
 public:
  void VisitGlobalVar(const GlobalVar& g) override { refs.push_back(g.name); }
  std::vector<std::string> refs;
};

class InlineBindingCounter : public ExprVisitor {
 public:
  void VisitBinding(const Binding& b) override {
    ++count;
    ExprVisitor::VisitBinding(b);
  }
  size_t count = 0;
};

// The private functions whose calls may be inlined: not recursive (directly or through other
// functions), not a fused group (Primitive), not force_pure, a body that is a sequence, no run-time check of the
// result against the return annotation (the inlined body would lose it), and called once in
// the whole module or small.
std::unordered_set<std::string> Inlinable(const IRModule& m) {
  std::unordered_map<std::string, std::vector<std::string>> calls;
  std::unordered_map<std::string, int> references;
  for (const GlobalDef& g : m.globals) {
    InlineGlobalRefs refs;
    refs.VisitExpr(g.value);
    calls[g.name] = refs.refs;
    for (const auto& r : refs.refs) ++references[r];
  }
  std::function<bool(const std::string&, const std::string&, std::unordered_set<std::string>&)> reaches =
      [&](const std::string& from, const std::string& target, std::unordered_set<std::string>& seen) {
        for (const auto& c : calls[from]) {
          if (c == target) return true;
          if (seen.insert(c).second && reaches(c, target, seen)) return true;
        }
        return false;
      };
  SourceManager sources;
  DiagnosticEngine diags(sources);
  std::unordered_set<const Function*> checked_returns;
  for (const RuntimeCheck& c : checker::CheckModule(m, diags).runtime_checks) {
    if (c.kind == RuntimeCheck::Kind::kReturn) checked_returns.insert(c.function);
  }
  std::unordered_set<std::string> out;
  for (const GlobalDef& g : m.globals) {
    auto f = As<Function>(g.value);
    // (A force_pure function's impure body could not stand in a pure caller.)
    if (!f || f->attrs.Find("global_symbol") || f->attrs.Find("Primitive") || f->attrs.Find("relax.force_pure") ||
        !As<SeqExpr>(f->body) ||
        checked_returns.count(f.get())) {
      continue;
    }
    std::unordered_set<std::string> seen;
    if (reaches(g.name, g.name, seen)) continue;
    InlineBindingCounter size;
    size.VisitExpr(f->body);
    if (references[g.name] == 1 || size.count <= kSmallFunction) out.insert(g.name);
  }
  return out;
}

class CallInliner : public ExprMutator {
 public:
  CallInliner(const IRModule& m, const BindingEffects& effects, std::unordered_set<std::string> inlinable)
      : module_(m), effects_(effects), inlinable_(std::move(inlinable)) {}

  // A call `v = cls.f(args)` in an ordinary block whose arguments and bounds the checker proved
  // (no run-time check recorded, no trusted argument): the match_casts of the arguments that
  // the splice emits cannot fail where the call's boundary would not have.
  void VisitBinding(const Binding& b, std::vector<Binding>& out) override {
    auto call = As<Call>(b.value);
    auto gv = call ? As<GlobalVar>(call->op) : nullptr;
    Ref<Function> f = gv && inlinable_.count(gv->name) ? module_.FindFunction(gv->name) : nullptr;
    bool ok = f && !b.is_match_cast() && !in_dataflow_block_ && f->params.size() == call->args.size() &&
              !effects_.Checked(b);
    for (size_t i = 0; ok && i < call->args.size(); ++i) ok = !effects_.IsTrusted(call->args[i]);
    if (!ok) {
      ExprMutator::VisitBinding(b, out);
      return;
    }
    Binding nb = RewriteBinding(b);
    SpliceCall(*f, *As<SeqExpr>(f->body), *call, *As<Call>(nb.value), nb.var, true, out);
  }

 private:
  const IRModule& module_;
  const BindingEffects& effects_;
  std::unordered_set<std::string> inlinable_;
};

}  // namespace

Ref<IRModule> Inline(const Ref<IRModule>& m) {
  std::unordered_set<std::string> inlinable = Inlinable(*m);
  if (inlinable.empty()) return m;
  BindingEffects effects(*m);
  CallInliner inliner(*m, effects, std::move(inlinable));
  return AcceptedOr(m, RewriteModule(inliner, m));
}

}  // namespace rlx::compiler
