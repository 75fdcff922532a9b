// The oracles on one program: the text round trip, the checker's verdict (and its verdict on
// negative programs), struct-info soundness at run time.
#include "fuzz/oracles/basic_oracles.h"

#include "fuzz/generators/chooser.h"
#include "fuzz/generators/negative_programs.h"
#include "runtime/format.h"
#include "interpreter/match.h"
#include "ir/analysis/prim_eval.h"
#include "ir/analysis/mutator.h"
#include "ir/analysis/structural_equal.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"

namespace rlx::fuzz {
namespace {

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// Whether `v` conforms to `s` under the shape variables' values: written here, apart from the
// interpreter's matching (interp::MatchStructInfo), so that a bug there cannot hide itself.
// "" when it conforms (or cannot be decided: a variable without a value), else what differs.
std::string Conforms(const runtime::Value& v, const StructInfo& s, const PrimAssignment& values) {
  auto dim = [&](const Ref<PrimExpr>& e, int64_t actual, const std::string& what) -> std::string {
    auto want = EvalPrim(*e, values);
    if (want && *want != actual) {
      return what + " is " + std::to_string(actual) + ", expected " + text::PrintPrimExpr(e) + " = " + std::to_string(*want);
    }
    return "";
  };
  switch (s.kind) {
    case SInfoKind::kTensor: {
      auto& t = static_cast<const TensorStructInfo&>(s);
      if (!v.is_tensor()) return std::string("a ") + runtime::ValueKindName(v.kind()) + ", expected a tensor";
      const TensorData& d = *v.tensor();
      if (t.dtype != DataType::kVoid && t.dtype != d.dtype()) return "dtype " + std::string(DataTypeName(d.dtype()));
      if (t.ndim >= 0 && t.ndim != d.ndim()) return "rank " + std::to_string(d.ndim());
      if (const auto* dims = t.dims()) {
        for (size_t i = 0; i < dims->size(); ++i) {
          std::string why = dim((*dims)[i], d.shape()[i], "dim " + std::to_string(i));
          if (!why.empty()) return why;
        }
      }
      return "";
    }
    case SInfoKind::kShape: {
      auto& sh = static_cast<const ShapeStructInfo&>(s);
      if (!v.is_shape()) return std::string("a ") + runtime::ValueKindName(v.kind()) + ", expected a shape";
      if (sh.ndim >= 0 && static_cast<size_t>(sh.ndim) != v.shape().size()) return "a shape of another rank";
      if (sh.values) {
        for (size_t i = 0; i < sh.values->size(); ++i) {
          std::string why = dim((*sh.values)[i], v.shape()[i], "value " + std::to_string(i));
          if (!why.empty()) return why;
        }
      }
      return "";
    }
    case SInfoKind::kPrim: {
      auto& p = static_cast<const PrimStructInfo&>(s);
      if (!v.is_prim()) return std::string("a ") + runtime::ValueKindName(v.kind()) + ", expected a prim value";
      if (p.dtype != DataType::kVoid && p.dtype != v.prim().dtype) return "dtype " + std::string(DataTypeName(v.prim().dtype));
      if (p.value && !IsFloat(p.dtype)) return dim(p.value, v.prim().i, "the value");
      return "";
    }
    case SInfoKind::kTuple: {
      auto& t = static_cast<const TupleStructInfo&>(s);
      if (!v.is_tuple()) return std::string("a ") + runtime::ValueKindName(v.kind()) + ", expected a tuple";
      if (t.fields.size() != v.tuple().size()) return "a tuple of " + std::to_string(v.tuple().size()) + " fields";
      for (size_t i = 0; i < t.fields.size(); ++i) {
        std::string why = Conforms(v.tuple()[i], *t.fields[i], values);
        if (!why.empty()) return "field " + std::to_string(i) + ": " + why;
      }
      return "";
    }
    default: return "";
  }
}

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
    auto fail = [&](std::string key, std::string why) {
      Verdict v = Verdict::Fail(std::move(why), rules);
      v.key = std::move(key);
      return v;
    };
    if (!back || diags.has_errors()) return fail("roundtrip: parse", "the printed module does not parse: " + FirstLine(diags.RenderAll()));
    if (auto where = FindStructuralMismatch(*c.module(), *back)) {
      return fail("roundtrip: equal", "print -> parse is not structurally equal: " + *where);
    }
    std::string again = text::PrintModule(*back);
    if (again != text) return fail("roundtrip: idempotent", "printing the parsed module gives different text");
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
    if (!c.Accepted()) {
      Verdict v = Verdict::Fail("the checker rejects a generated program: " + FirstLine(c.CheckDiagnostics()), {"sinfo.derive.op"});
      v.key = "checker rejects: " + c.FirstError();
      return v;
    }
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
    v.key = "negative: " + neg->mutation;
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
    InterpretObserved(c.module(), c.args(), [&](const Binding& b, const runtime::Value& v, const runtime::Environment& env) {
      if (!first.empty()) return;
      auto it = check.var_sinfo.find(b.var.get());
      if (it == check.var_sinfo.end() || !it->second) return;
      PrimAssignment values(env.shape_vars.begin(), env.shape_vars.end());
      std::string why = Conforms(v, *it->second, values);
      if (!why.empty()) {
        culprit = b.var.get();
        first = "the value of '" + b.var->name + "' (" + interp::DescribeValue(v) + ") does not conform to its struct info " +
                text::PrintStructInfo(it->second) + ": " + why;
      }
    });
    if (first.empty()) return Verdict::Pass();
    Verdict v = Verdict::Fail(first, {"eval.value.sinfo", "eval.binding.annotation"});
    v.key = "soundness";
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
