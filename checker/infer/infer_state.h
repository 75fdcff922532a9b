// What struct-info derivation keeps while it walks a function: the struct info of the
// variables, the shape variables and variables in scope, the assumptions of the prover, and
// the sink for diagnostics and runtime checks. Op rules see it through OpCall.
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "checker/checker.h"
#include "checker/sinfo/algebra.h"
#include "checker/sinfo/proof_context.h"
#include "ir/base/pointer_set.h"

namespace rlx::checker {

class InferState {
 public:
  InferState(DiagnosticEngine& diags, prover::Prover& prover, CheckResult& out)
      : diags_(diags), proofs_(prover), out_(out) {}

  /// The module being checked (null when an op is derived alone, checker/ops/derive_alone.h):
  /// what R.call_tir looks its PrimFunc up in.
  const IRModule* module() const { return module_; }
  void set_module(const IRModule* m) { module_ = m; }

  // ---- diagnostics (every checker diagnostic names its rule) ----
  /// The nearest known span: the node's own, else the innermost enclosing binding's.
  Span Where(const Span& s) const { return s.known() ? s : site_; }
  Diagnostic& Error(ErrorCode code, Span span, std::string message, std::string rule = {});
  Diagnostic& Warning(ErrorCode code, Span span, std::string message, std::string rule = {});
  /// Adds a note with the counterexample of `evidence`, when it has one.
  void NoteCounterexample(Diagnostic& d, const prover::ProofResult& evidence, const Span& span);
  void set_site(const Span& s) { site_ = s; }
  const Span& site() const { return site_; }

  // ---- runtime checks ----
  void AddRuntimeCheck(RuntimeCheck c) { out_.runtime_checks.push_back(std::move(c)); }
  CheckResult& out() { return out_; }
  DiagnosticEngine& diags() { return diags_; }

  // ---- struct info of variables ----
  /// Γ(v), or nullptr when v has none (an error was reported where it was bound).
  Ref<StructInfo> VarSInfo(const Var& v) const;
  /// Records Γ(v) = s, in the result and on the node (Expr::struct_info).
  void SetVarSInfo(const Var& v, Ref<StructInfo> s) {
    v.set_struct_info(s);
    if (!vars_from_nodes_) out_.var_sinfo[&v] = std::move(s);
  }
  void SetExprSInfo(const Expr& e, Ref<StructInfo> s) {
    e.set_struct_info(s);
    if (!vars_from_nodes_) out_.expr_sinfo[&e] = std::move(s);
  }
  /// The normalizer's mode: struct info lives on the nodes only (not in the result's tables),
  /// and variables bound before derivation started (by the builder, by an earlier check) take
  /// the struct info their nodes carry.
  void set_vars_from_nodes(bool on) { vars_from_nodes_ = on; }
  /// A lookup for the base check (tensor shapes given by a variable).
  VarLookup Lookup() const {
    return [this](const Var& v) { return VarSInfo(v); };
  }

  // ---- scopes ----
  void PushScope();
  void PopScope();
  void DefineShapeVar(const PrimExpr* v);
  void DefineVar(const Var* v);
  void RemoveVar(const Var* v) { vars_.erase(v); }
  bool ShapeVarInScope(const PrimExpr* v) const { return shape_vars_.count(v) > 0; }
  bool VarInScope(const Var* v) const { return vars_.count(v) > 0; }
  /// Erases `s` to what is in scope now (sinfo.erase.*), after substituting `map`; the shape
  /// variables in `extra` count as in scope too.
  Ref<StructInfo> EraseToScope(const Ref<StructInfo>& s, const ShapeVarMap& map = {},
                               const std::unordered_set<const PrimExpr*>* extra = nullptr) const;

  // ---- the prover ----
  ProofContext& proofs() { return proofs_; }

 private:
  DiagnosticEngine& diags_;
  ProofContext proofs_;
  CheckResult& out_;
  const IRModule* module_ = nullptr;
  Span site_;
  PointerSet<PrimExpr> shape_vars_;
  std::vector<const PrimExpr*> shape_log_;
  PointerSet<Var> vars_;
  std::vector<const Var*> var_log_;
  std::vector<std::pair<size_t, size_t>> marks_;
  bool vars_from_nodes_ = false;
};

}  // namespace rlx::checker
