// rlx check FILE...: well-formedness and struct-info checking (docs/cli.md).
#include <iostream>
#include <utility>

#include "checker/checker.h"
#include "ir/text/printer.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {
namespace {

void PrintRuntimeChecks(const checker::CheckResult& r, const SourceManager& sources, const std::string& path) {
  for (const auto& c : r.runtime_checks) {
    std::cout << path;
    if (c.span.known()) std::cout << ":" << c.span.begin.line << ":" << c.span.begin.col;
    std::cout << ": runtime check [" << c.rule << "] " << checker::RuntimeCheckKindName(c.kind);
    if (c.var) std::cout << " of '" << c.var->name << "'";
    if (c.expected) std::cout << " against " << text::PrintStructInfo(c.expected);
    if (c.condition) std::cout << ": " << text::PrintPrimExpr(c.condition);
    std::cout << " (" << c.message << ")\n";
  }
  (void)sources;
}

}  // namespace

int RunCheck(const std::vector<std::string>& args) {
  auto opts = ParseArgs(args, {"--print-struct-info", "--runtime-checks", "--stats"}, {"--struct-info-of", "--spelling"});
  if (!opts) return kUsage;
  auto print = PrintOptionsOf(*opts);
  if (!print) return kUsage;
  if (opts->files.empty()) {
    std::cerr << "rlx check: expected at least one FILE (or - for stdin)\n";
    return kUsage;
  }
  SourceManager sources;
  DiagnosticEngine diags(sources);
  bool ok = true;
  for (const auto& path : opts->files) {
    auto text = ReadSource(path, *opts);
    if (!text) return kUsage;
    Ref<IRModule> m = LoadModule(path, std::move(*text), *opts, sources, diags);
    if (!m) {
      ok = false;
      continue;
    }
    checker::CheckResult r = checker::CheckModule(*m, diags);
    if (!r.ok) {
      ok = false;
      continue;
    }
    if (opts->flags.count("--struct-info-of")) {
      const std::string& which = opts->flags["--struct-info-of"];
      size_t colon = which.find(':');
      Ref<StructInfo> s = colon == std::string::npos
                              ? nullptr
                              : checker::BindingStructInfo(*m, r, which.substr(0, colon), which.substr(colon + 1));
      if (!s) {
        std::cerr << "rlx check: " << path << " has no binding '" << which << "' (expected FUNCTION:VAR)\n";
        return kUsage;
      }
      std::cout << text::PrintStructInfo(s) << "\n";
    } else if (opts->flags.count("--print-struct-info")) {
      std::cout << text::PrintModule(*checker::AnnotateModule(m, r), *print);
    } else if (!opts->json) {
      std::cout << path << ": ok";
      if (!r.runtime_checks.empty()) {
        std::cout << " (" << r.runtime_checks.size() << " runtime check"
                  << (r.runtime_checks.size() == 1 ? "" : "s") << ")";
      }
      std::cout << "\n";
    }
    if (opts->flags.count("--runtime-checks") && !opts->json) PrintRuntimeChecks(r, sources, path);
    if (opts->flags.count("--stats") && !opts->json) {
      const auto& s = r.prover_stats;
      std::cout << "prover: " << prover::StatsSummary(s) << "\n";
    }
  }
  if (opts->json || !diags.diagnostics().empty()) EmitDiagnostics(diags, *opts);
  return ok ? kOk : kRejected;
}

}  // namespace rlx::cli
