#include "conformance/runner/in_process.h"

#include <sstream>

#include "checker/checker.h"
#include "checker/claims/claim_file.h"
#include "checker/prover/prover.h"
#include "compiler/pass/pass_manager.h"
#include "driver/driver.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"

namespace rlx::conform {
namespace {

// The error response of a phase from its diagnostics (warnings ignored).
Response PhaseError(const std::string& phase, const DiagnosticEngine& diags) {
  Response r = Response::Error(phase, "", "", "");
  for (const Diagnostic& d : diags.diagnostics()) {
    if (d.severity != Severity::kError) continue;
    std::string code(ErrorCodeString(d.code));
    std::string rule = d.rule.empty() ? std::string(ErrorCodeRule(d.code)) : d.rule;
    if (r.code.empty()) {
      r.code = code;
      r.rule = rule;
      r.message = diags.Render(d);
    }
    r.errors.push_back({code, rule});
  }
  return r;
}

// A module parsed and (when `check`) checked, or the error response of the phase that failed.
struct Loaded {
  Ref<IRModule> module;
  checker::CheckResult checked;
  std::optional<Response> error;
};

Loaded Load(const std::string& text, bool check) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Loaded out;
  if (!check) {
    out.module = text::ParseModuleText(text, "module.py", sources, diags);
    if (!out.module || diags.has_errors()) out.error = PhaseError("parse", diags);
    return out;
  }
  driver::Program p = driver::Load(text, "module.py", sources, diags);
  out.module = p.module;
  out.checked = std::move(p.check);
  if (!p.parsed()) out.error = PhaseError("parse", diags);
  else if (!p.ok()) out.error = PhaseError("check", diags);
  return out;
}

Response Infer(const Request& req) {
  Loaded l = Load(req.module, true);
  if (l.error) return *l.error;
  if (!l.module->FindFunction(req.function)) return Response::Error("infer", "", "", "no function '" + req.function + "'");
  Ref<StructInfo> sinfo = checker::BindingStructInfo(*l.module, l.checked, req.function, req.var);
  if (!sinfo) return Response::Error("infer", "", "", "no binding '" + req.var + "' in '" + req.function + "'");
  Response r;
  r.struct_info = text::PrintStructInfo(sinfo);
  return r;
}

// The module after `passes`, or the error response of the pass that failed its verification.
std::optional<Response> ApplyPasses(const std::vector<std::string>& names, Ref<IRModule>* m) {
  std::vector<const compiler::PassInfo*> passes;
  for (const auto& n : names) {
    const compiler::PassInfo* p = compiler::FindPass(n);
    if (!p) return Response::Unsupported("no pass '" + n + "'");
    passes.push_back(p);
  }
  compiler::PassManagerOptions options;
  options.verify_each = true;
  std::ostringstream log;
  compiler::PassRunResult result = compiler::RunPasses(*m, passes, options, log);
  if (!result.error.empty()) return Response::Error("pass", "", "", result.error);
  *m = result.module;
  return std::nullopt;
}

Response Run(const Request& req, int timeout_s, const std::vector<std::string>& passes, driver::Backend backend,
             int opt_level) {
  Loaded l = Load(req.module, true);
  if (l.error) return *l.error;
  if (backend != driver::Backend::kInterpreter && !driver::LimitsKeptByLowering(req.limits)) {
    return Response::Unsupported(std::string("a run with limits, on the ") + driver::BackendName(backend) + " backend");
  }
  if (!passes.empty()) {
    // Limits count the work and memory of the module as written (eval.limit.work, eval.limit.memory); a pass changes
    // both, so an assertion about a limit says nothing about the passes.
    if (!req.limits.empty()) return Response::Unsupported("a run with limits, after passes");
    if (std::optional<Response> failed = ApplyPasses(passes, &l.module)) return *failed;
  }
  driver::RunOptions options;
  options.backend = backend;
  options.opt_level = opt_level;
  std::ostringstream printed;
  options.out = &printed;
  options.limits.max_seconds = timeout_s;
  for (const auto& [name, value] : req.limits) {
    if (!runtime::SetLimit(name, value, &options.limits)) {
      return Response::Unsupported("unsupported limit '" + name + "=" + std::to_string(value) +
                                   "' (expected " + runtime::LimitNames() + ")");
    }
  }
  std::vector<runtime::Value> args;
  for (const Argument& a : req.args) args.push_back(a.value);
  driver::RunResult result = driver::Prepare(l.module, options)->Run(req.function, std::move(args));
  Response r;
  if (!result.ok()) {
    const runtime::RuntimeError& e = *result.error;
    r = Response::Error("run", std::string(ErrorCodeString(e.code)),
                        e.rule.empty() ? std::string(ErrorCodeRule(e.code)) : e.rule, e.message);
    r.errors.push_back({r.code, r.rule});
  } else {
    r.result = result.value;
  }
  std::istringstream lines(printed.str());
  for (std::string line; std::getline(lines, line);) r.print.push_back(line);
  return r;
}

Response Prove(const Request& req) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  uint32_t id = sources.Add("claim.py", req.claim);
  std::vector<checker::Claim> claims = checker::ParseClaimFile(id, diags);
  if (diags.has_errors()) return PhaseError("parse", diags);
  if (claims.size() != 1) return Response::Error("parse", "", "", "expected exactly one @claim function");
  const checker::Claim& c = claims[0];
  prover::Prover prover(checker::ClaimProverOptions());  // as `rlx prove`
  prover::ProofResult p = prover.Prove(c.assumptions, c.claim);
  Response r;
  r.answer = prover::AnswerName(p.answer);
  // Every parameter of the claim: one the claim never uses can take any value (0).
  if (p.answer == prover::Answer::kDisproven) {
    for (const auto& v : c.vars) {
      int64_t value = 0;
      for (const auto& [var, x] : p.counterexample) {
        if (var.get() == v.get() || text::PrintPrimExpr(var) == text::PrintPrimExpr(v)) value = x;
      }
      r.counterexample.emplace_back(text::PrintPrimExpr(v), value);
    }
  }
  if (p.answer == prover::Answer::kUnknown) r.message = p.reason;
  return r;
}

}  // namespace

Response InProcessImplementation::Handle(const Request& req) {
  switch (req.verb) {
    case Verb::kHello: {
      Response r;
      r.name = "rlx (in process)";
      r.verbs = {"parse", "check", "infer", "print", "run", "prove"};
      return r;
    }
    case Verb::kParse:
    case Verb::kCheck: {
      Loaded l = Load(req.module, req.verb == Verb::kCheck);
      return l.error ? *l.error : Response();
    }
    case Verb::kInfer: return Infer(req);
    case Verb::kPrint: {
      // ADAPTER.md: print answers for modules that check; others get their check error.
      Loaded l = Load(req.module, true);
      if (l.error) return *l.error;
      Response r;
      r.text = text::PrintModule(*l.module);
      return r;
    }
    case Verb::kRun: return Run(req, timeout_s_, passes_, backend_, opt_level_);
    case Verb::kProve: return Prove(req);
  }
  return Response::Unsupported("unknown verb");
}

std::string InProcessImplementation::ReproOptions() const {
  std::string options;
  if (backend_ != driver::Backend::kInterpreter) {
    options += std::string(" --backend ") + driver::BackendName(backend_) + " -O" + std::to_string(opt_level_);
  }
  if (passes_.empty()) return options;
  std::string list;
  for (const auto& p : passes_) list += (list.empty() ? "" : ",") + p;
  return options + " --passes=" + list;
}

}  // namespace rlx::conform
