#include "compiler/tir/writes_whole_buffer.h"

#include <algorithm>
#include <vector>

#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::Block;
using tir::Buffer;
using tir::BufferStore;
using tir::For;
using tir::Stmt;

// Two extents that are the same expression, or the same integer whatever its dtype.
bool SameExtent(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (!a || !b) return false;
  if (a->is_int() && b->is_int()) return a->int_value == b->int_value;
  return SameTerm(a, b);  // variables by identity (StructuralEqual would match n with m)
}

bool IsZero(const Ref<PrimExpr>& e) { return e && e->is_int() && e->int_value == 0; }

// Whether `e` reads `buffer` anywhere.
bool Reads(const Ref<Stmt>& body, const Buffer* buffer) {
  bool reads = false;
  tir::ForEachStmt(body, [&](const Stmt& s) {
    tir::ForEachExprOf(s, [&](const PrimExpr& e) {
      if (e.kind == PrimKind::kBufferLoad && e.buffer.get() == buffer) reads = true;
    });
  });
  return reads;
}

}  // namespace

bool BlockCoversBuffer(const Block& block, const std::vector<const For*>& loops, const Buffer& buffer) {
  auto store = tir::As<BufferStore>(block.body);
  if (!store || store->buffer.get() != &buffer || block.init) return false;
  if (block.predicate && !(block.predicate->is_int() && block.predicate->int_value != 0)) return false;
  const size_t rank = buffer.ndim();
  if (block.iter_vars.size() != rank || store->indices.size() != rank || loops.size() != rank) return false;
  std::vector<const For*> used;
  for (size_t k = 0; k < rank; ++k) {
    const tir::IterVar& iv = block.iter_vars[k];
    if (iv.kind != tir::IterKind::kSpatial || store->indices[k].get() != iv.var.get()) return false;
    if (!IsZero(iv.dom.min) || !SameExtent(iv.dom.extent, buffer.shape[k])) return false;
    const PrimExpr* bound = block.iter_values[k].get();
    auto loop = std::find_if(loops.begin(), loops.end(), [&](const For* f) { return f->var.get() == bound; });
    if (loop == loops.end() || std::count(used.begin(), used.end(), *loop)) return false;
    if (!IsZero((*loop)->min) || !SameExtent((*loop)->extent, buffer.shape[k])) return false;
    used.push_back(*loop);
  }
  return true;
}

namespace {

// Whether a statement that always runs (no condition above it) covers the buffer.
bool Covers(const Ref<Stmt>& s, std::vector<const For*>& loops, const Buffer& buffer) {
  if (!s) return false;
  switch (s->kind) {
    case tir::StmtKind::kSeq:
      for (const auto& child : tir::As<tir::SeqStmt>(s)->seq) {
        if (Covers(child, loops, buffer)) return true;
      }
      return false;
    case tir::StmtKind::kFor: {
      auto f = tir::As<For>(s);
      loops.push_back(f.get());
      const bool covers = Covers(f->body, loops, buffer);
      loops.pop_back();
      return covers;
    }
    case tir::StmtKind::kLetStmt: return Covers(tir::As<tir::LetStmt>(s)->body, loops, buffer);
    case tir::StmtKind::kDeclBuffer: return Covers(tir::As<tir::DeclBuffer>(s)->body, loops, buffer);
    case tir::StmtKind::kBlock: {
      auto b = tir::As<Block>(s);
      if (b->is_root()) return Covers(b->body, loops, buffer);
      return BlockCoversBuffer(*b, loops, buffer);
    }
    default: return false;  // conditions, asserts, loops of other kinds: not seen through
  }
}

}  // namespace

bool WritesWholeBuffer(const tir::PrimFunc& f, size_t param) {
  if (param >= f.params.size() || !f.params[param].is_handle()) return false;
  const Buffer& buffer = *f.params[param].buffer;
  if (!buffer.is_plain() || Reads(f.body, &buffer)) return false;
  std::vector<const For*> loops;
  return Covers(f.body, loops, buffer);
}

}  // namespace rlx::compiler
