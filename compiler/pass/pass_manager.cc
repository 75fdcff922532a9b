#include "compiler/pass/pass_manager.h"

#include <chrono>
#include <cstdio>
#include <sstream>

#include "checker/checker.h"
#include "checker/sinfo/algebra.h"
#include "checker/sinfo/proof_context.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/visitor.h"
#include "ir/tir/prim_func.h"
#include "ir/text/relax_parser.h"

namespace rlx::compiler {
namespace {

// The struct info of every module function, by name, or an error (the checker's diagnostics
// against the module's printed text, which is what a user can look at).
struct Signatures {
  std::vector<std::pair<std::string, Ref<StructInfo>>> by_name;
  std::string error;
};

Signatures CheckPrinted(const IRModule& m) {
  Signatures out;
  SourceManager sources;
  DiagnosticEngine diags(sources);
  std::string text = text::PrintModule(m);
  Ref<IRModule> parsed = text::ParseModuleText(text, "<module after the pass>", sources, diags);
  if (!parsed) {
    out.error = "its printed text does not parse:\n" + diags.RenderAll();
    return out;
  }
  checker::CheckResult check = checker::CheckModule(*parsed, diags);
  if (!check.ok) {
    out.error = "the checker rejects it:\n" + diags.RenderAll();
    return out;
  }
  for (const auto& g : parsed->globals) {
    auto it = check.global_sinfo.find(g.name);
    out.by_name.emplace_back(g.name, it == check.global_sinfo.end() ? nullptr : it->second);
  }
  return out;
}

// The struct info the variables of `m` carry (Expr::struct_info), where they carry one.
class CarriedStructInfo : public ExprVisitor {
 public:
  void VisitVarDef(const Var& v) override {
    if (v.struct_info()) carried.emplace_back(&v, v.struct_info());
    ExprVisitor::VisitVarDef(v);
  }
  std::vector<std::pair<const Var*, Ref<StructInfo>>> carried;
};

// pass.manager.verify: the struct info a pass left on the variables of its output (kept nodes, or
// nodes it built with the normalizer) must not contradict what derivation gives them now. Only a
// contradiction counts (the base check's L0): derivation in another context, or by the normalizer
// without Z3, may legitimately be more or less precise.
std::string CompareCarriedStructInfo(const IRModule& after) {
  CarriedStructInfo before;
  before.VisitModule(after);
  SourceManager sources;
  DiagnosticEngine diags(sources);
  if (!checker::CheckModule(after, diags).ok) return "the checker rejects it:\n" + diags.RenderAll();
  prover::ProverOptions fast;
  fast.use_z3 = false;
  prover::Prover prover(fast);
  checker::ProofContext proofs(prover);
  checker::VarLookup lookup = [](const Var& v) { return v.struct_info(); };
  for (const auto& [var, sinfo] : before.carried) {
    const Ref<StructInfo>& now = var->struct_info();
    if (now && checker::BaseCheck(sinfo, now, proofs, lookup).level == checker::Level::kFailL0) {
      return "variable '" + var->name + "' carries struct info " + text::PrintStructInfo(sinfo) +
             ", which contradicts what derivation gives: " + text::PrintStructInfo(now);
    }
  }
  return "";
}

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", s);
  return buf;
}

void PrintTimes(const std::vector<PassRecord>& records, std::ostream& log) {
  double total = 0;
  for (const auto& r : records) total += r.seconds;
  log << "# pass times (seconds)\n";
  for (const auto& r : records) {
    log << "#   " << Seconds(r.seconds) << "  " << r.pass->name << (r.changed ? "" : "  (no change)") << "\n";
  }
  log << "#   " << Seconds(total) << "  total\n";
}

}  // namespace

bool ParsePassList(const std::string& list, std::vector<const PassInfo*>* passes, std::string* error) {
  std::stringstream ss(list);
  std::string name;
  while (std::getline(ss, name, ',')) {
    if (name.empty()) continue;
    const PassInfo* p = FindPass(name);
    if (!p) {
      *error = "unknown pass '" + name + "' (rlx opt --list-passes lists them)";
      return false;
    }
    passes->push_back(p);
  }
  return true;
}

// A module function without a global_symbol (Relax or TIR).
bool IsPrivate(const GlobalDef* g) {
  if (!g) return false;
  if (auto f = As<Function>(g->value)) return !f->attrs.Find("global_symbol");
  if (auto p = As<tir::PrimFunc>(g->value)) return !p->attrs.Find("global_symbol");
  return false;
}

// pass.manager.verify
std::string VerifyPassResult(const PassInfo& pass, const IRModule& before, const IRModule& after) {
  Signatures now = CheckPrinted(after);
  if (!now.error.empty()) return now.error;
  if (std::string stale = CompareCarriedStructInfo(after); !stale.empty()) return stale;
  uint32_t missing = pass.contract.establishes & ~PropertiesOf(after);
  if (missing) return "it does not have the form the pass promises: " + IRPropertyNames(missing);
  if (pass.contract.changes_signatures) return "";
  Signatures then = CheckPrinted(before);
  for (const auto& [name, sinfo] : then.by_name) {
    // A pass may remove a private function (pass.contract.signatures), never a public one.
    const GlobalDef* now_def = after.Find(name);
    const GlobalDef* then_def = before.Find(name);
    if (IsPrivate(then_def) && (!now_def || now_def->value->kind != then_def->value->kind)) continue;
    bool kept = false;
    for (const auto& [n, s] : now.by_name) kept |= n == name && StructuralEqual(s, sinfo);
    if (!kept) return "it changed the signature of '" + name + "' (the pass's contract keeps signatures)";
  }
  return "";
}

// pass.manager.run
PassRunResult RunPasses(const Ref<IRModule>& m, const std::vector<const PassInfo*>& passes,
                        const PassManagerOptions& options, std::ostream& log) {
  PassRunResult result;
  result.module = m;
  uint32_t form = PropertiesOf(*m);
  for (const PassInfo* pass : passes) {
    // pass.contract.requires: the form a pass needs is checked before it runs.
    uint32_t missing = pass->contract.requires_form & ~form;
    if (missing) {
      result.error = std::string("pass '") + pass->name + "' needs a module with " + IRPropertyNames(missing);
      result.usage_error = true;
      return result;
    }
    auto start = std::chrono::steady_clock::now();
    Ref<IRModule> out = RunPass(*pass, result.module);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    PassRecord record{pass, seconds, out != result.module};
    result.records.push_back(record);
    if (options.verify_each && record.changed) {
      std::string why = VerifyPassResult(*pass, *result.module, *out);
      if (!why.empty()) {
        result.error = std::string("pass '") + pass->name + "' broke its contract: " + why;
        result.module = out;
        return result;
      }
    }
    form = (form & ~pass->contract.invalidates) | pass->contract.establishes;
    result.module = out;
    if (options.print_after_all || (options.print_changed && record.changed)) {
      log << "# after " << pass->name << (record.changed ? "" : " (no change)") << "\n"
          << text::PrintModule(*out, options.print);
    }
  }
  if (options.time_passes) PrintTimes(result.records, log);
  return result;
}

}  // namespace rlx::compiler
