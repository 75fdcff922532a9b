#include "compiler/tir/op_pattern.h"

#include <algorithm>

#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::Block;
using tir::BufferStore;
using tir::IterKind;
using tir::StmtKind;

OpPattern MaxPattern(OpPattern a, OpPattern b) { return static_cast<int>(a) >= static_cast<int>(b) ? a : b; }
bool AtMostInjective(OpPattern p) { return static_cast<int>(p) <= static_cast<int>(OpPattern::kInjective); }

// The loads of `e` (outermost first), and whether an index reads a buffer (a gather).
void PatternLoadsOf(const Ref<PrimExpr>& e, std::vector<const PrimExpr*>* loads, bool* data_dependent) {
  tir::ForEachExpr(e, [&](const PrimExpr& x) {
    if (x.kind != PrimKind::kBufferLoad) return;
    loads->push_back(&x);
    for (const auto& i : x.args) {
      tir::ForEachExpr(i, [&](const PrimExpr& y) { *data_dependent |= y.kind == PrimKind::kBufferLoad; });
    }
  });
}

// True when `e` mentions the variable `v`.
bool UsesVar(const Ref<PrimExpr>& e, const PrimExpr* v) {
  bool found = false;
  tir::ForEachExpr(e, [&](const PrimExpr& x) { found |= &x == v; });
  return found;
}

// How a load relates to the store's index: elementwise (the same variables in order),
// broadcast (a subsequence of them, or constants), else injective.
OpPattern LoadPattern(const PrimExpr& load, const std::vector<Ref<PrimExpr>>& store) {
  if (load.args.size() == store.size()) {
    bool same = true;
    for (size_t i = 0; i < store.size(); ++i) same &= load.args[i] == store[i];
    if (same) return OpPattern::kElemWise;
  }
  size_t next = 0;  // the store position the next variable index must come at or after
  for (const auto& index : load.args) {
    if (index->is_int()) continue;
    auto it = std::find(store.begin() + static_cast<std::ptrdiff_t>(next), store.end(), index);
    if (it == store.end()) return OpPattern::kInjective;
    next = static_cast<size_t>(it - store.begin()) + 1;
  }
  return OpPattern::kBroadcast;
}

// The pattern of one block: a store of its value at distinct spatial iteration variables.
OpPattern BlockPattern(const Block& b) {
  auto store = tir::As<BufferStore>(b.body);
  if (!store || b.predicate) return OpPattern::kOpaque;
  std::vector<const PrimExpr*> spatial, reduce;
  for (const auto& iv : b.iter_vars) (iv.kind == IterKind::kSpatial ? spatial : reduce).push_back(iv.var.get());
  for (const auto& i : store->indices) {
    if (std::count(spatial.begin(), spatial.end(), i.get()) != 1 ||
        std::count(store->indices.begin(), store->indices.end(), i) != 1) {
      return OpPattern::kOpaque;  // a scatter, or a store at a computed index
    }
  }
  std::vector<const PrimExpr*> loads;
  bool data_dependent = false;
  PatternLoadsOf(store->value, &loads, &data_dependent);
  if (!reduce.empty()) {
    // A reduction: the value combines the output element with what the inputs give. Two or
    // more inputs read along a reduce axis make a contraction (matmul, conv).
    auto init = tir::As<BufferStore>(b.init);
    if (!init || init->buffer != store->buffer || data_dependent) return OpPattern::kOpaque;
    int along_reduce = 0;
    for (const PrimExpr* l : loads) {
      if (l->buffer == store->buffer) continue;
      bool uses_reduce = false;
      for (const auto& i : l->args) {
        for (const PrimExpr* r : reduce) uses_reduce |= UsesVar(i, r);
      }
      along_reduce += uses_reduce;
    }
    return along_reduce >= 2 ? OpPattern::kOutEWiseFusable : OpPattern::kCommReduce;
  }
  if (b.init) return OpPattern::kOpaque;
  OpPattern p = OpPattern::kElemWise;
  for (const PrimExpr* l : loads) {
    if (l->buffer == store->buffer) return OpPattern::kOpaque;  // reads what it writes
    p = MaxPattern(p, data_dependent ? OpPattern::kInjective : LoadPattern(*l, store->indices));
  }
  return p;
}

// The blocks of a body whose other statements are loops, sequences and the root block; false
// when anything else is there (a guard, an assertion, a let, a declared buffer, a store outside
// a block).
bool PatternBlocks(const Ref<tir::Stmt>& s, std::vector<const Block*>* blocks) {
  switch (s->kind) {
    case StmtKind::kSeq:
      for (const auto& c : static_cast<const tir::SeqStmt&>(*s).seq) {
        if (!PatternBlocks(c, blocks)) return false;
      }
      return true;
    case StmtKind::kFor: {
      const auto& f = static_cast<const tir::For&>(*s);
      return f.for_kind == tir::ForKind::kSerial && PatternBlocks(f.body, blocks);
    }
    case StmtKind::kBlock: {
      const auto& b = static_cast<const Block&>(*s);
      if (b.is_root()) return PatternBlocks(b.body, blocks);
      blocks->push_back(&b);
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

const char* OpPatternName(OpPattern p) {
  switch (p) {
    case OpPattern::kElemWise: return "elemwise";
    case OpPattern::kBroadcast: return "broadcast";
    case OpPattern::kInjective: return "injective";
    case OpPattern::kCommReduce: return "comm-reduce";
    case OpPattern::kOutEWiseFusable: return "out-ewise-fusable";
    case OpPattern::kTuple: return "tuple";
    case OpPattern::kOpaque: return "opaque";
  }
  return "opaque";
}

OpPattern AnalyzeOpPattern(const tir::PrimFunc& f) {
  std::vector<const Block*> blocks;
  if (!f.body || !PatternBlocks(f.body, &blocks) || blocks.empty()) return OpPattern::kOpaque;
  // Several stages: injective as a whole when each is; a reduction first, then injective stages
  // (rlx's reductions accumulate in a wider scratch buffer, then round), the reduction's
  // pattern; two reductions (softmax, layer_norm) make the function opaque to fusion.
  const OpPattern first = BlockPattern(*blocks[0]);
  OpPattern rest = OpPattern::kElemWise;
  for (size_t i = 1; i < blocks.size(); ++i) rest = MaxPattern(rest, BlockPattern(*blocks[i]));
  if (!AtMostInjective(rest)) return OpPattern::kOpaque;
  if (blocks.size() == 1 || first == OpPattern::kCommReduce || first == OpPattern::kOutEWiseFusable) return first;
  return AtMostInjective(first) ? OpPattern::kInjective : OpPattern::kOpaque;
}

OpPattern RecordedOpPattern(const tir::PrimFunc& f) {
  const AttrValue* a = f.attrs.Find("op_pattern");
  if (!a || a->kind() != AttrValue::Kind::kInt) return OpPattern::kOpaque;
  switch (a->as_int()) {
    case 0: return OpPattern::kElemWise;
    case 1: return OpPattern::kBroadcast;
    case 2: return OpPattern::kInjective;
    case 3: return OpPattern::kCommReduce;
    case 4: return OpPattern::kOutEWiseFusable;
    case 7: return OpPattern::kTuple;
    default: return OpPattern::kOpaque;
  }
}

}  // namespace rlx::compiler
