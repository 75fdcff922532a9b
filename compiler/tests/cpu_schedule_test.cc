// The CPU schedules against the reference: contractions tiled by tile-matmul (pass.tile-matmul)
// and compiled — scratch accumulators on the stack (tir.eval.alloc.scratch), T.unroll loops
// emitted once per value, exact products fused into FMAs (codegen.cpu.kernel), the tiles' loop
// run in parallel (pass.parallelize-loops) — give the interpreter's values on the untransformed
// module bit for bit, and the interpreter's traps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "compiler/pass/pass.h"
#include "compiler/tests/kernel_compare.h"
#include "interpreter/interpreter.h"
#include "runtime/thread_pool.h"
#include "testing/values.h"

namespace rlx::compiler::codegen {
namespace {

using interp::Interpreter;
using interp::RunResult;
using runtime::Value;

// A tensor of `shape` holding random values of `dtype` (float32, float16, float64), some of
// them negative zeros, so signs of zero sums are exercised too.
Value RandomTensor(DataType dtype, const std::vector<int64_t>& shape, std::mt19937& rng) {
  auto t = std::make_shared<TensorData>(dtype, shape);
  std::uniform_real_distribution<double> d(-2.0, 2.0);
  for (int64_t i = 0; i < t->num_elements(); ++i) {
    const double v = rng() % 17 == 0 ? -0.0 : d(rng);
    t->SetDouble(i, v);
  }
  return Value::FromTensor(t);
}

Ref<IRModule> Lowered(const Ref<IRModule>& m, const std::vector<std::string>& passes) {
  Ref<IRModule> out = m;
  for (const auto& p : passes) out = RunPass(*FindPass(p), out);
  return out;
}

// main of `m` on `args`: the interpreter on `m` itself against compiled kernels (O3 and O0) on
// `m` after `passes`, on one thread and on two.
void ExpectSameAsReference(const Ref<IRModule>& m, const std::vector<std::string>& passes, const std::vector<Value>& args) {
  RunResult expected = Interpreter(m).Run("main", testing::CopyValues(args));
  Ref<IRModule> scheduled = Lowered(m, passes);
  Tally tally;
  for (int threads : {1, 2}) {
    runtime::SetParallelSettings({threads, 1});
    for (bool optimize : {true, false}) {
      RunResult actual = Interpreter(scheduled, Compiled(optimize, tally)).Run("main", testing::CopyValues(args));
      ASSERT_EQ(actual.ok(), expected.ok()) << (expected.ok() ? actual.error->message : expected.error->message);
      if (!expected.ok()) {
        EXPECT_EQ(actual.error->code, expected.error->code) << actual.error->message;
      } else {
        EXPECT_TRUE(testing::SameValue(actual.value, expected.value)) << threads << " thread(s), O" << (optimize ? 3 : 0);
      }
    }
  }
  runtime::SetParallelSettings({});
  EXPECT_TRUE(tally.unsupported.empty());
}

const std::vector<std::string> kSchedule = {"legalize-ops", "tile-matmul", "interleave-reductions", "simplify-tir",
                                            "parallelize-loops"};

// Two panels of k (300 = 256 + 44), 13 rows (two tiles and a remainder of 1), 45 columns (one
// tile and a remainder of 13); float16 operands; a batch with a symbolic row count.
TEST(CpuSchedule, TiledContractionsComputeTheReferenceValues) {
  Ref<IRModule> m = ParseChecked(R"(
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((13, 300), dtype="float32"), b: R.Tensor((300, 45), dtype="float32"), x: R.Tensor((2, "n", 40), dtype="float16"), y: R.Tensor((2, 40, 64), dtype="float16")):
        n = T.int64()
        c = R.matmul(a, b)
        z = R.matmul(x, y)
        return (c, z)
)",
                                 "tiles.py");
  ASSERT_NE(m, nullptr);
  std::mt19937 rng(7);
  for (int64_t n : {0, 14}) {  // no row tile; two tiles and a remainder of 2
    SCOPED_TRACE("n = " + std::to_string(n));
    std::vector<Value> args = {RandomTensor(DataType::kFloat32, {13, 300}, rng), RandomTensor(DataType::kFloat32, {300, 45}, rng),
                               RandomTensor(DataType::kFloat16, {2, n, 40}, rng), RandomTensor(DataType::kFloat16, {2, 40, 64}, rng)};
    ExpectSameAsReference(m, kSchedule, args);
  }
  // The rule fired: the tiled module has the tiles' scratch buffers.
  EXPECT_NE(Lowered(m, kSchedule), Lowered(m, {"legalize-ops", "parallelize-loops"}));
}

// Row reductions interleaved 8 rows at a time (pass.interleave-reductions): sums, means with an
// empty reduction (NaN), maxima with NaN and signed zeros, softmax and layer_norm, over a
// symbolic row count with and without a remainder.
TEST(CpuSchedule, InterleavedReductionsComputeTheReferenceValues) {
  Ref<IRModule> m = ParseChecked(R"(
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", 37), dtype="float32"), y: R.Tensor((9, "k"), dtype="float64"), g: R.Tensor((37,), dtype="float32")):
        n = T.int64()
        k = T.int64()
        a = R.sum(x, axis=[1])
        b = R.mean(y, axis=[1])
        c = R.max(y, axis=[1])
        d = R.nn.softmax(x, axis=1)
        e = R.nn.layer_norm(x, g, g, axes=[1])
        f = R.variance(x, axis=[1])
        return (a, b, c, d, e, f)
)",
                                 "rows.py");
  ASSERT_NE(m, nullptr);
  std::mt19937 rng(11);
  for (auto [n, k] : {std::pair<int64_t, int64_t>{16, 5}, {13, 0}, {3, 9}}) {
    SCOPED_TRACE("n = " + std::to_string(n) + ", k = " + std::to_string(k));
    Value y = RandomTensor(DataType::kFloat64, {9, k}, rng);
    if (k > 2) {
      y.tensor()->SetDouble(1, std::nan(""));  // row 0's max is NaN
      y.tensor()->SetDouble(k, -0.0);
    }
    std::vector<Value> args = {RandomTensor(DataType::kFloat32, {n, 37}, rng), y, RandomTensor(DataType::kFloat32, {37}, rng)};
    ExpectSameAsReference(m, kSchedule, args);
  }
  EXPECT_NE(Lowered(m, kSchedule), Lowered(m, {"legalize-ops", "tile-matmul", "simplify-tir", "parallelize-loops"}));
}

// Only exact products become FMAs: `s + a * b` of float64 operands rounds the product first
// (here 1 + 2^-29 + 2^-60 rounds to 1 + 2^-29, and the sum with -1 is 2^-29, where an FMA gives
// 2^-29 + 2^-60), so it stays two operations; the same sum of float32 operands is exact in one.
TEST(CpuSchedule, OnlyExactProductsAreFused) {
  Ref<IRModule> m = ParseChecked(R"(
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(a: T.Buffer((T.int64(2),), "float64"), s: T.Buffer((T.int64(2),), "float64"), h: T.Buffer((T.int64(2),), "float32"), out: T.Buffer((T.int64(4),), "float64")):
        for i in range(T.int64(2)):
            out[i] = s[i] + a[i] * a[i]
            out[i + T.int64(2)] = s[i] + T.Cast("float64", h[i]) * T.Cast("float64", h[i])

    @R.function
    def main(a: R.Tensor((2,), dtype="float64"), s: R.Tensor((2,), dtype="float64"), h: R.Tensor((2,), dtype="float32")):
        cls = Module
        out = R.call_tir(cls.f, (a, s, h), out_sinfo=R.Tensor((4,), dtype="float64"))
        return out
)",
                                 "fma.py");
  ASSERT_NE(m, nullptr);
  auto tensor = [](DataType t, std::vector<double> v) {
    auto d = std::make_shared<TensorData>(t, std::vector<int64_t>{static_cast<int64_t>(v.size())});
    for (size_t i = 0; i < v.size(); ++i) d->SetDouble(static_cast<int64_t>(i), v[i]);
    return Value::FromTensor(d);
  };
  const double a = 1.0 + std::ldexp(1.0, -30);
  ExpectSameAsReference(m, {}, {tensor(DataType::kFloat64, {a, 3.0}), tensor(DataType::kFloat64, {-1.0, 0.5}),
                                tensor(DataType::kFloat32, {1.0f + std::ldexp(1.0f, -12), -0.0f})});
}

// Unrolled loops and scratch buffers: a scratch buffer starts zero-filled on every run of its
// block; an unrolled body that indexes past its buffer traps there, with the interpreter's code.
TEST(CpuSchedule, UnrolledLoopsAndScratchBuffersAsTheInterpreter) {
  Ref<IRModule> m = ParseChecked(R"(
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(var_a: T.handle, out: T.Buffer((T.int64(3), T.int64(4)), "int32")):
        n = T.int64()
        a = T.match_buffer(var_a, (n,), "int32")
        for i in range(T.int64(3)):
            with T.block("tile"):
                t = T.alloc_buffer((T.int64(4),), "int32")
                for r in T.unroll(T.int64(4)):
                    for q in T.unroll(T.int64(2)):
                        t[r] = t[r] + a[i * T.int64(2) + r] * T.Cast("int32", q + T.int64(1))
                for r in T.unroll(T.int64(4)):
                    out[i, r] = t[r]

    @R.function
    def main(a: R.Tensor(("n",), dtype="int32")):
        n = T.int64()
        cls = Module
        out = R.call_tir(cls.f, (a,), out_sinfo=R.Tensor((3, 4), dtype="int32"))
        return out
)",
                                 "unroll.py");
  ASSERT_NE(m, nullptr);
  for (int64_t n : {8, 7, 2}) {  // fits; index 7 at i = 2, r = 3 traps (E3007); traps at once
    SCOPED_TRACE("n = " + std::to_string(n));
    auto t = std::make_shared<TensorData>(DataType::kInt32, std::vector<int64_t>{n});
    for (int64_t i = 0; i < n; ++i) t->SetInt(i, 3 * i - 5);
    ExpectSameAsReference(m, {}, {Value::FromTensor(t)});
  }
}


// The loop schedules after the lowering — blocks lowered (pass.lower-blocks), constant nests fused
// (pass.fuse-loops), contiguous loops split into T.vectorized vectors and a tail
// (pass.vectorize-loops), short loops unrolled (pass.unroll-loops) — compile to the interpreter's
// values and traps: a reduction whose init
// the lowering guards, a block domain check left as an assert, and a symbolic extent whose tail
// holds the out-of-bounds element (the trap in the tail, after the vectors ran).
TEST(CpuSchedule, LoopSchedulesAsTheInterpreter) {
  Ref<IRModule> m = ParseChecked(R"(
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(var_a: T.handle, var_out: T.handle, s: T.Buffer((T.int64(3),), "float32")):
        n = T.int64()
        a = T.match_buffer(var_a, (T.int64(3), n), "float32")
        out = T.match_buffer(var_out, (T.int64(3), n), "float32")
        for i, j in T.grid(T.int64(3), n):
            with T.block("row"):
                vi, vj = T.axis.remap("SR", [i, j])
                with T.init():
                    s[vi] = T.float32(0)
                s[vi] = s[vi] + a[vi, vj]
        for i, j in T.grid(T.int64(3), n):
            with T.block("scale"):
                vi = T.axis.spatial(T.int64(3), i)
                vj = T.axis.spatial(T.int64(37), j)
                out[vi, vj] = a[vi, vj] * s[vi] + T.float32(1)
        for i in range(T.int64(3)):
            for k in range(T.int64(4)):
                out[i, k] = out[i, k] - T.float32(2)

    @R.function
    def main(a: R.Tensor((3, "n"), dtype="float32")):
        n = T.int64()
        cls = Module
        r = R.call_tir(cls.f, (a,), out_sinfo=[R.Tensor((3, n), dtype="float32"), R.Tensor((3,), dtype="float32")])
        return r
)",
                                 "loops.py");
  ASSERT_NE(m, nullptr);
  std::mt19937 rng(7);
  // 37: two vectors of 16 and a tail of 5; 38: the tail's last column is outside the block's
  // domain (E3007 from the assert, after the vectors ran); 4: no vector, a tail alone; 3: the
  // last loop's k = 3 is past the end (E3007).
  for (int64_t n : {37, 38, 4, 3}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    ExpectSameAsReference(m, {"lower-blocks", "fuse-loops", "vectorize-loops", "unroll-loops"},
                          {RandomTensor(DataType::kFloat32, {3, n}, rng)});
  }
}

}  // namespace
}  // namespace rlx::compiler::codegen
