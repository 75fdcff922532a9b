#include "fuzz/driver/fuzz_driver.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "fuzz/driver/regression_file.h"
#include "fuzz/oracles/oracle.h"
#include "fuzz/reduce/reducer.h"
#include "runtime/io/value_text.h"
#include "runtime/thread_pool.h"
#include "ir/op_table.h"
#include "ir/text/printer.h"

namespace rlx::fuzz {
namespace {

using Clock = std::chrono::steady_clock;

// The case each thread is working on, for the crash report: a crash (a bug in rlx or in an
// oracle) ends the process, so its seed is written from the signal handler.
constexpr int kMaxThreads = 256;
std::atomic<uint64_t> g_current[kMaxThreads];
std::atomic<int> g_threads{0};

void WriteAll(const char* s, size_t n) {
  while (n > 0) {
    ssize_t k = write(STDERR_FILENO, s, n);
    if (k <= 0) return;
    s += k;
    n -= static_cast<size_t>(k);
  }
}

void OnCrash(int sig) {
  static const char head[] = "\nrlx fuzz: crashed (signal ";
  WriteAll(head, sizeof head - 1);
  char num[24];
  int len = 0;
  for (int v = sig; v > 0 || len == 0; v /= 10) num[len++] = static_cast<char>('0' + v % 10);
  while (len > 0) WriteAll(&num[--len], 1);
  static const char mid[] = ") in a case; reproduce with: rlx fuzz --count 1 --seed";
  WriteAll(mid, sizeof mid - 1);
  for (int t = 0; t < g_threads.load() && t < kMaxThreads; ++t) {
    uint64_t seed = g_current[t].load();
    char digits[24];
    int n = 0;
    do {
      digits[n++] = static_cast<char>('0' + seed % 10);
      seed /= 10;
    } while (seed > 0);
    WriteAll(" ", 1);
    while (n > 0) WriteAll(&digits[--n], 1);
  }
  WriteAll("\n", 1);
  signal(sig, SIG_DFL);
  raise(sig);
}

constexpr uint64_t kInputSalt = 0x696e70757473ULL;

struct Generated {
  Ref<IRModule> module;
  std::vector<runtime::Value> args;
  Coverage coverage;
};

Generated Generate(uint64_t seed, const FuzzOptions& o) {
  RngChooser c(seed);
  GeneratedProgram p = GenerateProgram(c, o.program);
  Generated g{p.module, {}, std::move(p.coverage)};
  RngChooser ci(seed ^ kInputSalt);
  InputOptions io = o.inputs;
  if (seed % 4 == 0) io.finite = true;  // a quarter of the cases away from NaN-producing domains
  GeneratedInputs in = GenerateInputs(ci, *p.module->FindFunction("main"), io);
  g.args = std::move(in.args);
  g.coverage.Add(io.finite ? "inputs:finite" : "inputs:edge-values");
  for (const auto& [name, v] : in.shape_vars) {
    if (v == 0) g.coverage.Add("inputs:zero-extent");
    if (v == 1) g.coverage.Add("inputs:unit-extent");
  }
  return g;
}

class Run {
 public:
  Run(const FuzzOptions& o, std::ostream& log) : o_(o), log_(log), start_(Clock::now()) {
    for (auto& oracle : AllOracles()) {
      if (o_.oracles.empty() || std::find(o_.oracles.begin(), o_.oracles.end(), oracle->name()) != o_.oracles.end()) {
        names_.push_back(oracle->name());
      }
    }
  }

  FuzzStats Go() {
    int jobs = std::min(kMaxThreads, std::max(1, o_.jobs));
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) signal(sig, OnCrash);
    std::vector<std::thread> threads;
    for (int j = 1; j < jobs; ++j) threads.emplace_back([this] { Work(); });
    std::thread progress;
    if (o_.progress) progress = std::thread([this] { Progress(); });
    Work();
    for (auto& t : threads) t.join();
    done_ = true;
    if (progress.joinable()) progress.join();
    if (o_.progress) {
      PrintProgress();
      log_ << "\n";
    }
    stats_.seconds = Seconds();
    return std::move(stats_);
  }

 private:
  double Seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  bool Stop() const {
    if (stop_) return true;
    if (o_.seconds > 0 && Seconds() >= o_.seconds) return true;
    return false;
  }

  void Work() {
    const int slot = g_threads.fetch_add(1) % kMaxThreads;
    // Each thread has its own oracles (they may keep state).
    std::vector<std::unique_ptr<Oracle>> oracles;
    for (auto& oracle : AllOracles()) {
      if (std::find(names_.begin(), names_.end(), oracle->name()) != names_.end()) oracles.push_back(std::move(oracle));
    }
    while (!Stop()) {
      int64_t i = next_++;
      if (o_.count > 0 && i >= o_.count) break;
      uint64_t seed = o_.seed + static_cast<uint64_t>(i);
      g_current[slot] = seed;
      Generated g = Generate(seed, o_);
      FuzzCase fc(seed, g.module, g.args);
      if (o_.print_programs) Print(seed, g);
      std::vector<std::pair<std::string, Verdict>> failed;
      std::map<std::string, int64_t> checked;
      for (auto& oracle : oracles) {
        if (oracle->needs_valid_module() && !fc.Accepted()) continue;
        ++checked[oracle->name()];
        Verdict v = oracle->Check(fc);
        if (!v.ok) failed.emplace_back(oracle->name(), std::move(v));
      }
      std::lock_guard<std::mutex> lock(mu_);
      ++stats_.programs;
      stats_.coverage.Merge(g.coverage);
      for (const auto& [k, n] : checked) stats_.checks[k] += n;
      if (fc.Accepted()) {
        ++stats_.accepted;
        const Outcome& r = fc.Reference();
        if (r.ok) {
          ++stats_.returned;
        } else if (r.error_code.rfind("E09", 0) == 0) {
          ++stats_.exhausted;
        } else {
          ++stats_.trapped;
          stats_.coverage.Add("outcome:" + r.error_code);
        }
      }
      for (auto& [name, v] : failed) {
        if (static_cast<int>(stats_.failures.size()) >= o_.max_failures) break;
        Record(seed, name, v, g);
      }
      if (static_cast<int>(stats_.failures.size()) >= o_.max_failures) stop_ = true;
    }
  }

  void Print(uint64_t seed, const Generated& g) {
    std::string text = "# seed " + std::to_string(seed) + "\n" + text::PrintModule(*g.module);
    for (const auto& a : g.args) text += "# arg " + runtime::ValueText(a).value_or("?") + "\n";
    std::lock_guard<std::mutex> lock(mu_);
    log_ << text << "\n";
  }

  // Shrinks and saves one failure (called with mu_ held: failures are rare).
  void Record(uint64_t seed, const std::string& oracle_name, const Verdict& v, const Generated& g) {
    FuzzFailure f{seed, oracle_name, v.message, "", CountBindings(*g.module), 0};
    Reproducer best{g.module, g.args};
    Verdict last = v;
    if (o_.reduce) {
      std::unique_ptr<Oracle> oracle;
      for (auto& o : AllOracles()) {
        if (o->name() == oracle_name) oracle = std::move(o);
      }
      best = Reduce(best, [&](const Reproducer& r) {
        FuzzCase c(seed, r.module, r.args);
        if (oracle->needs_valid_module() && !c.Accepted()) return false;
        Verdict again = oracle->Check(c);
        if (again.ok || again.key != v.key) return false;
        last = again;
        return true;
      }, 400, [&](const IRModule& m, int extent) {
        Ref<Function> main = m.FindFunction("main");
        if (!main) return std::vector<runtime::Value>{};
        RngChooser ci(seed ^ kInputSalt);
        InputOptions io = o_.inputs;
        io.max_extent = extent;
        return GenerateInputs(ci, *main, io).args;
      });
    }
    f.bindings_after = CountBindings(*best.module);
    if (!o_.save_dir.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(o_.save_dir, ec);
      std::string path = o_.save_dir + "/" + oracle_name + "-" + std::to_string(seed) + ".rlxt";
      std::ofstream out(path);
      out << RegressionFile(seed, oracle_name, last, best);
      if (out) f.saved = path;
    }
    if (o_.progress) log_ << "\n";
    log_ << "FAIL " << oracle_name << " seed " << seed << ": " << v.message.substr(0, 400) << "\n";
    log_ << "  reproduce: rlx fuzz --seed " << seed << " --count 1 --oracle " << oracle_name << "\n";
    if (!f.saved.empty()) {
      log_ << "  saved: " << f.saved << " (" << f.bindings_before << " -> " << f.bindings_after << " bindings)\n";
    }
    log_.flush();
    stats_.failures.push_back(std::move(f));
  }

  void PrintProgress() {
    std::lock_guard<std::mutex> lock(mu_);
    double s = Seconds();
    char line[200];
    std::snprintf(line, sizeof line, "\r%lld programs (%lld accepted), %.0f/s, %zu failure%s, %.0fs   ",
                  static_cast<long long>(stats_.programs), static_cast<long long>(stats_.accepted),
                  s > 0 ? static_cast<double>(stats_.programs) / s : 0.0, stats_.failures.size(),
                  stats_.failures.size() == 1 ? "" : "s", s);
    log_ << line;
    log_.flush();
  }

  void Progress() {
    while (!done_) {
      for (int i = 0; i < 10 && !done_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (!done_) PrintProgress();
    }
  }

  const FuzzOptions& o_;
  std::ostream& log_;
  Clock::time_point start_;
  std::vector<std::string> names_;
  std::mutex mu_;
  FuzzStats stats_;
  std::atomic<int64_t> next_{0};
  std::atomic<bool> stop_{false};
  std::atomic<bool> done_{false};
};

}  // namespace

FuzzStats RunFuzz(const FuzzOptions& options, std::ostream& log) {
  // Every loop that may run on the runtime's thread pool does, however small, in four chunks:
  // the compiled-vs-interpreter oracles then compare chunked runs (codegen.cpu.parallel).
  runtime::SetParallelSettings({4, 0});
  const int64_t regions = runtime::ParallelRegionsRun();
  FuzzStats stats = Run(options, log).Go();
  stats.parallel_regions = runtime::ParallelRegionsRun() - regions;
  return stats;
}

std::vector<std::pair<std::string, std::string>> OracleList() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& o : AllOracles()) out.emplace_back(o->name(), o->description());
  return out;
}

std::string CoverageReport(const Coverage& c) {
  std::ostringstream out;
  std::string section;
  for (const auto& [k, n] : c.counts) {
    std::string s = k.substr(0, k.find(':'));
    if (s != section) {
      out << s << ":\n";
      section = s;
    }
    out << "  " << k.substr(k.find(':') + 1) << " " << n << "\n";
  }
  std::vector<std::string> missing;
  for (const auto& op : AllOps()) {
    if (!c.counts.count("op:" + op.name)) missing.push_back(op.name);
  }
  out << "ops of the core set that never appeared: " << missing.size();
  for (const auto& m : missing) out << " " << m;
  out << "\n";
  return out.str();
}

}  // namespace rlx::fuzz
