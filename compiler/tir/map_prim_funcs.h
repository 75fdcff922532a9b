// The module-level loop of a TIR pass: each PrimFunc rewritten on its own.
#pragma once

#include <functional>

#include "ir/module.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler {

/// `m` with every PrimFunc `f` replaced by `rewrite(f)` (which returns `f` itself when it
/// changes nothing); `m` itself when no PrimFunc changed.
inline Ref<IRModule> MapPrimFuncs(const Ref<IRModule>& m,
                                  const std::function<Ref<tir::PrimFunc>(const Ref<tir::PrimFunc>&)>& rewrite) {
  std::vector<GlobalDef> globals = m->globals;
  bool changed = false;
  for (GlobalDef& g : globals) {
    auto f = As<tir::PrimFunc>(g.value);
    if (!f) continue;
    Ref<tir::PrimFunc> out = rewrite(f);
    changed |= out != f;
    g.value = out;
  }
  return changed ? m->WithGlobals(std::move(globals)) : m;
}

/// `m` with every PrimFunc's body replaced by `rewrite(f)` (which returns `f.body` itself when it
/// changes nothing): the entry point of a pass that rewrites bodies alone.
inline Ref<IRModule> MapPrimFuncBodies(const Ref<IRModule>& m,
                                       const std::function<Ref<tir::Stmt>(const tir::PrimFunc&)>& rewrite) {
  return MapPrimFuncs(m, [&](const Ref<tir::PrimFunc>& f) {
    Ref<tir::Stmt> body = rewrite(*f);
    return body == f->body ? f : tir::PrimFunc::Make(f->params, body, f->attrs, f->span);
  });
}

}  // namespace rlx::compiler
