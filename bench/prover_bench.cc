// Benchmark: the shape prover on the claim corpus (bench/claims/*.claims), in three
// configurations measured in the same run: the full prover (algebra, evaluation, Z3), the fast
// path alone (no Z3), Z3 alone (no algebra, no evaluation), the full prover once more with the
// claims in reverse order (its answers must be identical: sinfo.prove.deterministic), and plain
// Z3 as a user would call it (default solver, unbounded integers, a 10 s timeout).
//   prover_bench [REPEATS] [CLAIM FILES...]   (default: 5 and every file of bench/claims)
//   RLX_BENCH_PLAIN_Z3_MS=N sets the baseline's timeout (0 leaves it out).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "checker/claims/claim_file.h"
#include "checker/prover/z3_backend.h"

namespace {

namespace fs = std::filesystem;
using rlx::prover::Answer;
using rlx::prover::Method;

struct Config {
  const char* name;
  rlx::prover::ProverOptions options;
  bool reverse;  // the claims in reverse order (the answers must not change)
};

struct Outcome {
  Answer answer = Answer::kUnknown;
  Method method = Method::kNone;
  double ms = 0;  // median over the repeats
};

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t i = static_cast<size_t>(p * (v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

// Plain Z3 on one claim in a child process killed after `ms` (Z3 4.8's own timer thread was
// seen to deadlock in this benchmark): the answer travels in the exit status.
rlx::prover::ProofResult PlainZ3InChild(const rlx::checker::Claim& c, unsigned ms) {
  rlx::prover::ProofResult r;
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    auto res = rlx::prover::PlainZ3Baseline(c.assumptions, c.claim, 0);
    _exit(res.answer == Answer::kProven ? 10 : res.answer == Answer::kDisproven ? 11 : 12);
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return r;  // unknown: the timeout
    }
    usleep(2000);
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 10) r.answer = Answer::kProven;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 11) r.answer = Answer::kDisproven;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  std::vector<fs::path> files;
  for (int i = 2; i < argc; ++i) files.push_back(argv[i]);
  if (files.empty()) {
    fs::path dir = fs::path(RLX_SOURCE_DIR) / "bench" / "claims";
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() == ".claims") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
  }
  rlx::SourceManager sources;
  rlx::DiagnosticEngine diags(sources);
  std::vector<rlx::checker::Claim> claims;
  for (const auto& f : files) {
    std::ifstream in(f);
    std::stringstream ss;
    ss << in.rdbuf();
    uint32_t id = sources.Add(f.filename().string(), ss.str());
    for (auto& c : rlx::checker::ParseClaimFile(id, diags)) claims.push_back(std::move(c));
  }
  if (diags.has_errors()) {
    std::fputs(diags.RenderAll().c_str(), stderr);
    return 1;
  }
  const char* plain_env = std::getenv("RLX_BENCH_PLAIN_Z3_MS");
  unsigned plain_ms = plain_env ? static_cast<unsigned>(std::atoi(plain_env)) : 10000;
  std::printf("%zu claims from %zu files, %d repeats (median time per claim)\n\n", claims.size(),
              files.size(), repeats);

  Config configs[5];
  configs[0] = {"full prover", {}, false};
  configs[1] = {"full prover, claims in reverse order", {}, true};
  configs[2] = {"fast path only (no Z3)", {}, false};
  configs[2].options.use_z3 = false;
  configs[3] = {"Z3 only (rlx's deterministic stages)", {}, false};
  configs[3].options.use_algebra = false;
  configs[3].options.evaluations = 0;
  for (Config& c : configs) {  // as `rlx prove`: no per-check solver budget
    c.options.z3_max_limit_hits = 1 << 30;
    c.options.z3_max_queries = 1 << 30;
  }

  std::printf(
      "| configuration | decided | proven | disproven | unknown | wrong | median ms | p99 ms | "
      "total ms |\n");
  std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  auto row = [&](const char* name, const std::vector<Outcome>& out) {
    std::vector<double> medians;
    int proven = 0, disproven = 0, unknown = 0, wrong = 0;
    double total = 0;
    for (size_t i = 0; i < claims.size(); ++i) {
      medians.push_back(out[i].ms);
      total += out[i].ms;
      switch (out[i].answer) {
        case Answer::kProven: ++proven; break;
        case Answer::kDisproven: ++disproven; break;
        case Answer::kUnknown: ++unknown; break;
      }
      const auto& expect = claims[i].expect;
      if (expect && out[i].answer != Answer::kUnknown && *expect != out[i].answer) ++wrong;
    }
    int n = static_cast<int>(claims.size());
    std::printf("| %s | %d (%.1f%%) | %d | %d | %d | %d | %.3f | %.3f | %.1f |\n", name,
                proven + disproven, n ? 100.0 * (proven + disproven) / n : 0.0, proven, disproven,
                unknown, wrong, Percentile(medians, 0.5), Percentile(medians, 0.99), total);
  };
  std::vector<Outcome> runs[5];
  for (int c = 0; c < 4; ++c) {
    const Config& cfg = configs[c];
    std::vector<std::vector<double>> times(claims.size());
    std::vector<Outcome> out(claims.size());
    for (int r = 0; r < repeats; ++r) {
      rlx::prover::Prover prover(cfg.options);  // fresh: no answer is cached across repeats
      for (size_t k = 0; k < claims.size(); ++k) {
        size_t i = cfg.reverse ? claims.size() - 1 - k : k;
        auto t0 = std::chrono::steady_clock::now();
        auto res = prover.Prove(claims[i].assumptions, claims[i].claim);
        auto t1 = std::chrono::steady_clock::now();
        times[i].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        out[i].answer = res.answer;
        out[i].method = res.method;
      }
    }
    for (size_t i = 0; i < claims.size(); ++i) out[i].ms = Percentile(times[i], 0.5);
    row(cfg.name, out);
    runs[c] = out;
  }
  // The baseline: Z3's default solver, unbounded integers, a wall-clock timeout, one repeat.
  if (plain_ms > 0) {
    std::vector<Outcome> out(claims.size());
    for (size_t i = 0; i < claims.size(); ++i) {
      auto t0 = std::chrono::steady_clock::now();
      auto res = PlainZ3InChild(claims[i], plain_ms);
      auto t1 = std::chrono::steady_clock::now();
      out[i] = {res.answer, res.method, std::chrono::duration<double, std::milli>(t1 - t0).count()};
    }
    std::string name = "plain Z3 (default solver, unbounded, " +
                       std::to_string(plain_ms / 1000.0).substr(0, 4) + " s timeout, 1 run)";
    row(name.c_str(), out);
    runs[4] = out;
  }

  const std::vector<Outcome>& full = runs[0];
  int differ = 0;
  for (size_t i = 0; i < claims.size(); ++i) {
    if (runs[0][i].answer != runs[1][i].answer) {
      ++differ;
      std::printf("order changes the answer: %s (%s / %s)\n", claims[i].name.c_str(),
                  rlx::prover::AnswerName(runs[0][i].answer),
                  rlx::prover::AnswerName(runs[1][i].answer));
    }
  }
  std::printf("\nfull prover, forward and reverse order: %s (%d of %zu answers differ)\n",
              differ ? "DIFFERENT" : "identical answers", differ, claims.size());
  std::map<Method, int> by_method;
  std::map<Method, std::vector<double>> stage_ms;
  for (const auto& o : full) {
    Method m = o.answer == Answer::kUnknown ? Method::kNone : o.method;
    ++by_method[m];
    stage_ms[m].push_back(o.ms);
  }
  std::printf(
      "\n| stage (full prover) | claims | median ms | p99 ms |\n| --- | ---: | ---: | ---: |\n");
  for (Method m :
       {Method::kConstant, Method::kAlgebra, Method::kEvaluation, Method::kZ3, Method::kNone}) {
    std::printf("| %s | %d | %.3f | %.3f |\n",
                m == Method::kNone ? "unknown" : rlx::prover::MethodName(m), by_method[m],
                Percentile(stage_ms[m], 0.5), Percentile(stage_ms[m], 0.99));
  }
  // The slowest claims of the full prover, which decide its p99.
  std::vector<size_t> order(claims.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return full[a].ms > full[b].ms; });
  std::printf("\nslowest with the full prover:\n");
  for (size_t k = 0; k < order.size() && k < 8; ++k) {
    const Outcome& o = full[order[k]];
    std::printf("  %9.3f ms  %-9s %s\n", o.ms,
                o.answer == Answer::kUnknown ? "unknown" : rlx::prover::MethodName(o.method),
                claims[order[k]].name.c_str());
  }
  std::printf("\nunknown with the full prover:\n");
  for (size_t i = 0; i < claims.size(); ++i) {
    if (full[i].answer == Answer::kUnknown) std::printf("  %s\n", claims[i].name.c_str());
  }
  if (plain_ms > 0) {
    std::printf("\ndecided by plain Z3 but not by the full prover:\n");
    for (size_t i = 0; i < claims.size(); ++i) {
      if (full[i].answer == Answer::kUnknown && runs[4][i].answer != Answer::kUnknown) {
        std::printf("  %s\n", claims[i].name.c_str());
      }
    }
  }
  return differ ? 1 : 0;
}
