#include "ir/tir/independent_iterations.h"

#include <algorithm>
#include <unordered_set>
#include <utility>

#include "ir/tir/walk.h"

namespace rlx::tir {

namespace {

// The index of `indices` at axis `a` is one of `vars` (a scalar variable).
bool IndexedBy(const std::vector<Ref<PrimExpr>>& indices, size_t a, const std::unordered_set<const PrimExpr*>& vars) {
  return a < indices.size() && indices[a]->is_var() && vars.count(indices[a].get());
}

}  // namespace

bool IterationsIndependent(const For& loop, const std::vector<const Buffer*>& params,
                           std::vector<const Buffer*>* written_out) {
  std::unordered_set<const PrimExpr*> index_vars = {loop.var.get()};
  std::vector<std::pair<const Buffer*, const std::vector<Ref<PrimExpr>>*>> accesses;
  std::vector<const Buffer*> written;
  bool allocates = false;
  ForEachStmt(loop.body, [&](const Stmt& s) {
    if (s.kind == StmtKind::kDeclBuffer) allocates = true;
    if (s.kind == StmtKind::kBlock) {
      const auto& blk = static_cast<const Block&>(s);
      if (!blk.alloc_buffers.empty()) allocates = true;
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
    const bool param = std::find(params.begin(), params.end(), w) != params.end();
    if (!param && !w->strides.empty()) return false;
    bool some_axis = false;
    for (size_t a = 0; a < w->ndim() && !some_axis; ++a) {
      some_axis = std::all_of(accesses.begin(), accesses.end(), [&](const auto& access) {
        return access.first != w || IndexedBy(*access.second, a, index_vars);
      });
    }
    if (!some_axis) return false;
  }
  return true;
}

}  // namespace rlx::tir
