// The driver: parse -> check -> run in one place.
#include <gtest/gtest.h>

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
  auto run = [&](const std::vector<RuntimeCheck>* recorded) {
    RunOptions o;
    o.recorded_checks = recorded;
    return Prepare(p.module, o)->Run("main", {Zeros(3)});
  };
  RunResult all = run(nullptr);
  ASSERT_FALSE(all.ok());
  EXPECT_EQ(std::string(ErrorCodeString(all.error->code)), "E3004");  // eval.binding.annotation
  RunResult recorded = run(&p.check.runtime_checks);
  ASSERT_FALSE(recorded.ok());
  EXPECT_EQ(std::string(ErrorCodeString(recorded.error->code)), "E3004");
  std::vector<RuntimeCheck> none;
  EXPECT_TRUE(run(&none).ok());
}

}  // namespace
}  // namespace rlx::driver
