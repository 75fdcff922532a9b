// The CPU code generator against the TIR interpreter (spec §7.5): every PrimFunc of the modules
// TVM's LegalizeOps writes (ir/tests/tir_samples/) and of rlx's own legalize-ops output for
// them, compiled at O3 and at O0, computes bit for bit what the interpreter computes on random
// inputs, or traps with the same code. What the generator does not handle yet is listed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "checker/checker.h"
#include "compiler/codegen/cpu_kernel.h"
#include "compiler/tests/kernel_compare.h"
#include "compiler/pass/pass.h"
#include "interpreter/interpreter.h"
#include "ir/base/float_bits.h"
#include "ir/dtype.h"
#include "ir/base/file_io.h"
#include "ir/text/relax_parser.h"
#include "runtime/io/random_inputs.h"
#include "testing/values.h"

namespace rlx::compiler::codegen {
namespace {

namespace fs = std::filesystem;
using interp::Interpreter;
using interp::InterpreterOptions;
using interp::RunResult;

// Samples that cannot run: ill-typed in TVM's own tests, or calling TVM's distributed runtime.
const std::set<std::string> kNotRun = {"cross_entropy_with_logits.py", "ccl_allreduce.py",
                                       "ccl_scatter_from_worker0.py"};

void CompareOn(const Ref<IRModule>& m, const std::string& what, Tally& tally) {
  SCOPED_TRACE(what);
  tally.kernels.clear();  // keyed by address: the previous module's PrimFuncs may be gone
  Ref<Function> main = m->FindFunction("main");
  ASSERT_NE(main, nullptr);
  for (uint64_t seed : {1, 2}) {
    runtime::RandomInputs random([](const std::string&) { return std::optional<int64_t>(3); }, seed, 3);
    std::vector<runtime::Value> args;
    bool made = true;
    for (const auto& p : main->params) {
      std::string error;
      auto v = random.Make(*p->annotation, &error);
      if (!v) made = false;
      else args.push_back(*v);
    }
    if (!made) continue;
    RunResult expected = Interpreter(m).Run("main", testing::CopyValues(args));
    for (bool optimize : {true, false}) {
      RunResult actual = Interpreter(m, Compiled(optimize, tally)).Run("main", testing::CopyValues(args));
      ++tally.runs;
      ASSERT_EQ(actual.ok(), expected.ok()) << (optimize ? "O3" : "O0") << ": "
                                            << (actual.ok() ? expected.error->message : actual.error->message);
      if (!expected.ok()) {
        ++tally.traps;
        EXPECT_EQ(actual.error->code, expected.error->code) << actual.error->message << " vs " << expected.error->message;
        continue;
      }
      EXPECT_TRUE(testing::SameValue(actual.value, expected.value)) << (optimize ? "O3" : "O0") << " seed " << seed;
    }
  }
}

Ref<IRModule> Load(const fs::path& path) {
  std::string text, error;
  if (!ReadWholeFile(path.string(), &text, &error)) return nullptr;
  static SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = text::ParseModuleText(text, path.filename().string(), sources, diags);
  if (m && !checker::CheckModule(*m, diags).ok) return nullptr;
  return m;
}

// Two int32 tensor arguments of main, per case.
struct Int32Case {
  std::vector<int32_t> a, b;
};

// Runs main of `m` on each case in the interpreter and with compiled kernels at O3 and O0: the
// same value, or the same trap code; every PrimFunc compiled.
void CompareInt32Cases(const Ref<IRModule>& m, const std::vector<Int32Case>& cases) {
  auto tensor = [](const std::vector<int32_t>& v) {
    auto t = std::make_shared<TensorData>(DataType::kInt32, std::vector<int64_t>{static_cast<int64_t>(v.size())});
    std::memcpy(t->mutable_data(), v.data(), v.size() * 4);
    return runtime::Value::FromTensor(t);
  };
  Tally tally;
  for (const Int32Case& c : cases) {
    std::vector<runtime::Value> args = {tensor(c.a), tensor(c.b)};
    RunResult expected = Interpreter(m).Run("main", testing::CopyValues(args));
    for (bool optimize : {true, false}) {
      RunResult actual = Interpreter(m, Compiled(optimize, tally)).Run("main", testing::CopyValues(args));
      ASSERT_EQ(actual.ok(), expected.ok()) << (expected.ok() ? actual.error->message : expected.error->message);
      if (!expected.ok()) {
        EXPECT_EQ(actual.error->code, expected.error->code) << actual.error->message;
      } else {
        EXPECT_TRUE(testing::SameValue(actual.value, expected.value));
      }
    }
  }
  EXPECT_TRUE(tally.unsupported.empty());
  EXPECT_GE(tally.compiled, 1);
}

TEST(CpuKernel, TvmLegalizedSamplesRunAsTheInterpreterRunsThem) {
  Tally tally;
  for (const auto& e : fs::directory_iterator(fs::path(RLX_SOURCE_DIR) / "ir/tests/tir_samples")) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".py" || kNotRun.count(name)) continue;
    Ref<IRModule> m = Load(e.path());
    ASSERT_NE(m, nullptr) << name;
    CompareOn(m, name, tally);
    // The un-lowered program through rlx's legalize-ops.
    const bool is_before = name.size() > 10 && name.substr(name.size() - 10) == ".before.py";
    if (is_before) CompareOn(RunPass(*FindPass("legalize-ops"), m), name + " after legalize-ops", tally);
  }
  for (const auto& [why, n] : tally.unsupported) std::printf("not compiled (%d): %s\n", n, why.c_str());
  std::printf("%d kernels compiled, %d runs, %d trapped alike\n", tally.compiled, tally.runs, tally.traps);
  EXPECT_GE(tally.compiled, 100);
  EXPECT_TRUE(tally.unsupported.empty()) << "every dtype of the samples compiles";
}

// Kernels built by hand: every trap of the interpreter, at the same code.
TEST(CpuKernel, TrapsAsTheInterpreterDoes) {
  const char* text = R"(
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(a: T.handle, b: T.handle, c: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "int32")
        B = T.match_buffer(b, (n,), "int32")
        C = T.match_buffer(c, (n,), "int32")
        for i in range(n):
            with T.block("C"):
                vi = T.axis.spatial(n, i)
                assert A[vi] != T.int32(7), "E3012: seven"
                C[vi] = T.floordiv(A[vi], B[vi]) + A[(vi + T.int64(1)) % T.int64(4)]

    @R.function
    def main(a: R.Tensor(("n",), "int32"), b: R.Tensor(("n",), "int32")):
        n = T.int64()
        cls = Module
        y = R.call_tir(cls.f, (a, b), out_sinfo=R.Tensor((n,), dtype="int32"))
        return y
)";
  Ref<IRModule> m = ParseChecked(text, "traps.py");
  ASSERT_NE(m, nullptr);
  CompareInt32Cases(m, {
      {{1, 2, 3, 4}, {1, 1, 1, 1}},             // runs
      {{1, 2, 3, 4}, {1, 0, 1, 1}},             // E3006
      {{1, 2, 7, 4}, {1, 1, 1, 1}},             // E3012 from the assert
      {{1, 2}, {1, 1}},                         // runs: (vi + 1) % 4 < 2 only for vi = 0
      {{1, 2, 3, 4, 5, 6}, {1, 1, 1, 1, 1, 1}}, // runs
      {{1, 2, 3}, {1, 1, 1}},                   // E3007: index 3 of A (n = 3)
      {{INT32_MIN, 1}, {-1, 1}},                // wraps
  });
}

// A reduction whose T.init test has a part that does not change in the innermost loop (the
// outer reduce variable r0, which LLVM may unswitch): T.init runs exactly on the first reduce
// iteration of each vi, traps there as the interpreter does, and never after.
TEST(CpuKernel, InitRunsOnTheFirstReduceIterationOnly) {
  const char* text = R"(
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(a: T.handle, b: T.handle, c: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "int32")
        B = T.match_buffer(b, (n,), "int32")
        C = T.match_buffer(c, (n,), "int32")
        for i, r0, r1 in T.grid(n, T.int64(3), n):
            with T.block("C"):
                vi = T.axis.spatial(n, i)
                vr0 = T.axis.reduce(T.int64(3), r0)
                vr1 = T.axis.reduce(n, r1)
                with T.init():
                    C[vi] = T.floordiv(A[vi], B[vi])
                C[vi] = C[vi] + A[vr1] * T.Cast("int32", vr0 + T.int64(1))

    @R.function
    def main(a: R.Tensor(("n",), "int32"), b: R.Tensor(("n",), "int32")):
        n = T.int64()
        cls = Module
        y = R.call_tir(cls.f, (a, b), out_sinfo=R.Tensor((n,), dtype="int32"))
        return y
)";
  Ref<IRModule> m = ParseChecked(text, "init.py");
  ASSERT_NE(m, nullptr);
  CompareInt32Cases(m, {
      {{7, -3, 5, 2}, {2, 1, -2, 3}},  // runs: init once per vi, then 3 * n updates
      {{7}, {3}},                      // one element
      {{7, -3, 5, 2}, {2, 1, 0, 3}},   // E3006 in the init of vi = 2
      {{}, {}},                        // empty: nothing runs
  });
}

// Vector lanes (tir.eval.vector): ramps, broadcasts, vector loads, arithmetic, casts, selects and
// lets lane by lane, and the traps of a lane in the interpreter's order.
TEST(CpuKernel, VectorLanesAsTheInterpreterDoes) {
  const char* text = R"(
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((T.int64(8),), "int32"), B: T.Buffer((T.int64(8),), "int32"), C: T.Buffer((T.int64(8),), "float32")):
        for i in range(T.int64(2)):
            C[T.Ramp(i * T.int64(4), T.int64(1), 4)] = T.Cast("float32", A[T.Ramp(i * T.int64(4), T.int64(1), 4)]) * T.Broadcast(T.float32(0.5), 4)
        for i in range(T.int64(2)):
            C[T.Ramp(i, T.int64(2), 4)] = T.Select(A[T.Ramp(i, T.int64(2), 4)] > T.Broadcast(0, 4), C[T.Ramp(i, T.int64(2), 4)], T.Broadcast(T.float32(-1), 4))
        T.evaluate(T.floordiv(A[T.Ramp(T.int64(0), T.int64(1), 4)], B[T.Ramp(T.int64(0), T.int64(1), 4)]))
        B[T.Ramp(T.int64(0), T.int64(1), 4)] = A[T.Ramp(T.Cast("int64", A[0]), T.int64(1), 4)] + T.Broadcast(1, 4)

    @R.function
    def main(a: R.Tensor((8,), "int32"), b: R.Tensor((8,), "int32")):
        cls = Module
        y = R.call_tir_inplace(cls.f, (a, b), inplace_indices=[1, -1], out_sinfo=[R.Tensor((8,), dtype="int32"), R.Tensor((8,), dtype="float32")])
        return y
)";
  Ref<IRModule> m = ParseChecked(text, "vectors.py");
  ASSERT_NE(m, nullptr);
  CompareInt32Cases(m, {
      {{1, -2, 3, 4, -5, 6, 7, 8}, {1, 1, 1, 1, 1, 1, 1, 1}},  // runs (A[0] = 1: the ramp from 1)
      {{1, -2, 3, 4, -5, 6, 7, 8}, {1, 1, 0, 1, 1, 1, 1, 1}},  // E3006 in lane 2
      {{5, -2, 3, 4, -5, 6, 7, 8}, {1, 1, 1, 1, 1, 1, 1, 1}},  // E3007: lane 3 of the ramp from 5
      {{-1, 2, 3, 4, 5, 6, 7, 8}, {1, 1, 1, 1, 1, 1, 1, 1}},   // E3007: lane 0 of the ramp from -1
  });
}

// Doubles that probe rounding to float16 and bfloat16: signed zeros, infinities, NaNs, the
// largest finite values and the ties around them, subnormal ties, the smallest normals, ties in
// the normal range, double subnormals, then random bit patterns and random values near 1.
std::vector<double> RoundingProbes() {
  std::vector<double> v = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 65504.0, 65519.99, 65520.0, -65520.0,
                           std::ldexp(1.0, -25), 3 * std::ldexp(1.0, -25), std::ldexp(1.0, -24), std::ldexp(1.0, -26),
                           std::ldexp(1.0, -14), std::nextafter(std::ldexp(1.0, -14), 0.0), 1 + std::ldexp(1.0, -11),
                           1 + 3 * std::ldexp(1.0, -11), 1 + std::ldexp(1.0, -8), 1 + 3 * std::ldexp(1.0, -8),
                           3.3895313892515355e38, 3.4e38, 1e300, 5e-324, std::ldexp(1.0, -133), std::ldexp(1.0, -134),
                           std::ldexp(3.0, -135), -std::ldexp(1.0, -149)};
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&] { return state = state * 6364136223846793005ull + 1442695040888963407ull; };
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = next();
    double d;
    std::memcpy(&d, &bits, 8);
    v.push_back(d);
    // Near the target formats' ranges, with ties: a small exponent and few mantissa bits.
    const int exponent = static_cast<int>(next() % 300) - 150;
    v.push_back(std::ldexp(1.0 + static_cast<double>(next() % 4096) / 4096.0, exponent) * ((next() & 1) ? -1 : 1));
  }
  return v;
}

// float16 and bfloat16 rounding is emitted inline (vectorized): the bits of every probe are what
// the reference's conversions give, for a cast, for arithmetic in the format, at O3 and at O0.
TEST(CpuKernel, NarrowFloatsRoundAsTheReferenceRounds) {
  const char* text = R"(
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(x: T.handle, h: T.handle, bf: T.handle, sum: T.handle):
        n = T.int64()
        X = T.match_buffer(x, (n,), "float64")
        H = T.match_buffer(h, (n,), "float16")
        BF = T.match_buffer(bf, (n,), "bfloat16")
        S = T.match_buffer(sum, (n,), "float16")
        for i in range(n):
            with T.block("narrow"):
                vi = T.axis.spatial(n, i)
                H[vi] = T.Cast("float16", X[vi])
                BF[vi] = T.Cast("bfloat16", X[vi])
                S[vi] = T.Cast("float16", X[vi]) + T.Cast("float16", X[vi] * T.float64(0.3))

    @R.function
    def main(x: R.Tensor(("n",), "float64")):
        n = T.int64()
        cls = Module
        y = R.call_tir(cls.f, (x,), out_sinfo=[R.Tensor((n,), "float16"), R.Tensor((n,), "bfloat16"), R.Tensor((n,), "float16")])
        return y
)";
  Ref<IRModule> m = ParseChecked(text, "narrow.py");
  ASSERT_NE(m, nullptr);
  const std::vector<double> probes = RoundingProbes();
  auto x = std::make_shared<TensorData>(DataType::kFloat64, std::vector<int64_t>{static_cast<int64_t>(probes.size())});
  std::memcpy(x->mutable_data(), probes.data(), probes.size() * 8);
  Tally tally;
  for (bool optimize : {true, false}) {
    RunResult r = Interpreter(m, Compiled(optimize, tally)).Run("main", {runtime::Value::FromTensor(x)});
    ASSERT_TRUE(r.ok()) << r.error->message;
    const auto* h = reinterpret_cast<const uint16_t*>(r.value.tuple()[0].tensor()->data());
    const auto* bf = reinterpret_cast<const uint16_t*>(r.value.tuple()[1].tensor()->data());
    const auto* sum = reinterpret_cast<const uint16_t*>(r.value.tuple()[2].tensor()->data());
    int wrong = 0;
    for (size_t i = 0; i < probes.size() && wrong < 10; ++i) {
      const double d = probes[i];
      const double expected_sum = RoundToFloatDType(RoundToFloatDType(d, DataType::kFloat16) +
                                                        RoundToFloatDType(d * 0.3, DataType::kFloat16),
                                                    DataType::kFloat16);
      const uint16_t sum_bits = DoubleToHalfBits(expected_sum);
      if (h[i] != DoubleToHalfBits(d) || bf[i] != DoubleToBFloat16Bits(d) || sum[i] != sum_bits) {
        ++wrong;
        ADD_FAILURE() << (optimize ? "O3" : "O0") << " probe " << i << " = " << d << ": float16 " << h[i] << " vs "
                      << DoubleToHalfBits(d) << ", bfloat16 " << bf[i] << " vs " << DoubleToBFloat16Bits(d)
                      << ", sum " << sum[i] << " vs " << sum_bits;
      }
    }
  }
  EXPECT_TRUE(tally.unsupported.empty());
}

}  // namespace
}  // namespace rlx::compiler::codegen
