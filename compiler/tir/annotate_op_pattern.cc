// annotate-op-pattern (pass.annotate-op-pattern): every PrimFunc without an `op_pattern`
// attribute gets the one its loop nests have (compiler/tir/op_pattern.h).
#include "compiler/tir/annotate_op_pattern.h"

#include "compiler/tir/op_pattern.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler {

Ref<IRModule> AnnotateOpPattern(const Ref<IRModule>& m) {
  std::vector<GlobalDef> globals = m->globals;
  bool changed = false;
  for (GlobalDef& g : globals) {
    auto f = As<tir::PrimFunc>(g.value);
    if (!f || f->attrs.Find("op_pattern")) continue;  // a recorded pattern (TVM's too) is kept
    const auto pattern = static_cast<int64_t>(AnalyzeOpPattern(*f));
    g.value = tir::PrimFunc::Make(f->params, f->body, f->attrs.With("op_pattern", AttrValue::Int(pattern)), f->span);
    changed = true;
  }
  return changed ? m->WithGlobals(std::move(globals)) : m;
}

}  // namespace rlx::compiler
