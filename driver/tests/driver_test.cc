// The driver: parse -> check -> run in one place.
#include <gtest/gtest.h>

#include <limits>
#include <sstream>

#include "driver/driver.h"
#include "runtime/format.h"

namespace rlx::driver {
namespace {

constexpr const char* kProgram = R"(@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), dtype="float32")) -> R.Tensor((2,), dtype="float32"):
        y = R.add(x, x)
        R.print(y)
        return y
)";

// `text` loaded and accepted (the test fails otherwise).
Program LoadAccepted(const char* text) {
  static SourceManager sources;
  DiagnosticEngine diags(sources);
  Program p = Load(text, "test.py", sources, diags);
  EXPECT_TRUE(p.ok()) << diags.RenderAll();
  return p;
}

// A zero float32 vector of `n` elements, as an argument.
runtime::Value Zeros(int64_t n) {
  return runtime::Value::FromTensor(std::make_shared<TensorData>(DataType::kFloat32, std::vector<int64_t>{n}));
}

TEST(Driver, LoadsChecksAndRuns) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Program p = Load(kProgram, "m.py", sources, diags);
  ASSERT_TRUE(p.ok()) << diags.RenderAll();
  std::ostringstream printed;
  RunOptions options;
  options.out = &printed;
  auto exe = Prepare(p.module, options);
  auto x = std::make_shared<TensorData>(DataType::kFloat32, std::vector<int64_t>{2});
  RunResult r = exe->Run("main", {runtime::Value::FromTensor(x)});
  ASSERT_TRUE(r.ok()) << r.error->message;
  EXPECT_EQ(runtime::FormatValue(r.value), "[0.0, 0.0]");
  EXPECT_EQ(printed.str(), "[0.0, 0.0]\n");
  // An executable runs any number of times.
  EXPECT_TRUE(exe->Run("main", {runtime::Value::FromTensor(x)}).ok());
}

TEST(Driver, TellsAParseErrorFromACheckError) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Program bad_text = Load("@R.function\ndef main(:\n", "a.py", sources, diags);
  EXPECT_FALSE(bad_text.parsed());
  EXPECT_FALSE(bad_text.ok());
  Program ill_typed = Load("@R.function\ndef main(x: R.Tensor((2, 3), 'float32')):\n    y = R.matmul(x, x)\n    return y\n", "b.py", sources, diags);
  EXPECT_TRUE(ill_typed.parsed());
  EXPECT_FALSE(ill_typed.ok());
}

TEST(Driver, Backends) {
  EXPECT_EQ(ParseBackend("interpreter"), Backend::kInterpreter);
  EXPECT_FALSE(ParseBackend("llvm").has_value());
  EXPECT_STREQ(BackendName(Backend::kInterpreter), "interpreter");
  EXPECT_EQ(ParseBackend("cpu"), Backend::kCpu);
  EXPECT_STREQ(BackendName(Backend::kCpu), "cpu");
}

// A trap is the run's result, with its error code.
TEST(Driver, ATrapIsTheResult) {
  Program p = LoadAccepted(R"(@R.function
def main(x: R.Tensor(("n",), dtype="float32")):
    n = T.int64()
    y = R.match_cast(x, R.Tensor((3,), dtype="float32"))
    return y
)");
  ASSERT_TRUE(p.ok());
  RunResult r = Prepare(p.module)->Run("main", {Zeros(2)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(std::string(ErrorCodeString(r.error->code)), "E3001");  // eval.match-cast
}

// The backend performs the recorded checks (eval.runtime-check): the checker cannot decide n == 2,
// records the annotation check, and it traps; a check missing from the record is skipped (as
// compiled code skips a proven one); without a record, the interpreter performs every check.
TEST(Driver, RecordedChecksAreWhatRuns) {
  Program p = LoadAccepted(R"(@R.function
def main(x: R.Tensor(("n",), dtype="float32")):
    n = T.int64()
    y: R.Tensor((2,), dtype="float32") = x
    return y
)");
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p.check.runtime_checks.size(), 1u);
  EXPECT_EQ(p.check.runtime_checks[0].kind, RuntimeCheck::Kind::kAnnotation);
  for (Backend backend : {Backend::kInterpreter, Backend::kCpu}) {
    if (!BackendAvailable(backend, nullptr)) continue;
    auto run = [&](const std::vector<RuntimeCheck>* recorded) {
      RunOptions o;
      o.backend = backend;
      o.recorded_checks = recorded;
      return Prepare(p.module, o)->Run("main", {Zeros(3)});
    };
    RunResult all = run(nullptr);
    ASSERT_FALSE(all.ok());
    EXPECT_EQ(std::string(ErrorCodeString(all.error->code)), "E3004");  // eval.binding.annotation
    RunResult recorded = run(&p.check.runtime_checks);
    ASSERT_FALSE(recorded.ok());
    EXPECT_EQ(std::string(ErrorCodeString(recorded.error->code)), "E3004");
    // The cpu backend compiles the lowered module, whose own record it performs.
    if (backend == Backend::kCpu) continue;
    std::vector<RuntimeCheck> none;
    EXPECT_TRUE(run(&none).ok()) << BackendName(backend);
  }
}

// Runs `entry` on the interpreter and on the cpu backend (at `opt_level`): the same printed
// output, value, or trap (code, and with `exact_trap` its message, place, and call stack of
// `stack` frames when given; an op that traps in its lowered PrimFunc traps one frame deeper).
void ExpectSameRuns(const Program& p, const char* entry, const std::vector<runtime::Value>& args, size_t stack = 0,
                    int opt_level = 2, bool exact_trap = true) {
  std::ostringstream printed[2];
  RunResult r[2];
  for (int i = 0; i < 2; ++i) {
    RunOptions o;
    o.backend = i == 0 ? Backend::kInterpreter : Backend::kCpu;
    o.opt_level = opt_level;
    o.out = &printed[i];
    r[i] = Prepare(p.module, o)->Run(entry, args);
  }
  SCOPED_TRACE(std::string(entry) + " on " + runtime::FormatValue(runtime::Value::FromTuple(args)) + " at -O" +
               std::to_string(opt_level));
  EXPECT_EQ(printed[0].str(), printed[1].str());
  ASSERT_EQ(r[0].ok(), r[1].ok()) << (r[0].ok() ? r[1].error->message : r[0].error->message);
  if (r[0].ok()) {
    EXPECT_EQ(runtime::FormatValue(r[0].value), runtime::FormatValue(r[1].value));
    return;
  }
  EXPECT_EQ(r[0].error->code, r[1].error->code);
  if (!exact_trap) return;
  EXPECT_EQ(r[0].error->message, r[1].error->message);
  EXPECT_EQ(r[0].error->span.begin.line, r[1].error->span.begin.line);
  EXPECT_EQ(r[0].error->span.begin.col, r[1].error->span.begin.col);
  ASSERT_EQ(r[0].error->stack.size(), r[1].error->stack.size());
  if (stack) {
    EXPECT_EQ(r[0].error->stack.size(), stack);
  }
  for (size_t k = 0; k < r[0].error->stack.size(); ++k) {
    EXPECT_EQ(r[0].error->stack[k].function, r[1].error->stack[k].function);
    EXPECT_EQ(r[0].error->stack[k].call_site.begin.line, r[1].error->stack[k].call_site.begin.line);
  }
}

// codegen.cpu.host: the compiled Relax functions give what the interpreter gives: values,
// printed output, and a trap's code, message, place and call stack, through recursion,
// closures, tuples and branches.
TEST(Driver, TheCpuBackendRunsAsTheInterpreterRuns) {
  std::string why;
  if (!BackendAvailable(Backend::kCpu, &why)) GTEST_SKIP() << why;
  Program p = LoadAccepted(R"(@I.ir_module
class Module:
    @R.function
    def count(x: R.Tensor((), dtype="int64"), n: R.Tensor((), dtype="int64")) -> R.Tensor((), dtype="int64"):
        cls = Module
        done = R.greater_equal(x, n)
        if done:
            r = x
        else:
            y = R.add(x, R.const(1, "int64"))
            r = cls.count(y, n)
        return r

    @R.function
    def deep(x: R.Tensor((3,), dtype="float32"), n: R.Tensor((), dtype="int64")) -> R.Tensor((3,), dtype="float32"):
        cls = Module
        stop = R.equal(n, R.const(0, "int64"))
        if stop:
            r = R.match_cast(x, R.Tensor((5,), dtype="float32"))
            s = R.reshape(r, R.shape([5]))
            t = R.strided_slice(s, axes=[0], begin=[0], end=[3])
        else:
            m = R.subtract(n, R.const(1, "int64"))
            t = cls.deep(x, m)
        return t

    @R.function(pure=False)
    def main(x: R.Tensor((3,), dtype="float32"), n: R.Tensor((), dtype="int64")):
        cls = Module
        @R.function
        def twice(a: R.Tensor((3,), dtype="float32")) -> R.Tensor((3,), dtype="float32"):
            b = R.add(a, x)
            return b
        y = twice(x)
        R.print(y)
        c = cls.count(R.const(0, "int64"), n)
        t = (y, c)
        z = t[0]
        return (z, t[1])

    @R.function
    def fails(x: R.Tensor((3,), dtype="float32"), n: R.Tensor((), dtype="int64")) -> R.Tensor((3,), dtype="float32"):
        cls = Module
        r = cls.deep(x, n)
        return r
)");
  ASSERT_TRUE(p.ok());
  auto n = std::make_shared<TensorData>(DataType::kInt64, std::vector<int64_t>{});
  n->SetInt(0, 4);
  const std::vector<runtime::Value> args = {Zeros(3), runtime::Value::FromTensor(n)};
  ExpectSameRuns(p, "main", args);
  ExpectSameRuns(p, "fails", args, 6);  // deep x 5, fails
}

runtime::Value Shape(std::vector<int64_t> dims) { return runtime::Value::FromShape(std::move(dims)); }
runtime::Value Int64(int64_t v) { return runtime::Value::FromPrim(runtime::PrimScalar::Int(v)); }
runtime::Value Floats(std::vector<int64_t> shape) {
  return runtime::Value::FromTensor(std::make_shared<TensorData>(DataType::kFloat32, std::move(shape)));
}

runtime::Value Ints(std::vector<int32_t> values) {
  auto t = std::make_shared<TensorData>(DataType::kInt32, std::vector<int64_t>{static_cast<int64_t>(values.size())});
  for (size_t i = 0; i < values.size(); ++i) t->SetInt(static_cast<int64_t>(i), values[i]);
  return runtime::Value::FromTensor(t);
}

// pass.pipeline: at every level the cpu backend gives the interpreter's outcome on the module as
// written: a dead integer division still traps (before the print after it), a repeated one traps
// at its first occurrence, constants fold to the interpreter's bits, a division of constants by
// zero is left to trap at run time, and the fused add chain computes what the adds did.
TEST(Driver, EveryOptimizationLevelGivesTheInterpretersOutcome) {
  std::string why;
  if (!BackendAvailable(Backend::kCpu, &why)) GTEST_SKIP() << why;
  Program p = LoadAccepted(R"(@I.ir_module
class Module:
    @R.function(pure=False)
    def main(i: R.Tensor((3,), dtype="int32"), d: R.Tensor((3,), dtype="int32")) -> R.Tensor((3,), dtype="int32"):
        dead = R.divide(i, d)
        unused = R.add(i, i)
        R.print(i, format="{}")
        a = R.floor_divide(i, d)
        b = R.floor_divide(i, d)
        c = R.add(a, b)
        k = R.multiply(R.const([1, 2, 3], "int32"), R.const([7, 7, 7], "int32"))
        e = R.add(c, k)
        return e

    @R.function
    def folded(x: R.Tensor((2,), dtype="float32")) -> R.Tensor((2,), dtype="float32"):
        a = R.divide(R.const([1.0, 2.0], "float32"), R.const(3.0, "float32"))
        b = R.exp(a)
        c = R.add(b, x)
        return c

    @R.function
    def zero() -> R.Tensor((2,), dtype="int32"):
        z = R.divide(R.const([1, 2], "int32"), R.const([0, 1], "int32"))
        return z
)");
  for (int level = 0; level <= 3; ++level) {
    ExpectSameRuns(p, "main", {Ints({7, -7, 9}), Ints({2, 2, 4})}, 0, level, false);
    ExpectSameRuns(p, "main", {Ints({7, -7, 9}), Ints({2, 0, 4})}, 0, level, false);
    ExpectSameRuns(p, "folded", {Floats({2})}, 0, level, false);
    ExpectSameRuns(p, "zero", {}, 0, level, false);
  }
}

// codegen.cpu.host.shape: shape arithmetic, parameter matching, match_cast and bounds compiled
// natively give the interpreter's values, and its traps where machine arithmetic would not
// (overflow, a zero divisor, INT64_MIN / -1, a mismatch, a bound).
TEST(Driver, TheCpuBackendComputesShapesAsTheInterpreterDoes) {
  std::string why;
  if (!BackendAvailable(Backend::kCpu, &why)) GTEST_SKIP() << why;
  Program p = LoadAccepted(R"(@I.ir_module
class Module:
    @R.function
    def arith(s: R.Shape(["a", "b"])):
        a = T.int64()
        b = T.int64()
        r = R.shape([a * b, a // b, a % b, a - b, T.min(a, b), T.max(a, b) + 1])
        return r

    @R.function
    def prim(p: R.Prim(value="k")) -> R.Prim("int64"):
        k = T.int64()
        r = R.prim_value(k * 2 + 1)
        return r

    @R.function
    def match(x: R.Tensor(("n", "m"), "float32"), s: R.Shape(["k"])):
        n = T.int64()
        m = T.int64()
        k = T.int64()
        j = T.int64()
        y = R.reshape(x, R.shape([n * m]))
        z = R.match_cast(y, R.Tensor((k * 2,), "float32"))
        w = R.match_cast(x, R.Tensor((n, j), "float32"))
        return (z, w)

    @R.function
    def inner(x: R.Tensor(("n", "n + 1"), "float32"), y: R.Tensor(("n",), "float32")) -> R.Tensor(("n",), "float32"):
        n = T.int64()
        R.func_attr({"tir_var_upper_bound": {"n": 3}})
        return y

    @R.function
    def outer(x: R.Tensor(("a", "b"), "float32"), y: R.Tensor(("c",), "float32")):
        cls = Module
        r = cls.inner(x, y)
        return r
)");
  ASSERT_TRUE(p.ok());
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  for (const auto& dims : std::vector<std::vector<int64_t>>{
           {6, 4}, {-7, 2}, {7, -2}, {5, 0}, {int64_t{1} << 62, 4}, {kMin, -1}, {kMin, 1}, {kMin + 1, -1}}) {
    ExpectSameRuns(p, "arith", {Shape(dims)});
  }
  for (int64_t k : {int64_t{0}, int64_t{-5}, std::numeric_limits<int64_t>::max() / 2, kMin}) ExpectSameRuns(p, "prim", {Int64(k)});
  ExpectSameRuns(p, "match", {Floats({2, 3}), Shape({3})});
  ExpectSameRuns(p, "match", {Floats({2, 3}), Shape({4})});      // 6 != 2 * 4
  ExpectSameRuns(p, "match", {Floats({6}), Shape({3})});         // rank
  ExpectSameRuns(p, "match", {Zeros(6), Floats({2, 3})});        // a tensor for a shape
  ExpectSameRuns(p, "outer", {Floats({2, 3}), Floats({2})});
  ExpectSameRuns(p, "outer", {Floats({2, 4}), Floats({2})}, 2);  // n + 1
  ExpectSameRuns(p, "outer", {Floats({4, 5}), Floats({4})}, 2);  // the bound n <= 3
  ExpectSameRuns(p, "outer", {Floats({2, 3}), Floats({3})}, 2);  // n bound twice
}

}  // namespace
}  // namespace rlx::driver
