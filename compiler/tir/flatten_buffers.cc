// flatten-buffers (pass.flatten-buffers). A flattened access addresses the element the original
// indices address (row-major, compact), so the values are the same; what is lost is the check of
// each index against its own axis (tir.eval.bounds: an index past one axis may land inside the
// buffer), which is why only buffers whose every index is proven inside its axis are flattened.
// Parameters keep their shapes: they are the tensors the caller passes (tir.eval.bind).
#include "compiler/tir/flatten_buffers.h"

#include <unordered_map>
#include <unordered_set>

#include "ir/tir/int_ranges.h"
#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/map_children.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::Buffer;
using tir::Stmt;
using tir::IntRanges;
using tir::StmtKind;

// The element count of a compact buffer of constant extents (at least two axes); -1 otherwise.
int64_t ConstantElements(const Buffer& b) {
  if (b.ndim() < 2 || !b.strides.empty() || b.elem_offset) return -1;
  __int128 n = 1;
  for (const auto& e : b.shape) {
    if (!e->is_int() || e->int_value < 0) return -1;
    n *= e->int_value;
    if (n > INT64_MAX) return -1;
  }
  return static_cast<int64_t>(n);
}

// Which allocated buffers may be flattened: candidates by shape, then every access checked.
class Eligibility {
 public:
  std::unordered_set<const Buffer*> Find(const tir::PrimFunc& f) {
    tir::ForEachStmt(f.body, [&](const Stmt& s) { Candidates(s); });
    Walk(f.body);
    return std::move(ok_);
  }

 private:
  void Candidates(const Stmt& s) {
    auto consider = [&](const Ref<Buffer>& b) {
      if (ConstantElements(*b) >= 0) ok_.insert(b.get());
    };
    if (s.kind == StmtKind::kDeclBuffer) consider(static_cast<const tir::DeclBuffer&>(s).buffer);
    // The root block's buffers keep their axes: they are shared by a parallel loop's iterations,
    // whose independence is read from the per-axis indices (tir::IterationsIndependent).
    if (s.kind == StmtKind::kBlock && !static_cast<const tir::Block&>(s).is_root()) {
      for (const auto& b : static_cast<const tir::Block&>(s).alloc_buffers) consider(b);
    }
  }

  void CheckAccess(const Buffer* b, const std::vector<Ref<PrimExpr>>& indices) {
    if (!ok_.count(b)) return;
    for (size_t a = 0; a < indices.size() && a < b->ndim(); ++a) {
      auto r = ranges_.RangeOf(*indices[a]);
      if (!r || r->lo < 0 || r->hi >= b->shape[a]->int_value) {
        ok_.erase(b);
        return;
      }
    }
  }

  void CheckExprs(const Stmt& s) {
    tir::ForEachExprOf(s, [&](const PrimExpr& e) {
      if (e.kind == PrimKind::kBufferLoad) CheckAccess(e.buffer.get(), e.args);
    });
  }

  void Walk(const Ref<Stmt>& s) {
    switch (s->kind) {
      case StmtKind::kFor: {
        const auto& loop = static_cast<const tir::For&>(*s);
        CheckExprs(*s);
        if (loop.min->is_int() && loop.extent->is_int() && loop.extent->int_value > 0) {
          ranges_.SetLoop(loop.var.get(), loop.min->int_value, loop.extent->int_value);
        }
        return Walk(loop.body);
      }
      case StmtKind::kLetStmt: {
        const auto& let = static_cast<const tir::LetStmt&>(*s);
        CheckExprs(*s);
        if (auto r = ranges_.RangeOf(*let.value); r && IsInteger(let.var->dtype)) ranges_.Set(let.var.get(), *r);
        return Walk(let.body);
      }
      case StmtKind::kBufferStore: {
        const auto& store = static_cast<const tir::BufferStore&>(*s);
        CheckAccess(store.buffer.get(), store.indices);
        return CheckExprs(*s);
      }
      case StmtKind::kBlock: {
        const auto& blk = static_cast<const tir::Block&>(*s);
        for (const auto& region : blk.reads) ok_.erase(region.buffer.get());
        for (const auto& region : blk.writes) ok_.erase(region.buffer.get());
        CheckExprs(*s);
        // Inside the block every variable lies in its domain (or the block trapped).
        for (const auto& iv : blk.iter_vars) {
          if (iv.dom.min->is_int() && iv.dom.extent->is_int() && iv.dom.extent->int_value > 0) {
            ranges_.SetLoop(iv.var.get(), iv.dom.min->int_value, iv.dom.extent->int_value);
          }
        }
        break;
      }
      default: CheckExprs(*s);
    }
    tir::MapChildren(s, [&](const Ref<Stmt>& c) {
      Walk(c);
      return c;
    });
  }

  std::unordered_set<const Buffer*> ok_;
  IntRanges ranges_;
};

class Flattener {
 public:
  explicit Flattener(const std::unordered_set<const Buffer*>& flat) {
    for (const Buffer* b : flat) {
      Buffer copy = *b;
      copy.shape = {PrimExpr::Int(ConstantElements(*b), DataType::kInt64)};
      flat_[b] = Buffer::MakeFull(std::move(copy));
    }
  }

  Ref<Stmt> Rewrite(const Ref<Stmt>& s) { return tir::MapChildren(Own(s), [&](const Ref<Stmt>& c) { return Rewrite(c); }); }

 private:
  // The row-major offset of `indices` in `b` (int64: every index is inside its axis, so no
  // partial sum leaves the element count).
  static Ref<PrimExpr> Offset(const Buffer& b, const std::vector<Ref<PrimExpr>>& indices) {
    Ref<PrimExpr> offset;
    for (size_t a = 0; a < indices.size(); ++a) {
      Ref<PrimExpr> i = indices[a]->dtype == DataType::kInt64 ? indices[a] : PrimExpr::Cast(DataType::kInt64, indices[a]);
      if (!offset) {
        offset = i;
        continue;
      }
      offset = PrimExpr::Binary(PrimKind::kMul, offset, PrimExpr::Int(b.shape[a]->int_value));
      if (!(i->is_int() && i->int_value == 0)) offset = PrimExpr::Binary(PrimKind::kAdd, offset, i);
    }
    return offset;
  }

  Ref<Buffer> Flat(const Ref<Buffer>& b) const {
    auto it = flat_.find(b.get());
    return it == flat_.end() ? b : it->second;
  }

  Ref<PrimExpr> Expr(const Ref<PrimExpr>& e) {
    if (!e) return e;
    if (e->kind == PrimKind::kBufferLoad || e->kind == PrimKind::kCall) {
      std::vector<Ref<PrimExpr>> args;
      bool changed = false;
      for (const auto& a : e->args) {
        args.push_back(Expr(a));
        changed |= args.back() != a;
      }
      if (e->kind == PrimKind::kCall) return changed ? PrimExpr::Call(e->intrinsic, std::move(args), e->span) : e;
      auto flat = flat_.find(e->buffer.get());
      if (flat != flat_.end()) return PrimExpr::Load(flat->second, {Offset(*e->buffer, args)}, e->span);
      return changed ? PrimExpr::Load(e->buffer, std::move(args), e->span) : e;
    }
    Ref<PrimExpr> ops[3];
    bool changed = false;
    for (int i = 0; i < e->arity(); ++i) {
      ops[i] = Expr(e->operands[i]);
      changed |= ops[i] != e->operands[i];
    }
    return changed ? PrimExpr::WithOperands(*e, ops[0], ops[1], ops[2]) : e;
  }

  std::vector<Ref<PrimExpr>> Exprs(const std::vector<Ref<PrimExpr>>& es) {
    std::vector<Ref<PrimExpr>> out;
    for (const auto& e : es) out.push_back(Expr(e));
    return out;
  }

  // `s` with its own expressions and buffers rewritten (its child statements as they are).
  Ref<Stmt> Own(const Ref<Stmt>& s) {
    switch (s->kind) {
      case StmtKind::kFor: {
        const auto& l = static_cast<const tir::For&>(*s);
        return tir::For::Make(l.var, Expr(l.min), Expr(l.extent), l.for_kind, l.body, l.thread_tag, l.annotations, s->span);
      }
      case StmtKind::kBufferStore: {
        const auto& st = static_cast<const tir::BufferStore&>(*s);
        std::vector<Ref<PrimExpr>> indices = Exprs(st.indices);
        Ref<Buffer> flat = Flat(st.buffer);
        if (flat != st.buffer) indices = {Offset(*st.buffer, indices)};
        return tir::BufferStore::Make(flat, Expr(st.value), std::move(indices), s->span);
      }
      case StmtKind::kLetStmt: {
        const auto& let = static_cast<const tir::LetStmt&>(*s);
        return tir::LetStmt::Make(let.var, Expr(let.value), let.body, s->span);
      }
      case StmtKind::kIfThenElse: {
        const auto& br = static_cast<const tir::IfThenElse&>(*s);
        return tir::IfThenElse::Make(Expr(br.cond), br.then_case, br.else_case, s->span);
      }
      case StmtKind::kEvaluate: return tir::Evaluate::Make(Expr(static_cast<const tir::Evaluate&>(*s).value), s->span);
      case StmtKind::kAssert: {
        const auto& as = static_cast<const tir::AssertStmt&>(*s);
        return tir::AssertStmt::Make(Expr(as.cond), as.message, s->span);
      }
      case StmtKind::kDeclBuffer: {
        const auto& d = static_cast<const tir::DeclBuffer&>(*s);
        return tir::DeclBuffer::Make(Flat(d.buffer), d.body, s->span);
      }
      case StmtKind::kBlock: {
        tir::Block b = static_cast<const tir::Block&>(*s);
        b.iter_values = Exprs(b.iter_values);
        b.predicate = Expr(b.predicate);
        for (auto& a : b.alloc_buffers) a = Flat(a);
        return tir::Block::MakeFull(std::move(b));
      }
      default: return s;
    }
  }

  std::unordered_map<const Buffer*, Ref<Buffer>> flat_;
};

}  // namespace

Ref<IRModule> FlattenBuffers(const Ref<IRModule>& m) {
  return MapPrimFuncs(m, [](const Ref<tir::PrimFunc>& f) {
    std::unordered_set<const Buffer*> flat = Eligibility().Find(*f);
    if (flat.empty()) return f;
    return tir::PrimFunc::Make(f->params, Flattener(flat).Rewrite(f->body), f->attrs, f->span);
  });
}

}  // namespace rlx::compiler
