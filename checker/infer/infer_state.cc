#include "checker/infer/infer_state.h"

namespace rlx::checker {

Diagnostic& InferState::Error(ErrorCode code, Span span, std::string message, std::string rule) {
  auto& d = diags_.Error(code, Where(span), std::move(message));
  d.rule = rule.empty() ? std::string(ErrorCodeRule(code)) : std::move(rule);
  return d;
}

Diagnostic& InferState::Warning(ErrorCode code, Span span, std::string message, std::string rule) {
  auto& d = diags_.Warning(code, Where(span), std::move(message));
  d.rule = rule.empty() ? std::string(ErrorCodeRule(code)) : std::move(rule);
  return d;
}

void InferState::NoteCounterexample(Diagnostic& d, const prover::ProofResult& evidence,
                                    const Span& span) {
  if (evidence.answer != prover::Answer::kDisproven || evidence.counterexample.empty()) return;
  d.notes.push_back({Where(span), "for example with " + DescribeCounterexample(evidence)});
}

Ref<StructInfo> InferState::VarSInfo(const Var& v) const {
  if (vars_from_nodes_) return v.struct_info();
  auto it = out_.var_sinfo.find(&v);
  return it == out_.var_sinfo.end() ? nullptr : it->second;
}

void InferState::PushScope() {
  marks_.push_back({shape_log_.size(), var_log_.size()});
  proofs_.Push();
}

void InferState::PopScope() {
  auto [s, v] = marks_.back();
  marks_.pop_back();
  while (shape_log_.size() > s) {
    shape_vars_.erase(shape_log_.back());
    shape_log_.pop_back();
  }
  while (var_log_.size() > v) {
    vars_.erase(var_log_.back());
    var_log_.pop_back();
  }
  proofs_.Pop();
}

void InferState::DefineShapeVar(const PrimExpr* v) {
  if (shape_vars_.insert(v)) shape_log_.push_back(v);
}

void InferState::DefineVar(const Var* v) {
  if (vars_.insert(v)) var_log_.push_back(v);
}

Ref<StructInfo> InferState::EraseToScope(const Ref<StructInfo>& s, const ShapeVarMap& map,
                                         const std::unordered_set<const PrimExpr*>* extra) const {
  return Erase(
      s,
      [this, extra](const PrimExpr* v) { return ShapeVarInScope(v) || (extra && extra->count(v)); },
      [this](const Var* v) { return VarInScope(v); }, map);
}

}  // namespace rlx::checker
