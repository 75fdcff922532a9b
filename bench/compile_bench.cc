// Benchmark: the compiler on the example models (examples/), against the interpreter and NumPy
// measured in the same run.
//   compile_bench [REPEATS [MODEL]]   (MODEL: only the models whose name contains it)
//   compile_bench --profile BACKEND MODEL [SECONDS]   (for `perf record`: only that backend's
//                                                      runs of the model, for SECONDS, default 5)
// For each model: the time to parse and check it, each pass of the lowering pipeline
// (compiler/pass/pipelines.h), LLVM's compilation of its PrimFuncs (the JIT, at O3 and O0), and
// a run (the median of at least REPEATS after a warm-up run, the backends interleaved) on the interpreter, on the cpu-kernels
// backend (the lowered module with native kernels, the Relax functions interpreted), on the cpu
// backend (the Relax functions compiled too; its compile time is LLVM's for them, at O3), and of
// the same computation in NumPy (/usr/bin/python3, timeit). Inputs are random, shape variables fixed
// per model.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/pass/pass.h"
#include "compiler/pass/pipelines.h"
#include "driver/codegen_loader.h"
#include "driver/driver.h"
#include "interpreter/interpreter.h"
#include "ir/base/file_io.h"
#include "ir/tir/prim_func.h"
#include "runtime/io/random_inputs.h"
#include "runtime/thread_pool.h"

namespace {

using rlx::runtime::Value;

struct Model {
  std::string name;
  std::string file;   // under examples/
  std::string entry;
  std::map<std::string, int64_t> shape_vars;
  std::map<size_t, int64_t> scalar_args;  // int64 0-d tensor arguments, by parameter index
  std::string numpy_setup, numpy_stmt;
};

std::vector<Model> Models() {
  return {
      {"mlp (n = 32)", "mlp.py", "main", {{"n", 32}}, {},
       "x = np.random.rand(32, 784).astype(np.float32); w1 = np.random.rand(784, 128).astype(np.float32); "
       "b1 = np.random.rand(128).astype(np.float32); w2 = np.random.rand(128, 10).astype(np.float32)\n"
       "def f():\n  h = np.maximum(x @ w1 + b1, 0); l = h @ w2; e = np.exp(l - l.max(-1, keepdims=True)); "
       "return e / e.sum(-1, keepdims=True)",
       "f()"},
      {"conv net (batch = 8)", "conv_net.py", "main", {{"batch", 8}}, {},
       "from numpy.lib.stride_tricks import sliding_window_view as swv\n"
       "x = np.random.rand(8, 3, 32, 32).astype(np.float32); w = np.random.rand(16, 3, 3, 3).astype(np.float32); "
       "g, b, m, v = (np.random.rand(16).astype(np.float32) for _ in range(4)); fw = np.random.rand(16, 10).astype(np.float32)\n"
       "def f():\n  xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))\n"
       "  c = np.einsum('nchwij,ocij->nohw', swv(xp, (3, 3), axis=(2, 3)), w, optimize=True)\n"
       "  r = np.maximum((c - m[:, None, None]) / np.sqrt(v[:, None, None] + 1e-5) * g[:, None, None] + b[:, None, None], 0)\n"
       "  p = r.reshape(8, 16, 16, 2, 16, 2).max(axis=(3, 5)).mean(axis=(2, 3)); l = p @ fw\n"
       "  return l - np.log(np.exp(l - l.max(1, keepdims=True)).sum(1, keepdims=True)) - l.max(1, keepdims=True)",
       "f()"},
      {"transformer block (s = 128)", "transformer_block.py", "main", {{"s", 128}}, {},
       "import math\n"
       "x = np.random.rand(128, 256).astype(np.float32); g1, b1, g2, b2 = (np.random.rand(256).astype(np.float32) for _ in range(4)); "
       "wqkv = np.random.rand(256, 768).astype(np.float32); wo = np.random.rand(256, 256).astype(np.float32); "
       "wu = np.random.rand(256, 1024).astype(np.float32); wd = np.random.rand(1024, 256).astype(np.float32)\n"
       "def ln(t, g, b):\n  m = t.mean(-1, keepdims=True); v = t.var(-1, keepdims=True); return (t - m) / np.sqrt(v + 1e-5) * g + b\n"
       "def f():\n  h = (ln(x, g1, b1) @ wqkv).reshape(128, 3, 4, 64).transpose(1, 2, 0, 3)\n"
       "  s = h[0] @ h[1].transpose(0, 2, 1) * 0.125; e = np.exp(s - s.max(-1, keepdims=True)); a = e / e.sum(-1, keepdims=True)\n"
       "  x1 = x + (a @ h[2]).transpose(1, 0, 2).reshape(128, 256) @ wo; u = ln(x1, g2, b2) @ wu\n"
       "  u = 0.5 * u * (1 + np.vectorize(math.erf, otypes=[np.float32])(u / math.sqrt(2))); return x1 + u @ wd",
       "f()"},
      {"causal attention (b = 1, s = 256, float16)", "attention.py", "main", {{"b", 1}, {"s", 256}}, {},
       "q, k, v = (np.random.rand(1, 256, 64).astype(np.float16) for _ in range(3))\n"
       "def f():\n  s = (q.astype(np.float32) @ k.astype(np.float32).transpose(0, 2, 1)) * 0.125\n"
       "  s = np.where(np.tril(np.ones((256, 256), bool)), s, np.float32(-65504.0)); e = np.exp(s - s.max(-1, keepdims=True))\n"
       "  return (e / e.sum(-1, keepdims=True)).astype(np.float16) @ v",
       "f()"},
      {"control flow (closure, 100 steps)", "control_flow.py", "closure", {}, {{1, 100}},
       "x = np.random.rand(4).astype(np.float32)\n"
       "def f():\n  acc = x.copy()\n  for _ in range(100): acc = acc + x\n  return acc",
       "f()"},
  };
}

// The median of at least `repeats` runs of `body`, and of as many more as fit in `min_seconds`
// (a shared machine's noise shrinks with the number of runs).
template <class F>
double MedianSeconds(int repeats, F body, double min_seconds = 0) {
  std::vector<double> times;
  const auto begin = std::chrono::steady_clock::now();
  for (int r = 0; r < repeats || std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() < min_seconds; ++r) {
    auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

double NumpySeconds(const Model& m, int repeats) {
  std::string script = "import numpy as np, timeit\n" + m.numpy_setup + "\nrun = lambda: " + m.numpy_stmt +
                       "\none = min(timeit.repeat(run, number=1, repeat=3))\nt = timeit.repeat(run, number=1, repeat=max(" +
                       std::to_string(repeats) + ", int(1.0 / max(one, 1e-6))))\nt.sort(); print(t[len(t) // 2])\n";
  const std::string path = "/tmp/rlx_compile_bench.py";
  std::string error;
  if (!rlx::WriteWholeFile(path, script, &error)) return -1;
  FILE* p = popen(("/usr/bin/python3 " + path + " 2>/dev/null").c_str(), "r");
  if (!p) return -1;
  double s = -1;
  if (std::fscanf(p, "%lf", &s) != 1) s = -1;
  pclose(p);
  return s;
}

std::vector<Value> Inputs(const rlx::Function& f, const Model& m) {
  rlx::runtime::RandomInputs random(
      [&](const std::string& name) -> std::optional<int64_t> {
        auto it = m.shape_vars.find(name);
        return it == m.shape_vars.end() ? std::nullopt : std::optional<int64_t>(it->second);
      },
      1);
  std::vector<Value> args;
  for (size_t i = 0; i < f.params.size(); ++i) {
    auto scalar = m.scalar_args.find(i);
    if (scalar != m.scalar_args.end()) {
      auto t = std::make_shared<rlx::TensorData>(rlx::DataType::kInt64, std::vector<int64_t>{});
      *reinterpret_cast<int64_t*>(t->mutable_data()) = scalar->second;
      args.push_back(Value::FromTensor(t));
      continue;
    }
    std::string error;
    auto v = random.Make(*f.params[i]->annotation, &error);
    if (!v) {
      std::fprintf(stderr, "%s: %s\n", m.name.c_str(), error.c_str());
      std::exit(1);
    }
    args.push_back(*v);
  }
  return args;
}

size_t Bindings(const rlx::IRModule& m) {
  size_t n = 0;
  for (const auto& g : m.globals) {
    auto f = rlx::As<rlx::Function>(g.value);
    auto seq = f ? rlx::As<rlx::SeqExpr>(f->body) : nullptr;
    if (!seq) continue;
    for (const auto& block : seq->blocks) n += block.bindings.size();
  }
  return n;
}

// Runs `m` on each backend: a warm-up run each (which compiles the kernels), then rounds of one
// run per backend, interleaved so that a shared machine's slow spells fall on every backend
// alike, for at least `repeats` rounds and a second per backend; the median per backend.
std::vector<double> RunSeconds(const rlx::Ref<rlx::IRModule>& m, const Model& model, const std::vector<Value>& args,
                               const std::vector<rlx::driver::Backend>& backends, int repeats) {
  std::vector<std::unique_ptr<rlx::driver::Executable>> exes;
  for (rlx::driver::Backend backend : backends) {
    rlx::driver::RunOptions options;
    options.backend = backend;
    exes.push_back(rlx::driver::Prepare(m, options));
    auto first = exes.back()->Run(model.entry, args);
    if (!first.ok()) {
      std::fprintf(stderr, "%s on %s: %s\n", model.name.c_str(), rlx::driver::BackendName(backend),
                   first.error->message.c_str());
      std::exit(1);
    }
  }
  std::vector<std::vector<double>> times(backends.size());
  const auto begin = std::chrono::steady_clock::now();
  for (int r = 0; r < repeats || std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() <
                                     static_cast<double>(backends.size());
       ++r) {
    for (size_t b = 0; b < exes.size(); ++b) {
      auto start = std::chrono::steady_clock::now();
      exes[b]->Run(model.entry, args);
      times[b].push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
  }
  std::vector<double> medians;
  for (auto& t : times) {
    std::sort(t.begin(), t.end());
    medians.push_back(t[t.size() / 2]);
  }
  return medians;
}

// --profile: runs one model on one backend for `seconds` after its compilation, so that a
// profiler (RLX_PERF_MAP=1 perf record, docs/bench.md) sees little else.
int Profile(const std::string& backend_name, const std::string& only, double seconds) {
  auto backend = rlx::driver::ParseBackend(backend_name);
  if (!backend) {
    std::fprintf(stderr, "compile_bench: no backend '%s' (%s)\n", backend_name.c_str(), rlx::driver::BackendNames().c_str());
    return 1;
  }
  for (const Model& model : Models()) {
    if (model.name.find(only) == std::string::npos) continue;
    std::string text, error;
    if (!rlx::ReadWholeFile(std::string(RLX_SOURCE_DIR) + "/examples/" + model.file, &text, &error)) return 1;
    rlx::SourceManager sources;
    rlx::DiagnosticEngine diags(sources);
    rlx::driver::Program program = rlx::driver::Load(text, model.file, sources, diags);
    if (!program.ok()) return 1;
    const std::vector<Value> args = Inputs(*program.module->FindFunction(model.entry), model);
    rlx::driver::RunOptions options;
    options.backend = *backend;
    auto exe = rlx::driver::Prepare(program.module, options);
    exe->Run(model.entry, args);  // compiles
    int runs = 0;
    auto start = std::chrono::steady_clock::now();
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds) {
      exe->Run(model.entry, args);
      ++runs;
    }
    std::printf("%s on %s: %d runs, %.3f ms each\n", model.name.c_str(), backend_name.c_str(), runs,
                seconds * 1e3 / runs);
    return 0;
  }
  std::fprintf(stderr, "compile_bench: no model matches '%s'\n", only.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 3 && std::string(argv[1]) == "--profile") return Profile(argv[2], argv[3], argc > 4 ? std::atof(argv[4]) : 5);
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
  const std::string only = argc > 2 ? argv[2] : "";
  std::string why;
  const rlx::compiler::codegen::CodegenLibrary* codegen = rlx::driver::LoadCodegen(&why);
  if (!codegen) {
    std::fprintf(stderr, "compile_bench: %s\n", why.c_str());
    return 1;
  }
  std::string passes_header;
  for (const auto* p : rlx::compiler::LoweringPipeline()) passes_header += std::string(" | ") + p->name + " ms";
  std::printf("| model | bindings | parse + check ms%s | PrimFuncs | kernels LLVM O3 ms | kernels LLVM O0 ms | program LLVM O3 ms |\n",
              passes_header.c_str());
  std::string rule = "| --- | ---: | ---:";
  for (size_t i = 0; i < rlx::compiler::LoweringPipeline().size() + 4; ++i) rule += " | ---:";
  std::printf("%s |\n", rule.c_str());
  struct Run {
    std::string name;
    double interp, kernels, cpu, cpu_one_thread, numpy;
  };
  std::vector<Run> runs;
  for (const Model& model : Models()) {
    if (model.name.find(only) == std::string::npos) continue;
    const std::string path = std::string(RLX_SOURCE_DIR) + "/examples/" + model.file;
    std::string text, error;
    if (!rlx::ReadWholeFile(path, &text, &error)) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    rlx::driver::Program program;
    const double load = MedianSeconds(repeats, [&] {
      rlx::SourceManager sources;
      rlx::DiagnosticEngine diags(sources);
      program = rlx::driver::Load(text, model.file, sources, diags);
    });
    if (!program.ok()) return 1;
    std::string pass_times;
    rlx::Ref<rlx::IRModule> lowered = program.module;
    for (const auto* p : rlx::compiler::LoweringPipeline()) {
      rlx::Ref<rlx::IRModule> out;
      pass_times += " | " + std::to_string(MedianSeconds(repeats, [&] { out = rlx::compiler::RunPass(*p, lowered); }) * 1e3).substr(0, 6);
      lowered = out;
    }
    int prim_funcs = 0;
    double jit[2] = {0, 0};
    for (const auto& g : lowered->globals) {
      auto f = rlx::As<rlx::tir::PrimFunc>(g.value);
      if (!f) continue;
      ++prim_funcs;
      for (bool optimize : {true, false}) {
        std::string error;
        auto start = std::chrono::steady_clock::now();
        auto kernel = codegen->compile_cpu_kernel(f, g.name, {optimize}, &error);
        jit[optimize ? 0 : 1] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!kernel) std::fprintf(stderr, "%s: %s not compiled: %s\n", model.name.c_str(), g.name.c_str(), error.c_str());
      }
    }
    // The cpu backend's LLVM compilation: the Relax functions and the kernels in one module.
    const double host = MedianSeconds(repeats, [&] {
      std::string error;
      if (!codegen->compile_cpu_host(lowered, nullptr, rlx::interp::HostHelperSymbols(), {true}, &error)) {
        std::fprintf(stderr, "%s: the program not compiled: %s\n", model.name.c_str(), error.c_str());
      }
    });
    std::printf("| %s | %zu | %.2f%s | %d | %.1f | %.1f | %.1f |\n", model.name.c_str(), Bindings(*program.module),
                load * 1e3, pass_times.c_str(), prim_funcs, jit[0] * 1e3, jit[1] * 1e3, host * 1e3);
    std::fflush(stdout);
    auto entry = program.module->FindFunction(model.entry);
    const std::vector<Value> args = Inputs(*entry, model);
    using rlx::driver::Backend;
    const std::vector<double> t =
        RunSeconds(program.module, model, args, {Backend::kInterpreter, Backend::kCpuKernels, Backend::kCpu}, repeats);
    // The same kernels with parallel loops in order (codegen.cpu.parallel): what the pool buys.
    rlx::runtime::SetParallelSettings({1, -1});
    const double one_thread = RunSeconds(program.module, model, args, {Backend::kCpu}, repeats)[0];
    rlx::runtime::SetParallelSettings({});
    runs.push_back({model.name, t[0], t[1], t[2], one_thread, NumpySeconds(model, repeats)});
  }
  std::printf("\n(cpu: parallel loops on %d threads)\n", rlx::runtime::GetParallelSettings().threads);
  std::printf("\n| model | interpreter ms | cpu-kernels ms | cpu ms | cpu 1 thread ms | numpy ms | interpreter / cpu | 1 thread / cpu | cpu / numpy |\n");
  std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (const Run& r : runs) {
    std::printf("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n", r.name.c_str(), r.interp * 1e3,
                r.kernels * 1e3, r.cpu * 1e3, r.cpu_one_thread * 1e3, r.numpy * 1e3, r.interp / r.cpu,
                r.cpu_one_thread / r.cpu, r.numpy > 0 ? r.cpu / r.numpy : -1.0);
  }
  return 0;
}
