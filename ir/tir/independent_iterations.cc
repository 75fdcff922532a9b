#include "ir/tir/independent_iterations.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "ir/tir/scratch.h"
#include "ir/tir/walk.h"

namespace rlx::tir {

namespace {

// The loops inside the body, by variable: their ranges.
using InnerLoops = std::unordered_map<const PrimExpr*, const For*>;

// The width of the slot an iteration owns at an index: 1 for an index that is one of `vars` (a
// scalar variable v: iteration v owns element v); c for `v * c + r` or `v * c` with c a positive
// constant and r the variable of an inner loop from 0 over a constant extent of at most c
// (iteration v owns [v * c, v * c + c): the tiles of a tiled loop); 0 for anything else.
int64_t SlotWidth(const Ref<PrimExpr>& index, const std::unordered_set<const PrimExpr*>& vars, const InnerLoops& inner) {
  if (index->is_var()) return vars.count(index.get()) ? 1 : 0;
  auto scaled = [&](const Ref<PrimExpr>& e) -> int64_t {
    if (e->kind != PrimKind::kMul || !e->operands[0]->is_var() || !vars.count(e->operands[0].get())) return 0;
    const Ref<PrimExpr>& c = e->operands[1];
    return c->is_int() && c->int_value > 0 && c->dtype == e->dtype ? c->int_value : 0;
  };
  if (int64_t c = scaled(index)) return c;
  if (index->kind != PrimKind::kAdd) return 0;
  const int64_t c = scaled(index->operands[0]);
  const Ref<PrimExpr>& r = index->operands[1];
  auto loop = r->is_var() ? inner.find(r.get()) : inner.end();
  if (!c || loop == inner.end()) return 0;
  const For& f = *loop->second;
  const bool fits = f.min->is_int() && f.min->int_value == 0 && f.extent->is_int() && f.extent->int_value <= c;
  return fits ? c : 0;
}

}  // namespace

bool IterationsIndependent(const For& loop, const std::vector<const Buffer*>& params,
                           std::vector<const Buffer*>* written_out) {
  std::unordered_set<const PrimExpr*> index_vars = {loop.var.get()};
  std::vector<std::pair<const Buffer*, const std::vector<Ref<PrimExpr>>*>> accesses;
  std::vector<const Buffer*> written;
  bool allocates = false;
  std::unordered_set<const Buffer*> private_buffers;
  InnerLoops inner_loops;
  ForEachStmt(loop.body, [&](const Stmt& s) {
    if (s.kind == StmtKind::kDeclBuffer) {  // a scratch declaration is each iteration's own
      const Ref<Buffer>& b = static_cast<const DeclBuffer&>(s).buffer;
      if (ScratchBytes(*b) < 0) allocates = true;
      private_buffers.insert(b.get());
    }
    if (s.kind == StmtKind::kLetStmt) {  // a let of the variable (lower-blocks' block variables)
      const auto& let = static_cast<const LetStmt&>(s);
      if (let.value->is_var() && index_vars.count(let.value.get()) && let.value->dtype == let.var->dtype) {
        index_vars.insert(let.var.get());
      }
    }
    if (s.kind == StmtKind::kFor) inner_loops[static_cast<const For&>(s).var.get()] = &static_cast<const For&>(s);
    if (s.kind == StmtKind::kBlock) {
      const auto& blk = static_cast<const Block&>(s);
      // A scratch buffer is each iteration's own and counts towards no limit.
      for (const auto& b : blk.alloc_buffers) {
        if (ScratchBytes(*b) < 0) allocates = true;
        private_buffers.insert(b.get());
      }
      for (size_t i = 0; i < blk.iter_vars.size() && i < blk.iter_values.size(); ++i) {
        const Ref<PrimExpr>& value = blk.iter_values[i];
        // The same dtype: a narrower block variable could wrap two iterations to one index.
        if (value->is_var() && index_vars.count(value.get()) && value->dtype == blk.iter_vars[i].var->dtype) {
          index_vars.insert(blk.iter_vars[i].var.get());
        }
      }
    }
    if (s.kind == StmtKind::kBufferStore) {
      const auto& store = static_cast<const BufferStore&>(s);
      accesses.push_back({store.buffer.get(), &store.indices});
      if (std::find(written.begin(), written.end(), store.buffer.get()) == written.end()) {
        written.push_back(store.buffer.get());
      }
    }
    ForEachExprOf(s, [&](const PrimExpr& e) {
      if (e.kind == PrimKind::kBufferLoad) accesses.push_back({e.buffer.get(), &e.args});
    });
  });
  if (written_out) *written_out = written;
  if (allocates) return false;
  for (const Buffer* w : written) {
    if (private_buffers.count(w)) continue;
    const bool param = std::find(params.begin(), params.end(), w) != params.end();
    if (!param && !w->strides.empty()) return false;
    bool some_axis = false;
    for (size_t a = 0; a < w->ndim() && !some_axis; ++a) {
      // Every access of w at axis a in the slot of the iteration, the slots of one width.
      int64_t width = -1;
      some_axis = std::all_of(accesses.begin(), accesses.end(), [&](const auto& access) {
        if (access.first != w) return true;
        if (a >= access.second->size()) return false;
        const int64_t here = SlotWidth((*access.second)[a], index_vars, inner_loops);
        if (width < 0) width = here;
        return here > 0 && here == width;
      });
    }
    if (!some_axis) return false;
  }
  return true;
}

}  // namespace rlx::tir
