// Differential oracles: implementation A vs implementation B, before vs after a transform.
#include "fuzz/oracles/oracle.h"
#include "ir/text/printer.h"

namespace rlx::fuzz {
namespace {

class DifferentialOracle : public Oracle {
 public:
  DifferentialOracle(std::string name, Runner a, Runner b) : name_(std::move(name)), a_(std::move(a)), b_(std::move(b)) {}
  const std::string& name() const override { return name_; }
  std::string description() const override { return "two runs of the program give the same outcome"; }
  Verdict Check(FuzzCase& c) override {
    Outcome x = a_(c.module(), c.args());
    Outcome y = b_(c.module(), c.args());
    std::string d = CompareOutcomes(x, y);
    if (d.empty()) return Verdict::Pass();
    Verdict v = Verdict::Fail(d, {"eval.seq", "eval.binding.var"});
    v.key = name_ + ": differs";
    return v;
  }

 private:
  std::string name_;
  Runner a_, b_;
};

class PassOracle : public Oracle {
 public:
  PassOracle(std::string name, Transform t, Runner run) : name_(std::move(name)), t_(std::move(t)), run_(std::move(run)) {}
  const std::string& name() const override { return name_; }
  std::string description() const override { return "the rewritten program is accepted and gives the same outcome"; }
  Verdict Check(FuzzCase& c) override {
    Ref<IRModule> after = t_(c.module(), c.seed());
    if (!after) return Verdict::Pass();  // nothing to rewrite in this program
    FuzzCase rewritten(c.seed(), after, c.args());
    if (!rewritten.Accepted()) {
      Verdict v = Verdict::Fail("the checker rejects the " + name_ + " rewrite: " + FirstLine(rewritten.CheckDiagnostics()),
                                {"eval.seq", "eval.binding.var"});
      v.witness = after;
      v.witness_note = "The program after " + name_ + ": the checker must accept it, and it must do what the original does.";
      v.key = name_ + ": rejected " + rewritten.FirstError();
      return v;
    }
    // With the interpreter, the values of the variables the rewrite kept are compared too.
    Trace trace;
    Outcome y = run_ ? run_(after, c.args()) : InterpretTraced(after, c.args(), &trace);
    const Trace* before = run_ ? nullptr : &c.ReferenceTrace();
    std::string d = CompareOutcomes(c.Reference(), y);
    if (d.empty() && before) d = CompareTraces(*before, trace);
    if (d.empty()) return Verdict::Pass();
    Verdict v = Verdict::Fail("before and after " + name_ + ": " + d, {"eval.seq", "eval.binding.var"});
    v.witness = after;
    v.witness_note = "The program after " + name_ + ": it must do what the original does.";
    v.key = name_ + ": differs";
    return v;
  }

 private:
  static std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }
  std::string name_;
  Transform t_;
  Runner run_;
};

}  // namespace

std::unique_ptr<Oracle> Differential(std::string name, Runner a, Runner b) {
  return std::make_unique<DifferentialOracle>(std::move(name), std::move(a), std::move(b));
}

std::unique_ptr<Oracle> PassPreserves(std::string name, Transform t, Runner run) {
  return std::make_unique<PassOracle>(std::move(name), std::move(t), std::move(run));
}

}  // namespace rlx::fuzz
