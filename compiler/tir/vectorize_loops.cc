// vectorize-loops (pass.vectorize-loops). Splitting a loop from 0 into whole vectors and a tail
// keeps its iterations and their order (o * W + l runs 0, 1, ..., e // W * W - 1, the tail the
// rest), and no index can wrap: each is below the extent. The vectorized loop's kind tells code
// generation to compute its W iterations as one vector operation (codegen.cpu.kernel); its
// meaning stays the serial loop's (tir.for.kind).
#include "compiler/tir/vectorize_loops.h"

#include <algorithm>
#include <unordered_set>

#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/map_children.h"
#include "ir/tir/substitute.h"
#include "ir/tir/walk.h"

namespace rlx::compiler {
namespace {

using tir::For;
using tir::ForKind;
using tir::Stmt;

Ref<PrimExpr> SplitBin(PrimKind k, Ref<PrimExpr> a, Ref<PrimExpr> b) { return PrimExpr::Binary(k, std::move(a), std::move(b)); }

// The dtype of the widest contiguous store of `loop`'s body: one at the loop's variable (or a
// let of it) on the buffer's last axis; nullopt when there is none or the body holds a loop.
std::optional<DataType> ContiguousStore(const For& loop) {
  std::unordered_set<const PrimExpr*> names = {loop.var.get()};
  std::optional<DataType> widest;
  bool inner_loop = false;
  tir::ForEachStmt(loop.body, [&](const Stmt& s) {
    inner_loop |= s.kind == tir::StmtKind::kFor;
    if (auto* let = s.kind == tir::StmtKind::kLetStmt ? static_cast<const tir::LetStmt*>(&s) : nullptr) {
      if (names.count(let->value.get()) && let->var->dtype == let->value->dtype) names.insert(let->var.get());
    }
    if (s.kind != tir::StmtKind::kBufferStore) return;
    const auto& store = static_cast<const tir::BufferStore&>(s);
    if (store.indices.empty() || !names.count(store.indices.back().get()) || !store.buffer->strides.empty()) return;
    if (!widest || DataTypeBytes(store.buffer->dtype) > DataTypeBytes(*widest)) widest = store.buffer->dtype;
  });
  if (inner_loop) return std::nullopt;
  return widest;
}

Ref<Stmt> BodyAt(const For& loop, Ref<PrimExpr> index) {
  tir::Substituter sub;
  sub.MapVar(loop.var.get(), std::move(index));
  return sub.SubstStmt(loop.body);
}

Ref<Stmt> Split(const For& loop, int64_t lanes) {
  const DataType dt = loop.var->dtype;
  Ref<PrimExpr> w = PrimExpr::Int(lanes, dt);
  Ref<PrimExpr> e = loop.extent->is_int() ? PrimExpr::Int(std::max<int64_t>(loop.extent->int_value, 0), dt)
                                          : PrimExpr::Var(loop.var->name + "_extent", dt);
  Ref<PrimExpr> vectors = e->is_int() ? PrimExpr::Int(e->int_value / lanes, dt) : SplitBin(PrimKind::kFloorDiv, e, w);
  Ref<PrimExpr> rest = e->is_int() ? PrimExpr::Int(e->int_value % lanes, dt) : SplitBin(PrimKind::kFloorMod, e, w);
  Ref<PrimExpr> o = PrimExpr::Var(loop.var->name + "_o", dt), l = PrimExpr::Var(loop.var->name + "_l", dt);
  Ref<PrimExpr> t = PrimExpr::Var(loop.var->name + "_t", dt);
  Ref<Stmt> vector_body = BodyAt(loop, SplitBin(PrimKind::kAdd, SplitBin(PrimKind::kMul, o, w), l));
  Ref<Stmt> main = For::Make(o, PrimExpr::Int(0, dt), vectors, ForKind::kSerial,
                             For::Make(l, PrimExpr::Int(0, dt), w, ForKind::kVectorized, vector_body, "", {}, loop.span),
                             "", loop.annotations, loop.span);
  std::vector<Ref<Stmt>> seq = {main};
  if (!rest->is_int() || rest->int_value > 0) {
    Ref<PrimExpr> start = e->is_int() ? PrimExpr::Int(e->int_value / lanes * lanes, dt)
                                      : SplitBin(PrimKind::kMul, SplitBin(PrimKind::kFloorDiv, e, w), w);
    seq.push_back(For::Make(t, PrimExpr::Int(0, dt), rest, ForKind::kSerial, BodyAt(loop, SplitBin(PrimKind::kAdd, start, t)),
                            "", {}, loop.span));
  }
  Ref<Stmt> out = seq.size() == 1 ? seq[0] : tir::SeqStmt::Make(std::move(seq), loop.span);
  if (e->is_int()) return out;
  return tir::LetStmt::Make(e, SplitBin(PrimKind::kMax, loop.extent, PrimExpr::Int(0, dt)), out, loop.span);
}

Ref<Stmt> Vectorize(const Ref<Stmt>& s) {
  auto loop = tir::As<For>(s);
  if (loop && loop->for_kind != ForKind::kSerial && loop->for_kind != ForKind::kParallel) return s;  // vectorized, unrolled, bound
  Ref<Stmt> out = tir::MapChildren(s, Vectorize);
  loop = tir::As<For>(out);
  if (!loop || loop->for_kind != ForKind::kSerial || !loop->min->is_int() || loop->min->int_value != 0) return out;
  if (!IsInteger(loop->var->dtype)) return out;
  std::optional<DataType> dtype = ContiguousStore(*loop);
  if (!dtype) return out;
  const int64_t lanes = VectorLanes(*dtype);
  // A short constant loop LLVM unrolls and vectorizes whole; splitting it only adds a tail.
  if (loop->extent->is_int() && loop->extent->int_value < 2 * lanes) return out;
  return Split(*loop, lanes);
}

}  // namespace

int64_t VectorLanes(DataType dtype) { return std::clamp<int64_t>(64 / std::max(DataTypeBytes(dtype), 1), 4, 16); }

Ref<IRModule> VectorizeLoops(const Ref<IRModule>& m) {
  return MapPrimFuncBodies(m, [](const tir::PrimFunc& f) { return Vectorize(f.body); });
}

}  // namespace rlx::compiler
