// The shape prover (spec §2.4): proofs, counterexamples, unknowns, and how each is decided.
#include <gtest/gtest.h>

#include "checker/prover/prover.h"
#include "ir/analysis/prim_eval.h"

namespace rlx::prover {
namespace {

using P = Ref<PrimExpr>;

P V(const char* name) { return PrimExpr::Var(name); }
P C(int64_t v) { return PrimExpr::Int(v); }
P Bin(PrimKind k, P a, P b) { return PrimExpr::Binary(k, std::move(a), std::move(b)); }
P Add(P a, P b) { return Bin(PrimKind::kAdd, a, b); }
P Mul(P a, P b) { return Bin(PrimKind::kMul, a, b); }
P FDiv(P a, P b) { return Bin(PrimKind::kFloorDiv, a, b); }
P FMod(P a, P b) { return Bin(PrimKind::kFloorMod, a, b); }
P TDiv(P a, P b) { return Bin(PrimKind::kTruncDiv, a, b); }
P TMod(P a, P b) { return Bin(PrimKind::kTruncMod, a, b); }
P Eq(P a, P b) { return Bin(PrimKind::kEQ, a, b); }
P Le(P a, P b) { return Bin(PrimKind::kLE, a, b); }
P Lt(P a, P b) { return Bin(PrimKind::kLT, a, b); }
P Ge(P a, P b) { return Bin(PrimKind::kGE, a, b); }
P NonNeg(P v) { return Ge(v, C(0)); }

// Checks a counterexample with our own evaluator, as the prover promises.
void ExpectFalsifies(const ProofResult& r, const std::vector<P>& assumptions, const P& claim) {
  ASSERT_EQ(r.answer, Answer::kDisproven);
  PrimAssignment v;
  for (const auto& [var, val] : r.counterexample) v[var.get()] = val;
  for (const auto& a : assumptions) EXPECT_EQ(EvalPrim(*a, v), 1);
  EXPECT_EQ(EvalPrim(*claim, v), 0);
}

TEST(Prover, AlgebraProvesWhatTVMCannot) {
  Prover p;
  P n = V("n"), m = V("m"), w = V("w"), h = V("h");
  // (n+1)^2 == n^2 + 2n + 1: products of sums are expanded.
  auto r = p.Prove({NonNeg(n)}, Eq(Mul(Add(n, C(1)), Add(n, C(1))), Add(Add(Mul(n, n), Mul(C(2), n)), C(1))));
  EXPECT_EQ(r.answer, Answer::kProven);
  EXPECT_EQ(r.method, Method::kAlgebra);
  // (n*m) // m == n and ((w+h)*65) // (w+h) == 65: divisors are non-zero where defined.
  EXPECT_EQ(p.Prove({}, Eq(FDiv(Mul(n, m), m), n)).answer, Answer::kProven);
  EXPECT_EQ(p.Prove({}, Eq(FDiv(Mul(Add(w, h), C(65)), Add(w, h)), C(65))).answer, Answer::kProven);
  // floordiv(4n + 3, 4) == n.
  EXPECT_EQ(p.Prove({}, Eq(FDiv(Add(Mul(C(4), n), C(3)), C(4)), n)).answer, Answer::kProven);
  // n <= n + m when m >= 0.
  r = p.Prove({NonNeg(m)}, Le(n, Add(n, m)));
  EXPECT_EQ(r.answer, Answer::kProven);
  EXPECT_EQ(r.method, Method::kAlgebra);
}

TEST(Prover, Z3ProvesDivisionIdentities) {
  Prover p;
  P n = V("n"), a = V("a"), b = V("b"), c = V("c");
  EXPECT_EQ(p.Prove({}, Eq(Add(Mul(FDiv(n, C(4)), C(4)), FMod(n, C(4))), n)).answer, Answer::kProven);
  EXPECT_EQ(p.Prove({}, Eq(Add(Mul(TDiv(n, C(3)), C(3)), TMod(n, C(3))), n)).answer, Answer::kProven);
  // floordiv(floordiv(a, b), c) == floordiv(a, b * c) for positive divisors.
  auto r = p.Prove({Ge(b, C(1)), Ge(c, C(1)), Le(b, C(64)), Le(c, C(64)), NonNeg(a), Le(a, C(4096))},
                   Eq(FDiv(FDiv(a, b), c), FDiv(a, Mul(b, c))));
  EXPECT_NE(r.answer, Answer::kDisproven);
}

TEST(Prover, CounterexamplesAreChecked) {
  Prover p;
  P a = V("a"), b = V("b"), n = V("n");
  P claim = Eq(Mul(FDiv(a, b), b), a);  // false: a = 1, b = 2
  auto r = p.Prove({}, claim);
  ExpectFalsifies(r, {}, claim);
  P claim2 = Eq(n, Add(n, C(1)));
  ExpectFalsifies(p.Prove({NonNeg(n)}, claim2), {NonNeg(n)}, claim2);
  // Floor and trunc division differ for negative operands.
  P claim3 = Eq(FDiv(n, C(2)), TDiv(n, C(2)));
  auto r3 = p.Prove({}, claim3);
  ExpectFalsifies(r3, {}, claim3);
  EXPECT_LT(r3.counterexample[0].second, 0);
}

TEST(Prover, CaseSplitsKeepDistinctVariablesApart) {
  // max(k, m) and max(n, k) are two splits: k, m, n are different variables even though the
  // two terms are equal up to renaming (found by the fuzz harness's prover oracle).
  Prover p;
  P n = V("n"), m = V("m"), k = V("k");
  auto Max = [](P a, P b) { return Bin(PrimKind::kMax, a, b); };
  auto Min = [](P a, P b) { return Bin(PrimKind::kMin, a, b); };
  std::vector<P> as = {Ge(n, C(1)), Ge(m, C(1)), NonNeg(k)};
  P claim = Le(Bin(PrimKind::kSub, Max(k, m), Max(n, k)), C(5));
  ExpectFalsifies(p.Prove(as, claim), as, claim);
  P claim2 = Ge(Min(C(6), Min(n, n)), Bin(PrimKind::kSub, n, Max(m, m)));
  ExpectFalsifies(p.Prove({Ge(n, C(1)), Ge(m, C(1))}, claim2), {Ge(n, C(1)), Ge(m, C(1))}, claim2);
  // The same split twice is still one: max(k, m) - max(m, k) == 0.
  EXPECT_EQ(p.Prove({}, Eq(Bin(PrimKind::kSub, Max(k, m), Max(m, k)), C(0))).answer, Answer::kProven);
}

TEST(Prover, AssumptionsAndBoundsAreUsed) {
  Prover p;
  P n = V("n");
  // Only a bounded search finds the counterexample n = 4096 ...
  P claim = Lt(n, C(4096));
  ExpectFalsifies(p.Prove({NonNeg(n), Le(n, C(4096))}, claim), {NonNeg(n), Le(n, C(4096))}, claim);
  // ... and with an upper bound of 4095 the claim holds.
  EXPECT_EQ(p.Prove({NonNeg(n), Le(n, C(4095))}, claim).answer, Answer::kProven);
  // Unsatisfiable assumptions prove anything.
  EXPECT_EQ(p.Prove({Ge(n, C(5)), Le(n, C(2))}, Eq(n, C(7))).answer, Answer::kProven);
}

TEST(Prover, ConstantsAndUndefinedClaims) {
  Prover p;
  auto r = p.Prove({}, Eq(Add(C(2), C(3)), C(5)));
  EXPECT_EQ(r.answer, Answer::kProven);
  EXPECT_EQ(r.method, Method::kConstant);
  EXPECT_EQ(p.Prove({}, Eq(C(2), C(3))).answer, Answer::kDisproven);
  EXPECT_EQ(p.Prove({}, Eq(FDiv(V("n"), C(0)), C(1))).answer, Answer::kUnknown);
  EXPECT_EQ(p.Prove({}, Eq(FDiv(C(1), C(0)), C(1))).answer, Answer::kUnknown);
}

TEST(Prover, CacheIsKeyedByStructure) {
  Prover p;
  P n = V("n"), k = V("k");
  auto r1 = p.Prove({NonNeg(n)}, Eq(n, Add(n, C(1))));
  auto r2 = p.Prove({NonNeg(k)}, Eq(k, Add(k, C(1))));
  EXPECT_EQ(p.stats().cache_hits, 1);
  ASSERT_EQ(r2.answer, Answer::kDisproven);
  EXPECT_EQ(r2.counterexample[0].first, k) << "the cached counterexample is renamed";
  EXPECT_EQ(r1.counterexample[0].second, r2.counterexample[0].second);
}

TEST(Prover, AlgebraSplitsCasesOfMinMaxAndSelect) {
  Prover p;
  P n = V("n"), m = V("m");
  P mn = Bin(PrimKind::kMin, n, m), mx = Bin(PrimKind::kMax, m, n);
  // min(n, m) * max(m, n) == n * m: both orders of n and m, with min and max tied together.
  auto r = p.Prove({}, Eq(Mul(mn, mx), Mul(n, m)));
  EXPECT_EQ(r.answer, Answer::kProven);
  EXPECT_EQ(r.method, Method::kAlgebra);
  // min(n, m) + max(n, m) == n + m, and select(c, n, n) == n.
  EXPECT_EQ(p.Prove({}, Eq(Add(mn, mx), Add(n, m))).answer, Answer::kProven);
  EXPECT_EQ(p.Prove({}, Eq(PrimExpr::Select(Lt(n, m), n, n), n)).answer, Answer::kProven);
  // A false one is not proven by the split.
  auto f = p.Prove({}, Eq(Mul(mn, mx), Mul(n, n)));
  ExpectFalsifies(f, {}, Eq(Mul(mn, mx), Mul(n, n)));
}

TEST(Prover, DefinednessExcludesOverflow) {
  Prover p;
  P x = PrimExpr::Var("x", DataType::kInt32);
  P one = PrimExpr::Int(1, DataType::kInt32);
  // x + 1 > x for int32 x: the valuation x = INT32_MAX overflows and is excluded.
  EXPECT_EQ(p.Prove({}, Bin(PrimKind::kGT, Bin(PrimKind::kAdd, x, one), x)).answer, Answer::kProven);
  std::string s = p.ToSmt2({}, Bin(PrimKind::kGT, Bin(PrimKind::kAdd, x, one), x));
  EXPECT_NE(s.find("2147483647"), std::string::npos) << "the int32 range of x + 1 is asserted: " << s;
}

TEST(Prover, Smt2ExportIsSelfContained) {
  Prover p;
  P n = V("n");
  std::string s = p.ToSmt2({NonNeg(n)}, Eq(FDiv(Mul(n, C(2)), C(2)), n));
  EXPECT_NE(s.find("(define-fun floordiv"), std::string::npos);
  EXPECT_NE(s.find("(declare-const n Int)"), std::string::npos);
  EXPECT_NE(s.find("(assert (>= n 0)) ; assumption"), std::string::npos);
  EXPECT_NE(s.find("(assert (not (= (floordiv (* n 2) 2) n)))"), std::string::npos) << s;
  EXPECT_NE(s.find("(check-sat)"), std::string::npos);
}

}  // namespace
}  // namespace rlx::prover
