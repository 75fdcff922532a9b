// ExprMutator: rebuilds expressions bottom-up, keeping nodes that did not change (so
// unchanged subtrees stay shared) and substituting variables consistently. It is what passes
// rewrite modules with (docs/writing-a-pass.md).
#pragma once

#include <unordered_map>

#include "ir/builder/ir_builder.h"
#include "ir/expr.h"
#include "ir/module.h"

namespace rlx {

/// Override the Visit* hooks to rewrite nodes. A variable whose definition changes (for
/// example its annotation) is replaced by a fresh Var, and every later use follows through
/// `var_remap_`; pre-populate it to substitute variables. Shape variables are substituted the
/// same way through `prim_var_remap_`, everywhere they occur: shape expressions, prim values,
/// annotations, match_cast targets and sinfo_args. A binding may become zero, one or many
/// bindings (VisitBinding appends them); the blocks of a SeqExpr are then merged by
/// MergeBlocks, the routine the IR builder uses too.
///
/// With an observer (SetObserver: a checker::Normalizer), every binding of an outermost
/// function's body is reported as it is emitted, in order, as the IR builder reports them: a
/// pass then reads the struct info of the bindings it has just built (Expr::struct_info), and
/// its output carries struct info without a second walk.
class ExprMutator {
 public:
  virtual ~ExprMutator() = default;

  /// Reports rebuilt functions to `observer` (not owned; nullptr: none).
  void SetObserver(BuildObserver* observer) { observer_ = observer; }

  /// Dispatches on the expression kind; returns `e` itself when nothing changed.
  virtual Ref<Expr> VisitExpr(const Ref<Expr>& e);
  /// Rewrites every global of a module (a new module only when something changed).
  virtual Ref<IRModule> VisitModule(const Ref<IRModule>& m);

  virtual Ref<Expr> VisitVarUse(const Ref<Var>& v);
  virtual Ref<Expr> VisitTuple(const Ref<Tuple>& e);
  virtual Ref<Expr> VisitTupleGetItem(const Ref<TupleGetItem>& e);
  virtual Ref<Expr> VisitSeqExpr(const Ref<SeqExpr>& e);
  virtual Ref<Expr> VisitFunction(const Ref<Function>& e);
  virtual Ref<Expr> VisitIf(const Ref<If>& e);
  virtual Ref<Expr> VisitCall(const Ref<Call>& e);
  virtual Ref<Expr> VisitExternFunc(const Ref<ExternFunc>& e);
  virtual Ref<Expr> VisitShapeExpr(const Ref<ShapeExpr>& e);
  virtual Ref<Expr> VisitPrimValue(const Ref<PrimValue>& e);
  /// Leaves without children (constants, global vars, ops, strings, dtypes).
  virtual Ref<Expr> VisitLeaf(const Ref<Expr>& e) { return e; }

  virtual BindingBlock VisitBindingBlock(const BindingBlock& b);
  /// Appends what `b` becomes to `out`: nothing (the binding is dropped), the rewritten
  /// binding (the default, RewriteBinding), or several bindings.
  virtual void VisitBinding(const Binding& b, std::vector<Binding>& out);
  /// The binding with its value, match_cast target and variable rewritten.
  Binding RewriteBinding(const Binding& b);
  /// The definition of a variable: returns the variable to use from now on.
  virtual Ref<Var> VisitVarDef(const Ref<Var>& v);
  virtual Ref<StructInfo> VisitStructInfo(const Ref<StructInfo>& s);
  virtual Ref<PrimExpr> VisitPrimExpr(const Ref<PrimExpr>& e);

 protected:
  std::unordered_map<const Var*, Ref<Var>> var_remap_;
  std::unordered_map<const PrimExpr*, Ref<PrimExpr>> prim_var_remap_;
  /// True while the bindings of a dataflow block are visited.
  bool in_dataflow_block_ = false;

 private:
  // True while the bindings visited are those of an outermost function's body (not of an if
  // branch or a local function: the observer derives those with the binding that holds them).
  bool Observed() const { return observer_ && function_depth_ == 1 && seq_depth_ == 1; }
  BuildObserver* observer_ = nullptr;
  int function_depth_ = 0;
  int seq_depth_ = 0;
};

}  // namespace rlx
