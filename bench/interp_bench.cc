// Benchmark: the reference interpreter against NumPy, measured in the same run.
//   interp_bench [REPEATS]
// Each workload is one op call in a module function; the interpreter's time is Interpreter::Run
// (argument checks, the kernel, the result's allocation), the median of REPEATS runs; NumPy's
// is the median of as many runs of the same computation (/usr/bin/python3, timeit).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "driver/driver.h"
#include "ir/text/relax_parser.h"

namespace {

using rlx::runtime::Value;

struct Workload {
  std::string name;
  std::string params;                           // TVMScript parameters
  std::string call;                             // the op call
  std::vector<std::vector<int64_t>> shapes;     // float32 inputs
  std::string numpy_setup, numpy_stmt;          // the baseline
};

std::vector<Workload> Workloads() {
  return {
      {"add 10M float32", "a: R.Tensor((10000000,), \"float32\"), b: R.Tensor((10000000,), \"float32\")",
       "R.add(a, b)", {{10000000}, {10000000}},
       "a = np.random.rand(10000000).astype(np.float32); b = np.random.rand(10000000).astype(np.float32)",
       "np.add(a, b)"},
      {"exp 10M float32", "a: R.Tensor((10000000,), \"float32\")", "R.exp(a)", {{10000000}},
       "a = np.random.rand(10000000).astype(np.float32)", "np.exp(a)"},
      {"sum 1M x 8 -> 1M float32", "a: R.Tensor((1000000, 8), \"float32\")", "R.sum(a, axis=[1])",
       {{1000000, 8}}, "a = np.random.rand(1000000, 8).astype(np.float32)", "np.sum(a, axis=1)"},
      {"sum 1M x 8 -> scalar float32", "a: R.Tensor((1000000, 8), \"float32\")", "R.sum(a)",
       {{1000000, 8}}, "a = np.random.rand(1000000, 8).astype(np.float32)", "np.sum(a)"},
      {"matmul 512 x 512 float32",
       "a: R.Tensor((512, 512), \"float32\"), b: R.Tensor((512, 512), \"float32\")", "R.matmul(a, b)",
       {{512, 512}, {512, 512}},
       "a = np.random.rand(512, 512).astype(np.float32); b = np.random.rand(512, 512).astype(np.float32)",
       "np.matmul(a, b)"},
      {"conv2d 1x64x56x56, 64x64x3x3, pad 1",
       "x: R.Tensor((1, 64, 56, 56), \"float32\"), w: R.Tensor((64, 64, 3, 3), \"float32\")",
       "R.nn.conv2d(x, w, padding=[1, 1])", {{1, 64, 56, 56}, {64, 64, 3, 3}},
       "from numpy.lib.stride_tricks import sliding_window_view as swv; "
       "x = np.random.rand(1, 64, 56, 56).astype(np.float32); "
       "w = np.random.rand(64, 64, 3, 3).astype(np.float32); "
       "xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))",
       "np.einsum('nchwij,ocij->nohw', swv(xp, (3, 3), axis=(2, 3)), w, optimize=True)"},
  };
}

double NumpySeconds(const Workload& w, int repeats) {
  std::string script = "import numpy as np, timeit; " + w.numpy_setup + "; t = timeit.repeat(lambda: " +
                       w.numpy_stmt + ", number=1, repeat=" + std::to_string(repeats) +
                       "); t.sort(); print(t[len(t) // 2])";
  std::string cmd = "/usr/bin/python3 -c \"" + script + "\" 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  double s = -1;
  if (std::fscanf(p, "%lf", &s) != 1) s = -1;
  pclose(p);
  return s;
}

double InterpreterSeconds(const Workload& w, int repeats) {
  std::string text = "from tvm.script import ir as I, relax as R, tir as T\n\n@I.ir_module\nclass M:\n"
                     "    @R.function\n    def main(" + w.params + "):\n        y = " + w.call +
                     "\n        return y\n";
  rlx::SourceManager sources;
  rlx::DiagnosticEngine diags(sources);
  rlx::driver::Program program = rlx::driver::Load(text, "bench.py", sources, diags);
  if (!program.ok()) {
    std::fprintf(stderr, "%s\n", diags.RenderAll().c_str());
    return -1;
  }
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(0, 1);
  std::vector<Value> args;
  for (const auto& shape : w.shapes) {
    auto t = std::make_shared<rlx::TensorData>(rlx::DataType::kFloat32, shape);
    float* d = reinterpret_cast<float*>(t->mutable_data());
    for (int64_t i = 0; i < t->num_elements(); ++i) d[i] = dist(rng);
    args.push_back(Value::FromTensor(t));
  }
  auto interp = rlx::driver::Prepare(program.module);
  interp->Run("main", args);  // warm up: first-touch page faults of the allocator
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    auto result = interp->Run("main", args);
    auto end = std::chrono::steady_clock::now();
    if (!result.ok()) {
      std::fprintf(stderr, "%s\n", result.error->message.c_str());
      return -1;
    }
    times.push_back(std::chrono::duration<double>(end - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
  std::printf("| workload | rlx interpreter ms | numpy ms | ratio (rlx / numpy) |\n");
  std::printf("| --- | ---: | ---: | ---: |\n");
  for (const Workload& w : Workloads()) {
    double rlx_s = InterpreterSeconds(w, repeats);
    double np_s = NumpySeconds(w, repeats);
    if (np_s > 0) {
      std::printf("| %s | %.2f | %.2f | %.2f |\n", w.name.c_str(), rlx_s * 1e3, np_s * 1e3, rlx_s / np_s);
    } else {
      std::printf("| %s | %.2f | (numpy unavailable) | - |\n", w.name.c_str(), rlx_s * 1e3);
    }
    std::fflush(stdout);
  }
  return 0;
}
