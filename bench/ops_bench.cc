// Benchmark: the optimizing compiler (the cpu backend at -O2) on the workloads of the performance
// table (docs/bench.md, "The optimizing compiler against NumPy and PyTorch"), against NumPy and
// PyTorch measured in the same run, on one thread and on two.
//   ops_bench [REPEATS [WORKLOAD]]   (WORKLOAD: only the workloads whose name contains it)
//   ops_bench REPEATS --file PATH [VAR=N...]  (any module's `main` on random inputs, its shape
//                                      variables VAR = N (default 4), no baselines: for trying a
//                                      schedule written by hand)
// Each workload is a Relax module (written here), compiled once; a run is the median of at least
// REPEATS timed runs after a warm-up. The baselines run in /usr/bin/python3 (bench/setup.sh
// installs NumPy and PyTorch; a missing one is reported as "-"), with OPENBLAS / OMP / MKL
// threads and torch.set_num_threads set to the same thread count. Also: the time of the -O2
// pipeline's passes per 100 bindings of the example models (LLVM's code generation apart), the
// example models end to end at batch 1 and 32 against PyTorch eager, and a model compiled for a
// symbolic batch against the same model with the batch static.
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
#include "ir/base/file_io.h"
#include "ir/tensor_data.h"
#include "runtime/io/random_inputs.h"
#include "runtime/thread_pool.h"

namespace {

using rlx::runtime::Value;

struct Workload {
  std::string name;
  std::string module;  // TVMScript with a function `main`
  std::string setup;        // Python: numpy arrays (np) and a function np_f()
  std::string torch_setup;  // Python: torch_f() on tensors of those arrays (torch)
  double bytes = 0;    // bytes the computation must read and write (for the bandwidth column), 0: not memory-bound
};

std::string Module(const std::string& params, const std::string& ret, const std::string& body) {
  return "@I.ir_module\nclass Module:\n    @R.function\n    def main(" + params + ") -> " + ret +
         ":\n        with R.dataflow():\n" + body + "            R.output(out)\n        return out\n";
}

std::vector<Workload> Workloads() {
  const std::string v10m = "R.Tensor((10000000,), dtype=\"float32\")";
  const std::string m4096 = "R.Tensor((4096, 1024), dtype=\"float32\")";
  return {
      {"add 10M float32", Module("x: " + v10m + ", y: " + v10m, v10m, "            out = R.add(x, y)\n"),
       "x = np.random.rand(10000000).astype(np.float32); y = np.random.rand(10000000).astype(np.float32)\n"
       "np_f = lambda: np.add(x, y)\n",
       "tx, ty = torch.from_numpy(x), torch.from_numpy(y)\ntorch_f = lambda: torch.add(tx, ty)\n",
       3 * 4e7},
      {"5-op chain 10M float32",
       Module("x: " + v10m + ", y: " + v10m, v10m,
              "            a = R.add(x, y)\n            b = R.multiply(a, x)\n            c = R.subtract(b, y)\n"
              "            d = R.maximum(c, x)\n            out = R.multiply(d, y)\n"),
       "x = np.random.rand(10000000).astype(np.float32); y = np.random.rand(10000000).astype(np.float32)\n"
       "np_f = lambda: np.maximum((x + y) * x - y, x) * y\n",
       "tx, ty = torch.from_numpy(x), torch.from_numpy(y)\ntorch_f = lambda: torch.maximum((tx + ty) * tx - ty, tx) * ty\n",
       3 * 4e7},
      {"softmax (4096, 1024)", Module("x: " + m4096, m4096, "            out = R.nn.softmax(x, axis=1)\n"),
       "x = np.random.rand(4096, 1024).astype(np.float32)\n"
       "def np_f():\n  e = np.exp(x - x.max(-1, keepdims=True)); return e / e.sum(-1, keepdims=True)\n",
       "tx = torch.from_numpy(x)\ntorch_f = lambda: torch.softmax(tx, -1)\n",
       2 * 4096 * 1024 * 4.0},
      {"layer_norm (4096, 1024)",
       Module("x: " + m4096 + ", g: R.Tensor((1024,), dtype=\"float32\"), b: R.Tensor((1024,), dtype=\"float32\")", m4096,
              "            out = R.nn.layer_norm(x, g, b, axes=[1])\n"),
       "x = np.random.rand(4096, 1024).astype(np.float32); g = np.random.rand(1024).astype(np.float32); "
       "b = np.random.rand(1024).astype(np.float32)\n"
       "def np_f():\n  m = x.mean(-1, keepdims=True); v = x.var(-1, keepdims=True); return (x - m) / np.sqrt(v + 1e-5) * g + b\n",
       "tx, tg, tb = torch.from_numpy(x), torch.from_numpy(g), torch.from_numpy(b)\n"
       "torch_f = lambda: torch.nn.functional.layer_norm(tx, (1024,), tg, tb)\n",
       2 * 4096 * 1024 * 4.0},
      {"sgemm 1024^3",
       Module("a: R.Tensor((1024, 1024), dtype=\"float32\"), b: R.Tensor((1024, 1024), dtype=\"float32\")",
              "R.Tensor((1024, 1024), dtype=\"float32\")", "            out = R.matmul(a, b)\n"),
       "a = np.random.rand(1024, 1024).astype(np.float32); b = np.random.rand(1024, 1024).astype(np.float32)\n"
       "np_f = lambda: a @ b\n", "ta, tb = torch.from_numpy(a), torch.from_numpy(b)\ntorch_f = lambda: ta @ tb\n"},
      {"batch matmul (16, 256, 256)",
       Module("a: R.Tensor((16, 256, 256), dtype=\"float32\"), b: R.Tensor((16, 256, 256), dtype=\"float32\")",
              "R.Tensor((16, 256, 256), dtype=\"float32\")", "            out = R.matmul(a, b)\n"),
       "a = np.random.rand(16, 256, 256).astype(np.float32); b = np.random.rand(16, 256, 256).astype(np.float32)\n"
       "np_f = lambda: a @ b\n", "ta, tb = torch.from_numpy(a), torch.from_numpy(b)\ntorch_f = lambda: ta @ tb\n"},
      {"conv2d 1x64x56x56 * 64x64x3x3, pad 1",
       Module("x: R.Tensor((1, 64, 56, 56), dtype=\"float32\"), w: R.Tensor((64, 64, 3, 3), dtype=\"float32\")",
              "R.Tensor((1, 64, 56, 56), dtype=\"float32\")", "            out = R.nn.conv2d(x, w, padding=[1, 1])\n"),
       "from numpy.lib.stride_tricks import sliding_window_view as swv\n"
       "x = np.random.rand(1, 64, 56, 56).astype(np.float32); w = np.random.rand(64, 64, 3, 3).astype(np.float32)\n"
       "def np_f():\n  xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))\n"
       "  return np.einsum('nchwij,ocij->nohw', swv(xp, (3, 3), axis=(2, 3)), w, optimize=True)\n",
       "tx, tw = torch.from_numpy(x), torch.from_numpy(w)\ntorch_f = lambda: torch.nn.functional.conv2d(tx, tw, padding=1)\n"},
  };
}

// Python source indented one level (a block under an `if`).
std::string Indented(const std::string& code) {
  std::string out = "  ";
  for (size_t i = 0; i < code.size(); ++i) {
    out += code[i];
    if (code[i] == '\n' && i + 1 < code.size()) out += "  ";
  }
  return out;
}

template <class F>
double Median(int repeats, F body) {
  body();  // warm-up (compiles)
  std::vector<double> times;
  const auto begin = std::chrono::steady_clock::now();
  for (int r = 0; r < repeats || std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() < 1.0; ++r) {
    auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// The NumPy and PyTorch seconds (-1 where that library is missing) on `threads` threads.
std::pair<double, double> Baselines(const Workload& w, int threads, int repeats) {
  const std::string script =
      "import timeit, sys\nimport numpy as np\ntry:\n  import torch\n  torch.set_num_threads(" + std::to_string(threads) +
      ")\nexcept Exception:\n  torch = None\n" +
      "def med(f):\n  f()\n  one = min(timeit.repeat(f, number=1, repeat=3))\n"
      "  t = timeit.repeat(f, number=1, repeat=max(" + std::to_string(repeats) + ", int(1.0 / max(one, 1e-6))))\n"
      "  t.sort(); return t[len(t) // 2]\n" +
      w.setup + "if torch is not None:\n" + Indented(w.torch_setup) +
      "print(med(np_f), med(torch_f) if torch is not None else -1)\n";
  const std::string path = "/tmp/rlx_ops_bench.py";
  std::string error;
  if (!rlx::WriteWholeFile(path, script, &error)) return {-1, -1};
  const std::string t = std::to_string(threads);
  const std::string cmd = "OPENBLAS_NUM_THREADS=" + t + " OMP_NUM_THREADS=" + t + " MKL_NUM_THREADS=" + t +
                          " /usr/bin/python3 " + path + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return {-1, -1};
  double np_s = -1, torch_s = -1;
  if (std::fscanf(p, "%lf %lf", &np_s, &torch_s) != 2) np_s = torch_s = -1;
  pclose(p);
  return {np_s, torch_s};
}

std::vector<Value> Inputs(const rlx::Function& f, const std::map<std::string, int64_t>& shape_vars) {
  rlx::runtime::RandomInputs random(
      [&](const std::string& name) -> std::optional<int64_t> {
        auto it = shape_vars.find(name);
        return it == shape_vars.end() ? std::nullopt : std::optional<int64_t>(it->second);
      },
      1);
  std::vector<Value> args;
  for (const auto& p : f.params) {
    std::string error;
    auto v = random.Make(*p->annotation, &error);
    if (!v) {
      std::fprintf(stderr, "ops_bench: %s\n", error.c_str());
      std::exit(1);
    }
    args.push_back(*v);
  }
  return args;
}

rlx::Ref<rlx::IRModule> Load(const std::string& text, const std::string& name) {
  rlx::SourceManager sources;
  rlx::DiagnosticEngine diags(sources);
  rlx::driver::Program program = rlx::driver::Load(text, name, sources, diags);
  if (!program.ok()) {
    std::fprintf(stderr, "ops_bench: %s does not check:\n%s", name.c_str(), diags.RenderAll().c_str());
    std::exit(1);
  }
  return program.module;
}

// Seconds of one run of `entry` on the cpu backend at -O2 with `threads` threads.
double RlxSeconds(const rlx::Ref<rlx::IRModule>& m, const std::vector<Value>& args, int threads, int repeats,
                  const std::string& entry = "main") {
  rlx::runtime::SetParallelSettings({threads, -1});
  rlx::driver::RunOptions options;
  options.backend = rlx::driver::Backend::kCpu;
  options.opt_level = 2;
  auto exe = rlx::driver::Prepare(m, options);
  double s = Median(repeats, [&] {
    auto r = exe->Run(entry, args);
    if (!r.ok()) {
      std::fprintf(stderr, "ops_bench: %s\n", r.error->message.c_str());
      std::exit(1);
    }
  });
  rlx::runtime::SetParallelSettings({});
  return s;
}

std::string Ms(double s) {
  if (s < 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", s * 1e3);
  return buf;
}
std::string Ratio(double base, double rlx) {
  if (base < 0 || rlx <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fx", base / rlx);
  return buf;
}

void Operators(int repeats, const std::string& only) {
  std::printf("| workload | threads | rlx -O2 ms | numpy ms | PyTorch ms | numpy / rlx | PyTorch / rlx | rlx GB/s |\n");
  std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (const Workload& w : Workloads()) {
    if (w.name.find(only) == std::string::npos) continue;
    rlx::Ref<rlx::IRModule> m = Load(w.module, w.name);
    const std::vector<Value> args = Inputs(*m->FindFunction("main"), {});
    for (int threads : {1, 2}) {
      const double rlx_s = RlxSeconds(m, args, threads, repeats);
      const auto [np_s, torch_s] = Baselines(w, threads, repeats);
      char gbs[32] = "-";
      if (w.bytes > 0) std::snprintf(gbs, sizeof gbs, "%.1f", w.bytes / rlx_s / 1e9);
      std::printf("| %s | %d | %s | %s | %s | %s | %s | %s |\n", w.name.c_str(), threads, Ms(rlx_s).c_str(),
                  Ms(np_s).c_str(), Ms(torch_s).c_str(), Ratio(np_s, rlx_s).c_str(), Ratio(torch_s, rlx_s).c_str(), gbs);
      std::fflush(stdout);
    }
  }
}

// An example model at one batch: its file, entry, shape variables and scalar arguments, and the
// same computation in PyTorch eager (tensors from NumPy arrays of the same shapes; B is the batch).
struct ModelRun {
  std::string name;
  std::string file, entry;
  std::map<std::string, int64_t> shape_vars;
  std::map<size_t, int64_t> scalar_args;  // int64 0-d tensor arguments, by parameter index
  std::string torch;                      // Python defining torch_f(); "B" stands for the batch
};

std::vector<ModelRun> Models() {
  const std::string mlp =
      "F = torch.nn.functional\nx = torch.rand(B, 784); w1 = torch.rand(784, 128); b1 = torch.rand(128); w2 = torch.rand(128, 10)\n"
      "torch_f = lambda: torch.softmax(torch.relu(x @ w1 + b1) @ w2, -1)\n";
  const std::string conv =
      "F = torch.nn.functional\nx = torch.rand(B, 3, 32, 32); w = torch.rand(16, 3, 3, 3)\n"
      "g, b, m, v = (torch.rand(16) for _ in range(4)); fw = torch.rand(16, 10)\n"
      "def torch_f():\n  r = F.relu(F.batch_norm(F.conv2d(x, w, padding=1), m, v, g, b, False, 0.0, 1e-5))\n"
      "  return F.log_softmax(F.adaptive_avg_pool2d(F.max_pool2d(r, 2), 1).reshape(B, 16) @ fw, 1)\n";
  const std::string transformer =
      "F = torch.nn.functional\nx = torch.rand(B, 256); g1, b1, g2, b2 = (torch.rand(256) for _ in range(4))\n"
      "wqkv = torch.rand(256, 768); wo = torch.rand(256, 256); wu = torch.rand(256, 1024); wd = torch.rand(1024, 256)\n"
      "def torch_f():\n  h = (F.layer_norm(x, (256,), g1, b1) @ wqkv).reshape(B, 3, 4, 64).permute(1, 2, 0, 3)\n"
      "  a = torch.softmax(h[0] @ h[1].transpose(1, 2) * 0.125, -1)\n"
      "  x1 = x + (a @ h[2]).permute(1, 0, 2).reshape(B, 256) @ wo\n"
      "  return x1 + F.gelu(F.layer_norm(x1, (256,), g2, b2) @ wu) @ wd\n";
  const std::string attention =
      "q, k, v = (torch.rand(B, 256, 64).half() for _ in range(3))\nmask = torch.tril(torch.ones(256, 256, dtype=torch.bool))\n"
      "def torch_f():\n  s = (q.float() @ k.float().transpose(1, 2)) * 0.125\n"
      "  s = torch.where(mask, s, torch.tensor(-65504.0))\n  return (torch.softmax(s, -1).half().float() @ v.float()).half()\n";
  const std::string closure =
      "x = torch.rand(4)\ndef torch_f():\n  acc = x.clone()\n  for _ in range(100): acc = acc + x\n  return acc\n";
  std::vector<ModelRun> out;
  for (int64_t batch : {1, 32}) {
    const std::string b = std::to_string(batch);
    out.push_back({"mlp, n = " + b, "mlp.py", "main", {{"n", batch}}, {}, mlp});
    out.push_back({"conv net, batch = " + b, "conv_net.py", "main", {{"batch", batch}}, {}, conv});
    out.push_back({"transformer block, s = " + b, "transformer_block.py", "main", {{"s", batch}}, {}, transformer});
    out.push_back({"causal attention, b = " + b + " (s = 256, float16)", "attention.py", "main", {{"b", batch}, {"s", 256}},
                   {}, attention});
  }
  out.push_back({"control flow (closure, 100 steps)", "control_flow.py", "closure", {}, {{1, 100}}, closure});
  return out;
}

// PyTorch eager's seconds for a model (-1 when PyTorch is missing) on `threads` threads.
double TorchSeconds(const ModelRun& m, int64_t batch, int threads, int repeats) {
  std::string code = m.torch;
  for (size_t at; (at = code.find('B')) != std::string::npos;) code.replace(at, 1, std::to_string(batch));
  const std::string script = "import timeit\ntry:\n  import torch\nexcept Exception:\n  print(-1); raise SystemExit\n"
                             "torch.set_num_threads(" + std::to_string(threads) + ")\n" + code +
                             "torch_f()\none = min(timeit.repeat(torch_f, number=1, repeat=3))\n"
                             "t = timeit.repeat(torch_f, number=1, repeat=max(" + std::to_string(repeats) +
                             ", int(1.0 / max(one, 1e-6))))\nt.sort(); print(t[len(t) // 2])\n";
  const std::string path = "/tmp/rlx_ops_bench_model.py";
  std::string error;
  if (!rlx::WriteWholeFile(path, script, &error)) return -1;
  const std::string t = std::to_string(threads);
  FILE* p = popen(("OMP_NUM_THREADS=" + t + " /usr/bin/python3 " + path + " 2>/dev/null").c_str(), "r");
  if (!p) return -1;
  double s = -1;
  if (std::fscanf(p, "%lf", &s) != 1) s = -1;
  pclose(p);
  return s;
}

// The example models end to end on the cpu backend at -O2 against PyTorch eager.
void ModelsEndToEnd(int repeats) {
  std::printf("\n| model | threads | rlx -O2 ms | PyTorch ms | PyTorch / rlx |\n| --- | ---: | ---: | ---: | ---: |\n");
  for (const ModelRun& m : Models()) {
    std::string text, error;
    if (!rlx::ReadWholeFile(std::string(RLX_SOURCE_DIR) + "/examples/" + m.file, &text, &error)) continue;
    rlx::Ref<rlx::IRModule> module = Load(text, m.file);
    std::vector<Value> args = Inputs(*module->FindFunction(m.entry), m.shape_vars);
    for (const auto& [index, value] : m.scalar_args) {
      auto t = std::make_shared<rlx::TensorData>(rlx::DataType::kInt64, std::vector<int64_t>{});
      *reinterpret_cast<int64_t*>(t->mutable_data()) = value;
      args[index] = Value::FromTensor(t);
    }
    const int64_t batch = m.shape_vars.empty() ? 1 : m.shape_vars.begin()->second;  // (b before s)
    for (int threads : {1, 2}) {
      const double rlx_s = RlxSeconds(module, args, threads, repeats, m.entry);
      const double torch_s = TorchSeconds(m, batch, threads, repeats);
      std::printf("| %s | %d | %s | %s | %s |\n", m.name.c_str(), threads, Ms(rlx_s).c_str(), Ms(torch_s).c_str(),
                  Ratio(torch_s, rlx_s).c_str());
      std::fflush(stdout);
    }
  }
}

size_t Bindings(const rlx::IRModule& m) {
  size_t n = 0;
  std::function<void(const rlx::Ref<rlx::Expr>&)> count = [&](const rlx::Ref<rlx::Expr>& e) {
    auto seq = rlx::As<rlx::SeqExpr>(e);
    if (!seq) return;
    for (const auto& block : seq->blocks) n += block.bindings.size();
  };
  for (const auto& g : m.globals) {
    if (auto f = rlx::As<rlx::Function>(g.value)) count(f->body);
  }
  return n;
}

// The -O2 pipeline's passes on the example models: milliseconds per 100 bindings.
void CompileTime(int repeats) {
  std::printf("\n| model | bindings | -O2 passes ms | ms per 100 bindings | slowest pass |\n| --- | ---: | ---: | ---: | --- |\n");
  for (const char* file : {"mlp.py", "conv_net.py", "transformer_block.py", "attention.py", "control_flow.py"}) {
    std::string text, error;
    if (!rlx::ReadWholeFile(std::string(RLX_SOURCE_DIR) + "/examples/" + file, &text, &error)) continue;
    rlx::Ref<rlx::IRModule> m = Load(text, file);
    std::map<std::string, double> per_pass;
    double total = Median(repeats, [&] {
      rlx::Ref<rlx::IRModule> cur = m;
      for (const auto* p : rlx::compiler::Pipeline(2)) {
        auto start = std::chrono::steady_clock::now();
        cur = rlx::compiler::RunPass(*p, cur);
        per_pass[p->name] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      }
    });
    auto slowest = std::max_element(per_pass.begin(), per_pass.end(),
                                    [](const auto& a, const auto& b) { return a.second < b.second; });
    const size_t n = Bindings(*m);
    std::printf("| %s | %zu | %.2f | %.2f | %s |\n", file, n, total * 1e3, total * 1e3 * 100.0 / static_cast<double>(n),
                slowest->first.c_str());
  }
}

// The MLP compiled once for a symbolic batch n against the same MLP with the batch static.
void SymbolicShapes(int repeats) {
  std::string text, error;
  if (!rlx::ReadWholeFile(std::string(RLX_SOURCE_DIR) + "/examples/mlp.py", &text, &error)) return;
  rlx::Ref<rlx::IRModule> symbolic = Load(text, "mlp.py");
  // The same text with n = 32: its bound (a func_attr) dropped, then every "n" extent 32.
  std::string static_text;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    end = end == std::string::npos ? text.size() : end + 1;
    std::string line = text.substr(begin, end - begin);
    if (line.find("tir_var_upper_bound") == std::string::npos && line.find("n = T.int64(") == std::string::npos) {
      static_text += line;
    }
    begin = end;
  }
  for (size_t at; (at = static_text.find("\"n\"")) != std::string::npos;) static_text.replace(at, 3, "32");
  rlx::Ref<rlx::IRModule> fixed = Load(static_text, "mlp.py (n = 32)");
  const std::vector<Value> args = Inputs(*symbolic->FindFunction("main"), {{"n", 32}});
  const double sym = RlxSeconds(symbolic, args, 1, repeats);
  const double stat = RlxSeconds(fixed, args, 1, repeats);
  std::printf("\n| model | symbolic batch ms | static batch ms | symbolic / static |\n| --- | ---: | ---: | ---: |\n");
  std::printf("| mlp, n = 32, 1 thread | %s | %s | %.2f |\n", Ms(sym).c_str(), Ms(stat).c_str(), sym / stat);
}

}  // namespace

// `main` of the module in `path` on random inputs, at -O2, on one thread and on two.
void OneFile(int repeats, const std::string& path, const std::map<std::string, int64_t>& shape_vars) {
  std::string text, error;
  if (!rlx::ReadWholeFile(path, &text, &error)) {
    std::fprintf(stderr, "ops_bench: %s\n", error.c_str());
    std::exit(1);
  }
  rlx::Ref<rlx::IRModule> m = Load(text, path);
  const std::vector<Value> args = Inputs(*m->FindFunction("main"), shape_vars);
  for (int threads : {1, 2}) std::printf("%s, %d thread(s): %s ms\n", path.c_str(), threads, Ms(RlxSeconds(m, args, threads, repeats)).c_str());
}

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
  const std::string only = argc > 2 ? argv[2] : "";
  std::string why;
  if (!rlx::driver::LoadCodegen(&why)) {
    std::fprintf(stderr, "ops_bench: %s\n", why.c_str());
    return 1;
  }
  if (only == "--file" && argc > 3) {
    std::map<std::string, int64_t> shape_vars;
    for (int i = 4; i < argc; ++i) {
      const std::string a = argv[i];
      const size_t eq = a.find('=');
      if (eq != std::string::npos) shape_vars[a.substr(0, eq)] = std::atoll(a.c_str() + eq + 1);
    }
    OneFile(repeats, argv[3], shape_vars);
    return 0;
  }
  Operators(repeats, only);
  if (!only.empty()) return 0;
  ModelsEndToEnd(repeats);
  CompileTime(repeats);
  SymbolicShapes(repeats);
  return 0;
}
