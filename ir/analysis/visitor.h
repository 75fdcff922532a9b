// ExprVisitor: a read-only walk over expressions, bindings, struct info and PrimExprs.
#pragma once

#include "ir/expr.h"
#include "ir/module.h"
#include "ir/tir/prim_func.h"

namespace rlx {

/// Visits every node reachable from an expression, in evaluation order: bindings in order,
/// a binding's value before its variable's definition, struct info of definitions and of
/// call sinfo_args included. Override the hooks of interest; call the base to keep walking.
class ExprVisitor {
 public:
  virtual ~ExprVisitor() = default;

  /// Dispatches on the expression kind.
  virtual void VisitExpr(const Ref<Expr>& e);
  /// Visits every global of a module.
  virtual void VisitModule(const IRModule& m);

  virtual void VisitConstant(const Constant& e) {}
  /// A use of a variable (not its definition).
  virtual void VisitVarUse(const Var& e) {}
  virtual void VisitGlobalVar(const GlobalVar& e) {}
  virtual void VisitTuple(const Tuple& e);
  virtual void VisitTupleGetItem(const TupleGetItem& e);
  virtual void VisitSeqExpr(const SeqExpr& e);
  virtual void VisitFunction(const Function& e);
  virtual void VisitIf(const If& e);
  virtual void VisitCall(const Call& e);
  virtual void VisitOp(const Op& e) {}
  virtual void VisitExternFunc(const ExternFunc& e);
  virtual void VisitShapeExpr(const ShapeExpr& e);
  virtual void VisitPrimValue(const PrimValue& e);
  virtual void VisitStringImm(const StringImm& e) {}
  virtual void VisitDataTypeImm(const DataTypeImm& e) {}
  /// A PrimFunc is TIR: Relax visitors do not enter it (ir/tir has its own visitors).
  virtual void VisitPrimFunc(const tir::PrimFunc& e) {}

  virtual void VisitBindingBlock(const BindingBlock& b);
  virtual void VisitBinding(const Binding& b);
  /// The definition of a variable (a parameter or a binding's left-hand side).
  virtual void VisitVarDef(const Var& v);
  virtual void VisitStructInfo(const Ref<StructInfo>& s);
  virtual void VisitPrimExpr(const Ref<PrimExpr>& e);
};

}  // namespace rlx
