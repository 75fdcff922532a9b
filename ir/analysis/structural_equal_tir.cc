// Structural equality and hashing of PrimFuncs (spec §1.8 applied to TIR, §7.1): variables and
// buffers are matched one-to-one by their definitions, like Relax variables; names are hints.
#include "ir/analysis/structural_equal_impl.h"

namespace rlx::structural {

// ---------------------------------------------------------------- equality

bool EqualChecker::PrimFunc(const tir::PrimFunc& a, const tir::PrimFunc& b) {
  if (a.params.size() != b.params.size()) return Fail("parameter counts differ");
  if (!AttrsEq(a.attrs, b.attrs)) return Fail("prim_func attrs differ");
  for (size_t i = 0; i < a.params.size(); ++i) {
    Push("params", i);
    const tir::Param &x = a.params[i], &y = b.params[i];
    if (x.is_handle() != y.is_handle()) return Fail("handle vs scalar parameter");
    if (!Prim(x.var, y.var)) return false;
    if (x.is_handle() && !BufferDef(x.buffer, y.buffer)) return false;
    Pop();
  }
  return Field("body", [&] { return Stmt(a.body, b.body); });
}

bool EqualChecker::BufferDef(const Ref<tir::Buffer>& a, const Ref<tir::Buffer>& b) {
  if (!a || !b) return (!a && !b) || Fail("buffer missing");
  if (a->dtype != b->dtype) return Fail("buffer " + a->name + ": dtypes differ");
  if (a->scope != b->scope || a->align != b->align || a->offset_factor != b->offset_factor) {
    return Fail("buffer " + a->name + ": scope or alignment differs");
  }
  if (!Field("shape", [&] { return PrimList(a->shape, b->shape); })) return false;
  if (!Field("strides", [&] { return PrimList(a->strides, b->strides); })) return false;
  if (!Field("elem_offset", [&] { return OptPrim(a->elem_offset, b->elem_offset); })) return false;
  auto it = buffer_lr_.find(a.get());
  auto jt = buffer_rl_.find(b.get());
  if (it == buffer_lr_.end() && jt == buffer_rl_.end()) {
    buffer_lr_[a.get()] = b.get();
    buffer_rl_[b.get()] = a.get();
    return true;
  }
  if (it != buffer_lr_.end() && it->second == b.get()) return true;
  return Fail("buffer " + a->name + " vs " + b->name);
}

bool EqualChecker::BufferUse(const Ref<tir::Buffer>& a, const Ref<tir::Buffer>& b) {
  auto it = buffer_lr_.find(a.get());
  if (it != buffer_lr_.end()) return it->second == b.get() || Fail("buffer " + a->name + " vs " + b->name);
  return BufferDef(a, b);
}

bool EqualChecker::Regions(const std::vector<tir::BufferRegion>& a,
                           const std::vector<tir::BufferRegion>& b) {
  if (a.size() != b.size()) return Fail("region counts differ");
  for (size_t i = 0; i < a.size(); ++i) {
    if (!BufferUse(a[i].buffer, b[i].buffer)) return false;
    if (a[i].region.size() != b[i].region.size()) return Fail("region ranks differ");
    for (size_t k = 0; k < a[i].region.size(); ++k) {
      if (!Prim(a[i].region[k].min, b[i].region[k].min) ||
          !Prim(a[i].region[k].extent, b[i].region[k].extent)) {
        return false;
      }
    }
  }
  return true;
}

bool EqualChecker::TirPrimExtras(const PrimExpr& a, const PrimExpr& b) {
  if (a.lanes != b.lanes) return Fail("vector lanes differ");
  if (a.kind == PrimKind::kCall && a.intrinsic != b.intrinsic) {
    return Fail(std::string("T.") + tir::GetIntrinsic(a.intrinsic).name + " vs T." +
                tir::GetIntrinsic(b.intrinsic).name);
  }
  if (a.kind == PrimKind::kBufferLoad && !BufferUse(a.buffer, b.buffer)) return false;
  return PrimList(a.args, b.args);
}

bool EqualChecker::Stmt(const Ref<tir::Stmt>& a, const Ref<tir::Stmt>& b) {
  using namespace tir;
  if (!a || !b) return (!a && !b) || Fail(a ? "statement missing on the right" : "statement missing on the left");
  if (a->kind != b->kind) return Fail(std::string(StmtKindName(a->kind)) + " vs " + StmtKindName(b->kind));
  switch (a->kind) {
    case StmtKind::kSeq: {
      auto& x = static_cast<const SeqStmt&>(*a);
      auto& y = static_cast<const SeqStmt&>(*b);
      if (x.seq.size() != y.seq.size()) return Fail("sequence lengths differ");
      for (size_t i = 0; i < x.seq.size(); ++i) {
        Push("seq", i);
        if (!Stmt(x.seq[i], y.seq[i])) return false;
        Pop();
      }
      return true;
    }
    case StmtKind::kFor: {
      auto& x = static_cast<const For&>(*a);
      auto& y = static_cast<const For&>(*b);
      if (x.for_kind != y.for_kind || x.thread_tag != y.thread_tag) return Fail("loop kinds differ");
      if (!AttrsEq(x.annotations, y.annotations)) return Fail("loop annotations differ");
      return Prim(x.min, y.min) && Prim(x.extent, y.extent) && Prim(x.var, y.var) &&
             Field("body", [&] { return Stmt(x.body, y.body); });
    }
    case StmtKind::kBufferStore: {
      auto& x = static_cast<const BufferStore&>(*a);
      auto& y = static_cast<const BufferStore&>(*b);
      return BufferUse(x.buffer, y.buffer) && PrimList(x.indices, y.indices) && Prim(x.value, y.value);
    }
    case StmtKind::kLetStmt: {
      auto& x = static_cast<const LetStmt&>(*a);
      auto& y = static_cast<const LetStmt&>(*b);
      return Prim(x.value, y.value) && Prim(x.var, y.var) &&
             Field("body", [&] { return Stmt(x.body, y.body); });
    }
    case StmtKind::kIfThenElse: {
      auto& x = static_cast<const IfThenElse&>(*a);
      auto& y = static_cast<const IfThenElse&>(*b);
      return Prim(x.cond, y.cond) && Field("then", [&] { return Stmt(x.then_case, y.then_case); }) &&
             Field("else", [&] { return Stmt(x.else_case, y.else_case); });
    }
    case StmtKind::kEvaluate:
      return Prim(static_cast<const Evaluate&>(*a).value, static_cast<const Evaluate&>(*b).value);
    case StmtKind::kAssert: {
      auto& x = static_cast<const AssertStmt&>(*a);
      auto& y = static_cast<const AssertStmt&>(*b);
      return Prim(x.cond, y.cond) && (x.message == y.message || Fail("assert messages differ"));
    }
    case StmtKind::kDeclBuffer: {
      auto& x = static_cast<const DeclBuffer&>(*a);
      auto& y = static_cast<const DeclBuffer&>(*b);
      return BufferDef(x.buffer, y.buffer) && Field("body", [&] { return Stmt(x.body, y.body); });
    }
    case StmtKind::kBlock: {
      auto& x = static_cast<const tir::Block&>(*a);
      auto& y = static_cast<const tir::Block&>(*b);
      if (x.name != y.name) return Fail("block " + x.name + " vs " + y.name);
      if (x.iter_vars.size() != y.iter_vars.size()) return Fail("block iteration counts differ");
      if (x.alloc_buffers.size() != y.alloc_buffers.size()) return Fail("block allocations differ");
      if (x.has_regions != y.has_regions) return Fail("block regions given on one side only");
      if (!AttrsEq(x.annotations, y.annotations)) return Fail("block annotations differ");
      if (!PrimList(x.iter_values, y.iter_values) || !OptPrim(x.predicate, y.predicate)) return false;
      for (size_t i = 0; i < x.iter_vars.size(); ++i) {
        const IterVar &p = x.iter_vars[i], &q = y.iter_vars[i];
        if (p.kind != q.kind) return Fail("block iteration kinds differ");
        if (!Prim(p.dom.min, q.dom.min) || !Prim(p.dom.extent, q.dom.extent) || !Prim(p.var, q.var)) {
          return false;
        }
      }
      for (size_t i = 0; i < x.alloc_buffers.size(); ++i) {
        if (!BufferDef(x.alloc_buffers[i], y.alloc_buffers[i])) return false;
      }
      return Field("reads", [&] { return Regions(x.reads, y.reads); }) &&
             Field("writes", [&] { return Regions(x.writes, y.writes); }) &&
             Field("init", [&] { return Stmt(x.init, y.init); }) &&
             Field("body", [&] { return Stmt(x.body, y.body); });
    }
  }
  return Fail("unknown statement kind");
}

// ---------------------------------------------------------------- hashing

void Hasher::PrimFunc(const tir::PrimFunc& f) {
  Mix(AttrsHash(f.attrs));
  for (const tir::Param& p : f.params) {
    Prim(p.var);
    if (p.buffer) BufferDef(p.buffer);
  }
  Stmt(f.body);
}

void Hasher::BufferDef(const Ref<tir::Buffer>& b) {
  Mix(static_cast<size_t>(b->dtype));
  MixStr(b->scope);
  for (const auto& d : b->shape) Prim(d);
  Mix(0x5157);
  for (const auto& d : b->strides) Prim(d);
  Prim(b->elem_offset);
  Mix(VarId(b.get()));
}

void Hasher::Regions(const std::vector<tir::BufferRegion>& regions) {
  for (const auto& r : regions) {
    Mix(VarId(r.buffer.get()));
    for (const auto& range : r.region) {
      Prim(range.min);
      Prim(range.extent);
    }
  }
}

void Hasher::TirPrimExtras(const PrimExpr& e) {
  Mix(static_cast<size_t>(e.lanes));
  if (e.kind == PrimKind::kCall) Mix(static_cast<size_t>(e.intrinsic) + 300);
  if (e.kind == PrimKind::kBufferLoad) Mix(VarId(e.buffer.get()));
  for (const auto& a : e.args) Prim(a);
}

void Hasher::Stmt(const Ref<tir::Stmt>& s) {
  using namespace tir;
  if (!s) {
    Mix(0x57a7);
    return;
  }
  Mix(static_cast<size_t>(s->kind) + 400);
  switch (s->kind) {
    case StmtKind::kSeq:
      for (const auto& x : static_cast<const SeqStmt&>(*s).seq) Stmt(x);
      return;
    case StmtKind::kFor: {
      auto& x = static_cast<const For&>(*s);
      Mix(static_cast<size_t>(x.for_kind));
      MixStr(x.thread_tag);
      AttrsMix(x.annotations);
      Prim(x.var);
      Prim(x.min);
      Prim(x.extent);
      Stmt(x.body);
      return;
    }
    case StmtKind::kBufferStore: {
      auto& x = static_cast<const BufferStore&>(*s);
      Mix(VarId(x.buffer.get()));
      for (const auto& i : x.indices) Prim(i);
      Prim(x.value);
      return;
    }
    case StmtKind::kLetStmt: {
      auto& x = static_cast<const LetStmt&>(*s);
      Prim(x.value);
      Prim(x.var);
      Stmt(x.body);
      return;
    }
    case StmtKind::kIfThenElse: {
      auto& x = static_cast<const IfThenElse&>(*s);
      Prim(x.cond);
      Stmt(x.then_case);
      Stmt(x.else_case);
      return;
    }
    case StmtKind::kEvaluate: Prim(static_cast<const Evaluate&>(*s).value); return;
    case StmtKind::kAssert: {
      auto& x = static_cast<const AssertStmt&>(*s);
      Prim(x.cond);
      MixStr(x.message);
      return;
    }
    case StmtKind::kDeclBuffer: {
      auto& x = static_cast<const DeclBuffer&>(*s);
      BufferDef(x.buffer);
      Stmt(x.body);
      return;
    }
    case StmtKind::kBlock: {
      auto& x = static_cast<const tir::Block&>(*s);
      MixStr(x.name);
      AttrsMix(x.annotations);
      for (const auto& v : x.iter_values) Prim(v);
      Prim(x.predicate);
      for (const IterVar& v : x.iter_vars) {
        Mix(static_cast<size_t>(v.kind));
        Prim(v.dom.min);
        Prim(v.dom.extent);
        Prim(v.var);
      }
      for (const auto& b : x.alloc_buffers) BufferDef(b);
      Mix(x.has_regions);
      Regions(x.reads);
      Regions(x.writes);
      Stmt(x.init);
      Stmt(x.body);
      return;
    }
  }
}

}  // namespace rlx::structural
