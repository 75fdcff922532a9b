// sinfo.prove.deterministic: the same claim gets the same answer alone or among others, in any
// order, on an idle machine or a loaded one. The claims are the corpus's hardest (the ones that
// reach Z3 and its non-linear search), proven one by one with a fresh prover each, then all in
// reverse order with one prover while other threads load every core.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <sstream>
#include <thread>

#include "checker/claims/claim_file.h"

namespace rlx::checker {
namespace {

std::vector<Claim> LoadClaims(SourceManager& sources, DiagnosticEngine& diags,
                              const std::string& file) {
  std::ifstream in(std::string(RLX_SOURCE_DIR) + "/bench/claims/" + file);
  std::stringstream ss;
  ss << in.rdbuf();
  return ParseClaimFile(sources.Add(file, ss.str()), diags);
}

std::string Answer(const prover::ProofResult& r) {
  std::string s = prover::AnswerName(r.answer);
  for (const auto& [var, value] : r.counterexample)
    s += " " + var->name + "=" + std::to_string(value);
  return s;
}

TEST(ProverDeterminism, SameAnswerAloneInAnyOrderUnderLoad) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  std::vector<Claim> claims = LoadClaims(sources, diags, "hard.claims");
  for (auto& c : LoadClaims(sources, diags, "nonlinear.claims")) claims.push_back(std::move(c));
  ASSERT_FALSE(diags.has_errors()) << diags.RenderAll();
  ASSERT_GE(claims.size(), 40u);
  prover::ProverOptions options = ClaimProverOptions();
  options.z3_rlimit = 400'000;  // the answer must not depend on the machine at any limit

  std::vector<std::string> alone;
  for (const Claim& c : claims) {
    prover::Prover p(options);
    alone.push_back(Answer(p.Prove(c.assumptions, c.claim)));
  }

  std::atomic<bool> stop{false};
  std::vector<std::thread> load;
  for (unsigned i = 0; i < std::max(2u, std::thread::hardware_concurrency()); ++i) {
    load.emplace_back([&stop] {
      volatile uint64_t x = 1;
      while (!stop.load(std::memory_order_relaxed)) x = x * 6364136223846793005ull + 1;
    });
  }
  prover::Prover shared(options);
  std::vector<std::string> together(claims.size());
  for (size_t k = claims.size(); k-- > 0;)
    together[k] = Answer(shared.Prove(claims[k].assumptions, claims[k].claim));
  stop = true;
  for (auto& t : load) t.join();

  for (size_t i = 0; i < claims.size(); ++i) {
    EXPECT_EQ(alone[i], together[i]) << claims[i].name;
  }
}

}  // namespace
}  // namespace rlx::checker
