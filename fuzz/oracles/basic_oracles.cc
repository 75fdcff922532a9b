// The oracles on one program: the text round trip, the checker's verdict (and its verdict on
// negative programs), struct-info soundness at run time.
#include "fuzz/oracles/basic_oracles.h"

#include "fuzz/generators/chooser.h"
#include "fuzz/generators/negative_programs.h"
#include "interpreter/match.h"
#include "ir/analysis/mutator.h"
#include "ir/analysis/structural_equal.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"

namespace rlx::fuzz {
namespace {

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// `m` with variable `v` annotated with `s`.
Ref<IRModule> Annotate(const Ref<IRModule>& m, const Var* v, const Ref<StructInfo>& s) {
  class Annotator : public ExprMutator {
   public:
    Annotator(const Var* v, Ref<StructInfo> s) : v_(v), s_(std::move(s)) {}
    Ref<Var> VisitVarDef(const Ref<Var>& var) override {
      if (var.get() != v_) return ExprMutator::VisitVarDef(var);
      Ref<Var> nv = var->is_dataflow() ? Var::MakeDataflow(var->name, s_, var->span) : Var::Make(var->name, s_, var->span);
      var_remap_[var.get()] = nv;
      return nv;
    }

   private:
    const Var* v_;
    Ref<StructInfo> s_;
  };
  Annotator a(v, s);
  return a.VisitModule(m);
}

class RoundTripOracle : public Oracle {
 public:
  const std::string& name() const override { static const std::string n = "roundtrip"; return n; }
  std::string description() const override {
    return "print -> parse gives a structurally equal module; printing is idempotent";
  }
  bool needs_valid_module() const override { return false; }
  Verdict Check(FuzzCase& c) override {
    const std::vector<std::string> rules = {"text.print.round-trip"};
    std::string text = text::PrintModule(*c.module());
    SourceManager sources;
    DiagnosticEngine diags(sources);
    Ref<IRModule> back = text::ParseModuleText(text, "printed.py", sources, diags);
    if (!back || diags.has_errors()) return Verdict::Fail("the printed module does not parse: " + FirstLine(diags.RenderAll()), rules);
    if (!StructuralEqual(*c.module(), *back)) return Verdict::Fail("print -> parse is not structurally equal", rules);
    std::string again = text::PrintModule(*back);
    if (again != text) return Verdict::Fail("printing the parsed module gives different text", rules);
    return Verdict::Pass();
  }
};

class CheckerOracle : public Oracle {
 public:
  const std::string& name() const override { static const std::string n = "checker"; return n; }
  std::string description() const override {
    return "the checker accepts every generated program and rejects every negative program with the expected rule";
  }
  bool needs_valid_module() const override { return false; }
  Verdict Check(FuzzCase& c) override {
    if (!c.Accepted()) return Verdict::Fail("the checker rejects a generated program: " + FirstLine(c.CheckDiagnostics()), {"sinfo.derive.op"});
    RngChooser chooser(c.seed() ^ 0x6e6567617469766bULL);
    std::optional<NegativeProgram> neg = MakeNegative(chooser, c.module());
    if (!neg) return Verdict::Pass();
    SourceManager sources;
    DiagnosticEngine diags(sources);
    checker::CheckModule(*neg->module, diags);
    for (const auto& d : diags.diagnostics()) {
      if (d.severity != Severity::kError) continue;
      std::string rule = d.rule.empty() ? std::string(ErrorCodeRule(d.code)) : d.rule;
      if (rule == neg->rule && d.code == neg->code) return Verdict::Pass();
    }
    std::string got = diags.has_errors() ? FirstLine(diags.RenderAll()) : "nothing";
    Verdict v = Verdict::Fail("negative program (" + neg->mutation + ") expected " + std::string(ErrorCodeString(neg->code)) +
                             " " + neg->rule + ", got " + got,
                         {neg->rule});
    v.witness = neg->module;
    v.expected_code = std::string(ErrorCodeString(neg->code));
    return v;
  }
};

class SoundnessOracle : public Oracle {
 public:
  const std::string& name() const override { static const std::string n = "soundness"; return n; }
  std::string description() const override {
    return "every run-time value conforms to the static struct info of its binding";
  }
  Verdict Check(FuzzCase& c) override {
    const checker::CheckResult& check = c.Check();
    std::string first;
    const Var* culprit = nullptr;
    InterpretObserved(c.module(), c.args(), [&](const Binding& b, const interp::Value& v, const interp::Environment& env) {
      if (!first.empty()) return;
      auto it = check.var_sinfo.find(b.var.get());
      if (it == check.var_sinfo.end() || !it->second) return;
      interp::Environment scratch;
      scratch.shape_vars = env.shape_vars;
      std::string why = interp::MatchStructInfo(v, *it->second, scratch);
      if (!why.empty()) {
        culprit = b.var.get();
        first = "the value of '" + b.var->name + "' (" + interp::DescribeValue(v) + ") does not conform to its struct info " +
                text::PrintStructInfo(it->second) + ": " + why;
      }
    });
    if (first.empty()) return Verdict::Pass();
    Verdict v = Verdict::Fail(first, {"eval.value.sinfo", "eval.binding.annotation"});
    // The witness states the static struct info as the binding's annotation, so that running
    // it checks the value (eval.binding.annotation): it traps while the failure lasts.
    v.witness = Annotate(c.module(), culprit, check.var_sinfo.at(culprit));
    v.witness_note = "The program with '" + culprit->name + "' annotated with its static struct info: it must run as the original does.";
    return v;
  }
};

}  // namespace

std::unique_ptr<Oracle> RoundTrip() { return std::make_unique<RoundTripOracle>(); }
std::unique_ptr<Oracle> CheckerVerdict() { return std::make_unique<CheckerOracle>(); }
std::unique_ptr<Oracle> Soundness() { return std::make_unique<SoundnessOracle>(); }

}  // namespace rlx::fuzz
