#include "compiler/codegen/llvm/shape_emitter.h"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

#include <limits>

namespace rlx::compiler::codegen {
namespace {

class ShapeEmitter {
 public:
  ShapeEmitter(llvm::IRBuilder<>& b, const ShapeCells& cells, llvm::Value* heap, llvm::BasicBlock* slow)
      : b_(b), cells_(cells), heap_(heap), slow_(slow) {}

  llvm::Value* Emit(const PrimExpr& e) {
    switch (e.kind) {
      case PrimKind::kIntImm: return b_.getInt64(static_cast<uint64_t>(e.int_value));
      case PrimKind::kVar: {
        llvm::Value* cell = b_.CreateInBoundsGEP(b_.getInt64Ty(), heap_, b_.getInt64(CellIn(cells_, &e)));
        return b_.CreateLoad(b_.getInt64Ty(), cell, e.name);
      }
      default: break;
    }
    llvm::Value* x = Emit(*e.operands[0]);
    llvm::Value* y = Emit(*e.operands[1]);
    switch (e.kind) {
      case PrimKind::kAdd: return Checked(llvm::Intrinsic::sadd_with_overflow, x, y);
      case PrimKind::kSub: return Checked(llvm::Intrinsic::ssub_with_overflow, x, y);
      case PrimKind::kMul: return Checked(llvm::Intrinsic::smul_with_overflow, x, y);
      case PrimKind::kMin: return b_.CreateBinaryIntrinsic(llvm::Intrinsic::smin, x, y);
      case PrimKind::kMax: return b_.CreateBinaryIntrinsic(llvm::Intrinsic::smax, x, y);
      default: return Division(e.kind, x, y);
    }
  }

  // Continues where `bad` is false; the slow path takes the rest.
  void SlowIf(llvm::Value* bad) {
    llvm::Function* f = b_.GetInsertBlock()->getParent();
    auto* ok = llvm::BasicBlock::Create(b_.getContext(), "shape_ok", f);
    b_.CreateCondBr(bad, slow_, ok, llvm::MDBuilder(b_.getContext()).createBranchWeights(1, 1 << 20));
    b_.SetInsertPoint(ok);
  }

 private:
  // eval.prim-expr: a result outside int64 is the interpreter's overflow trap.
  llvm::Value* Checked(llvm::Intrinsic::ID op, llvm::Value* x, llvm::Value* y) {
    llvm::Value* pair = b_.CreateBinaryIntrinsic(op, x, y);
    SlowIf(b_.CreateExtractValue(pair, 1));
    return b_.CreateExtractValue(pair, 0);
  }

  // Floor and truncating division and modulo (spec §4) after the divisor checks: zero is the
  // interpreter's trap, INT64_MIN / -1 leaves int64 (or is computed there: the slow path).
  llvm::Value* Division(PrimKind kind, llvm::Value* x, llvm::Value* y) {
    SlowIf(b_.CreateICmpEQ(y, b_.getInt64(0)));
    const auto min = static_cast<uint64_t>(std::numeric_limits<int64_t>::min());
    SlowIf(b_.CreateAnd(b_.CreateICmpEQ(x, b_.getInt64(min)), b_.CreateICmpEQ(y, b_.getInt64(~uint64_t{0}))));
    llvm::Value* q = b_.CreateSDiv(x, y);
    llvm::Value* m = b_.CreateSRem(x, y);
    if (kind == PrimKind::kTruncDiv) return q;
    if (kind == PrimKind::kTruncMod) return m;
    // The remainder's sign differs from the divisor's: one step toward negative infinity.
    llvm::Value* zero = b_.getInt64(0);
    llvm::Value* adjust = b_.CreateAnd(b_.CreateICmpNE(m, zero), b_.CreateICmpSLT(b_.CreateXor(m, y), zero));
    if (kind == PrimKind::kFloorDiv) return b_.CreateSub(q, b_.CreateZExt(adjust, b_.getInt64Ty()));
    return b_.CreateAdd(m, b_.CreateSelect(adjust, y, zero));
  }

  llvm::IRBuilder<>& b_;
  const ShapeCells& cells_;
  llvm::Value* heap_;
  llvm::BasicBlock* slow_;
};

}  // namespace

int32_t CellIn(const ShapeCells& cells, const PrimExpr* v) {
  for (const auto& [w, cell] : cells) {
    if (w == v) return cell;
  }
  return -1;
}

bool IsNativeShapeExpr(const PrimExpr& e, const ShapeCells& cells) {
  if (e.dtype != DataType::kInt64) return false;
  if (e.kind == PrimKind::kIntImm) return true;
  if (e.kind == PrimKind::kVar) return CellIn(cells, &e) >= 0;
  return IsArithmeticKind(e.kind) && IsNativeShapeExpr(*e.operands[0], cells) &&
         IsNativeShapeExpr(*e.operands[1], cells);
}

llvm::Value* EmitShapeExpr(llvm::IRBuilder<>& b, const PrimExpr& e, const ShapeCells& cells, llvm::Value* heap,
                           llvm::BasicBlock* slow) {
  return ShapeEmitter(b, cells, heap, slow).Emit(e);
}

namespace {

// The extents a struct info lists, when rlx_host_dims checks the rest of it.
bool ListedExtents(const StructInfo& sinfo, std::vector<const PrimExpr*>* dims) {
  auto add = [dims](const std::vector<Ref<PrimExpr>>& values) {
    for (const auto& v : values) dims->push_back(v.get());
  };
  switch (sinfo.kind) {
    case SInfoKind::kTensor: {
      const auto& t = static_cast<const TensorStructInfo&>(sinfo);
      if (t.shape && !t.dims()) return false;  // a shape variable: matched by name
      if (t.dims()) add(*t.dims());
      return true;
    }
    case SInfoKind::kShape: {
      const auto& s = static_cast<const ShapeStructInfo&>(sinfo);
      if (s.values) add(*s.values);
      return true;
    }
    case SInfoKind::kPrim: {
      const auto& p = static_cast<const PrimStructInfo&>(sinfo);
      if (p.dtype != DataType::kInt64) return false;
      if (p.value) dims->push_back(p.value.get());
      return true;
    }
    default: return false;
  }
}

}  // namespace

bool PlanShapeMatch(const std::vector<const StructInfo*>& sinfos, const ShapeCells& in_scope, const ShapeCells& to_bind,
                    ShapeMatch* plan) {
  plan->cells = in_scope;
  for (const StructInfo* s : sinfos) {
    const bool checked = s && s->kind != SInfoKind::kObject;  // eval.match-cast.object
    std::vector<const PrimExpr*> dims;
    if (checked && !ListedExtents(*s, &dims)) return false;
    plan->checked.push_back(checked);
    plan->dims.push_back(dims);
    // eval.match-cast: the binding pass (a lone variable not yet bound, at its first extent).
    std::vector<int32_t> binds(dims.size(), -1);
    for (size_t i = 0; i < dims.size(); ++i) {
      const PrimExpr* d = dims[i];
      if (!d->is_var() || CellIn(plan->cells, d) >= 0) continue;
      const int32_t cell = CellIn(to_bind, d);
      if (cell < 0 || d->dtype != DataType::kInt64) return false;
      binds[i] = cell;
      plan->cells.emplace_back(d, cell);
    }
    plan->binds.push_back(binds);
  }
  for (size_t k = 0; k < plan->dims.size(); ++k) {
    for (size_t i = 0; i < plan->dims[k].size(); ++i) {
      if (plan->binds[k][i] < 0 && !IsNativeShapeExpr(*plan->dims[k][i], plan->cells)) return false;
    }
  }
  return true;
}

void EmitShapeMatch(llvm::IRBuilder<>& b, const ShapeMatch& plan, const std::vector<llvm::Value*>& extents,
                    llvm::Value* heap, llvm::BasicBlock* slow) {
  auto extent = [&](size_t k, size_t i) {
    llvm::Value* at = b.CreateInBoundsGEP(b.getInt64Ty(), extents[k], b.getInt64(i));
    return b.CreateLoad(b.getInt64Ty(), at);
  };
  for (size_t k = 0; k < plan.dims.size(); ++k) {
    for (size_t i = 0; i < plan.dims[k].size(); ++i) {
      const int32_t cell = plan.binds[k][i];
      if (cell >= 0) b.CreateStore(extent(k, i), b.CreateInBoundsGEP(b.getInt64Ty(), heap, b.getInt64(cell)));
    }
  }
  ShapeEmitter values(b, plan.cells, heap, slow);
  for (size_t k = 0; k < plan.dims.size(); ++k) {
    for (size_t i = 0; i < plan.dims[k].size(); ++i) {
      if (plan.binds[k][i] >= 0) continue;
      llvm::Value* want = values.Emit(*plan.dims[k][i]);
      values.SlowIf(b.CreateICmpNE(want, extent(k, i)));
    }
  }
}

}  // namespace rlx::compiler::codegen
