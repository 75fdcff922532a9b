// parallelize-loops (pass.parallelize-loops): TVM's CPU schedules parallelize the outermost
// spatial loop of a kernel; here every loop nest of a PrimFunc gets its outermost loop marked
// parallel when the loop's iterations touch disjoint elements of everything they write, which
// is what makes the mark invisible (tir.for.kind).
#include "compiler/tir/parallelize_loops.h"

#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/independent_iterations.h"
#include "ir/tir/map_children.h"

namespace rlx::compiler {
namespace {

class Parallelizer {
 public:
  explicit Parallelizer(const tir::PrimFunc& f) {
    for (const tir::Param& p : f.params) {
      if (p.is_handle()) params_.push_back(p.buffer.get());
    }
  }

  // `s` with the outermost loops below it marked; `s` itself when none changed.
  Ref<tir::Stmt> Mark(const Ref<tir::Stmt>& s) {
    auto loop = tir::As<tir::For>(s);
    if (!loop) return tir::MapChildren(s, [&](const Ref<tir::Stmt>& c) { return Mark(c); });
    if (loop->for_kind != tir::ForKind::kSerial || !tir::IterationsIndependent(*loop, params_)) return s;
    return tir::For::Make(loop->var, loop->min, loop->extent, tir::ForKind::kParallel, loop->body, loop->thread_tag,
                          loop->annotations, loop->span);
  }

 private:
  std::vector<const tir::Buffer*> params_;
};

}  // namespace

Ref<IRModule> ParallelizeLoops(const Ref<IRModule>& m) {
  return MapPrimFuncBodies(m, [](const tir::PrimFunc& f) { return Parallelizer(f).Mark(f.body); });
}

}  // namespace rlx::compiler
