#include "ir/tir/map_children.h"

namespace rlx::tir {

Ref<Stmt> MapChildren(const Ref<Stmt>& s, const std::function<Ref<Stmt>(const Ref<Stmt>&)>& f) {
  switch (s->kind) {
    case StmtKind::kSeq: {
      std::vector<Ref<Stmt>> seq;
      bool changed = false;
      for (const auto& c : static_cast<const SeqStmt&>(*s).seq) {
        seq.push_back(f(c));
        changed |= seq.back() != c;
      }
      return changed ? SeqStmt::Make(std::move(seq), s->span) : s;
    }
    case StmtKind::kFor: {
      const auto& loop = static_cast<const For&>(*s);
      Ref<Stmt> body = f(loop.body);
      if (body == loop.body) return s;
      return For::Make(loop.var, loop.min, loop.extent, loop.for_kind, body, loop.thread_tag, loop.annotations, s->span);
    }
    case StmtKind::kLetStmt: {
      const auto& let = static_cast<const LetStmt&>(*s);
      Ref<Stmt> body = f(let.body);
      return body == let.body ? s : LetStmt::Make(let.var, let.value, body, s->span);
    }
    case StmtKind::kDeclBuffer: {
      const auto& decl = static_cast<const DeclBuffer&>(*s);
      Ref<Stmt> body = f(decl.body);
      return body == decl.body ? s : DeclBuffer::Make(decl.buffer, body, s->span);
    }
    case StmtKind::kIfThenElse: {
      const auto& branch = static_cast<const IfThenElse&>(*s);
      Ref<Stmt> then_case = f(branch.then_case);
      Ref<Stmt> else_case = branch.else_case ? f(branch.else_case) : nullptr;
      if (then_case == branch.then_case && else_case == branch.else_case) return s;
      return IfThenElse::Make(branch.cond, then_case, else_case, s->span);
    }
    case StmtKind::kBlock: {
      const auto& blk = static_cast<const Block&>(*s);
      Ref<Stmt> body = f(blk.body);
      Ref<Stmt> init = blk.init ? f(blk.init) : nullptr;
      if (body == blk.body && init == blk.init) return s;
      Block copy = blk;
      copy.body = body;
      copy.init = init;
      return Block::MakeFull(std::move(copy));
    }
    default: return s;
  }
}

}  // namespace rlx::tir
