// Differential oracles: implementation A vs implementation B, before vs after a transform.
#include "fuzz/oracles/oracle.h"
#include "checker/prover/prover.h"
#include "ir/analysis/structural_equal.h"
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

// True when two extents are the same for every value of their variables (T.Add(4, 2) and 6).
bool SameExtent(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (StructuralEqual(a, b)) return true;
  thread_local prover::Prover prover;
  return prover.Prove({}, PrimExpr::Binary(PrimKind::kEQ, a, b)).answer == prover::Answer::kProven;
}

// True when `after` is `before` or says more about the same values: a tensor's shape where
// only its rank or dtype was known, a shape's values where only its rank was, a prim value where
// only its dtype was (field by field in tuples).
bool SameOrRefines(const Ref<StructInfo>& after, const Ref<StructInfo>& before) {
  if (StructuralEqual(after, before)) return true;
  if (!after || !before || after->kind != before->kind) return false;
  if (auto b = As<TensorStructInfo>(before)) {
    auto a = As<TensorStructInfo>(after);
    if (!(b->dtype == DataType::kVoid || b->dtype == a->dtype) || b->vdevice != a->vdevice) return false;
    if (!b->dims()) return b->ndim == kUnknownNdim || b->ndim == a->ndim;
    if (!a->dims() || a->dims()->size() != b->dims()->size()) return false;
    for (size_t i = 0; i < a->dims()->size(); ++i) {
      if (!SameExtent((*a->dims())[i], (*b->dims())[i])) return false;
    }
    return true;
  }
  if (auto b = As<ShapeStructInfo>(before)) {
    auto a = As<ShapeStructInfo>(after);
    if (!b->values) return b->ndim == kUnknownNdim || b->ndim == a->ndim;
    if (!a->values || a->values->size() != b->values->size()) return false;
    for (size_t i = 0; i < a->values->size(); ++i) {
      if (!SameExtent((*a->values)[i], (*b->values)[i])) return false;
    }
    return true;
  }
  if (auto b = As<PrimStructInfo>(before)) {
    auto a = As<PrimStructInfo>(after);
    return a->dtype == b->dtype && (!b->value || (a->value && SameExtent(a->value, b->value)));
  }
  if (auto b = As<TupleStructInfo>(before)) {
    auto a = As<TupleStructInfo>(after);
    if (a->fields.size() != b->fields.size()) return false;
    for (size_t i = 0; i < a->fields.size(); ++i) {
      if (!SameOrRefines(a->fields[i], b->fields[i])) return false;
    }
    return true;
  }
  return false;
}

// "" when every variable checked in both results has the struct info it had, or a more
// precise one.
std::string CompareStructInfo(const checker::CheckResult& before, const checker::CheckResult& after) {
  for (const auto& [var, sinfo] : after.var_sinfo) {
    auto it = before.var_sinfo.find(var);
    if (it == before.var_sinfo.end() || SameOrRefines(sinfo, it->second)) continue;
    return "variable '" + var->name + "' had struct info " + text::PrintStructInfo(it->second) +
           " and has " + text::PrintStructInfo(sinfo);
  }
  return "";
}

class PassOracle : public Oracle {
 public:
  PassOracle(std::string name, Transform t, Runner run, bool keeps_sinfo)
      : name_(std::move(name)), t_(std::move(t)), run_(std::move(run)), keeps_sinfo_(keeps_sinfo) {}
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
    // A variable the rewrite kept keeps its struct info (pass.preserves).
    if (std::string d = keeps_sinfo_ ? CompareStructInfo(c.Check(), rewritten.Check()) : ""; !d.empty()) {
      Verdict v = Verdict::Fail("before and after " + name_ + ": " + d, {"pass.preserves"});
      v.witness = after;
      v.witness_note = "The program after " + name_ + ": its variables must keep their struct info.";
      v.key = name_ + ": struct info changed";
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
  bool keeps_sinfo_;
};

}  // namespace

std::unique_ptr<Oracle> Differential(std::string name, Runner a, Runner b) {
  return std::make_unique<DifferentialOracle>(std::move(name), std::move(a), std::move(b));
}

std::unique_ptr<Oracle> PassPreserves(std::string name, Transform t, Runner run, bool keeps_sinfo) {
  return std::make_unique<PassOracle>(std::move(name), std::move(t), std::move(run), keeps_sinfo);
}

}  // namespace rlx::fuzz
