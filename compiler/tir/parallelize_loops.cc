// parallelize-loops (pass.parallelize-loops): TVM's CPU schedules parallelize the outermost
// spatial loop of a kernel; here every loop nest of a PrimFunc gets its outermost loop marked
// parallel when the loop's iterations touch disjoint elements of everything they write, which
// is what makes the mark invisible (tir.for.kind).
#include "compiler/tir/parallelize_loops.h"

#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/independent_iterations.h"

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
    switch (s->kind) {
      case tir::StmtKind::kFor: {
        const auto& f = static_cast<const tir::For&>(*s);
        if (f.for_kind != tir::ForKind::kSerial || !tir::IterationsIndependent(f, params_)) return s;
        return tir::For::Make(f.var, f.min, f.extent, tir::ForKind::kParallel, f.body, f.thread_tag, f.annotations,
                              f.span);
      }
      case tir::StmtKind::kSeq: {
        std::vector<Ref<tir::Stmt>> seq;
        bool changed = false;
        for (const auto& c : static_cast<const tir::SeqStmt&>(*s).seq) {
          seq.push_back(Mark(c));
          changed |= seq.back() != c;
        }
        return changed ? tir::SeqStmt::Make(std::move(seq), s->span) : s;
      }
      case tir::StmtKind::kBlock: {
        const auto& blk = static_cast<const tir::Block&>(*s);
        Ref<tir::Stmt> body = Mark(blk.body);
        if (body == blk.body) return s;
        tir::Block copy = blk;
        copy.body = body;
        return tir::Block::MakeFull(std::move(copy));
      }
      case tir::StmtKind::kLetStmt: {
        const auto& let = static_cast<const tir::LetStmt&>(*s);
        Ref<tir::Stmt> body = Mark(let.body);
        return body == let.body ? s : tir::LetStmt::Make(let.var, let.value, body, s->span);
      }
      case tir::StmtKind::kDeclBuffer: {
        const auto& decl = static_cast<const tir::DeclBuffer&>(*s);
        Ref<tir::Stmt> body = Mark(decl.body);
        return body == decl.body ? s : tir::DeclBuffer::Make(decl.buffer, body, s->span);
      }
      case tir::StmtKind::kIfThenElse: {
        const auto& branch = static_cast<const tir::IfThenElse&>(*s);
        Ref<tir::Stmt> then_case = Mark(branch.then_case);
        Ref<tir::Stmt> else_case = branch.else_case ? Mark(branch.else_case) : nullptr;
        if (then_case == branch.then_case && else_case == branch.else_case) return s;
        return tir::IfThenElse::Make(branch.cond, then_case, else_case, s->span);
      }
      default: return s;
    }
  }

 private:
  std::vector<const tir::Buffer*> params_;
};

}  // namespace

Ref<IRModule> ParallelizeLoops(const Ref<IRModule>& m) {
  return MapPrimFuncs(m, [](const Ref<tir::PrimFunc>& f) {
    Ref<tir::Stmt> body = Parallelizer(*f).Mark(f->body);
    return body == f->body ? f : tir::PrimFunc::Make(f->params, body, f->attrs, f->span);
  });
}

}  // namespace rlx::compiler
