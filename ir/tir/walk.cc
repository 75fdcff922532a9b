#include "ir/tir/walk.h"

#include <algorithm>

namespace rlx::tir {

void ForEachExpr(const Ref<PrimExpr>& e, const std::function<void(const PrimExpr&)>& f) {
  if (!e) return;
  for (int i = 0; i < e->arity(); ++i) ForEachExpr(e->operands[i], f);
  for (const auto& a : e->args) ForEachExpr(a, f);
  f(*e);
}

namespace {

void Regions(const std::vector<BufferRegion>& rs, const std::function<void(const PrimExpr&)>& f) {
  for (const auto& r : rs) {
    for (const auto& range : r.region) {
      ForEachExpr(range.min, f);
      ForEachExpr(range.extent, f);
    }
  }
}

void BufferFields(const Buffer& b, const std::function<void(const PrimExpr&)>& f) {
  for (const auto& d : b.shape) ForEachExpr(d, f);
  for (const auto& d : b.strides) ForEachExpr(d, f);
  ForEachExpr(b.elem_offset, f);
}

}  // namespace

void ForEachExprOf(const Stmt& s, const std::function<void(const PrimExpr&)>& f) {
  switch (s.kind) {
    case StmtKind::kSeq: return;
    case StmtKind::kFor: {
      auto& x = static_cast<const For&>(s);
      ForEachExpr(x.var, f);
      ForEachExpr(x.min, f);
      ForEachExpr(x.extent, f);
      return;
    }
    case StmtKind::kBufferStore: {
      auto& x = static_cast<const BufferStore&>(s);
      for (const auto& i : x.indices) ForEachExpr(i, f);
      ForEachExpr(x.value, f);
      return;
    }
    case StmtKind::kLetStmt: {
      auto& x = static_cast<const LetStmt&>(s);
      ForEachExpr(x.var, f);
      ForEachExpr(x.value, f);
      return;
    }
    case StmtKind::kIfThenElse: ForEachExpr(static_cast<const IfThenElse&>(s).cond, f); return;
    case StmtKind::kEvaluate: ForEachExpr(static_cast<const Evaluate&>(s).value, f); return;
    case StmtKind::kAssert: ForEachExpr(static_cast<const AssertStmt&>(s).cond, f); return;
    case StmtKind::kDeclBuffer: BufferFields(*static_cast<const DeclBuffer&>(s).buffer, f); return;
    case StmtKind::kBlock: {
      auto& x = static_cast<const Block&>(s);
      for (const auto& iv : x.iter_vars) {
        ForEachExpr(iv.var, f);
        ForEachExpr(iv.dom.min, f);
        ForEachExpr(iv.dom.extent, f);
      }
      for (const auto& v : x.iter_values) ForEachExpr(v, f);
      ForEachExpr(x.predicate, f);
      Regions(x.reads, f);
      Regions(x.writes, f);
      for (const auto& b : x.alloc_buffers) BufferFields(*b, f);
      return;
    }
  }
}

void ForEachStmt(const Ref<Stmt>& s, const std::function<void(const Stmt&)>& f) {
  if (!s) return;
  f(*s);
  switch (s->kind) {
    case StmtKind::kSeq:
      for (const auto& x : static_cast<const SeqStmt&>(*s).seq) ForEachStmt(x, f);
      return;
    case StmtKind::kFor: ForEachStmt(static_cast<const For&>(*s).body, f); return;
    case StmtKind::kLetStmt: ForEachStmt(static_cast<const LetStmt&>(*s).body, f); return;
    case StmtKind::kIfThenElse: {
      auto& x = static_cast<const IfThenElse&>(*s);
      ForEachStmt(x.then_case, f);
      ForEachStmt(x.else_case, f);
      return;
    }
    case StmtKind::kDeclBuffer: ForEachStmt(static_cast<const DeclBuffer&>(*s).body, f); return;
    case StmtKind::kBlock: {
      auto& x = static_cast<const Block&>(*s);
      ForEachStmt(x.init, f);
      ForEachStmt(x.body, f);
      return;
    }
    case StmtKind::kBufferStore:
    case StmtKind::kEvaluate:
    case StmtKind::kAssert: return;
  }
}

bool ReadsBufferOrUses(const Ref<PrimExpr>& e, const std::vector<const PrimExpr*>& vars) {
  bool depends = false;
  ForEachExpr(e, [&](const PrimExpr& x) {
    depends |= x.kind == PrimKind::kBufferLoad ||
               (x.is_var() && std::find(vars.begin(), vars.end(), &x) != vars.end());
  });
  return depends;
}

}  // namespace rlx::tir
