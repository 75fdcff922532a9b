#include "ir/analysis/visitor.h"

namespace rlx {

void ExprVisitor::VisitExpr(const Ref<Expr>& e) {
  if (!e) return;
  switch (e->kind) {
    case ExprKind::kConstant: VisitConstant(static_cast<const Constant&>(*e)); return;
    case ExprKind::kVar:
    case ExprKind::kDataflowVar: VisitVarUse(static_cast<const Var&>(*e)); return;
    case ExprKind::kGlobalVar: VisitGlobalVar(static_cast<const GlobalVar&>(*e)); return;
    case ExprKind::kTuple: VisitTuple(static_cast<const Tuple&>(*e)); return;
    case ExprKind::kTupleGetItem: VisitTupleGetItem(static_cast<const TupleGetItem&>(*e)); return;
    case ExprKind::kSeqExpr: VisitSeqExpr(static_cast<const SeqExpr&>(*e)); return;
    case ExprKind::kFunction: VisitFunction(static_cast<const Function&>(*e)); return;
    case ExprKind::kIf: VisitIf(static_cast<const If&>(*e)); return;
    case ExprKind::kCall: VisitCall(static_cast<const Call&>(*e)); return;
    case ExprKind::kOp: VisitOp(static_cast<const Op&>(*e)); return;
    case ExprKind::kExternFunc: VisitExternFunc(static_cast<const ExternFunc&>(*e)); return;
    case ExprKind::kShapeExpr: VisitShapeExpr(static_cast<const ShapeExpr&>(*e)); return;
    case ExprKind::kPrimValue: VisitPrimValue(static_cast<const PrimValue&>(*e)); return;
    case ExprKind::kStringImm: VisitStringImm(static_cast<const StringImm&>(*e)); return;
    case ExprKind::kDataTypeImm: VisitDataTypeImm(static_cast<const DataTypeImm&>(*e)); return;
    case ExprKind::kPrimFunc: VisitPrimFunc(static_cast<const tir::PrimFunc&>(*e)); return;
  }
}

void ExprVisitor::VisitModule(const IRModule& m) {
  for (const auto& g : m.globals) VisitExpr(g.value);
}

void ExprVisitor::VisitTuple(const Tuple& e) {
  for (const auto& f : e.fields) VisitExpr(f);
}

void ExprVisitor::VisitTupleGetItem(const TupleGetItem& e) {
  VisitExpr(e.tuple);
}

void ExprVisitor::VisitSeqExpr(const SeqExpr& e) {
  for (const auto& b : e.blocks) VisitBindingBlock(b);
  VisitExpr(e.body);
}

void ExprVisitor::VisitFunction(const Function& e) {
  for (const auto& p : e.params) VisitVarDef(*p);
  if (e.ret_sinfo) VisitStructInfo(e.ret_sinfo);
  VisitExpr(e.body);
}

void ExprVisitor::VisitIf(const If& e) {
  VisitExpr(e.cond);
  VisitExpr(e.true_branch);
  VisitExpr(e.false_branch);
}

void ExprVisitor::VisitCall(const Call& e) {
  VisitExpr(e.op);
  for (const auto& a : e.args) VisitExpr(a);
  for (const auto& s : e.sinfo_args) VisitStructInfo(s);
}

void ExprVisitor::VisitExternFunc(const ExternFunc& e) {
  if (e.sinfo) VisitStructInfo(e.sinfo);
}

void ExprVisitor::VisitShapeExpr(const ShapeExpr& e) {
  for (const auto& v : e.values) VisitPrimExpr(v);
}

void ExprVisitor::VisitPrimValue(const PrimValue& e) {
  VisitPrimExpr(e.value);
}

void ExprVisitor::VisitBindingBlock(const BindingBlock& b) {
  for (const auto& binding : b.bindings) VisitBinding(binding);
}

void ExprVisitor::VisitBinding(const Binding& b) {
  VisitExpr(b.value);
  if (b.match_sinfo) VisitStructInfo(b.match_sinfo);
  VisitVarDef(*b.var);
}

void ExprVisitor::VisitVarDef(const Var& v) {
  if (v.annotation) VisitStructInfo(v.annotation);
}

void ExprVisitor::VisitStructInfo(const Ref<StructInfo>& s) {
  if (!s) return;
  switch (s->kind) {
    case SInfoKind::kObject: return;
    case SInfoKind::kPrim: {
      auto& p = static_cast<const PrimStructInfo&>(*s);
      if (p.value) VisitPrimExpr(p.value);
      return;
    }
    case SInfoKind::kShape: {
      auto& p = static_cast<const ShapeStructInfo&>(*s);
      if (p.values) {
        for (const auto& v : *p.values) VisitPrimExpr(v);
      }
      return;
    }
    case SInfoKind::kTensor: {
      auto& t = static_cast<const TensorStructInfo&>(*s);
      if (t.shape) VisitExpr(t.shape);
      return;
    }
    case SInfoKind::kTuple: {
      for (const auto& f : static_cast<const TupleStructInfo&>(*s).fields) VisitStructInfo(f);
      return;
    }
    case SInfoKind::kFunc: {
      auto& f = static_cast<const FuncStructInfo&>(*s);
      if (f.params) {
        for (const auto& p : *f.params) VisitStructInfo(p);
      }
      VisitStructInfo(f.ret);
      return;
    }
  }
}

void ExprVisitor::VisitPrimExpr(const Ref<PrimExpr>& e) {
  if (!e) return;
  for (int i = 0; i < e->arity(); ++i) VisitPrimExpr(e->operands[i]);
}

}  // namespace rlx
