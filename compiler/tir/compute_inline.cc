// compute-inline (pass.compute-inline): a scratch buffer that one spatial block fills, element
// by element, with a value that cannot trap is replaced, in the one block that reads it, by that
// value; the filling loop nest and the buffer go. What turns a fused chain of elementwise stages
// (fuse-tir) into one loop nest that reads its inputs and writes its output once.
#include "compiler/tir/compute_inline.h"

#include "compiler/tir/cannot_trap.h"
#include "compiler/tir/writes_whole_buffer.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "ir/analysis/visitor.h"
#include "ir/op_table.h"
#include "ir/tir/substitute.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::Block;
using tir::BufferStore;
using tir::For;
using tir::StmtKind;

// One top-level stage of a PrimFunc's root block: a loop nest around one block.
struct InlineStage {
  Ref<tir::Stmt> stmt;
  const Block* block = nullptr;  // the innermost block, when the nest is a perfect nest
  std::vector<const For*> loops;
};

InlineStage InlineStageOf(const Ref<tir::Stmt>& s) {
  InlineStage st{s, nullptr, {}};
  Ref<tir::Stmt> cur = s;
  while (cur && cur->kind == StmtKind::kFor) {
    st.loops.push_back(static_cast<const For*>(cur.get()));
    cur = static_cast<const For&>(*cur).body;
  }
  if (cur && cur->kind == StmtKind::kBlock) st.block = static_cast<const Block*>(cur.get());
  return st;
}

// The producer of `buffer` when it can be inlined: a stage whose perfect loop nest runs a block
// that overwrites the whole buffer, element by element (BlockCoversBuffer: spatial variables
// stored in order, loops and domains from 0 over the extents, no init or condition), allocating
// nothing, and stores a value that cannot trap and does not read the buffer.
const BufferStore* InlinableProducer(const InlineStage& st, const tir::Buffer* buffer) {
  const Block* b = st.block;
  if (!b || !b->alloc_buffers.empty() || !BlockCoversBuffer(*b, st.loops, *buffer)) return nullptr;
  auto store = tir::As<BufferStore>(b->body);
  // A value that reads the buffer itself accumulates (a reduction with no reduce axis, over a
  // zero-filled buffer): not an element-by-element definition.
  bool reads_itself = false;
  tir::ForEachExpr(store->value, [&](const PrimExpr& e) { reads_itself |= e.kind == PrimKind::kBufferLoad && e.buffer.get() == buffer; });
  return !reads_itself && ValueCannotTrap(store->value, *b) ? store.get() : nullptr;
}

// The buffers a statement stores to.
std::unordered_set<const tir::Buffer*> WrittenBuffers(const Ref<tir::Stmt>& s) {
  std::unordered_set<const tir::Buffer*> out;
  tir::ForEachStmt(s, [&](const tir::Stmt& x) {
    if (x.kind == StmtKind::kBufferStore) out.insert(static_cast<const BufferStore&>(x).buffer.get());
  });
  return out;
}

// True when a PrimExpr field of `s` itself (not of its child statements) loads `buffer`.
bool LoadsBufferIn(const tir::Stmt& s, const tir::Buffer* buffer) {
  bool found = false;
  tir::ForEachExprOf(s, [&](const PrimExpr& e) { found |= e.kind == PrimKind::kBufferLoad && e.buffer.get() == buffer; });
  return found;
}

// Checks the reads of `buffer` in `s`, whose innermost enclosing block is `block` (null outside
// every block): only stores of a block read it, each index in bounds by the block's domains
// (IndexInBounds). Counts the blocks that read it in `blocks_reading`.
bool ReadsOnlyInBounds(const Ref<tir::Stmt>& s, const tir::Buffer* buffer, const Block* block, int* blocks_reading) {
  if (!s) return true;
  switch (s->kind) {
    case StmtKind::kSeq:
      for (const auto& c : static_cast<const tir::SeqStmt&>(*s).seq) {
        if (!ReadsOnlyInBounds(c, buffer, block, blocks_reading)) return false;
      }
      return true;
    case StmtKind::kFor:
      return !LoadsBufferIn(*s, buffer) && ReadsOnlyInBounds(static_cast<const For&>(*s).body, buffer, block, blocks_reading);
    case StmtKind::kBlock: {
      const auto& b = static_cast<const Block&>(*s);
      if (LoadsBufferIn(b, buffer)) return false;  // in a binding, a predicate or a region
      int inside = 0;
      if (!ReadsOnlyInBounds(b.body, buffer, &b, &inside) || !ReadsOnlyInBounds(b.init, buffer, &b, &inside)) return false;
      *blocks_reading += inside > 0 ? 1 : 0;
      return true;
    }
    case StmtKind::kBufferStore: {
      if (!LoadsBufferIn(*s, buffer)) return true;
      if (!block) return false;
      bool ok = true;
      tir::ForEachExprOf(*s, [&](const PrimExpr& e) {
        if (e.kind != PrimKind::kBufferLoad || e.buffer.get() != buffer) return;
        for (size_t i = 0; ok && i < e.args.size(); ++i) ok = IndexInBounds(e.args[i], buffer->shape[i], *block);
      });
      if (ok) ++*blocks_reading;
      return ok;
    }
    default: {
      // Anything else (a let, a guard, an assertion, ...) must not read it: only stores are
      // rewritten.
      bool found = false;
      tir::ForEachStmt(s, [&](const tir::Stmt& x) { found |= LoadsBufferIn(x, buffer); });
      return !found;
    }
  }
}

// Replaces, in the reading block, every load of the buffer by the producer's value at the
// load's indices; its read regions take the producer's.
class BufferInliner {
 public:
  BufferInliner(const tir::Buffer* buffer, const Block& producer, const BufferStore& store)
      : buffer_(buffer), producer_(producer), store_(store) {}

  Ref<tir::Stmt> Stmt(const Ref<tir::Stmt>& s) {
    if (!s) return s;
    switch (s->kind) {
      case StmtKind::kSeq: {
        std::vector<Ref<tir::Stmt>> seq;
        for (const auto& c : static_cast<const tir::SeqStmt&>(*s).seq) seq.push_back(Stmt(c));
        return tir::SeqStmt::Make(std::move(seq), s->span);
      }
      case StmtKind::kFor: {
        const auto& f = static_cast<const For&>(*s);
        return For::Make(f.var, f.min, f.extent, f.for_kind, Stmt(f.body), f.thread_tag, f.annotations, s->span);
      }
      case StmtKind::kBlock: {
        Block b = static_cast<const Block&>(*s);
        b.body = Stmt(b.body);
        if (b.init) b.init = Stmt(b.init);
        // The buffer's read region becomes the producer's inputs, whole (the producer's regions
        // are in its own variables).
        std::vector<tir::BufferRegion> reads;
        for (const auto& r : b.reads) {
          if (r.buffer.get() != buffer_) {
            reads.push_back(r);
            continue;
          }
          for (const auto& pr : producer_.reads) {
            tir::BufferRegion whole{pr.buffer, {}};
            for (const auto& extent : pr.buffer->shape) whole.region.push_back({PrimExpr::Int(0, extent->dtype), extent});
            reads.push_back(std::move(whole));
          }
        }
        b.reads = std::move(reads);
        return Block::MakeFull(std::move(b));
      }
      case StmtKind::kBufferStore: {
        const auto& st = static_cast<const BufferStore&>(*s);
        std::vector<Ref<PrimExpr>> indices;
        for (const auto& i : st.indices) indices.push_back(Expr(i));
        return BufferStore::Make(st.buffer, Expr(st.value), std::move(indices), s->span);
      }
      default:
        return s;  // ReadsOnlyInBounds made sure nothing else reads the buffer
    }
  }

 private:
  // Loads of the buffer become the producer's value at their indices.
  class LoadInliner : public tir::Substituter {
   public:
    explicit LoadInliner(const BufferInliner& in) : in_(in) {}

   protected:
    Ref<PrimExpr> SubstLoad(const Ref<PrimExpr>& load) override {
      if (load->buffer.get() != in_.buffer_) return nullptr;
      tir::Substituter at;
      for (size_t i = 0; i < load->args.size(); ++i) {
        at.MapVar(in_.producer_.iter_vars[i].var.get(), SubstExpr(load->args[i]));
      }
      return at.SubstExpr(in_.store_.value);
    }

   private:
    const BufferInliner& in_;
  };

  Ref<PrimExpr> Expr(const Ref<PrimExpr>& e) {
    LoadInliner inliner(*this);
    return inliner.SubstExpr(e);
  }

  const tir::Buffer* buffer_;
  const Block& producer_;
  const BufferStore& store_;
};

// The statements of a body, nested sequences flattened.
void FlattenSeq(const Ref<tir::Stmt>& s, std::vector<Ref<tir::Stmt>>* out) {
  if (auto seq = tir::As<tir::SeqStmt>(s)) {
    for (const auto& c : seq->seq) FlattenSeq(c, out);
  } else if (s) {
    out->push_back(s);
  }
}

// One inlining in the root block `root`, or nullptr when no scratch buffer qualifies.
Ref<tir::Stmt> InlineOne(const Block& root) {
  std::vector<Ref<tir::Stmt>> stmts;
  FlattenSeq(root.body, &stmts);
  for (const auto& buffer : root.alloc_buffers) {
    // The one stage that writes it, and every later stage: one block reads it, in bounds, and
    // nothing the producer reads is written after the producer.
    std::vector<size_t> writers;
    for (size_t i = 0; i < stmts.size(); ++i) {
      if (WrittenBuffers(stmts[i]).count(buffer.get())) writers.push_back(i);
    }
    if (writers.size() != 1) continue;
    const size_t p = writers[0];
    InlineStage st = InlineStageOf(stmts[p]);
    const BufferStore* store = InlinableProducer(st, buffer.get());
    if (!store) continue;
    int readers = 0;
    bool ok = true;
    for (size_t i = 0; ok && i < stmts.size(); ++i) {
      if (i == p) continue;
      int before = readers;
      ok = ReadsOnlyInBounds(stmts[i], buffer.get(), nullptr, &readers);
      if (i < p && readers != before) ok = false;  // read before it is filled: zeros, not the value
    }
    if (!ok || readers != 1) continue;
    std::unordered_set<const tir::Buffer*> inputs;
    tir::ForEachExpr(store->value, [&](const PrimExpr& e) { if (e.kind == PrimKind::kBufferLoad) inputs.insert(e.buffer.get()); });
    for (size_t i = p + 1; ok && i < stmts.size(); ++i) {
      for (const tir::Buffer* w : WrittenBuffers(stmts[i])) ok &= !inputs.count(w);
    }
    if (!ok) continue;
    BufferInliner inliner(buffer.get(), *st.block, *store);
    std::vector<Ref<tir::Stmt>> out;
    for (size_t i = 0; i < stmts.size(); ++i) {
      if (i != p) out.push_back(i > p ? inliner.Stmt(stmts[i]) : stmts[i]);
    }
    Block copy = root;
    copy.alloc_buffers.erase(std::find(copy.alloc_buffers.begin(), copy.alloc_buffers.end(), buffer));
    copy.body = out.size() == 1 ? out[0] : tir::SeqStmt::Make(std::move(out));
    return Block::MakeFull(std::move(copy));
  }
  return nullptr;
}

}  // namespace

Ref<tir::PrimFunc> ComputeInline(const Ref<tir::PrimFunc>& f) {
  Ref<tir::Stmt> body = f->body;
  for (;;) {
    auto root = tir::As<Block>(body);
    if (!root || !root->is_root()) break;
    Ref<tir::Stmt> next = InlineOne(*root);
    if (!next) break;
    body = next;
  }
  return body == f->body ? f : tir::PrimFunc::Make(f->params, body, f->attrs, f->span);
}

Ref<IRModule> ComputeInline(const Ref<IRModule>& m) {
  // Only PrimFuncs that nothing can call with buffers that share memory: those the module
  // references only as the callee of R.call_tir (its outputs are fresh tensors; two inputs may be
  // one tensor, but neither is written). An in-place or direct call may pass an output that is an
  // input too, and the inlined value would then read an element after the consumer wrote it.
  struct References : ExprVisitor {
    std::unordered_set<std::string> call_tir, other;
    void VisitCall(const Call& c) override {
      if (IsOpCall(c, OpId::kCallTir) && !c.args.empty()) {
        if (auto g = As<GlobalVar>(c.args[0])) call_tir.insert(g->name);
        for (size_t i = 1; i < c.args.size(); ++i) VisitExpr(c.args[i]);
        for (const auto& s : c.sinfo_args) VisitStructInfo(s);
        return;
      }
      ExprVisitor::VisitCall(c);
    }
    void VisitGlobalVar(const GlobalVar& g) override { other.insert(g.name); }
  } refs;
  refs.VisitModule(*m);
  std::vector<GlobalDef> globals = m->globals;
  bool changed = false;
  for (GlobalDef& g : globals) {
    auto f = As<tir::PrimFunc>(g.value);
    if (!f || refs.other.count(g.name)) continue;
    Ref<tir::PrimFunc> out = ComputeInline(f);
    changed |= out != f;
    g.value = out;
  }
  return changed ? m->WithGlobals(std::move(globals)) : m;
}

}  // namespace rlx::compiler
