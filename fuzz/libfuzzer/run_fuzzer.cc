// libFuzzer entry point for parse -> check -> run: every module the checker accepts is run,
// function by function, on arguments made from the parameter annotations (small extents, a
// seed taken from the input) under small limits. Any outcome is fine except a crash, a hang,
// an internal error, or a runtime error without a stable code and a source position.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "driver/driver.h"
#include "runtime/io/random_inputs.h"
#include "ir/text/relax_parser.h"

namespace {

[[noreturn]] void Die(const char* what, const std::string& detail) {
  std::fprintf(stderr, "run_fuzzer: %s\n%s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rlx;
  std::string text(reinterpret_cast<const char*>(data), size);
  SourceManager sources;
  DiagnosticEngine diags(sources);
  checker::CheckOptions options;
  options.prover.z3_rlimit = 100'000;
  options.prover.z3_max_limit_hits = 5;
  driver::Program program = driver::Load(text, "fuzz.py", sources, diags, {}, options);
  if (!program.ok()) return 0;
  const Ref<IRModule>& m = program.module;

  driver::RunOptions run_options;
  run_options.limits.max_tensor_bytes = int64_t{1} << 20;
  run_options.limits.max_live_bytes = int64_t{16} << 20;
  run_options.limits.max_call_depth = 64;
  run_options.limits.max_steps = 20'000;
  // A TIR loop nest counts its iterations as work (tir.eval.work): the default work limit lets
  // one input spin for minutes, which libFuzzer reports as a hang.
  run_options.limits.max_work = 5'000'000;
  std::ostringstream printed;
  run_options.out = &printed;
  uint64_t seed = 0;
  for (size_t i = 0; i < size; ++i) seed = seed * 131 + data[i];
  for (const GlobalDef& g : m->globals) {
    auto f = As<Function>(g.value);
    if (!f) continue;
    runtime::RandomInputs random([](const std::string&) { return std::nullopt; }, seed, 2,
                                int64_t{1} << 16);
    std::vector<runtime::Value> args;
    bool made = true;
    for (const auto& p : f->params) {
      std::string why;
      auto v = p->annotation ? random.Make(*p->annotation, &why) : std::nullopt;
      if (!v) {
        made = false;
        break;
      }
      args.push_back(*v);
    }
    if (!made) continue;
    driver::RunResult r = driver::Prepare(m, run_options)->Run(g.name, std::move(args));
    if (r.ok()) continue;
    const std::string code(ErrorCodeString(r.error->code));
    if (code.size() != 5 || code[0] != 'E') Die("a runtime error without a code", r.error->message);
    // The interpreter reports a C++ exception as "internal error: ..." (a message that merely
    // mentions the words, say a packed function named so, is not one).
    if (r.error->message.rfind("internal error: ", 0) == 0) Die("internal error", r.error->message);
    r.error->Report(diags);
    (void)diags.RenderAll();
  }
  return 0;
}
