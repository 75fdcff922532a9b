#include "checker/sinfo/proof_context.h"

#include "ir/text/printer.h"

namespace rlx::checker {

void ProofContext::Assume(Ref<PrimExpr> fact) {
  if (!fact) return;
  if (fact->kind == PrimKind::kAnd) {
    Assume(fact->operands[0]);
    Assume(fact->operands[1]);
    return;
  }
  if (fact->is_int() && fact->int_value != 0) return;  // true: nothing to add
  facts_.push_back(std::move(fact));
}

void ProofContext::AssumeIfConsistent(Ref<PrimExpr> fact) {  // sinfo.prove.assumptions
  if (fact && !Proves(PrimExpr::Not(fact))) Assume(std::move(fact));
}

prover::ProofResult ProofContext::Prove(const Ref<PrimExpr>& claim) {
  return prover_.Prove(facts_, claim);
}

CmpResult ProofContext::Compare(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  CmpResult r;
  if (a == b) {
    r.cmp = Cmp::kEqual;
    return r;
  }
  if (a->is_int() && b->is_int()) {
    r.cmp = a->int_value == b->int_value ? Cmp::kEqual : Cmp::kDifferent;
    return r;
  }
  prover::ProofResult eq = Prove(PrimExpr::Binary(PrimKind::kEQ, a, b));
  if (eq.answer == prover::Answer::kProven) {
    r.cmp = Cmp::kEqual;
    r.evidence = eq;
    return r;
  }
  prover::ProofResult ne = Prove(PrimExpr::Binary(PrimKind::kNE, a, b));
  if (ne.answer == prover::Answer::kProven) {
    r.cmp = Cmp::kDifferent;
    r.evidence = eq;  // the counterexample of the equality, if any
    return r;
  }
  r.cmp = Cmp::kUnknown;
  r.evidence = eq;
  return r;
}

std::string DescribeCounterexample(const prover::ProofResult& r) {
  std::string s;
  for (const auto& [var, value] : r.counterexample) {
    if (!s.empty()) s += ", ";
    s += var->name + " = " + std::to_string(value);
  }
  return s;
}

}  // namespace rlx::checker
