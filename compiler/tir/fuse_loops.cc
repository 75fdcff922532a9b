// fuse-loops (pass.fuse-loops). The fused variable runs 0, 1, ..., E1 * ... * Ek - 1, and its
// mixed-radix digits run through the original tuples in their lexicographic order, so the body
// runs for the same values in the same order. Nothing can wrap (every value is below the product,
// which fits the dtype) or trap (constant bounds; floor division and modulo by positive
// constants). The loop iterations counted (tir.eval.work) differ: the nest counted each loop's
// runs, the fused loop counts the product once.
#include "compiler/tir/fuse_loops.h"

#include "compiler/tir/map_prim_funcs.h"
#include "ir/tir/map_children.h"

namespace rlx::compiler {
namespace {

using tir::For;
using tir::Stmt;

// The loops of the perfect nest from `loop` that may fuse with it, outermost first.
std::vector<Ref<For>> FusableChain(const Ref<For>& loop) {
  std::vector<Ref<For>> chain;
  __int128 product = 1;
  for (Ref<For> l = loop; l; l = tir::As<For>(l->body)) {
    const bool plain = l->for_kind == tir::ForKind::kSerial && l->annotations.empty() && l->min->is_int() &&
                       l->min->int_value == 0 && l->extent->is_int() && l->extent->int_value > 0 &&
                       l->var->dtype == loop->var->dtype && l->extent->dtype == l->var->dtype;
    if (!plain) break;
    const __int128 next = product * l->extent->int_value;  // both below 2^63: no overflow
    if (next > INT64_MAX || !FitsDataType(l->var->dtype, static_cast<int64_t>(next))) break;
    product = next;
    chain.push_back(l);
  }
  return chain;
}

Ref<Stmt> Fuse(const std::vector<Ref<For>>& chain) {
  const DataType dt = chain[0]->var->dtype;
  std::string name;
  int64_t total = 1;
  for (const auto& l : chain) {
    name += (name.empty() ? "" : "_") + l->var->name;
    total *= l->extent->int_value;
  }
  Ref<PrimExpr> fused = PrimExpr::Var(name + "_fused", dt);
  Ref<Stmt> body = chain.back()->body;
  // Innermost first: its digit is f % Ek, the next (f // Ek) % E(k-1), ..., the outermost's f // (E2 ... Ek).
  int64_t below = 1;
  std::vector<std::pair<Ref<PrimExpr>, Ref<PrimExpr>>> lets;
  for (size_t l = chain.size(); l-- > 0;) {
    Ref<PrimExpr> digit = below == 1 ? fused : PrimExpr::Binary(PrimKind::kFloorDiv, fused, PrimExpr::Int(below, dt));
    if (l > 0) digit = PrimExpr::Binary(PrimKind::kFloorMod, digit, PrimExpr::Int(chain[l]->extent->int_value, dt));
    lets.push_back({chain[l]->var, digit});
    below *= chain[l]->extent->int_value;
  }
  for (const auto& [var, value] : lets) body = tir::LetStmt::Make(var, value, body, chain[0]->span);  // outermost ends outside
  return For::Make(fused, PrimExpr::Int(0, dt), PrimExpr::Int(total, dt), tir::ForKind::kSerial, body, "", {}, chain[0]->span);
}

Ref<Stmt> FuseNests(const Ref<Stmt>& s) {
  if (auto loop = tir::As<For>(s)) {
    std::vector<Ref<For>> chain = FusableChain(loop);
    if (chain.size() >= 2) {
      // The loops inside the fused ones may form nests of their own.
      std::vector<Ref<For>> fused = chain;
      Ref<Stmt> inner = FuseNests(chain.back()->body);
      if (inner != chain.back()->body) {
        const For& last = *chain.back();
        fused.back() = tir::As<For>(For::Make(last.var, last.min, last.extent, last.for_kind, inner, last.thread_tag,
                                              last.annotations, last.span));
      }
      return Fuse(fused);
    }
  }
  return tir::MapChildren(s, FuseNests);
}

}  // namespace

Ref<IRModule> FuseLoops(const Ref<IRModule>& m) {
  return MapPrimFuncBodies(m, [](const tir::PrimFunc& f) { return FuseNests(f.body); });
}

}  // namespace rlx::compiler
