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

}  // namespace rlx::compiler
