#include "checker/claims/op_claims.h"

#include "checker/sinfo/algebra.h"
#include "ir/analysis/mutator.h"
#include "ir/op_table.h"
#include "ir/text/printer.h"

namespace rlx::checker {
namespace {

// Replaces shape variables by constants everywhere in an expression.
class Specializer : public ExprMutator {
 public:
  explicit Specializer(const std::vector<std::pair<Ref<PrimExpr>, int64_t>>& values) {
    for (const auto& [v, x] : values) map_[v.get()] = PrimExpr::Int(x, v->dtype);
  }
  // Substitute folds what becomes constant (3 * 5 is printed 15).
  Ref<PrimExpr> VisitPrimExpr(const Ref<PrimExpr>& e) override { return Substitute(e, map_); }
  ShapeVarMap map_;
};

std::string Describe(const std::vector<std::pair<Ref<PrimExpr>, int64_t>>& cex) {
  std::string s;
  for (const auto& [v, x] : cex) s += (s.empty() ? "" : ", ") + v->name + " = " + std::to_string(x);
  return s;
}

}  // namespace

Ref<IRModule> SpecializeFunction(const IRModule& m, const std::string& global,
                                 const std::vector<std::pair<Ref<PrimExpr>, int64_t>>& values) {
  const GlobalDef* def = m.Find(global);
  if (!def) return nullptr;
  Specializer s(values);
  Ref<Expr> f = s.VisitExpr(def->value);
  return m.WithGlobals({{global, f, def->span}});
}

std::vector<OpClaimResult> ProveOpClaims(const IRModule& m, const CheckResult& r, const DiagnosticEngine& diags,
                                         prover::Prover& prover) {
  std::vector<OpClaimResult> out;
  VarLookup lookup = [&r](const Var& v) -> Ref<StructInfo> {
    auto it = r.var_sinfo.find(&v);
    return it == r.var_sinfo.end() ? nullptr : it->second;
  };
  for (const auto& rec : r.bindings) {
    const Binding& b = *rec.binding;
    auto call = As<Call>(b.value);
    if (!call || !As<Op>(call->op)) continue;
    std::string head = "'" + b.var->name + " = R." + As<Op>(call->op)->info->name + "(...)'";

    // The call is well formed for every value of the shape variables.
    OpClaimResult wf;
    wf.kind = OpClaimResult::Kind::kWellFormed;
    wf.binding = &b;
    wf.global = rec.global;
    wf.claim = head + " is well formed";
    std::vector<Ref<PrimExpr>> conditions;
    for (size_t i = rec.diag_begin; i < rec.diag_end; ++i) {
      const Diagnostic& d = diags.diagnostics()[i];
      if (d.severity != Severity::kError) continue;
      wf.answer = prover::Answer::kDisproven;
      wf.detail = d.message + " [" + d.rule + "]";
      break;
    }
    if (wf.answer != prover::Answer::kDisproven) {
      wf.answer = prover::Answer::kProven;
      for (size_t i = rec.check_begin; i < rec.check_end; ++i) {
        const RuntimeCheck& c = r.runtime_checks[i];
        if (c.kind != RuntimeCheck::Kind::kOpConstraint) continue;
        if (c.condition) conditions.push_back(c.condition);
        if (!c.counterexample.empty() && wf.answer != prover::Answer::kDisproven) {
          wf.answer = prover::Answer::kDisproven;
          wf.counterexample = c.counterexample;
          wf.detail = "constraint " + c.rule + " fails: " + c.message;
        } else if (wf.answer == prover::Answer::kProven) {
          wf.answer = prover::Answer::kUnknown;
          wf.detail = "constraint " + c.rule + " is not decided: " + c.message;
        }
      }
    }
    if (wf.answer == prover::Answer::kDisproven && !wf.counterexample.empty()) {
      wf.concrete = SpecializeFunction(m, rec.global, wf.counterexample);
    }
    out.push_back(wf);

    // The result has the annotated struct info (assuming the call's constraints hold).
    if (!b.var->annotation || !rec.derived) continue;
    OpClaimResult sh;
    sh.kind = OpClaimResult::Kind::kShape;
    sh.binding = &b;
    sh.global = rec.global;
    sh.claim = "'" + b.var->name + "' = R." + As<Op>(call->op)->info->name + "(...) has struct info " +
               text::PrintStructInfo(b.var->annotation);
    ProofContext proofs(prover);
    for (const auto& f : rec.facts) proofs.Assume(f);
    for (const auto& c : conditions) proofs.Assume(c);
    BaseCheckResult bc = BaseCheck(b.var->annotation, rec.derived, proofs, lookup);
    bool eq_pass = bc.level == Level::kPass;
    // The converse too: the annotation must not be less precise than what is derived.
    BaseCheckResult back = BaseCheck(rec.derived, b.var->annotation, proofs, lookup);
    if (eq_pass && back.level == Level::kPass) {
      sh.answer = prover::Answer::kProven;
    } else if (bc.level == Level::kFailL0 || bc.evidence.answer == prover::Answer::kDisproven) {
      sh.answer = prover::Answer::kDisproven;
      sh.counterexample = bc.evidence.counterexample;
      sh.detail = "the result is " + text::PrintStructInfo(rec.derived) + " (" + bc.why + ")";
    } else if (eq_pass) {
      sh.answer = prover::Answer::kDisproven;
      sh.detail = "the claim is less precise than the derived " + text::PrintStructInfo(rec.derived) + " (" +
                  back.why + ")";
    } else {
      sh.answer = prover::Answer::kUnknown;
      sh.detail = "the result is " + text::PrintStructInfo(rec.derived) + " (" + bc.why + ")";
    }
    if (sh.answer == prover::Answer::kDisproven && !sh.counterexample.empty()) {
      sh.detail += "; for example with " + Describe(sh.counterexample);
      sh.concrete = SpecializeFunction(m, rec.global, sh.counterexample);
    }
    out.push_back(sh);
  }
  return out;
}

}  // namespace rlx::checker
