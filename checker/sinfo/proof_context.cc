#include "checker/sinfo/proof_context.h"

#include "ir/text/printer.h"

namespace rlx::checker {

namespace {

// The same expression over the same variables (variables by identity, unlike StructuralEqual,
// which matches free variables up to renaming).
bool SameFact(const PrimExpr& a, const PrimExpr& b) {
  if (&a == &b) return true;
  if (a.kind != b.kind || a.dtype != b.dtype || a.is_var()) return false;
  if (a.int_value != b.int_value || !(a.float_value == b.float_value || (a.float_value != a.float_value && b.float_value != b.float_value))) return false;
  for (int i = 0; i < a.arity(); ++i) {
    if (!SameFact(*a.operands[i], *b.operands[i])) return false;
  }
  return true;
}

}  // namespace

void ProofContext::Assume(Ref<PrimExpr> fact) {
  if (!fact) return;
  if (fact->kind == PrimKind::kAnd) {
    Assume(fact->operands[0]);
    Assume(fact->operands[1]);
    return;
  }
  if (fact->is_int() && fact->int_value != 0) return;  // true: nothing to add
  // A fact already in force adds nothing; keeping the list free of repeats keeps every later
  // proof (whose cost grows with the facts) from growing with the program (a match_cast per
  // layer to the same shape restates the same facts).
  for (const auto& f : facts_) {
    if (SameFact(*f, *fact)) return;
  }
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
