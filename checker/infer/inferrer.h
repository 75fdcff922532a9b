// Struct-info derivation (spec chapter 3 §3.2, sinfo.derive.*): one ModuleInferrer per
// check, one FunctionInferrer per module function (each with its own assumptions).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "checker/infer/infer_state.h"
#include "ir/shape_var_bounds.h"

namespace rlx::checker {

class ModuleInferrer {
 public:
  ModuleInferrer(const IRModule& m, DiagnosticEngine& diags, prover::Prover& prover, CheckResult& out,
                 bool record_bindings = false);
  bool record_bindings() const { return record_bindings_; }

  /// Derives every global.
  void Run();
  /// The struct info of a global (derived on demand for functions without a return
  /// annotation); nullptr when it has none because of an error.
  Ref<StructInfo> GlobalSInfo(const std::string& name);
  /// The function a global names, or nullptr.
  const Function* GlobalFunction(const std::string& name) const;
  const IRModule& ir_module() const { return module_; }

  /// The bounds of a renamed signature variable (sinfo.bound.check at call sites).
  const ShapeVarBound* BoundOf(const PrimExpr* v) const;
  void SetBound(const PrimExpr* v, ShapeVarBound b) { bounds_[v] = b; }

  DiagnosticEngine& diags() { return diags_; }
  prover::Prover& prover() { return prover_; }
  CheckResult& out() { return out_; }

 private:
  enum class State { kPending, kInProgress, kDone };
  const IRModule& module_;
  DiagnosticEngine& diags_;
  prover::Prover& prover_;
  CheckResult& out_;
  std::unordered_map<std::string, State> state_;
  std::unordered_map<const PrimExpr*, ShapeVarBound> bounds_;
  bool record_bindings_;
};

/// Derives the struct info inside one module function (and its local functions).
class FunctionInferrer {
 public:
  FunctionInferrer(ModuleInferrer& module, const std::string& global_name);

  /// The struct info of the function: params, return, purity, with its own signature
  /// variables renamed to fresh ones (so that a call binds them, never captures them).
  Ref<StructInfo> InferFunction(const Function& f);

  /// The struct info a function's signature states (params and return annotation), used
  /// before its body is derived (recursion).
  Ref<StructInfo> SignatureSInfo(const Function& f);

  // ---- the normalizer's incremental entry points (checker/normalizer.h) ----
  /// What OpenFunction leaves for CloseFunction: the function's own shape variables and the
  /// struct info of its parameters.
  struct OpenedFunction {
    std::vector<Ref<PrimExpr>> own;
    std::unordered_set<const PrimExpr*> own_set;
    std::vector<Ref<StructInfo>> params;
    Span saved_site;
  };
  /// Opens f's scope: its parameters get their annotations, its shape variables and their
  /// bounds are assumed (the body is not derived).
  OpenedFunction OpenFunction(const Function& f);
  /// Closes the scope OpenFunction opened, given the struct info of the body; returns the
  /// function's struct info.
  Ref<StructInfo> CloseFunction(const Function& f, OpenedFunction& o, const Ref<StructInfo>& body);
  /// Derives one binding under the facts in force (what DeriveSeqExpr does for each).
  void DeriveOneBinding(const Binding& b, bool in_dataflow) { DeriveBinding(b, in_dataflow); }
  InferState& state() { return state_; }

 private:
  struct PurityFrame {
    bool pure_required;  // wf.purity.function applies
    bool in_dataflow;    // wf.purity.dataflow applies
  };

  Ref<StructInfo> DeriveFunction(const Function& f);
  Ref<StructInfo> DeriveSeqExpr(const SeqExpr& seq);
  void DeriveBinding(const Binding& b, bool in_dataflow);
  void DeriveMatchCast(const Binding& b);
  Ref<StructInfo> DeriveExpr(const Ref<Expr>& e);
  Ref<StructInfo> DeriveIf(const If& e);
  Ref<StructInfo> DeriveTupleGetItem(const TupleGetItem& e);
  Ref<StructInfo> DeriveCall(const Call& call);
  Ref<StructInfo> DeriveOpCall(const Call& call, const OpInfo& op, std::vector<Ref<StructInfo>> args);
  Ref<StructInfo> DeriveFunctionCall(const Call& call, const Ref<StructInfo>& callee,
                                     const std::vector<Ref<StructInfo>>& args);
  void CheckPurity(const Call& call, const std::string& callee);
  void CheckBounds(const Call& call, const ShapeVarMap& theta);
  void CheckShapeVarsOf(const Ref<StructInfo>& s, const Span& span);
  Ref<StructInfo> WithShapeVarRank(const Ref<StructInfo>& s);
  void AssumeExtents(const Ref<StructInfo>& s, const std::unordered_set<const PrimExpr*>& vars);
  void AssumeMatch(const Ref<StructInfo>& cast, const Ref<StructInfo>& value);
  Ref<StructInfo> RenameSignature(const Function& f, const std::vector<Ref<PrimExpr>>& own,
                                  std::vector<Ref<StructInfo>> params, Ref<StructInfo> ret);
  void RecordCheck(RuntimeCheck::Kind kind, const std::string& rule, const Span& span, const Var* var,
                   const Function* fn, Ref<StructInfo> expected, std::string message);

  ModuleInferrer& module_;
  std::string global_;
  InferState state_;
  std::vector<PurityFrame> purity_;
  std::vector<const Function*> functions_;  // the enclosing functions, innermost last
  int depth_ = 0;
};

}  // namespace rlx::checker
