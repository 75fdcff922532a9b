// Parallel loops on the runtime's thread pool (spec codegen.cpu.parallel): a loop that may run
// in chunks does, and gives what the interpreter's serial loop gives, its first trap included;
// a loop whose iterations could see one another (an access to a written buffer at another
// iteration's element, a written argument that shares memory with another, work that could
// reach the limit) runs in order.
#include <gtest/gtest.h>

#include <cstring>

#include "compiler/tests/kernel_compare.h"
#include "runtime/thread_pool.h"
#include "testing/values.h"

namespace rlx::compiler::codegen {
namespace {

using interp::Interpreter;
using interp::RunResult;

// Four threads and no minimum size for the whole test, the defaults restored after.
class CpuParallel : public ::testing::Test {
 protected:
  void SetUp() override {
    saved_ = runtime::GetParallelSettings();
    runtime::SetParallelSettings({4, 0});
  }
  void TearDown() override { runtime::SetParallelSettings(saved_); }
  runtime::ParallelSettings saved_;
};

runtime::Value Int32Tensor(const std::vector<int32_t>& v, std::vector<int64_t> shape) {
  auto t = std::make_shared<TensorData>(DataType::kInt32, std::move(shape));
  std::memcpy(t->mutable_data(), v.data(), v.size() * 4);
  return runtime::Value::FromTensor(t);
}

// Runs main on `args` in the interpreter and with compiled kernels at O3 and O0: the same value,
// or the same trap (code and message). Returns how many of the compiled runs went parallel.
int64_t CompareRuns(const Ref<IRModule>& m, const std::vector<runtime::Value>& args, runtime::Limits limits = {}) {
  interp::InterpreterOptions reference;
  reference.limits = limits;
  RunResult expected = Interpreter(m, reference).Run("main", testing::CopyValues(args));
  Tally tally;
  const int64_t before = runtime::ParallelRegionsRun();
  for (bool optimize : {true, false}) {
    interp::InterpreterOptions options = Compiled(optimize, tally);
    options.limits = limits;
    RunResult actual = Interpreter(m, options).Run("main", testing::CopyValues(args));
    EXPECT_EQ(actual.ok(), expected.ok()) << (expected.ok() ? actual.error->message : expected.error->message);
    if (!actual.ok() || !expected.ok()) {
      if (!actual.ok() && !expected.ok()) {
        EXPECT_EQ(actual.error->code, expected.error->code);
        EXPECT_EQ(actual.error->message, expected.error->message);
      }
      continue;
    }
    EXPECT_TRUE(testing::SameValue(actual.value, expected.value)) << (optimize ? "O3" : "O0");
  }
  EXPECT_TRUE(tally.unsupported.empty());
  return runtime::ParallelRegionsRun() - before;
}

const char* kRows = R"(
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(a: T.handle, b: T.handle, c: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n, 4), "int32")
        B = T.match_buffer(b, (n, 4), "int32")
        C = T.match_buffer(c, (n, 4), "int32")
        for i in T.parallel(n):
            for j in range(T.int64(4)):
                with T.block("C"):
                    vi = T.axis.spatial(n, i)
                    vj = T.axis.spatial(T.int64(4), j)
                    assert A[vi, vj] != T.int32(7), "E3012: seven"
                    C[vi, vj] = T.floordiv(A[vi, vj], B[vi, vj])

    @R.function
    def main(a: R.Tensor(("n", 4), "int32"), b: R.Tensor(("n", 4), "int32")):
        n = T.int64()
        cls = Module
        y = R.call_tir(cls.f, (a, b), out_sinfo=R.Tensor((n, 4), dtype="int32"))
        return y
)";

// Eight rows of four; `zero` and `seven` place a zero divisor and a seven (-1: none).
std::vector<runtime::Value> RowArgs(int zero, int seven) {
  std::vector<int32_t> a(32), b(32);
  for (int k = 0; k < 32; ++k) {
    a[k] = k * 3 - 40;
    b[k] = k % 5 + 1;
  }
  if (zero >= 0) b[zero] = 0;
  if (seven >= 0) a[seven] = 7;
  return {Int32Tensor(a, {8, 4}), Int32Tensor(b, {8, 4})};
}

TEST_F(CpuParallel, RowsRunInChunksAndTheFirstTrapInLoopOrderWins) {
  Ref<IRModule> m = ParseChecked(kRows, "rows.py");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(CompareRuns(m, RowArgs(-1, -1)), 2);
  // Rows 0-1, 2-3, 4-5 and 6-7 are the four chunks: traps in two of them, either one first.
  EXPECT_EQ(CompareRuns(m, RowArgs(5, 22)), 2);   // E3006 in chunk 0, E3012 in chunk 2
  EXPECT_EQ(CompareRuns(m, RowArgs(30, 3)), 2);   // E3012 in chunk 0, E3006 in chunk 3
  EXPECT_EQ(CompareRuns(m, RowArgs(13, 12)), 2);  // both in chunk 1: the seven comes first
  EXPECT_EQ(CompareRuns(m, RowArgs(31, -1)), 2);  // the last element of the last chunk
}

TEST_F(CpuParallel, WorkThatCouldReachTheLimitRunsInOrder) {
  Ref<IRModule> m = ParseChecked(kRows, "rows.py");
  ASSERT_NE(m, nullptr);
  // The least work limit the program runs under (the rows' loops count 40 iterations of it).
  runtime::Limits limits;
  int64_t lo = 0, hi = 1 << 20;
  while (lo + 1 < hi) {
    limits.max_work = (lo + hi) / 2;
    interp::InterpreterOptions o;
    o.limits = limits;
    (Interpreter(m, o).Run("main", RowArgs(-1, -1)).ok() ? hi : lo) = limits.max_work;
  }
  for (int64_t work : {hi - 41, hi - 40, hi - 39, hi - 20, hi - 1, hi, hi + 1}) {
    SCOPED_TRACE(work);
    limits.max_work = work;
    CompareRuns(m, RowArgs(-1, -1), limits);
    CompareRuns(m, RowArgs(30, -1), limits);
  }
  limits.max_work = hi + 1000;
  EXPECT_EQ(CompareRuns(m, RowArgs(-1, -1), limits), 2);
}

TEST_F(CpuParallel, AnAccessToAnotherIterationsElementRunsInOrder) {
  const char* text = R"(
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def scan(a: T.handle, c: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "int32")
        C = T.match_buffer(c, (n,), "int32")
        for i in T.parallel(n):
            C[i] = A[i]
        for i in T.parallel(n - T.int64(1)):
            C[i + T.int64(1)] = C[i + T.int64(1)] + C[i]

    @R.function
    def main(a: R.Tensor(("n",), "int32")):
        n = T.int64()
        cls = Module
        y = R.call_tir(cls.scan, (a,), out_sinfo=R.Tensor((n,), dtype="int32"))
        return y
)";
  Ref<IRModule> m = ParseChecked(text, "scan.py");
  ASSERT_NE(m, nullptr);
  std::vector<int32_t> a(40);
  for (int k = 0; k < 40; ++k) a[k] = k * k - 7;
  // The copy runs in chunks (at O3 and O0); the running sum in order.
  EXPECT_EQ(CompareRuns(m, {Int32Tensor(a, {40})}), 2);
}

TEST_F(CpuParallel, AWrittenArgumentThatSharesMemoryRunsInOrder) {
  const char* text = R"(
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def rev(a: T.handle, b: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "int32")
        B = T.match_buffer(b, (n,), "int32")
        for i in T.parallel(n):
            B[i] = A[n - T.int64(1) - i] + T.int32(1)

    @R.function
    def main(x: R.Tensor(("n",), "int32"), y: R.Tensor(("n",), "int32")):
        R.func_attr({"relax.force_pure": True})
        cls = Module
        cls.rev(x, x)
        cls.rev(x, y)
        return (x, y)
)";
  Ref<IRModule> m = ParseChecked(text, "alias.py");
  ASSERT_NE(m, nullptr);
  std::vector<int32_t> x(33), y(33, 0);
  for (int k = 0; k < 33; ++k) x[k] = 5 * k - 60;
  // rev(x, x) in order (its result differs from a reversed copy), rev(x, y) in chunks.
  EXPECT_EQ(CompareRuns(m, {Int32Tensor(x, {33}), Int32Tensor(y, {33})}), 2);
}

TEST_F(CpuParallel, OneThreadRunsEveryLoopInOrder) {
  runtime::SetParallelSettings({1, 0});
  Ref<IRModule> m = ParseChecked(kRows, "rows.py");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(CompareRuns(m, RowArgs(5, 22)), 0);
}

}  // namespace
}  // namespace rlx::compiler::codegen
