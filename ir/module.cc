#include "ir/module.h"

#include "ir/base/check.h"

namespace rlx {

Ref<IRModule> IRModule::Make(std::vector<GlobalDef> globals, Attrs attrs, std::string name,
                             Span span, bool standalone) {
  for (const auto& g : globals) {
    RLX_CHECK(g.value && (Function::Is(g.value->kind) || ExternFunc::Is(g.value->kind)))
        << "module member " << g.name << " must be a Function or ExternFunc";
  }
  auto m = std::make_shared<IRModule>();
  m->globals = std::move(globals);
  m->attrs = std::move(attrs);
  m->name = std::move(name);
  m->span = span;
  m->standalone = standalone;
  return m;
}

const GlobalDef* IRModule::Find(const std::string& n) const {
  for (const auto& g : globals) {
    if (g.name == n) return &g;
  }
  return nullptr;
}

Ref<Function> IRModule::FindFunction(const std::string& n) const {
  const GlobalDef* g = Find(n);
  return g ? As<Function>(g->value) : nullptr;
}

}  // namespace rlx
