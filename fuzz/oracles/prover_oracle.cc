// Oracle 4: prover soundness on random shape claims. A proven claim must hold on random
// valuations that satisfy the assumptions; a counterexample must satisfy the assumptions and
// falsify the claim; the fast paths (algebra, evaluation) and Z3 must never disagree.
#include <optional>

#include "checker/prover/prover.h"
#include "fuzz/generators/chooser.h"
#include "fuzz/oracles/basic_oracles.h"
#include "ir/analysis/prim_eval.h"
#include "ir/text/printer.h"

namespace rlx::fuzz {
namespace {

struct Claim {
  std::vector<Ref<PrimExpr>> vars;
  std::vector<Ref<PrimExpr>> assumptions;
  Ref<PrimExpr> claim;
  // Set for a pinned claim (every variable fixed by an assumption): the claim's truth,
  // computed by the evaluator, which each answer must agree with.
  std::optional<bool> truth;
};

// 1 when true, 0 when false, -1 when undefined (a division by zero) under `values`.
int Holds(const Ref<PrimExpr>& e, const PrimAssignment& values) {
  PrimEvalError err;
  auto v = EvalPrim(*e, values, &err);
  if (!v) return -1;
  return *v != 0 ? 1 : 0;
}

class ClaimGen {
 public:
  explicit ClaimGen(Chooser& c) : c_(c) {}

  Claim Make() {
    Claim out;
    static const char* kNames[] = {"n", "m", "k"};
    int nvars = static_cast<int>(c_.Range(1, 3));
    for (int i = 0; i < nvars; ++i) {
      out.vars.push_back(PrimExpr::Var(kNames[i]));
      out.assumptions.push_back(PrimExpr::Binary(PrimKind::kGE, out.vars.back(), PrimExpr::Int(c_.Range(0, 1))));
      if (c_.Chance(30)) out.assumptions.push_back(PrimExpr::Binary(PrimKind::kLE, out.vars.back(), PrimExpr::Int(c_.Range(2, 16))));
    }
    vars_ = out.vars;
    if (c_.Chance(20)) out.assumptions.push_back(Compare(1));
    out.claim = Compare(2);
    return out;
  }

  /// A claim about one point: `n == 3, m == -5 => e == v` (or `!= v`), with v the evaluator's
  /// value of e there. Its truth is known, so it checks each operator's encoding in the
  /// prover's stages (Z3's floor division and modulo of negative operands above all) rather
  /// than their reasoning. Values may be negative: nothing assumes a sign.
  Claim Pinned() {
    Claim out;
    static const char* kNames[] = {"n", "m", "k"};
    int nvars = static_cast<int>(c_.Range(1, 3));
    PrimAssignment values;
    for (int i = 0; i < nvars; ++i) {
      out.vars.push_back(PrimExpr::Var(kNames[i]));
      int64_t x = c_.Range(-9, 9);
      values[out.vars.back().get()] = x;
      out.assumptions.push_back(PrimExpr::Binary(PrimKind::kEQ, out.vars.back(), PrimExpr::Int(x)));
    }
    vars_ = out.vars;
    for (;;) {
      Ref<PrimExpr> e = Expr(static_cast<int>(c_.Range(1, 3)));
      PrimEvalError err;
      std::optional<int64_t> v = EvalPrim(*e, values, &err);
      if (!v) continue;  // a division by zero at this point: the claim would be vacuous
      // Mostly `e != v`, false: a stage whose encoding of e gives another value proves it.
      // (A stage that disproves a true claim is caught by the prover itself, which confirms
      // counterexamples by evaluation, and answers unknown.)
      bool equal = c_.Chance(50);
      int64_t rhs = c_.Chance(80) ? *v : *v + (c_.Chance(50) ? 1 : -1) * c_.Range(1, 2);
      out.claim = PrimExpr::Binary(equal ? PrimKind::kEQ : PrimKind::kNE, e, PrimExpr::Int(rhs));
      out.truth = equal == (rhs == *v);
      return out;
    }
  }

 private:
  Ref<PrimExpr> Compare(int depth) {
    static const PrimKind kCmp[] = {PrimKind::kEQ, PrimKind::kNE, PrimKind::kLT, PrimKind::kLE, PrimKind::kGT, PrimKind::kGE};
    Ref<PrimExpr> a = Expr(depth), b = c_.Chance(40) ? Expr(0) : Expr(depth);
    return PrimExpr::Binary(kCmp[c_.Range(0, 5)], a, b);
  }

  Ref<PrimExpr> Expr(int depth) {
    if (depth == 0 || c_.Chance(25)) {
      return c_.Chance(45) ? PrimExpr::Int(c_.Range(-2, 6)) : c_.Pick(vars_);
    }
    static const PrimKind kOps[] = {PrimKind::kAdd, PrimKind::kSub, PrimKind::kMul, PrimKind::kFloorDiv,
                                    PrimKind::kFloorMod, PrimKind::kMin, PrimKind::kMax, PrimKind::kTruncDiv,
                                    PrimKind::kTruncMod};
    PrimKind k = kOps[c_.Range(0, 8)];
    bool division = k == PrimKind::kFloorDiv || k == PrimKind::kFloorMod || k == PrimKind::kTruncDiv || k == PrimKind::kTruncMod;
    // A dividend that may be negative, where floor and truncating division differ.
    Ref<PrimExpr> lhs = division && c_.Chance(50) ? PrimExpr::Binary(PrimKind::kSub, Expr(depth - 1), Expr(depth - 1))
                                                 : Expr(depth - 1);
    Ref<PrimExpr> rhs = division && c_.Chance(70) ? PrimExpr::Int(c_.Chance(80) ? c_.Range(1, 4) : -c_.Range(1, 3)) : Expr(depth - 1);
    return PrimExpr::Binary(k, lhs, rhs);
  }

  Chooser& c_;
  std::vector<Ref<PrimExpr>> vars_;
};

bool AllHold(const std::vector<Ref<PrimExpr>>& as, const PrimAssignment& values) {
  for (const auto& a : as) {
    if (Holds(a, values) != 1) return false;
  }
  return true;
}

class ProverOracle : public Oracle {
 public:
  const std::string& name() const override { static const std::string n = "prover"; return n; }
  std::string description() const override {
    return "random shape claims (three per case through the fast paths, one case in three through Z3 too; and a claim about one point, whose truth the evaluator knows, through the fast paths and Z3): proven ones hold on random valuations, counterexamples falsify, the answers never contradict";
  }
  bool needs_valid_module() const override { return false; }

  Verdict Check(FuzzCase& c) override {
    RngChooser rng(c.seed() ^ 0x70726f766572ULL);
    // One prover of each kind per case, shared by its claims (a prover that reaches Z3 makes
    // one solver context, which costs milliseconds). Z3 answers within a small resource limit
    // here (a claim it cannot decide quickly is unknown, which is never wrong), so that the
    // oracle keeps the fuzzer's pace.
    prover::ProverOptions fast_o, full_o, z3_o;
    fast_o.use_z3 = false;
    full_o.z3_rlimit = 200'000;
    z3_o.use_algebra = false;
    z3_o.evaluations = 0;
    z3_o.z3_rlimit = 200'000;
    prover::Prover fast(fast_o), full(full_o), z3(z3_o);
    // Every case: three claims through the fast paths alone (algebra, case splits,
    // evaluation: microseconds); one case in three, the first also through the default
    // prover and Z3 alone.
    bool z3_case = c.seed() % 3 == 0;
    for (int i = 0; i < 3; ++i) {
      Claim claim = ClaimGen(rng).Make();
      std::vector<Stage> stages = {{"fast paths", &fast}};
      if (i == 0 && z3_case) stages.insert(stages.end(), {{"default", &full}, {"Z3 alone", &z3}});
      Verdict v = Compare(claim, rng, stages);
      if (!v.ok) return v;
    }
    // A pinned claim every case, through the fast paths and Z3 alone (with every variable
    // fixed Z3 decides at once).
    Claim pinned = ClaimGen(rng).Pinned();
    return Compare(pinned, rng, {{"fast paths", &fast}, {"Z3 alone", &z3}});
  }

 private:
  struct Stage {
    const char* name;
    prover::Prover* prover;
  };

  static Verdict Compare(const Claim& claim, Chooser& rng, const std::vector<Stage>& stages) {
    std::string text = Describe(claim);
    const std::vector<std::string> rules = {"sinfo.prove.answers"};
    std::vector<std::pair<const char*, prover::ProofResult>> answers;
    for (const Stage& s : stages) answers.push_back({s.name, s.prover->Prove(claim.assumptions, claim.claim)});
    for (const auto& [who, r] : answers) {
      if (claim.truth && r.answer != prover::Answer::kUnknown &&
          (r.answer == prover::Answer::kProven) != *claim.truth) {
        Verdict v = Verdict::Fail(std::string(who) + " says " + prover::AnswerName(r.answer) + " for " + text +
                                      ", which evaluates to " + (*claim.truth ? "true" : "false"),
                                  rules);
        v.assertion = Assertion(claim, /*holds=*/*claim.truth);
        return v;
      }
      if (r.answer == prover::Answer::kProven) {
        std::string bad = CheckProof(claim, rng);
        if (!bad.empty()) {
          Verdict v = Verdict::Fail(std::string(who) + " proved " + text + " but " + bad, rules);
          v.assertion = Assertion(claim, /*holds=*/false);
          return v;
        }
      } else if (r.answer == prover::Answer::kDisproven) {
        PrimAssignment values;
        for (const auto& [v, x] : r.counterexample) values[v.get()] = x;
        if (!AllHold(claim.assumptions, values) || Holds(claim.claim, values) != 0) {
          return Verdict::Fail(std::string(who) + "'s counterexample to " + text + " does not falsify it", rules);
        }
      }
    }
    for (size_t i = 0; i < answers.size(); ++i) {
      for (size_t j = i + 1; j < answers.size(); ++j) {
        auto a = answers[i].second.answer, b = answers[j].second.answer;
        if (a != prover::Answer::kUnknown && b != prover::Answer::kUnknown && a != b) {
          Verdict v = Verdict::Fail(std::string(answers[i].first) + " says " + prover::AnswerName(a) + ", " +
                                        answers[j].first + " says " + prover::AnswerName(b) + " for " + text,
                                    rules);
          // Every counterexample was checked above, so the claim is false.
          v.assertion = Assertion(claim, /*holds=*/false);
          return v;
        }
      }
    }
    return Verdict::Pass();
  }

  // The claim as a conformance assertion that it is proven (`holds`) or disproven (claim-file
  // syntax, docs/prove.md).
  static std::string Assertion(const Claim& c, bool holds) {
    std::string params;
    for (const auto& v : c.vars) params += (params.empty() ? "" : ", ") + v->name + ": T.int64";
    std::string want = holds ? "proven" : "disproven";
    std::string out = "%% assert_" + want + " [sinfo.prove.answers sinfo.prove.assumptions]\n@claim(expect=\"" + want + "\")\n";
    out += "def fuzz_claim(" + params + "):\n";
    for (const auto& a : c.assumptions) out += "    T.assume(" + text::PrintPrimExpr(a) + ")\n";
    return out + "    return " + text::PrintPrimExpr(c.claim) + "\n";
  }

  static std::string Describe(const Claim& c) {
    std::string s;
    for (const auto& a : c.assumptions) s += (s.empty() ? "" : ", ") + text::PrintPrimExpr(a);
    return "[" + s + "] => " + text::PrintPrimExpr(c.claim);
  }

  // "" when the claim holds on every tried valuation where the assumptions hold.
  static std::string CheckProof(const Claim& c, Chooser& rng) {
    for (int i = 0; i < 300; ++i) {
      PrimAssignment values;
      for (const auto& v : c.vars) values[v.get()] = rng.Range(-3, 20);
      if (!AllHold(c.assumptions, values)) continue;
      if (Holds(c.claim, values) == 0) {
        std::string at;
        for (const auto& v : c.vars) at += (at.empty() ? "" : ", ") + v->name + " = " + std::to_string(values[v.get()]);
        return "it fails for " + at;
      }
    }
    return "";
  }
};

}  // namespace

std::unique_ptr<Oracle> ProverSoundness() { return std::make_unique<ProverOracle>(); }

}  // namespace rlx::fuzz
