// Benchmark: the TIR interpreter (spec §7.5) on the legalized forms of a 256x256x256 matmul and
// of a 1x64x56x56 conv2d (64 3x3 filters, padding 1), written as TVM's LegalizeOps writes them,
// against the Relax-level op (R.matmul, R.nn.conv2d) on the same inputs, in the same run. The
// acceptance bound is 2 s per workload on one core. Also reports how far apart the two results
// are (float32 accumulation against float64), and the same for rlx's own legalize-ops form of the
// Relax module, which accumulates in float64 and must equal the op bit for bit.
//   tir_interp_bench [REPEATS] (default 3; the median counts)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "compiler/pass/pass.h"
#include "driver/driver.h"

namespace {

using rlx::runtime::Value;

struct Workload {
  std::string name;
  std::string tir_module;    // main calls the legalized PrimFunc through R.call_tir
  std::string relax_module;  // main calls the op
  std::vector<std::vector<int64_t>> shapes;
};

const char* kHeader = "from tvm.script import ir as I, relax as R, tir as T\n\n";

Workload Matmul() {
  Workload w;
  w.name = "matmul 256x256x256 float32";
  w.shapes = {{256, 256}, {256, 256}};
  w.tir_module = std::string(kHeader) + R"(@I.ir_module
class Module:
    @T.prim_func(private=True)
    def matmul(A: T.Buffer((T.int64(256), T.int64(256)), "float32"), B: T.Buffer((T.int64(256), T.int64(256)), "float32"), matmul: T.Buffer((T.int64(256), T.int64(256)), "float32")):
        T.func_attr({"tir.noalias": True})
        for i0, i1, k in T.grid(T.int64(256), T.int64(256), T.int64(256)):
            with T.block("matmul"):
                v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
                T.reads(A[v_i0, v_k], B[v_k, v_i1])
                T.writes(matmul[v_i0, v_i1])
                with T.init():
                    matmul[v_i0, v_i1] = T.float32(0)
                matmul[v_i0, v_i1] = matmul[v_i0, v_i1] + A[v_i0, v_k] * B[v_k, v_i1]

    @R.function
    def main(a: R.Tensor((256, 256), "float32"), b: R.Tensor((256, 256), "float32")) -> R.Tensor((256, 256), "float32"):
        cls = Module
        y = R.call_tir(cls.matmul, (a, b), out_sinfo=R.Tensor((256, 256), dtype="float32"))
        return y
)";
  w.relax_module = std::string(kHeader) + R"(@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((256, 256), "float32"), b: R.Tensor((256, 256), "float32")) -> R.Tensor((256, 256), "float32"):
        y = R.matmul(a, b)
        return y
)";
  return w;
}

Workload Conv2d() {
  Workload w;
  w.name = "conv2d 1x64x56x56, 64x64x3x3, pad 1";
  w.shapes = {{1, 64, 56, 56}, {64, 64, 3, 3}};
  w.tir_module = std::string(kHeader) + R"(@I.ir_module
class Module:
    @T.prim_func(private=True)
    def conv2d(A: T.Buffer((T.int64(1), T.int64(64), T.int64(56), T.int64(56)), "float32"), B: T.Buffer((T.int64(64), T.int64(64), T.int64(3), T.int64(3)), "float32"), conv2d_nchw: T.Buffer((T.int64(1), T.int64(64), T.int64(56), T.int64(56)), "float32")):
        T.func_attr({"tir.noalias": True})
        pad_temp = T.alloc_buffer((T.int64(1), T.int64(64), T.int64(58), T.int64(58)))
        for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(64), T.int64(58), T.int64(58)):
            with T.block("pad_temp"):
                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
                T.reads(A[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)])
                T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
                pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(57) and T.int64(1) <= v_i3 and v_i3 < T.int64(57), A[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)], T.float32(0))
        for nn, ff, yy, xx, rc, ry, rx in T.grid(T.int64(1), T.int64(64), T.int64(56), T.int64(56), T.int64(64), T.int64(3), T.int64(3)):
            with T.block("conv2d_nchw"):
                v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
                T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx], B[v_ff, v_rc, v_ry, v_rx])
                T.writes(conv2d_nchw[v_nn, v_ff, v_yy, v_xx])
                with T.init():
                    conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
                conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = conv2d_nchw[v_nn, v_ff, v_yy, v_xx] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * B[v_ff, v_rc, v_ry, v_rx]

    @R.function
    def main(x: R.Tensor((1, 64, 56, 56), "float32"), w: R.Tensor((64, 64, 3, 3), "float32")) -> R.Tensor((1, 64, 56, 56), "float32"):
        cls = Module
        y = R.call_tir(cls.conv2d, (x, w), out_sinfo=R.Tensor((1, 64, 56, 56), dtype="float32"))
        return y
)";
  w.relax_module = std::string(kHeader) + R"(@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 64, 56, 56), "float32"), w: R.Tensor((64, 64, 3, 3), "float32")) -> R.Tensor((1, 64, 56, 56), "float32"):
        y = R.nn.conv2d(x, w, padding=[1, 1])
        return y
)";
  return w;
}

struct Timed {
  double seconds = -1;
  rlx::runtime::Tensor result;
};

// Runs `text`'s main (after legalize-ops when `legalize`) `repeats` times on `backend` (the
// cpu-kernels backend legalizes itself; its first run compiles the kernels, so the median of 3
// or more is the kernels' run time).
Timed Run(const std::string& text, const std::vector<Value>& args, int repeats, bool legalize = false,
          rlx::driver::Backend backend = rlx::driver::Backend::kInterpreter) {
  rlx::SourceManager sources;
  rlx::DiagnosticEngine diags(sources);
  rlx::driver::Program program = rlx::driver::Load(text, "bench.py", sources, diags);
  if (!program.ok()) {
    std::fprintf(stderr, "%s\n", diags.RenderAll().c_str());
    std::exit(1);
  }
  rlx::Ref<rlx::IRModule> module = program.module;
  if (legalize) module = rlx::compiler::RunPass(*rlx::compiler::FindPass("legalize-ops"), module);
  rlx::driver::RunOptions options;
  options.backend = backend;
  auto interp = rlx::driver::Prepare(module, options);
  Timed out;
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    auto result = interp->Run("main", args);
    auto end = std::chrono::steady_clock::now();
    if (!result.ok()) {
      std::fprintf(stderr, "%s\n", result.error->message.c_str());
      std::exit(1);
    }
    times.push_back(std::chrono::duration<double>(end - start).count());
    out.result = result.value.tensor();
  }
  std::sort(times.begin(), times.end());
  out.seconds = times[times.size() / 2];
  return out;
}

// The largest difference between two float32 results, relative to the largest magnitude of
// the second. (The legalized form accumulates in float32, as TVM writes it; the Relax op in
// float64, rounding once (eval.num.matmul, eval.num.compound): they differ by float32 rounding.)
double MaxRelativeDifference(const rlx::TensorData& a, const rlx::TensorData& b) {
  const float* pa = reinterpret_cast<const float*>(a.data());
  const float* pb = reinterpret_cast<const float*>(b.data());
  double worst = 0, scale = 0;
  for (int64_t i = 0; i < a.num_elements(); ++i) {
    worst = std::max(worst, std::fabs(static_cast<double>(pa[i]) - pb[i]));
    scale = std::max(scale, std::fabs(static_cast<double>(pb[i])));
  }
  return scale > 0 ? worst / scale : worst;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 3;
  std::printf("| workload | TVM's legalized form s | Relax op s | ratio (TVM form / op) | max difference / max element "
              "| rlx legalize-ops form s | ratio (rlx form / op) | rlx form == op | rlx form as CPU kernels s | kernels == op |\n");
  std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |\n");
  for (const Workload& w : {Matmul(), Conv2d()}) {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> dist(-1, 1);
    std::vector<Value> args;
    for (const auto& shape : w.shapes) {
      auto t = std::make_shared<rlx::TensorData>(rlx::DataType::kFloat32, shape);
      float* d = reinterpret_cast<float*>(t->mutable_data());
      for (int64_t i = 0; i < t->num_elements(); ++i) d[i] = dist(rng);
      args.push_back(Value::FromTensor(t));
    }
    Timed tir = Run(w.tir_module, args, repeats);
    Timed op = Run(w.relax_module, args, repeats);
    Timed ours = Run(w.relax_module, args, repeats, /*legalize=*/true);
    const bool exact = std::memcmp(ours.result->data(), op.result->data(), op.result->num_elements() * 4) == 0;
    Timed compiled = Run(w.relax_module, args, repeats, false, rlx::driver::Backend::kCpuKernels);
    const bool compiled_exact =
        std::memcmp(compiled.result->data(), op.result->data(), op.result->num_elements() * 4) == 0;
    std::printf("| %s | %.3f | %.4f | %.1f | %.1e | %.3f | %.1f | %s | %.4f | %s |\n", w.name.c_str(), tir.seconds,
                op.seconds, tir.seconds / op.seconds, MaxRelativeDifference(*tir.result, *op.result),
                ours.seconds, ours.seconds / op.seconds, exact ? "bit for bit" : "DIFFERS", compiled.seconds,
                compiled_exact ? "bit for bit" : "DIFFERS");
    std::fflush(stdout);
  }
  return 0;
}
