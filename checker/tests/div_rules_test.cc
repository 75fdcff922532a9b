// The rewrite rules of the prover's fast path (checker/prover/div_rules.claims, one claim per
// rule ID cited in checker/prover/polynomial.cc) are theorems: Z3 proves each one over the
// unbounded integers, as Halide verifies its simplifier's rules with Z3. And the fast path alone
// decides each one, so every rule the file states is really applied without a solver
// (sinfo.prove.fast-path).
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>

#include "checker/claims/claim_file.h"
#include "checker/prover/z3_backend.h"
#include "ir/analysis/prim_eval.h"

namespace rlx::checker {
namespace {

struct Rules {
  SourceManager sources;
  std::unique_ptr<DiagnosticEngine> diags = std::make_unique<DiagnosticEngine>(sources);
  std::vector<Claim> claims;
};

const Rules& LoadRules() {
  static Rules* rules = [] {
    auto* r = new Rules;
    std::ifstream in(std::string(RLX_SOURCE_DIR) + "/checker/prover/div_rules.claims");
    std::stringstream ss;
    ss << in.rdbuf();
    uint32_t id = r->sources.Add("div_rules.claims", ss.str());
    r->claims = ParseClaimFile(id, *r->diags);
    return r;
  }();
  return *rules;
}

TEST(DivRules, Parse) {
  const Rules& r = LoadRules();
  EXPECT_FALSE(r.diags->has_errors()) << r.diags->RenderAll();
  EXPECT_GE(r.claims.size(), 20u);
}

// Holds at every point of a box around 0 that meets the assumptions and defines the claim.
bool HoldsOnBox(const Claim& c) {
  size_t k = c.vars.size();
  int64_t half = k <= 1 ? 200 : k == 2 ? 40 : k == 3 ? 12 : 5;
  PrimAssignment v;
  std::function<bool(size_t)> walk = [&](size_t i) -> bool {
    if (i == c.vars.size()) {
      for (const auto& a : c.assumptions) {
        auto r = EvalPrim(*a, v);
        if (!r || *r == 0) return true;
      }
      auto r = EvalPrim(*c.claim, v);
      return !r || *r != 0;
    }
    for (int64_t x = -half; x <= half; ++x) {
      v[c.vars[i].get()] = x;
      if (!walk(i + 1)) return false;
    }
    return true;
  };
  return walk(0);
}

TEST(DivRules, EveryRuleIsATheoremZ3Proves) {
  for (const Claim& c : LoadRules().claims) {
    if (c.name == "mod_residues") {
      // A family of claims (each decided by enumerating residues), which Z3 cannot prove.
      EXPECT_TRUE(HoldsOnBox(c)) << c.name;
      continue;
    }
    // Over the unbounded integers, by Z3's default solver (the offline proof: its time does not
    // matter, its unsat does). No timer: Z3 4.8's timer thread was seen to deadlock, and every
    // rule here is proven within seconds.
    prover::ProofResult r = prover::PlainZ3Baseline(c.assumptions, c.claim, 0);
    EXPECT_EQ(r.answer, prover::Answer::kProven)
        << c.name << ": " << prover::AnswerName(r.answer) << " " << r.reason;
    // And every rule holds where Z3's integers meet int64 evaluation.
    EXPECT_TRUE(HoldsOnBox(c)) << c.name;
  }
}

TEST(DivRules, TheFastPathAppliesEveryRule) {
  prover::ProverOptions fast;
  fast.use_z3 = false;
  for (const Claim& c : LoadRules().claims) {
    // A general range rule justifies the interval arithmetic; its `_instance` claim is the
    // form the fast path decides.
    bool general_range =
        c.name.rfind("range_", 0) == 0 && c.name.find("_instance") == std::string::npos;
    if (general_range) continue;
    prover::Prover p(fast);
    prover::ProofResult r = p.Prove(c.assumptions, c.claim);
    EXPECT_EQ(r.answer, prover::Answer::kProven)
        << c.name << ": " << prover::AnswerName(r.answer) << " " << r.reason;
  }
}

}  // namespace
}  // namespace rlx::checker
