// rlx prove FILE...: decides shape claims (docs/prove.md): identity claims of a claim file, or
// the op claims of a TVMScript module.
#include <iostream>
#include <sstream>

#include "checker/claims/claim_file.h"
#include "checker/claims/op_claims.h"
#include "checker/sinfo/proof_context.h"
#include "ir/text/printer.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {
namespace {

std::string Where(const std::string& path, const Span& s) {
  if (!s.known()) return path;
  return path + ":" + std::to_string(s.begin.line) + ":" + std::to_string(s.begin.col);
}

std::string Indent(const std::string& text, const std::string& pad) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) out += pad + line + "\n";
  return out;
}

// Identity claims. Returns false when a claim is disproven or differs from its expectation.
bool ProveIdentityClaims(const std::string& path, uint32_t file, DiagnosticEngine& diags, bool smt2,
                         prover::Prover& prover, bool* parse_ok) {
  size_t before = diags.error_count();
  std::vector<checker::Claim> claims = checker::ParseClaimFile(file, diags);
  *parse_ok = diags.error_count() == before;
  bool ok = true;
  for (const auto& c : claims) {
    prover::ProofResult r = prover.Prove(c.assumptions, c.claim);
    std::cout << Where(path, c.span) << ": claim '" << c.name << "': " << prover::AnswerName(r.answer);
    if (r.answer == prover::Answer::kDisproven) {
      std::cout << ": " << checker::DescribeCounterexample(r);
    } else if (r.answer == prover::Answer::kProven) {
      std::cout << " (" << prover::MethodName(r.method) << ")";
    } else if (!r.reason.empty()) {
      std::cout << " (" << r.reason << ")";
    }
    bool fine = c.expect ? *c.expect == r.answer : r.answer != prover::Answer::kDisproven;
    if (c.expect && *c.expect != r.answer) std::cout << " [expected " << prover::AnswerName(*c.expect) << "]";
    std::cout << "\n";
    if (smt2) std::cout << Indent(prover.ToSmt2(c.assumptions, c.claim), "    ");
    ok = ok && fine;
  }
  return ok;
}

bool ProveModuleClaims(const std::string& path, const std::string& text, const CommonOptions& opts,
                       SourceManager& sources, DiagnosticEngine& diags, prover::Prover& prover, bool* parse_ok) {
  Ref<IRModule> m = LoadModule(path, text, opts, sources, diags);
  *parse_ok = m != nullptr;
  if (!m) return false;
  checker::CheckOptions options;
  options.record_bindings = true;
  DiagnosticEngine claim_diags(sources);  // a claim's errors are verdicts, not failures of the file
  checker::CheckResult r = checker::CheckModule(*m, claim_diags, options);
  if (r.bindings.empty() && !r.ok) {  // not derived: a structural error
    for (const auto& d : claim_diags.diagnostics()) std::cerr << claim_diags.Render(d);
    *parse_ok = false;
    return false;
  }
  bool ok = true;
  for (const auto& c : checker::ProveOpClaims(*m, r, claim_diags, prover)) {
    std::cout << Where(path, c.binding->span) << ": claim " << c.claim << ": " << prover::AnswerName(c.answer);
    if (!c.detail.empty()) std::cout << ": " << c.detail;
    std::cout << "\n";
    if (c.answer == prover::Answer::kDisproven) ok = false;
    if (c.concrete) {
      std::cout << "    counterexample: " << checker::DescribeCounterexample({prover::Answer::kDisproven, {}, c.counterexample, {}})
                << "\n    a concrete program that shows it:\n"
                << Indent(text::PrintModule(*c.concrete), "      ");
      SourceManager s2;
      DiagnosticEngine d2(s2);
      checker::CheckModule(*c.concrete, d2);
      for (const auto& d : d2.diagnostics()) {
        std::cout << "      # rlx check: " << ErrorCodeString(d.code) << ": " << d.message << "\n";
      }
    }
  }
  return ok;
}

}  // namespace

int RunProve(const std::vector<std::string>& args) {
  auto opts = ParseArgs(args, {"--smt2", "--stats"}, {});
  if (!opts) return kUsage;
  if (opts->files.empty()) {
    std::cerr << "rlx prove: expected at least one FILE (or - for stdin)\n";
    return kUsage;
  }
  SourceManager sources;
  DiagnosticEngine diags(sources);
  prover::Prover prover(checker::ClaimProverOptions());
  bool ok = true, parsed = true;
  for (const auto& path : opts->files) {
    auto text = ReadSource(path, *opts);
    if (!text) return kUsage;
    bool parse_ok = true;
    if (checker::LooksLikeClaimFile(*text)) {
      uint32_t file = sources.Add(path, *text);
      ok = ProveIdentityClaims(path, file, diags, opts->flags.count("--smt2") > 0, prover, &parse_ok) && ok;
    } else {
      ok = ProveModuleClaims(path, *text, *opts, sources, diags, prover, &parse_ok) && ok;
    }
    parsed = parsed && parse_ok;
  }
  if (opts->flags.count("--stats")) {
    const auto& s = prover.stats();
    std::cout << "prover: " << prover::StatsSummary(s) << "\n";
  }
  if (!diags.diagnostics().empty()) EmitDiagnostics(diags, *opts);
  return parsed && ok ? kOk : kRejected;
}

}  // namespace rlx::cli
