#include "ir/tir/substitute.h"

namespace rlx::tir {

Ref<PrimExpr> Substituter::SubstExpr(const Ref<PrimExpr>& e) {
  if (!e) return e;
  if (Ref<PrimExpr> replaced = Replace(e)) return replaced;
  if (e->is_var()) {
    auto it = vars_.find(e.get());
    return it == vars_.end() ? e : it->second;
  }
  if (e->kind == PrimKind::kBufferLoad) {
    if (Ref<PrimExpr> replaced = SubstLoad(e)) return replaced;
  }
  if (e->kind == PrimKind::kLet) {
    // let var = value in body: the value is outside the variable's scope.
    Ref<PrimExpr> value = SubstExpr(e->operands[1]);
    Ref<PrimExpr> var = Define(e->operands[0]);
    return PrimExpr::WithOperands(*e, var, value, SubstExpr(e->operands[2]));
  }
  Ref<PrimExpr> ops[3];
  bool changed = false;
  for (int i = 0; i < e->arity(); ++i) {
    ops[i] = SubstExpr(e->operands[i]);
    changed |= ops[i] != e->operands[i];
  }
  std::vector<Ref<PrimExpr>> args;
  for (const auto& a : e->args) {
    args.push_back(SubstExpr(a));
    changed |= args.back() != a;
  }
  Ref<tir::Buffer> buffer = e->buffer ? SubstBuffer(e->buffer) : nullptr;
  changed |= buffer != e->buffer;
  if (!changed) return e;
  auto copy = std::make_shared<PrimExpr>(*e);
  for (int i = 0; i < e->arity(); ++i) copy->operands[i] = ops[i];
  copy->args = std::move(args);
  copy->buffer = buffer;
  return copy;
}

Ref<PrimExpr> Substituter::Define(const Ref<PrimExpr>& var) {
  Ref<PrimExpr> fresh = PrimExpr::Var(var->name, var->dtype, var->span);
  vars_[var.get()] = fresh;
  return fresh;
}

Ref<Buffer> Substituter::SubstBuffer(const Ref<tir::Buffer>& b) {
  if (!b) return b;
  auto it = buffers_.find(b.get());
  if (it != buffers_.end()) return it->second;
  tir::Buffer copy = *b;
  bool changed = false;
  auto fields = [&](std::vector<Ref<PrimExpr>>& v) {
    for (auto& d : v) {
      Ref<PrimExpr> n = SubstExpr(d);
      changed |= n != d;
      d = n;
    }
  };
  fields(copy.shape);
  fields(copy.strides);
  if (copy.elem_offset) {
    Ref<PrimExpr> n = SubstExpr(copy.elem_offset);
    changed |= n != copy.elem_offset;
    copy.elem_offset = n;
  }
  Ref<tir::Buffer> out = changed ? tir::Buffer::MakeFull(std::move(copy)) : b;
  buffers_[b.get()] = out;
  return out;
}

Ref<tir::Buffer> Substituter::DefineBuffer(const Ref<tir::Buffer>& b) {
  tir::Buffer copy = *b;
  for (auto& d : copy.shape) d = SubstExpr(d);
  for (auto& d : copy.strides) d = SubstExpr(d);
  copy.elem_offset = SubstExpr(copy.elem_offset);
  Ref<tir::Buffer> fresh = tir::Buffer::MakeFull(std::move(copy));
  buffers_[b.get()] = fresh;
  return fresh;
}

std::vector<BufferRegion> Substituter::Regions(const std::vector<BufferRegion>& rs) {
  std::vector<BufferRegion> out;
  for (const BufferRegion& r : rs) {
    BufferRegion n{SubstBuffer(r.buffer), {}};
    for (const Range& range : r.region) n.region.push_back({SubstExpr(range.min), SubstExpr(range.extent)});
    out.push_back(std::move(n));
  }
  return out;
}

Ref<tir::Stmt> Substituter::BlockOf(const tir::Block& b) {
  tir::Block copy = b;
  // The bindings are evaluated outside the block; the domains, allocations and the rest inside.
  for (auto& v : copy.iter_values) v = SubstExpr(v);
  for (auto& iv : copy.iter_vars) {
    iv.dom = {SubstExpr(iv.dom.min), SubstExpr(iv.dom.extent)};
    iv.var = Define(iv.var);
  }
  for (auto& a : copy.alloc_buffers) a = DefineBuffer(a);
  copy.predicate = SubstExpr(copy.predicate);
  copy.reads = Regions(copy.reads);
  copy.writes = Regions(copy.writes);
  if (copy.init) copy.init = SubstStmt(copy.init);
  copy.body = SubstStmt(copy.body);
  return tir::Block::MakeFull(std::move(copy));
}

Ref<tir::Stmt> Substituter::SubstStmt(const Ref<tir::Stmt>& s) {
  if (!s) return s;
  switch (s->kind) {
    case StmtKind::kSeq: {
      std::vector<Ref<tir::Stmt>> seq;
      for (const auto& c : static_cast<const SeqStmt&>(*s).seq) seq.push_back(SubstStmt(c));
      return SeqStmt::Make(std::move(seq), s->span);
    }
    case StmtKind::kFor: {
      const auto& f = static_cast<const For&>(*s);
      Ref<PrimExpr> min = SubstExpr(f.min), extent = SubstExpr(f.extent);
      Ref<PrimExpr> var = Define(f.var);
      return For::Make(var, min, extent, f.for_kind, SubstStmt(f.body), f.thread_tag, f.annotations, s->span);
    }
    case StmtKind::kBufferStore: {
      const auto& st = static_cast<const BufferStore&>(*s);
      std::vector<Ref<PrimExpr>> indices;
      for (const auto& i : st.indices) indices.push_back(SubstExpr(i));
      return BufferStore::Make(SubstBuffer(st.buffer), SubstExpr(st.value), std::move(indices), s->span);
    }
    case StmtKind::kLetStmt: {
      const auto& let = static_cast<const LetStmt&>(*s);
      Ref<PrimExpr> value = SubstExpr(let.value);
      Ref<PrimExpr> var = Define(let.var);
      return LetStmt::Make(var, value, SubstStmt(let.body), s->span);
    }
    case StmtKind::kIfThenElse: {
      const auto& i = static_cast<const IfThenElse&>(*s);
      return IfThenElse::Make(SubstExpr(i.cond), SubstStmt(i.then_case), i.else_case ? SubstStmt(i.else_case) : nullptr, s->span);
    }
    case StmtKind::kEvaluate: return Evaluate::Make(SubstExpr(static_cast<const Evaluate&>(*s).value), s->span);
    case StmtKind::kAssert: {
      const auto& a = static_cast<const AssertStmt&>(*s);
      return AssertStmt::Make(SubstExpr(a.cond), a.message, s->span);
    }
    case StmtKind::kDeclBuffer: {
      const auto& d = static_cast<const DeclBuffer&>(*s);
      Ref<tir::Buffer> buffer = DefineBuffer(d.buffer);
      return DeclBuffer::Make(buffer, SubstStmt(d.body), s->span);
    }
    case StmtKind::kBlock: return BlockOf(static_cast<const Block&>(*s));
  }
  return s;
}

}  // namespace rlx::tir
