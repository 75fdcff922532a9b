// rlx conform: runs the conformance suite (conformance/FORMAT.md) against rlx in process or
// against another implementation through its adapter (conformance/ADAPTER.md).
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>

#include "compiler/pass/pass_manager.h"
#include "conformance/runner/external.h"
#include "conformance/runner/in_process.h"
#include "conformance/runner/report.h"
#include "ir/base/file_io.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {
namespace {

namespace fs = std::filesystem;
using namespace conform;

// A PATH argument relative to the suite root, keeping a ":LINE" suffix.
std::optional<std::string> SuiteRelative(const std::string& arg, const fs::path& root) {
  std::string path = arg, line;
  size_t colon = arg.rfind(':');
  if (colon != std::string::npos && colon + 1 < arg.size() &&
      arg.find_first_not_of("0123456789", colon + 1) == std::string::npos) {
    path = arg.substr(0, colon);
    line = arg.substr(colon);
  }
  std::error_code ec;
  fs::path p = fs::exists(path, ec) ? fs::path(path) : root / path;
  if (!fs::exists(p, ec)) return std::nullopt;
  std::string rel = fs::relative(fs::weakly_canonical(p, ec), fs::weakly_canonical(root, ec), ec).generic_string();
  if (ec || rel.rfind("..", 0) == 0) return std::nullopt;
  if (rel == ".") rel = "";
  return rel + line;
}

bool ParseShard(const std::string& text, Selection* s) {
  size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  try {
    s->shard_index = std::stoi(text.substr(0, slash));
    s->shard_count = std::stoi(text.substr(slash + 1));
  } catch (const std::exception&) {
    return false;
  }
  return s->shard_count >= 1 && s->shard_index >= 1 && s->shard_index <= s->shard_count;
}

// --update: the expectations file rewritten from this run.
std::string UpdatedExpectations(const Expectations* old, const std::vector<AssertionResult>& results) {
  std::string out = "# Expectations for rlx conform (conformance/ADAPTER.md); updated by --update.\n";
  std::set<std::string> listed;
  if (old) {
    for (const Expectation& e : old->entries()) {
      bool glob = e.pattern.find_first_of("*?[") != std::string::npos;
      if (e.kind == Expectation::Kind::kSkip || glob) {
        out += e.pattern + " " + ExpectationKindName(e.kind) + " " + e.reason + "\n";
        listed.insert(e.pattern);
      }
    }
  }
  for (const auto& r : results) {
    if (listed.count(r.ref.id)) continue;
    const Expectation* e = old ? old->Find(r.ref.id) : nullptr;
    bool exact = e && e->pattern == r.ref.id;
    std::string reason = exact ? e->reason : r.reason.substr(0, 160);
    for (char& c : reason) {
      if (c == '\n') c = ' ';
    }
    if (r.outcome == Outcome::kFail || r.outcome == Outcome::kXFail) {
      out += r.ref.id + " xfail " + reason + "\n";
    } else if (r.outcome == Outcome::kUnsupported || r.outcome == Outcome::kUnsupportedExpected) {
      out += r.ref.id + " unsupported " + reason + "\n";
    }
  }
  return out;
}

bool WriteTo(const std::string& path, const std::string& what, const std::function<void(std::ostream&)>& write) {
  std::ostringstream text;
  write(text);
  std::string error;
  // The expectations file is the user's: replaced whole or not at all.
  if (!ReplaceFileAtomically(path, text.str(), &error)) {
    std::cerr << "rlx conform: " << what << ": " << error << "\n";
    return false;
  }
  return true;
}

}  // namespace

int RunConform(const std::vector<std::string>& args) {
  std::vector<std::string> switches = {"--update", "--coverage", "--op-status", "--verbose", "--list"};
  switches.insert(switches.end(), kOptLevelFlags.begin(), kOptLevelFlags.end());
  auto opts = ParseArgs(args, switches,
                        {"--impl", "--filter", "--shard", "--expect", "--junit", "--jsonl", "--suite", "--spec",
                         "--timeout", "--max-failures", "--match", "--passes", "--backend"});
  if (!opts) return kUsage;
  auto& flags = opts->flags;
  fs::path suite_root = flags.count("--suite") ? fs::path(flags["--suite"]) : fs::path(RLX_SOURCE_DIR) / "conformance/suite";
  fs::path spec_dir = flags.count("--spec") ? fs::path(flags["--spec"]) : suite_root / "../../spec";
  if (!fs::exists(spec_dir / "README.md")) spec_dir = fs::path(RLX_SOURCE_DIR) / "spec";
  std::string error;
  RuleIndex rules = RuleIndex::Load(spec_dir.string(), &error);
  if (!error.empty()) {
    std::cerr << "rlx conform: " << error << "\n";
    return kUsage;
  }
  if (!fs::is_directory(suite_root)) {
    std::cerr << "rlx conform: no suite at '" << suite_root.string() << "' (use --suite DIR)\n";
    return kUsage;
  }
  std::vector<std::string> problems;
  Suite suite = Suite::Load(suite_root.string(), rules, &problems);
  if (!problems.empty()) {
    for (const auto& p : problems) std::cerr << (suite_root / p).string() << "\n";
    std::cerr << "rlx conform: " << problems.size() << " problem(s) in the suite's scripts\n";
    return kUsage;
  }
  if (flags.count("--coverage")) {
    std::map<std::string, Exemption> exempt;
    fs::path exemptions = suite_root / "../coverage-exemptions.txt";
    if (fs::exists(exemptions)) {
      auto text = ReadFile(exemptions.string());
      if (!text) return kUsage;
      std::vector<std::string> bad;
      exempt = ReadExemptions(*text, rules, &bad);
      for (const auto& b : bad) std::cerr << exemptions.string() << ": " << b << "\n";
      if (!bad.empty()) return kUsage;
    }
    return PrintCoverage(suite, rules, exempt, std::cout) == 0 ? kOk : kRejected;
  }
  if (flags.count("--op-status")) {
    PrintOpStatus(suite, rules, std::cout);
    return kOk;
  }

  RunConfig config;
  for (const auto& p : opts->files) {
    auto rel = SuiteRelative(p, suite_root);
    if (!rel) {
      std::cerr << "rlx conform: '" << p << "' is not a file or folder of the suite at " << suite_root.string() << "\n";
      return kUsage;
    }
    config.selection.paths.push_back(*rel);
  }
  if (flags.count("--max-failures")) {
    const std::string& n = flags["--max-failures"];
    if (n.empty() || n.size() > 9 || n.find_first_not_of("0123456789") != std::string::npos) {
      std::cerr << "rlx conform: --max-failures expects a number\n";
      return kUsage;
    }
    config.max_failures = std::stoi(n);
  }
  if (flags.count("--match")) {
    const std::string& m = flags["--match"];
    if (m != "code" && m != "phase") {
      std::cerr << "rlx conform: --match expects code or phase, got '" << m << "'\n";
      return kUsage;
    }
    config.match = m == "phase" ? MatchMode::kPhase : MatchMode::kCode;
  }
  if (flags.count("--filter")) config.selection.filter = flags["--filter"];
  if (flags.count("--shard") && !ParseShard(flags["--shard"], &config.selection)) {
    std::cerr << "rlx conform: --shard expects I/N with 1 <= I <= N, got '" << flags["--shard"] << "'\n";
    return kUsage;
  }
  std::optional<Expectations> expectations;
  if (flags.count("--expect")) {
    std::error_code ec;
    std::string text;
    if (fs::exists(flags["--expect"], ec)) {
      auto t = ReadFile(flags["--expect"]);
      if (!t) return kUsage;
      text = *t;
    } else if (!flags.count("--update")) {
      std::cerr << "rlx conform: cannot read '" << flags["--expect"] << "'\n";
      return kUsage;
    }
    expectations = Expectations::Parse(text, &error);
    if (!expectations) {
      std::cerr << "rlx conform: " << flags["--expect"] << ": " << error << "\n";
      return kUsage;
    }
    config.expectations = &*expectations;
  } else if (flags.count("--update")) {
    std::cerr << "rlx conform: --update needs --expect FILE\n";
    return kUsage;
  }
  if (flags.count("--list")) {
    auto all = suite.Assertions();
    for (size_t i = 0; i < all.size(); ++i) {
      if (config.selection.Selects(all[i], i)) std::cout << all[i].id << " " << all[i].command->verb << "\n";
    }
    return kOk;
  }

  std::unique_ptr<Implementation> impl;
  std::string impl_name = "rlx (in process)";
  // --timeout bounds one request: through an adapter by restarting it, in process by the
  // interpreter's wall-clock limit (eval.limit.time, E0911).
  int timeout = 60;
  if (flags.count("--timeout")) {
    // Whole seconds, read exactly: "1e3" or "5s" is an error, not 1 or 5.
    const std::string& t = flags["--timeout"];
    const bool digits = !t.empty() && t.size() <= 7 && t.find_first_not_of("0123456789") == std::string::npos;
    timeout = digits ? std::stoi(t) : 0;
    if (timeout <= 0) {
      std::cerr << "rlx conform: --timeout expects a positive number of seconds\n";
      return kUsage;
    }
  }
  if (flags.count("--impl")) {
    auto ext = std::make_unique<ExternalImplementation>(flags["--impl"], timeout, flags.count("--verbose") > 0);
    std::string why;
    if (!ext->Probe(&why)) {
      std::cerr << "rlx conform: " << why << " (see conformance/ADAPTER.md; --verbose shows its standard error)\n";
      return kUsage;
    }
    impl = std::move(ext);
    impl_name = flags["--impl"];
  } else {
    auto in_process = std::make_unique<InProcessImplementation>(timeout);
    if (flags.count("--passes")) {
      // Run requests go through the passes first (conformance/README.md: judging a pass).
      std::vector<const compiler::PassInfo*> passes;
      std::string why;
      if (!compiler::ParsePassList(flags["--passes"], &passes, &why)) {
        std::cerr << "rlx conform: " << why << "\n";
        return kUsage;
      }
      std::vector<std::string> names;
      for (const auto* p : passes) names.push_back(p->name);
      in_process->SetPasses(std::move(names));
      config.skip_limits = true;
      impl_name += " after " + flags["--passes"];
    }
    if (flags.count("--backend")) {
      auto backend = BackendOption("rlx conform", flags["--backend"]);
      if (!backend) return kUsage;
      in_process->SetBackend(*backend);
      in_process->SetOptLevel(OptLevelOf(*opts));
      if (*backend != driver::Backend::kInterpreter) {
        config.skip_limits = true;
        config.limits_kept = driver::LimitNamesKeptByLowering();
        impl_name += std::string(" on ") + driver::BackendName(*backend) + " -O" + std::to_string(OptLevelOf(*opts));
      }
    }
    impl = std::move(in_process);
  }
  // The command that reruns one assertion: the suite-relative id after the suite's path.
  std::error_code ec;
  fs::path shown = fs::relative(suite_root, fs::current_path(ec), ec);
  if (ec || shown.empty() || shown.string().rfind("..", 0) == 0) shown = suite_root;
  std::string rerun = "rlx conform" + impl->ReproOptions() +
                      (config.match == MatchMode::kPhase ? " --match phase" : "") +
                      (flags.count("--suite") ? " --suite " + flags["--suite"] : "") + " " + (shown / "").string();
  bool verbose = flags.count("--verbose") > 0;
  config.on_result = [&](const AssertionResult& r) {
    std::string line = FailureLine(r, rerun);
    if (!line.empty()) std::cout << line << "\n" << std::flush;
    else if (verbose) std::cout << OutcomeName(r.outcome) << " " << r.ref.id << "\n";
  };
  std::vector<AssertionResult> results = RunSuite(suite, *impl, config);
  if (config.max_failures > 0) {
    int failures = 0;
    for (const auto& r : results) failures += IsFailure(r.outcome);
    if (failures >= config.max_failures) std::cout << "stopped after " << failures << " failures (--max-failures)\n";
  }
  std::cout << "implementation: " << impl_name;
  if (auto* ext = dynamic_cast<ExternalImplementation*>(impl.get())) std::cout << " (" << ext->Mode() << ")";
  std::cout << "\n";
  PrintSummary(results, config.match, std::cout);
  if (flags.count("--junit") &&
      !WriteTo(flags["--junit"], "JUnit XML", [&](std::ostream& o) { WriteJUnit(results, impl_name, o); }))
    return kUsage;
  if (flags.count("--jsonl") && !WriteTo(flags["--jsonl"], "JSON lines", [&](std::ostream& o) { WriteJsonLines(results, o); }))
    return kUsage;
  if (flags.count("--update") &&
      !WriteTo(flags["--expect"], "the expectations", [&](std::ostream& o) { o << UpdatedExpectations(config.expectations, results); }))
    return kUsage;
  for (const auto& r : results) {
    if (IsFailure(r.outcome)) return kRejected;
  }
  return kOk;
}

}  // namespace rlx::cli
