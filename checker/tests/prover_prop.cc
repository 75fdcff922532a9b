// Properties of the shape prover (spec §2.4, sinfo.prove.answers): a claim it proves holds on
// 1,000 random valuations; every counterexample satisfies the assumptions and falsifies the
// claim; the fast path (algebra and evaluation) and Z3 never contradict each other.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <random>

#include "checker/prover/prover.h"
#include "testing/rc_support.h"
#include "ir/analysis/prim_eval.h"
#include "ir/text/printer.h"

namespace rlx::prover {
namespace {

using P = Ref<PrimExpr>;

P Bin(PrimKind k, P a, P b) { return PrimExpr::Binary(k, std::move(a), std::move(b)); }
P C(int64_t v) { return PrimExpr::Int(v); }

// A random claim over up to three int64 variables, with assumptions.
struct RandomClaim {
  std::vector<P> vars;
  std::vector<P> assumptions;
  P claim;

  std::string Describe() const {
    std::string s;
    for (const auto& a : assumptions) s += text::PrintPrimExpr(a) + " => ";
    return s + text::PrintPrimExpr(claim);
  }
};

class ClaimGen {
 public:
  explicit ClaimGen(std::vector<P> vars) : vars_(std::move(vars)) {}

  P Leaf() {
    if (*rc::gen::inRange(0, 3) > 0) return vars_[*rc::gen::inRange<size_t>(0, vars_.size())];
    return C(*rc::gen::inRange<int64_t>(-6, 7));
  }

  P Divisor() {
    if (*rc::gen::inRange(0, 2) == 0) return vars_[*rc::gen::inRange<size_t>(0, vars_.size())];
    int64_t c = *rc::gen::inRange<int64_t>(1, 9);
    return C(*rc::gen::inRange(0, 4) == 0 ? -c : c);
  }

  P Expr(int depth) {
    if (depth == 0 || *rc::gen::inRange(0, 4) == 0) return Leaf();
    switch (*rc::gen::inRange(0, 11)) {
      case 0: return Bin(PrimKind::kAdd, Expr(depth - 1), Expr(depth - 1));
      case 1: return Bin(PrimKind::kSub, Expr(depth - 1), Expr(depth - 1));
      case 2: return Bin(PrimKind::kMul, Expr(depth - 1), Expr(depth - 1));
      case 3: return Bin(PrimKind::kFloorDiv, Expr(depth - 1), Divisor());
      case 4: return Bin(PrimKind::kFloorMod, Expr(depth - 1), Divisor());
      case 5: return Bin(PrimKind::kTruncDiv, Expr(depth - 1), Divisor());
      case 6: return Bin(PrimKind::kTruncMod, Expr(depth - 1), Divisor());
      case 7: return Bin(PrimKind::kMin, Expr(depth - 1), Expr(depth - 1));
      case 8: return Bin(PrimKind::kMax, Expr(depth - 1), Expr(depth - 1));
      case 9: return PrimExpr::Select(Compare(depth - 1), Expr(depth - 1), Expr(depth - 1));
      default: return Bin(PrimKind::kMul, C(*rc::gen::inRange<int64_t>(-4, 5)), Expr(depth - 1));
    }
  }

  P Compare(int depth) {
    static const PrimKind kinds[] = {PrimKind::kEQ, PrimKind::kNE, PrimKind::kLT,
                                     PrimKind::kLE, PrimKind::kGT, PrimKind::kGE};
    return Bin(kinds[*rc::gen::inRange(0, 6)], Expr(depth), Expr(depth));
  }

  // An identity true by construction (so that the prover has something to prove), or, with
  // a small perturbation, one that is usually false.
  P Identity() {
    P a = Expr(2), b = Expr(2);
    P k = C(*rc::gen::inRange<int64_t>(1, 7));
    P lhs, rhs;
    switch (*rc::gen::inRange(0, 7)) {
      case 0: lhs = Bin(PrimKind::kSub, Bin(PrimKind::kAdd, a, b), b), rhs = a; break;
      case 1: lhs = Bin(PrimKind::kMul, Bin(PrimKind::kAdd, a, b), k);
              rhs = Bin(PrimKind::kAdd, Bin(PrimKind::kMul, a, k), Bin(PrimKind::kMul, b, k)); break;
      case 2: lhs = Bin(PrimKind::kFloorDiv, Bin(PrimKind::kMul, a, k), k), rhs = a; break;
      case 3: lhs = Bin(PrimKind::kAdd, Bin(PrimKind::kMin, a, b), Bin(PrimKind::kMax, a, b));
              rhs = Bin(PrimKind::kAdd, a, b); break;
      case 4: lhs = Bin(PrimKind::kAdd, Bin(PrimKind::kMul, Bin(PrimKind::kFloorDiv, a, k), k),
                        Bin(PrimKind::kFloorMod, a, k));
              rhs = a; break;
      case 5: lhs = Bin(PrimKind::kMul, Bin(PrimKind::kAdd, a, C(1)), Bin(PrimKind::kAdd, a, C(1)));
              rhs = Bin(PrimKind::kAdd, Bin(PrimKind::kAdd, Bin(PrimKind::kMul, a, a), Bin(PrimKind::kMul, C(2), a)), C(1));
              break;
      default: lhs = Bin(PrimKind::kFloorDiv, Bin(PrimKind::kFloorDiv, a, k), C(2));
               rhs = Bin(PrimKind::kFloorDiv, a, Bin(PrimKind::kMul, k, C(2))); break;
    }
    if (*rc::gen::inRange(0, 4) == 0) rhs = Bin(PrimKind::kAdd, rhs, C(*rc::gen::inRange<int64_t>(-2, 3)));
    return Bin(PrimKind::kEQ, lhs, rhs);
  }

 private:
  std::vector<P> vars_;
};

RandomClaim GenClaim() {
  RandomClaim c;
  int n = *rc::gen::inRange(1, 4);
  const char* names[] = {"a", "b", "c"};
  for (int i = 0; i < n; ++i) c.vars.push_back(PrimExpr::Var(names[i]));
  ClaimGen g(c.vars);
  for (const auto& v : c.vars) {
    int kind = *rc::gen::inRange(0, 4);
    if (kind >= 1) c.assumptions.push_back(Bin(PrimKind::kGE, v, C(kind == 3 ? 1 : 0)));
    if (kind == 2) c.assumptions.push_back(Bin(PrimKind::kLE, v, C(*rc::gen::inRange<int64_t>(0, 40))));
  }
  c.claim = *rc::gen::inRange(0, 2) == 0 ? g.Identity() : g.Compare(2);
  return c;
}

// The value of a boolean expression, or nullopt when it is undefined (division by zero,
// overflow) under `v`.
std::optional<bool> Truth(const P& e, const PrimAssignment& v) {
  auto r = EvalPrim(*e, v);
  if (!r) return std::nullopt;
  return *r != 0;
}

// Checks `claim` on `n` random valuations that satisfy the assumptions and define the claim.
void CheckHoldsOnRandomValuations(const RandomClaim& c, int n) {
  std::mt19937_64 rng(*rc::gen::arbitrary<uint64_t>());
  int checked = 0;
  for (int attempt = 0; attempt < 50 * n && checked < n; ++attempt) {
    PrimAssignment v;
    int64_t range = attempt % 3 == 0 ? 1000 : 40;
    for (const auto& var : c.vars) v[var.get()] = static_cast<int64_t>(rng() % (2 * range + 1)) - range;
    bool ok = true;
    for (const auto& a : c.assumptions) {
      auto t = Truth(a, v);
      ok = ok && t && *t;
    }
    if (!ok) continue;
    auto t = Truth(c.claim, v);
    if (!t) continue;
    ++checked;
    if (!*t) {
      std::string at;
      for (const auto& var : c.vars) at += var->name + "=" + std::to_string(v[var.get()]) + " ";
      RC_FAIL("proven claim is false at " + at + ": " + c.Describe());
    }
  }
}

ProverOptions Quick() {
  ProverOptions o;
  o.z3_rlimit = 300'000;  // keeps the suite fast; unknown is always allowed
  return o;
}

TEST(ProverProperties, ProvenClaimsHoldOnAThousandValuations) {
  int proven = 0;
  rlx::testing::CheckWithAtLeast(1000, [&proven] {
    RandomClaim c = GenClaim();
    Prover p(Quick());
    ProofResult r = p.Prove(c.assumptions, c.claim);
    if (r.answer != Answer::kProven) return;
    ++proven;
    CheckHoldsOnRandomValuations(c, 1000);
  });
  EXPECT_GT(proven, 200) << "the generator should produce many provable claims";
}

TEST(ProverProperties, CounterexamplesFalsifyTheirClaims) {
  int disproven = 0;
  rlx::testing::CheckWithAtLeast(1000, [&disproven] {
    RandomClaim c = GenClaim();
    Prover p(Quick());
    ProofResult r = p.Prove(c.assumptions, c.claim);
    if (r.answer != Answer::kDisproven) return;
    ++disproven;
    PrimAssignment v;
    std::string at;
    for (const auto& [var, value] : r.counterexample) {
      v[var.get()] = value;
      at += var->name + "=" + std::to_string(value) + " ";
    }
    std::string where = " (" + at + "via " + MethodName(r.method) + "): " + c.Describe();
    std::vector<P> all = c.assumptions;
    all.push_back(c.claim);
    for (const auto& var : FreeVars(all)) {
      if (!v.count(var.get())) RC_FAIL("the counterexample misses " + var->name + where);
    }
    for (const auto& a : c.assumptions) {
      if (Truth(a, v) != std::optional<bool>(true)) RC_FAIL("the counterexample breaks an assumption" + where);
    }
    if (Truth(c.claim, v) != std::optional<bool>(false)) RC_FAIL("the counterexample does not falsify" + where);
  });
  EXPECT_GT(disproven, 200);
}

TEST(ProverProperties, FastPathAndZ3NeverDisagree) {
  int both = 0;
  rlx::testing::CheckWithAtLeast(500, [&both] {
    RandomClaim c = GenClaim();
    ProverOptions fast_opts = Quick();
    fast_opts.use_z3 = false;
    ProverOptions z3_opts = Quick();
    z3_opts.use_algebra = false;
    z3_opts.evaluations = 0;
    Prover fast(fast_opts), z3(z3_opts);
    ProofResult a = fast.Prove(c.assumptions, c.claim);
    ProofResult b = z3.Prove(c.assumptions, c.claim);
    if (a.answer == Answer::kUnknown || b.answer == Answer::kUnknown) return;
    ++both;
    RC_ASSERT(a.answer == b.answer);
  });
  EXPECT_GT(both, 100);
}

}  // namespace
}  // namespace rlx::prover
