#include "fuzz/reduce/reducer.h"

#include "ir/analysis/mutator.h"
#include "ir/analysis/visitor.h"

namespace rlx::fuzz {
namespace {

class Counter : public ExprVisitor {
 public:
  void VisitBinding(const Binding& b) override {
    ++count;
    ExprVisitor::VisitBinding(b);
  }
  void VisitVarUse(const Var& v) override { ++uses[&v]; }
  int count = 0;
  std::unordered_map<const Var*, int> uses;
};

// Removes the `target`-th binding (in visiting order), substituting `replacement` for its
// variable (nullptr: the binding must be unused).
class DropBinding : public ExprMutator {
 public:
  DropBinding(int target, std::function<Ref<Expr>(const Binding&)> replacement)
      : target_(target), replacement_(std::move(replacement)) {}
  bool dropped = false;

  void VisitBinding(const Binding& binding, std::vector<Binding>& out) override {
    if (index_++ == target_) {
      if (!replacement_) {  // dropped outright (the predicate rejects it when it was used)
        dropped = true;
        return;
      }
      if (auto v = As<Var>(replacement_(binding))) {
        var_remap_[binding.var.get()] = As<Var>(VisitVarUse(v));
        dropped = true;
        return;
      }
    }
    ExprMutator::VisitBinding(binding, out);
  }

 private:
  int target_;
  int index_ = 0;
  std::function<Ref<Expr>(const Binding&)> replacement_;
};

// The variable operands of a binding's value (the candidates to stand for its result).
std::vector<Ref<Expr>> Operands(const Binding& b) {
  std::vector<Ref<Expr>> out;
  auto add = [&](const Ref<Expr>& e) {
    if (As<Var>(e)) out.push_back(e);
  };
  if (auto c = As<Call>(b.value)) {
    for (const auto& a : c->args) add(a);
  } else if (auto t = As<Tuple>(b.value)) {
    for (const auto& f : t->fields) add(f);
  } else if (auto g = As<TupleGetItem>(b.value)) {
    add(g->tuple);
  } else {
    add(b.value);  // an alias or a match_cast of a variable
  }
  return out;
}

Ref<IRModule> WithoutGlobal(const IRModule& m, size_t i) {
  std::vector<GlobalDef> g = m.globals;
  g.erase(g.begin() + static_cast<long>(i));
  return m.WithGlobals(g);
}

Ref<IRModule> WithMainResult(const IRModule& m, const Ref<Expr>& result) {
  std::vector<GlobalDef> g = m.globals;
  for (auto& d : g) {
    auto f = As<Function>(d.value);
    if (d.name != "main" || !f) continue;
    auto body = As<SeqExpr>(f->body);
    if (!body) return nullptr;
    d.value = Function::Make(f->params, SeqExpr::Make(body->blocks, result, body->span), nullptr, f->is_pure,
                             f->attrs, f->span);
  }
  return m.WithGlobals(g);
}

runtime::Value Uniform(const runtime::Value& v, int value) {
  if (!v.is_tensor()) return v;
  auto t = std::make_shared<TensorData>(*v.tensor());
  for (int64_t i = 0; i < t->num_elements(); ++i) t->SetInt(i, value);
  return runtime::Value::FromTensor(t);
}

}  // namespace

int CountBindings(const IRModule& m) {
  Counter c;
  c.VisitModule(m);
  return c.count;
}

Reproducer Reduce(Reproducer best, const StillFails& still_fails, int max_attempts, const SmallerInputs& smaller_inputs) {
  int attempts = 0;
  auto try_candidate = [&](Reproducer cand) {
    if (attempts >= max_attempts || !cand.module) return false;
    ++attempts;
    if (!still_fails(cand)) return false;
    best = std::move(cand);
    return true;
  };
  bool progress = true;
  while (progress && attempts < max_attempts) {
    progress = false;
    // Drop module functions other than main.
    for (size_t i = 0; i < best.module->globals.size(); ++i) {
      if (best.module->globals[i].name == "main") continue;
      if (try_candidate({WithoutGlobal(*best.module, i), best.args})) {
        progress = true;
        --i;
      }
    }
    // Return a parameter of main.
    if (auto main = best.module->FindFunction("main")) {
      for (const auto& p : main->params) {
        auto body = As<SeqExpr>(main->body);
        if (body && body->body != p && try_candidate({WithMainResult(*best.module, p), best.args})) {
          progress = true;
          break;
        }
      }
    }
    // Drop bindings, last first (so that their users are gone first).
    for (int i = CountBindings(*best.module) - 1; i >= 0; --i) {
      DropBinding unused(i, nullptr);
      Ref<IRModule> m = unused.VisitModule(best.module);
      if (unused.dropped && try_candidate({m, best.args})) {
        progress = true;
        continue;
      }
      for (int k = 0; k < 3; ++k) {
        DropBinding replaced(i, [k](const Binding& b) -> Ref<Expr> {
          auto ops = Operands(b);
          return k < static_cast<int>(ops.size()) ? ops[k] : nullptr;
        });
        Ref<IRModule> r = replaced.VisitModule(best.module);
        if (!replaced.dropped) break;
        if (try_candidate({r, best.args})) {
          progress = true;
          break;
        }
      }
    }
    // Smaller shapes: every shape variable of main's signature at most 0, 1, 2.
    if (smaller_inputs) {
      for (int extent : {0, 1, 2}) {
        std::vector<runtime::Value> args = smaller_inputs(*best.module, extent);
        if (args.empty() || args.size() != best.args.size()) continue;
        if (try_candidate({best.module, args})) break;
      }
    }
    // Simpler argument values.
    for (size_t i = 0; i < best.args.size(); ++i) {
      for (int value : {0, 1}) {
        Reproducer cand = best;
        cand.args[i] = Uniform(best.args[i], value);
        if (cand.args[i].is_tensor() && cand.args[i].tensor()->SameAs(*best.args[i].tensor())) continue;
        if (cand.args[i].is_tensor() && try_candidate(cand)) {
          progress = true;
          break;
        }
      }
    }
  }
  return best;
}

}  // namespace rlx::fuzz
