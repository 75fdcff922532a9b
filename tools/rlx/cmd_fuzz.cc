// rlx fuzz: the property-based fuzz harness (fuzz/, docs/fuzzing.md): generates well-typed
// programs and inputs, runs every oracle, shrinks and saves failures as conformance files.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "fuzz/driver/fuzz_driver.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {
namespace {

// "60s", "2m", "90" (seconds): a positive, finite duration (0, nan and inf are usage errors,
// docs/cli.md).
std::optional<double> ParseDuration(const std::string& s) {
  if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '.')) {
    return std::nullopt;
  }
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  std::string unit(end);
  if (!(v > 0) || !std::isfinite(v) || end == s.c_str()) return std::nullopt;
  if (unit.empty() || unit == "s") return v;
  if (unit == "m") return v * 60;
  if (unit == "h") return v * 3600;
  return std::nullopt;
}

// A decimal integer of [lo, INT64_MAX]; anything else (a sign, a suffix, overflow) is nullopt.
std::optional<int64_t> ParseCount(const std::string& s, int64_t lo) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0' || v < lo) return std::nullopt;
  return v;
}

// A seed: any decimal uint64, read exactly (a printed failing seed must reproduce the case).
std::optional<uint64_t> ParseSeed(const std::string& s) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0') return std::nullopt;
  return v;
}

}  // namespace

int RunFuzz(const std::vector<std::string>& args) {
  auto opts = ParseArgs(args, {"--no-save", "--no-reduce", "--coverage", "--list-oracles", "--finite", "--quiet", "--print"},
                        {"--seed", "--time", "--count", "--oracle", "--jobs", "--save", "--max-failures", "--max-steps"});
  if (!opts) return kUsage;
  if (!opts->files.empty()) {
    std::cerr << "rlx fuzz: unexpected argument '" << opts->files[0] << "'\n";
    return kUsage;
  }
  auto flag = [&](const char* k) { return opts->flags.count(k) > 0; };
  auto value = [&](const char* k) { return opts->flags.at(k); };
  if (flag("--list-oracles")) {
    for (const auto& [name, what] : fuzz::OracleList()) std::cout << name << ": " << what << "\n";
    return kOk;
  }
  fuzz::FuzzOptions o;
  auto bad = [](const std::string& what) {
    std::cerr << "rlx fuzz: " << what << "\n";
    return kUsage;
  };
  if (flag("--seed")) {
    auto s = ParseSeed(value("--seed"));
    if (!s) return bad("--seed takes an integer from 0 to 18446744073709551615");
    o.seed = *s;
  }
  if (flag("--time")) {
    auto t = ParseDuration(value("--time"));
    if (!t) return bad("--time takes a positive duration such as 60s, 2m or 90");
    o.seconds = *t;
  }
  if (flag("--count")) {
    auto n = ParseCount(value("--count"), 1);
    if (!n) return bad("--count takes a positive integer");
    o.count = *n;
  }
  if (o.seconds == 0 && o.count == 0) o.seconds = 60;
  if (flag("--jobs")) {
    auto n = ParseCount(value("--jobs"), 1);
    if (!n || *n > 256) return bad("--jobs takes an integer from 1 to 256");
    o.jobs = static_cast<int>(*n);
  }
  if (flag("--max-failures")) {
    auto n = ParseCount(value("--max-failures"), 1);
    if (!n) return bad("--max-failures takes a positive integer");
    o.max_failures = static_cast<int>(*n);
  }
  if (flag("--max-steps")) {
    auto n = ParseCount(value("--max-steps"), 1);
    if (!n || *n > 1000) return bad("--max-steps takes an integer from 1 to 1000");
    o.program.max_steps = static_cast<int>(*n);
  }
  if (flag("--oracle")) {
    std::stringstream ss(value("--oracle"));
    std::vector<std::string> known;
    for (const auto& [name, what] : fuzz::OracleList()) known.push_back(name);
    for (std::string name; std::getline(ss, name, ',');) {
      if (std::find(known.begin(), known.end(), name) == known.end()) {
        return bad("unknown oracle '" + name + "' (rlx fuzz --list-oracles lists them)");
      }
      o.oracles.push_back(name);
    }
  }
  o.inputs.finite = flag("--finite");
  o.print_programs = flag("--print");
  o.reduce = !flag("--no-reduce");
  o.save_dir = flag("--no-save") ? "" : flag("--save") ? value("--save") : "fuzz/regressions";
  o.progress = !flag("--quiet") && isatty(STDERR_FILENO);
  fuzz::FuzzStats s = fuzz::RunFuzz(o, std::cerr);
  std::cout << s.programs << " programs in " << static_cast<int64_t>(s.seconds * 10) / 10.0 << " s ("
            << static_cast<int64_t>(s.seconds > 0 ? s.programs / s.seconds : 0) << "/s); " << s.accepted
            << " accepted; runs: " << s.returned << " returned, " << s.trapped << " trapped, " << s.exhausted
            << " exhausted\n";
  std::cout << "oracle checks:";
  for (const auto& [name, n] : s.checks) std::cout << " " << name << " " << n;
  std::cout << "\nparallel loops run in chunks by compiled kernels: " << s.parallel_regions;
  std::cout << "\n" << s.failures.size() << " failure" << (s.failures.size() == 1 ? "" : "s") << "\n";
  if (flag("--coverage")) std::cout << fuzz::CoverageReport(s.coverage);
  return s.failures.empty() ? kOk : kRejected;
}

}  // namespace rlx::cli
