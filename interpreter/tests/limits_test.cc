// The limits of spec §4.12 against adversarial inputs: every op on empty tensors whose other
// extents are huge (eval.limit.work: no work without elements), extents that overflow int64
// (eval.limit.tensor, E0906), the call-depth limit and the evaluation stack
// (eval.limit.depth), the work limit (eval.limit.work, E0910) and the wall-clock limit
// (eval.limit.time, E0911); and printing values of huge rank or huge empty extents
// (eval.print.value) without recursion or unbounded output.
#include <gtest/gtest.h>

#include <chrono>
#include <climits>
#include <iostream>
#include <string>
#include <vector>

#include "interpreter/runtime_names.h"
#include "interpreter/builtins.h"
#include "checker/checker.h"
#include "runtime/call_context.h"
#include "runtime/format.h"
#include "interpreter/interpreter.h"
#include "ir/text/relax_parser.h"

namespace rlx::interp::testing {
namespace {

constexpr int64_t kHuge = int64_t{1} << 62;

const char* kHeader =
    "from tvm.script import ir as I, relax as R, tir as T\n\n@I.ir_module\nclass Module:\n";

Ref<IRModule> Load(const std::string& body, std::string* error) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = text::ParseModuleText(std::string(kHeader) + body, "limits.py", sources, diags);
  if (!m || diags.has_errors() || !checker::CheckModule(*m, diags).ok) {
    *error = diags.RenderAll();
    return nullptr;
  }
  return m;
}

Value Empty(DataType dtype, std::vector<int64_t> shape) {
  return Value::FromTensor(std::make_shared<TensorData>(dtype, std::move(shape)));
}

struct OpCase {
  const char* call;  // the op call, over the parameters of kParams
};

// x: (2^62, 0), y: (0, 2^62), z: (2^62, 0, 4), w: (4, 4), b: bool (2^62, 0), g: (0,),
// d: (2^62, 0, 4, 4), k: (0, 0, 3, 3), i: int64 (0,), e: (0, 2^62, 2^62) (all empty).
const char* kParams =
    "x: R.Tensor((\"n\", \"m\"), \"float32\"), y: R.Tensor((\"m\", \"n\"), \"float32\"), "
    "z: R.Tensor((\"n\", \"m\", 4), \"float32\"), w: R.Tensor((4, 4), \"float32\"), "
    "b: R.Tensor((\"n\", \"m\"), \"bool\"), g: R.Tensor((\"m\",), \"float32\"), "
    "d: R.Tensor((\"n\", \"m\", 4, 4), \"float32\"), k: R.Tensor((\"m\", \"m\", 3, 3), "
    "\"float32\"), "
    "i: R.Tensor((\"m\",), \"int64\"), e: R.Tensor((\"m\", \"n\", \"n\"), \"float32\")";

std::vector<Value> Args() {
  auto f = DataType::kFloat32;
  std::vector<Value> a{Empty(f, {kHuge, 0}),
                       Empty(f, {0, kHuge}),
                       Empty(f, {kHuge, 0, 4}),
                       Empty(f, {4, 4}),
                       Empty(DataType::kBool, {kHuge, 0}),
                       Empty(f, {0}),
                       Empty(f, {kHuge, 0, 4, 4}),
                       Empty(f, {0, 0, 3, 3}),
                       Empty(DataType::kInt64, {0}),
                       Empty(f, {0, kHuge, kHuge})};
  return a;
}

const OpCase kCases[] = {
    {"R.abs(x)"},
    {"R.exp(x)"},
    {"R.negative(e)"},
    {"R.sigmoid(x)"},
    {"R.logical_not(b)"},
    {"R.add(x, x)"},
    {"R.multiply(x, R.const(2.0, \"float32\"))"},
    {"R.less(x, x)"},
    {"R.add(e, e)"},
    {"R.where(b, x, x)"},
    {"R.clip(x, R.prim_value(0.0), R.prim_value(1.0))"},
    {"R.astype(x, \"int32\")"},
    {"R.sum(x, axis=[0])"},
    {"R.sum(e, axis=[1, 2])"},
    {"R.mean(x, axis=[0])"},
    {"R.prod(x, axis=[0])"},
    {"R.max(x, axis=[0])"},
    {"R.min(z, axis=[0])"},
    {"R.variance(x, axis=[0])"},
    {"R.std(x, axis=[0])"},
    {"R.sum(x)"},
    {"R.argmax(x, axis=0)"},
    {"R.argmin(x, axis=0)"},
    {"R.cumsum(x, axis=0)"},
    {"R.cumsum(x, axis=1)"},
    {"R.cumprod(z, axis=2)"},
    {"R.cumsum(x)"},
    {"R.matmul(y, x)"},
    {"R.matmul(z, w)"},
    {"R.matmul(x, y)"},
    {"R.reshape(x, R.shape([0, 4]))"},
    {"R.permute_dims(z)"},
    {"R.expand_dims(x, axis=[1])"},
    {"R.squeeze(x)"},
    {"R.flatten(x)"},
    {"R.concat((x, x), axis=1)"},
    {"R.concat((z, z), axis=2)"},
    {"R.concat((x, x))"},
    {"R.stack((x, x), axis=1)"},
    {"R.stack((z, z), axis=2)"},
    {"R.split(x, 2, axis=1)"},
    {"R.strided_slice(x, axes=[0], begin=[1], end=[1000])"},
    {"R.take(x, i, axis=1)"},
    {"R.take(x, i, axis=0)"},
    {"R.broadcast_to(x, R.shape([3, 4611686018427387904, 0]))"},
    {"R.tile(x, [1, 5])"},
    {"R.repeat(x, 3, axis=1)"},
    {"R.flip(x, axis=0)"},
    {"R.tril(x)"},
    {"R.triu(x)"},
    {"R.zeros_like(x)"},
    {"R.ones_like(e)"},
    {"R.full_like(x, R.const(1.0, \"float32\"))"},
    {"R.eye(R.prim_value(4611686018427387904), R.prim_value(0))"},
    {"R.eye(R.prim_value(0), R.prim_value(4611686018427387904), R.prim_value(-5))"},
    {"R.zeros(R.shape([4611686018427387904, 0]), \"float32\")"},
    {"R.full(R.shape([0, 4611686018427387904]), R.const(1.0, \"float32\"))"},
    {"R.nn.softmax(x, axis=1)"},
    {"R.nn.softmax(x, axis=0)"},
    {"R.nn.log_softmax(x, axis=1)"},
    {"R.nn.layer_norm(x, g, g, axes=[1])"},
    {"R.nn.rms_norm(x, g, axes=[1])"},
    {"R.nn.batch_norm(x, g, g, g, g, axis=1)"},
    {"R.nn.pad(x, [1, 2, 0, 0])"},
    {"R.nn.conv2d(d, k)"},
    {"R.nn.max_pool2d(d, pool_size=[2, 2])"},
    {"R.nn.avg_pool2d(d, pool_size=[2, 2])"},
    {"R.nn.adaptive_avg_pool2d(d, output_size=[2, 2])"},
    {"R.shape_of(x)"},
};

// eval.limit.work, eval.limit.tensor: every op on empty tensors with an extent of 2^62 returns
// at once (an empty result, or an exhaustion when the result would be huge), never looping or
// allocating in proportion to the non-zero extents, and its result prints in a few characters.
TEST(EvalLimits, EveryOpOnEmptyTensorsWithHugeExtentsIsPrompt) {
  for (const OpCase& c : kCases) {
    std::string error;
    Ref<IRModule> m = Load(std::string("    @R.function\n    def main(") + kParams +
                               "):\n        r = " + c.call + "\n        return r\n",
                           &error);
    ASSERT_NE(m, nullptr) << c.call << "\n" << error;
    auto start = std::chrono::steady_clock::now();
    Interpreter interp(m);
    RunResult r = interp.Run("main", Args());
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 5.0) << c.call;
    if (r.ok()) {
      EXPECT_LT(FormatValue(r.value).size(), 5000u) << c.call;  // (999, 0): 999 "[]"
    } else {
      // A clean exhaustion (a result too large) or a trap, never an internal error.
      EXPECT_EQ(r.error->message.find("internal"), std::string::npos)
          << c.call << ": " << r.error->message;
      EXPECT_TRUE(r.error->is_exhaustion())
          << c.call << ": " << ErrorCodeString(r.error->code) << " " << r.error->message;
    }
  }
}

// eval.limit.tensor: result extents that overflow int64 are E0906, with the exact operands in the
// message, never a wrapped (zero or negative) extent.
TEST(EvalLimits, ResultExtentOverflowIsE0906) {
  for (const char* call :
       {"R.concat((x, x), axis=0)", "R.tile(x, [2, 1])", "R.repeat(x, 2, axis=0)",
        "R.nn.pad(x, [4611686018427387904, 4611686018427387904, 0, 0])", "R.tile(e, [1, 4, 1])",
        "R.concat((e, e), axis=2)"}) {
    std::string error;
    Ref<IRModule> m = Load(std::string("    @R.function\n    def main(") + kParams +
                               "):\n        r = " + call + "\n        return r\n",
                           &error);
    ASSERT_NE(m, nullptr) << call << "\n" << error;
    Interpreter interp(m);
    RunResult r = interp.Run("main", Args());
    ASSERT_FALSE(r.ok()) << call << " gave " << FormatValue(r.value);
    EXPECT_EQ(ErrorCodeString(r.error->code), "E0906") << call << ": " << r.error->message;
    EXPECT_EQ(r.error->message.find("-"), std::string::npos) << call << ": " << r.error->message;
  }
}

const char* kRecursion = R"(    @R.function
    def rec(p: R.Prim(value="k")) -> R.Prim("int64"):
        k = T.int64()
        if k == 0:
            r = R.prim_value(0)
        else:
            r = Module.rec(R.prim_value(k - 1))
        return r

    @R.function
    def main(p: R.Prim("int64")) -> R.Prim("int64"):
        r = Module.rec(p)
        return r
)";

}  // namespace
}  // namespace rlx::interp::testing

// Defined when AddressSanitizer's runtime is linked in: the libraries under test are
// instrumented even where this file is not (cmake/RlxTesting.cmake).
extern "C" void __asan_init() __attribute__((weak));

namespace rlx::interp::testing {
namespace {

const bool kUnderAddressSanitizer = &__asan_init != nullptr;

// eval.limit.depth: the largest depth an embedder may set is honoured (the evaluation thread's
// stack is sized for it); a larger one is refused, not crashed on.
TEST(EvalLimits, DeepestAllowedCallDepthRuns) {
  Limits limits;
  EXPECT_FALSE(SetLimit("max_call_depth", kMaxCallDepthLimit + 1, &limits));
  EXPECT_FALSE(SetLimit("max_call_depth", 200000, &limits));
  ASSERT_TRUE(SetLimit("max_call_depth", kMaxCallDepthLimit, &limits));
  // AddressSanitizer ignores __asan_handle_no_return on a stack over 64 MiB ("ASan is ignoring
  // requested __asan_handle_no_return"), so any exception thrown on the evaluation thread sized
  // for the largest limit is followed by false reports: under it, the same checks run at a
  // depth whose stack stays below 64 MiB (32 KiB per call).
  const int64_t limit = kUnderAddressSanitizer ? 1500 : kMaxCallDepthLimit;
  const int64_t depth = kUnderAddressSanitizer ? 1000 : 30000;
  limits.max_call_depth = limit;
  std::string error;
  Ref<IRModule> m = Load(kRecursion, &error);
  ASSERT_NE(m, nullptr) << error;
  InterpreterOptions options;
  options.limits = limits;
  // 30,000 calls deep (far beyond what a default 8 MiB stack holds; the whole 100,000 would
  // touch half a gigabyte of stack, too much for a unit test).
  Interpreter interp(m, options);
  RunResult ok = interp.Run("main", {Value::FromPrim(PrimScalar::Int(depth))});
  ASSERT_TRUE(ok.ok()) << ok.error->message;
  options.limits.max_call_depth = depth;
  Interpreter limited(m, options);
  RunResult deep = limited.Run("main", {Value::FromPrim(PrimScalar::Int(depth))});
  ASSERT_FALSE(deep.ok());
  EXPECT_EQ(ErrorCodeString(deep.error->code), "E0908");
  // The report shows both ends of the stack and counts the rest.
  SourceManager sources;
  DiagnosticEngine diags(sources);
  deep.error->Report(diags);
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  const auto& notes = diags.diagnostics()[0].notes;
  ASSERT_EQ(notes.size(), 2 * RuntimeError::kShownFrames + 1);
  EXPECT_NE(notes[RuntimeError::kShownFrames].message.find("frames elided"), std::string::npos);
  EXPECT_NE(notes.back().message.find("main"), std::string::npos);
}

// eval.limit.depth: a call takes far less stack than the thread reserves per call (the
// measurement behind kStackPerCall in interpreter.cc).
TEST(EvalLimits, StackPerCallFitsTheReservation) {
  std::string error;
  Ref<IRModule> m = Load(R"(    @R.function(pure=False)
    def rec(p: R.Prim(value="k")) -> R.Prim("int64"):
        k = T.int64()
        u = R.call_packed("test.sp", sinfo_args=R.Object)
        if k == 0:
            r = R.prim_value(0)
        else:
            r = Module.rec(R.prim_value(k - 1))
        return r

    @R.function(pure=False)
    def main(p: R.Prim("int64")) -> R.Prim("int64"):
        r = Module.rec(p)
        return r
)",
                         &error);
  ASSERT_NE(m, nullptr) << error;
  std::vector<uintptr_t> frames;
  PackedRegistry registry = BuiltinRegistry();
  registry.Register("test.sp", [&frames](CallContext&, const std::vector<Value>&) {
    frames.push_back(reinterpret_cast<uintptr_t>(__builtin_frame_address(0)));
    return Value::Null();
  });
  InterpreterOptions options;
  options.registry = &registry;
  Interpreter interp(m, options);
  RunResult r = interp.Run("main", {Value::FromPrim(PrimScalar::Int(500))});
  ASSERT_TRUE(r.ok()) << r.error->message;
  ASSERT_EQ(frames.size(), 501u);
  const uintptr_t per_call = (frames.front() - frames.back()) / 500;
  std::cout << "[ stack ] " << per_call << " bytes per call\n";
  EXPECT_LT(per_call, uintptr_t{32} << 10);
}

const char* kBinaryRecursion = R"(    @R.function
    def f(x: R.Tensor((16, 16), "float32"), p: R.Prim(value="k")) -> R.Tensor((16, 16), "float32"):
        k = T.int64()
        if k == 0:
            r = x
        else:
            a = Module.f(x, R.prim_value(k - 1))
            b = Module.f(x, R.prim_value(k - 1))
            r = R.matmul(a, b)
        return r

    @R.function
    def main(x: R.Tensor((16, 16), "float32")) -> R.Tensor((16, 16), "float32"):
        r = Module.f(x, R.prim_value(40))
        return r
)";

// eval.limit.work: deep binary recursion over 16x16 matmuls is exhausted by the work limit (a
// small one here; the default stops it within seconds); deterministically, at the same op.
TEST(EvalLimits, WorkLimitStopsBinaryRecursion) {
  std::string error;
  Ref<IRModule> m = Load(kBinaryRecursion, &error);
  ASSERT_NE(m, nullptr) << error;
  InterpreterOptions options;
  options.limits.max_work = 50'000'000;
  std::string first;
  for (int run = 0; run < 2; ++run) {
    Interpreter interp(m, options);
    RunResult r = interp.Run("main", {Empty(DataType::kFloat32, {16, 16})});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(ErrorCodeString(r.error->code), "E0910") << r.error->message;
    std::string where = r.error->message + " at line " + std::to_string(r.error->span.begin.line) +
                        " depth " + std::to_string(r.error->stack.size());
    if (run == 0)
      first = where;
    else
      EXPECT_EQ(where, first);
  }
  Limits limits;
  EXPECT_TRUE(SetLimit("max_work", 7, &limits));
  EXPECT_EQ(limits.max_work, 7);
}

// eval.limit.time: an embedder's wall-clock limit ends a long evaluation with E0911.
TEST(EvalLimits, WallClockLimitEndsALongRun) {
  std::string error;
  Ref<IRModule> m = Load(kBinaryRecursion, &error);
  ASSERT_NE(m, nullptr) << error;
  InterpreterOptions options;
  options.limits.max_work = INT64_MAX;
  options.limits.max_steps = INT64_MAX;
  ASSERT_TRUE(SetLimit("max_seconds", 1, &options.limits));
  Interpreter interp(m, options);
  auto start = std::chrono::steady_clock::now();
  RunResult r = interp.Run("main", {Empty(DataType::kFloat32, {16, 16})});
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(ErrorCodeString(r.error->code), "E0911") << r.error->message;
  EXPECT_TRUE(r.error->is_exhaustion());
  EXPECT_LT(seconds, 10.0);
}

// eval.print.value: a tensor of rank 70,000 prints without recursion; an empty tensor with a
// huge extent prints by its shape; small empty tensors keep their nested lists.
TEST(EvalPrint, HugeRankAndHugeEmptyTensors) {
  std::vector<int64_t> shape(70000, 1);
  auto t = std::make_shared<TensorData>(DataType::kInt32, shape);
  t->SetInt(0, 7);
  std::string text = FormatValue(Value::FromTensor(t));
  EXPECT_EQ(text, std::string(70000, '[') + "7" + std::string(70000, ']'));
  EXPECT_EQ(FormatValue(Empty(DataType::kFloat32, {kHuge, 0})),
            "<empty tensor of shape (4611686018427387904, 0)>");
  EXPECT_EQ(FormatValue(Empty(DataType::kFloat32, {2, 0})), "[[], []]");
  EXPECT_EQ(FormatValue(Empty(DataType::kFloat32, {0, kHuge})), "[]");
  EXPECT_EQ(FormatValue(Empty(DataType::kFloat32, {2, 0, 3})), "[[], []]");
  auto m = std::make_shared<TensorData>(DataType::kInt64, std::vector<int64_t>{2, 3});
  for (int i = 0; i < 6; ++i) m->SetInt(i, i);
  EXPECT_EQ(FormatValue(Value::FromTensor(m)), "[[0, 1, 2], [3, 4, 5]]");
}

// eval.print.value, eval.limit.depth: a tuple nested 200,000 deep (a recursive function can build
// one) prints and is freed without recursion.
TEST(EvalPrint, DeeplyNestedTuples) {
  const int depth = 200000;
  Value v = Value::FromPrim(PrimScalar::Int(7));
  for (int i = 0; i < depth; ++i) v = Value::FromTuple({v});
  std::string text = FormatValue(v);
  EXPECT_EQ(text.size(), static_cast<size_t>(depth) * 3 + 1);
  EXPECT_EQ(text.substr(depth - 2, 6), "((7,),");
  EXPECT_EQ(FormatValue(Value::FromTuple({})), "()");
  EXPECT_EQ(FormatValue(Value::FromTuple({Value::FromPrim(PrimScalar::Int(1)), Value::FromTuple({})})),
            "(1, ())");
  v = Value();  // frees all 200,000 levels
}

}  // namespace
}  // namespace rlx::interp::testing
