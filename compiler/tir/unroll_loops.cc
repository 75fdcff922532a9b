// unroll-loops (pass.unroll-loops). A loop's kind is a scheduling instruction (tir.for.kind), so
// marking one `T.unroll` changes no value, trap or count of work; the code generator then emits
// the iterations one after another with constant indices (codegen.cpu.kernel), which lets LLVM
// fold the index arithmetic and keep small accumulators in registers.
#include "compiler/tir/unroll_loops.h"

#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/map_children.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

// The statements one iteration of `body` runs at most (stores, lets, asserts, evaluations; both
// branches of an if); -1 when it holds a loop.
int64_t StatementsOf(const Ref<tir::Stmt>& body) {
  int64_t n = 0;
  bool loop = false;
  tir::ForEachStmt(body, [&](const tir::Stmt& s) {
    loop |= s.kind == tir::StmtKind::kFor;
    n += s.kind != tir::StmtKind::kSeq;
  });
  return loop ? -1 : n;
}

bool ShortInnermost(const tir::For& loop) {
  if (loop.for_kind != tir::ForKind::kSerial || !loop.min->is_int() || !loop.extent->is_int()) return false;
  const int64_t lo = loop.min->int_value, n = loop.extent->int_value;
  if (n < 2 || n > kUnrollMaxExtent) return false;
  if (!FitsDataType(loop.var->dtype, lo) || !FitsDataType(loop.var->dtype, lo + n - 1)) return false;
  const int64_t statements = StatementsOf(loop.body);
  return statements >= 0 && statements * n <= kUnrollMaxSteps;
}

Ref<tir::Stmt> Unroll(const Ref<tir::Stmt>& s) {
  Ref<tir::Stmt> out = tir::MapChildren(s, Unroll);
  auto loop = tir::As<tir::For>(out);
  if (!loop || !ShortInnermost(*loop)) return out;
  return tir::For::Make(loop->var, loop->min, loop->extent, tir::ForKind::kUnrolled, loop->body, loop->thread_tag,
                        loop->annotations, loop->span);
}

}  // namespace

Ref<IRModule> UnrollLoops(const Ref<IRModule>& m) {
  return MapPrimFuncBodies(m, [](const tir::PrimFunc& f) { return Unroll(f.body); });
}

}  // namespace rlx::compiler
