// The conformance runner through its public pieces: scripts, values, expectations, the protocol's
// JSON, running a small suite in process and through external adapters (serve, per call, hung).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "conformance/runner/external.h"
#include "conformance/runner/in_process.h"
#include "conformance/runner/report.h"
#include "conformance/runner/runner.h"
#include "driver/driver.h"
#include "ir/base/file_io.h"
#include "runtime/format.h"
#include "runtime/io/value_text.h"

namespace rlx::conform {
namespace {

namespace fs = std::filesystem;

TEST(Script, CommandsTagsAndBodies) {
  std::string error;
  auto cmds = ParseScript("%# comment\n\n%% module m\nline 1\n%# dropped\nline 2\n\n\n%% assert_valid [a.b c]\nx\n", &error);
  ASSERT_TRUE(cmds) << error;
  ASSERT_EQ(cmds->size(), 2u);
  EXPECT_EQ((*cmds)[0].verb, "module");
  EXPECT_EQ((*cmds)[0].args, std::vector<std::string>{"m"});
  EXPECT_EQ((*cmds)[0].line, 3);
  EXPECT_EQ((*cmds)[0].BodyText(), "line 1\nline 2\n");
  EXPECT_EQ((*cmds)[1].tags, (std::vector<std::string>{"a.b", "c"}));
  EXPECT_FALSE(ParseScript("stray\n%% module m\n", &error));
  EXPECT_NE(error.find("line 1"), std::string::npos);
  EXPECT_FALSE(ParseScript("%% assert_valid [a] b\n", &error));
}

TEST(ValueText, ParsesAndRejects) {
  std::string error;
  auto v = runtime::ParseValueText("float32 (2, 2) [1.5, nan, -0.0, -inf]", &error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(runtime::FormatValue(*v), "[[1.5, nan], [-0.0, -inf]]");
  EXPECT_TRUE(runtime::ParseValueText("prim int8 -128", &error));
  EXPECT_TRUE(runtime::ParseValueText("shape (2, 0)", &error));
  EXPECT_TRUE(runtime::ParseValueText("uint64 (1,) [18446744073709551615]", &error));
  for (const char* bad : {"int8 (1,) [128]", "float32 (2,) [1.0]", "float32 (1,) [abc]", "shape (-1)",
                          "bool (1,) [2]", "float32 (99999999, 99999999) [1]", "prim int64", "junk", ""}) {
    error.clear();
    EXPECT_FALSE(runtime::ParseValueText(bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

TEST(ValueText, Comparisons) {
  std::string e;
  auto want = *runtime::ParseValueText("float32 (3,) [1.0, nan, 0.0]", &e);
  auto exact = *runtime::ParseComparison("exact", &e);
  EXPECT_EQ(runtime::CompareValues(want, *runtime::ParseValueText("float32 (3,) [1.0, -nan, 0.0]", &e), exact), "");
  EXPECT_NE(runtime::CompareValues(want, *runtime::ParseValueText("float32 (3,) [1.0, nan, -0.0]", &e), exact), "");
  EXPECT_NE(runtime::CompareValues(want, *runtime::ParseValueText("float64 (3,) [1.0, nan, 0.0]", &e), exact), "");
  auto ulp2 = *runtime::ParseComparison("ulp 2", &e);
  auto near = *runtime::ParseValueText("float32 (3,) [1.0000002, nan, 0.0]", &e);  // 2 ulp above 1.0
  EXPECT_EQ(runtime::CompareValues(want, near, ulp2), "");
  EXPECT_NE(runtime::CompareValues(want, near, *runtime::ParseComparison("ulp 1", &e)), "");
  EXPECT_EQ(runtime::CompareValues(want, near, *runtime::ParseComparison("tol 0 1e-6", &e)), "");
  EXPECT_FALSE(runtime::ParseComparison("ulp", &e));
  EXPECT_FALSE(runtime::ParseComparison("close", &e));
}

TEST(Expectations, GlobsAndKinds) {
  std::string error;
  auto ex = Expectations::Parse("# c\na/b.rlxt:3 xfail known bug\n5-operators/nn/* skip no nn\n", &error);
  ASSERT_TRUE(ex) << error;
  ASSERT_NE(ex->Find("a/b.rlxt:3"), nullptr);
  EXPECT_EQ(ex->Find("a/b.rlxt:3")->reason, "known bug");
  EXPECT_EQ(ex->Find("5-operators/nn/conv2d.rlxt:9")->kind, Expectation::Kind::kSkip);
  EXPECT_EQ(ex->Find("a/b.rlxt:4"), nullptr);
  EXPECT_FALSE(Expectations::Parse("x maybe\n", &error));
}

TEST(Protocol, JsonRoundTrips) {
  std::string e;
  Request req;
  req.id = 7;
  req.verb = Verb::kRun;
  req.module = "a \"quoted\"\nmodule";
  req.function = "main";
  req.args.push_back({*runtime::ParseValueText("float16 (2,) [nan, -0.0]", &e), ""});
  req.args.push_back({*runtime::ParseValueText("prim uint64 18446744073709551615", &e), ""});
  req.args.push_back({*runtime::ParseValueText("shape (3, 0)", &e), ""});
  req.limits["max_steps"] = 4;
  auto back = RequestFromJson(RequestToJson(req), &e);
  ASSERT_TRUE(back) << e;
  EXPECT_EQ(back->module, req.module);
  ASSERT_EQ(back->args.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(runtime::CompareValues(req.args[i].value, back->args[i].value, {}), "") << i;
  }
  EXPECT_EQ(back->limits["max_steps"], 4);

  Response r;
  r.result = runtime::Value::FromTuple({req.args[0].value, runtime::Value::FromString("x")});
  r.print = {"line", ""};
  int64_t id = 0;
  auto rb = ResponseFromJson(ResponseToJson(3, r), &id, &e);
  ASSERT_TRUE(rb) << e;
  EXPECT_EQ(id, 3);
  EXPECT_EQ(runtime::FormatValue(*rb->result), "([nan, -0.0], x)");
  EXPECT_EQ(rb->print, r.print);
  EXPECT_FALSE(ResponseFromJson("{\"id\":1}", &id, &e));
  EXPECT_FALSE(ResponseFromJson("not json", &id, &e));
}

// A small suite in a temporary folder, with the real spec's rule IDs.
class SmallSuite : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rlx-conform-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "5-operators");
    std::ofstream(dir_ / "5-operators/add.rlxt") << R"(%% module m
from tvm.script import ir as I, relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "int32")):
        y = R.floor_divide(x, R.const(2, "int32"))
        return y

%% assert_return m main [op.floor_divide]
arg int32 (2,) [-3, 3]
expect int32 (2,) [-2, 1]

%% assert_return m main [op.floor_divide]
arg int32 (2,) [-3, 3]
expect int32 (2,) [-1, 1]

%% assert_malformed E0002 [text.lex.string]
x = "open

%% assert_ill_formed E2008 op.add.c2 [op.add.c2]
from tvm.script import ir as I, relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "int32")):
        y = R.add(x, R.const(1.0, "float32"))
        return y
)";
    std::string error;
    rules_ = RuleIndex::Load(std::string(RLX_SOURCE_DIR) + "/spec", &error);
    ASSERT_EQ(error, "");
    std::vector<std::string> problems;
    suite_ = Suite::Load(dir_.string(), rules_, &problems);
    ASSERT_TRUE(problems.empty()) << problems[0];
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<Outcome> Outcomes(Implementation& impl, const Expectations* ex = nullptr) {
    RunConfig config;
    config.expectations = ex;
    std::vector<Outcome> out;
    for (const auto& r : RunSuite(suite_, impl, config)) out.push_back(r.outcome);
    return out;
  }

  fs::path dir_;
  RuleIndex rules_;
  Suite suite_;
};

// A compiled backend runs a lowered program: the call depth means the same there (no lowering
// adds or removes a Relax call), so a run with it is the interpreter's; a step limit counts the
// bindings as written, so a run with it is unsupported.
TEST(InProcess, ACompiledBackendRunsOnlyTheLimitsTheLoweringKeeps) {
  std::string why;
  if (!driver::BackendAvailable(driver::Backend::kCpu, &why)) GTEST_SKIP() << why;
  InProcessImplementation impl;
  impl.SetBackend(driver::Backend::kCpu);
  Request req;
  req.verb = Verb::kRun;
  std::string error;
  ASSERT_TRUE(ReadWholeFile(std::string(RLX_SOURCE_DIR) + "/interpreter/tests/eval_cases/limit_depth_at_limit.py",
                            &req.module, &error))
      << error;
  req.function = "rec";
  req.args.push_back({runtime::Value::FromPrim(runtime::PrimScalar::Int(3)), ""});
  req.limits["max_call_depth"] = 4;  // rec(3) ... rec(0)
  EXPECT_EQ(impl.Handle(req).status, Response::Status::kOk);
  req.limits["max_call_depth"] = 3;
  Response deep = impl.Handle(req);
  ASSERT_EQ(deep.status, Response::Status::kError);
  EXPECT_EQ(deep.code, "E0908");
  req.limits["max_steps"] = 100;
  EXPECT_EQ(impl.Handle(req).status, Response::Status::kUnsupported);
}

TEST_F(SmallSuite, InProcess) {
  InProcessImplementation impl;
  // module, the right answer, the wrong one, malformed, ill formed.
  EXPECT_EQ(Outcomes(impl), (std::vector<Outcome>{Outcome::kPass, Outcome::kPass, Outcome::kFail, Outcome::kPass,
                                                  Outcome::kPass}));
}

TEST_F(SmallSuite, ExpectationsTurnFailuresAroundAndReportUnexpectedPasses) {
  InProcessImplementation impl;
  std::string e;
  auto ex = Expectations::Parse("5-operators/add.rlxt:15 xfail wrong on purpose\n5-operators/add.rlxt:11 xfail\n"
                                "5-operators/add.rlxt:19 skip\n",
                                &e);
  ASSERT_TRUE(ex) << e;
  EXPECT_EQ(Outcomes(impl, &*ex), (std::vector<Outcome>{Outcome::kPass, Outcome::kXPass, Outcome::kXFail,
                                                        Outcome::kSkip, Outcome::kPass}));
}

TEST_F(SmallSuite, ServeAdapter) {
  ExternalImplementation impl(std::string(RLX_BINARY) + " adapter", 30, false);
  EXPECT_EQ(Outcomes(impl)[1], Outcome::kPass);
  EXPECT_EQ(impl.Mode(), "serve");
}

TEST_F(SmallSuite, PerCallAdapterWhenServeIsNotAnswered) {
  // An adapter without --serve: the wrapper exits when asked to serve.
  fs::path script = dir_ / "per_call.sh";
  std::ofstream(script) << "#!/bin/sh\n[ \"$1\" = --serve ] && exit 1\nexec " << RLX_BINARY << " adapter \"$1\"\n";
  fs::permissions(script, fs::perms::owner_all);
  ExternalImplementation impl(script.string(), 30, false);
  auto out = Outcomes(impl);
  EXPECT_EQ(impl.Mode(), "per call");
  EXPECT_EQ(out, (std::vector<Outcome>{Outcome::kPass, Outcome::kPass, Outcome::kFail, Outcome::kPass, Outcome::kPass}));
}

TEST_F(SmallSuite, HungOrBrokenAdaptersFailAssertionsWithoutHanging) {
  ExternalImplementation hung("sleep 30 #", 1, false);
  for (Outcome o : Outcomes(hung)) EXPECT_EQ(o, Outcome::kFail);
  ExternalImplementation garbage("echo not-json #", 5, false);
  for (Outcome o : Outcomes(garbage)) EXPECT_EQ(o, Outcome::kFail);
}

// rlx in process, answering as an implementation with its own messages would: errors keep their
// phase but lose rlx's codes and rules; and it may declare fewer verbs.
class MessagesOnly : public Implementation {
 public:
  explicit MessagesOnly(std::vector<std::string> verbs = {}) : verbs_(std::move(verbs)) {}
  Response Handle(const Request& request) override {
    Response r = inner_.Handle(request);
    if (request.verb == Verb::kHello && !verbs_.empty()) r.verbs = verbs_;
    r.code.clear();
    r.rule.clear();
    r.errors.clear();
    return r;
  }

 private:
  InProcessImplementation inner_;
  std::vector<std::string> verbs_;
};

TEST_F(SmallSuite, MatchPhaseAcceptsTheRightPhaseWithoutTheCode) {
  MessagesOnly impl;
  RunConfig config;
  auto by_code = RunSuite(suite_, impl, config);
  ASSERT_EQ(by_code.size(), 5u);
  EXPECT_EQ(by_code[3].outcome, Outcome::kFail);  // assert_malformed E0002
  EXPECT_TRUE(by_code[3].phase_only);
  EXPECT_EQ(by_code[4].outcome, Outcome::kFail);  // assert_ill_formed E2008
  EXPECT_TRUE(by_code[4].phase_only);
  EXPECT_FALSE(by_code[2].phase_only);  // a wrong value is not an error of any phase
  config.match = MatchMode::kPhase;
  auto by_phase = RunSuite(suite_, impl, config);
  EXPECT_EQ(by_phase[3].outcome, Outcome::kPass);
  EXPECT_EQ(by_phase[4].outcome, Outcome::kPass);
  EXPECT_EQ(by_phase[2].outcome, Outcome::kFail);
  std::ostringstream summary;
  PrintSummary(by_code, MatchMode::kCode, summary);
  EXPECT_NE(summary.str().find("(--match phase): 4 passed (2 rejected at the right phase with another code)"),
            std::string::npos)
      << summary.str();
  EXPECT_NE(summary.str().find("behavioural assertions: 1 of 4 passed; module acceptance (module, assert_valid): 1 of 1"),
            std::string::npos)
      << summary.str();
}

TEST_F(SmallSuite, AssertionsNeedingUndeclaredVerbsAreSkipped) {
  MessagesOnly impl({"parse"});
  auto results = RunSuite(suite_, impl, RunConfig{});
  ASSERT_EQ(results.size(), 5u);
  for (size_t i : {0, 1, 2, 4}) {
    EXPECT_EQ(results[i].outcome, Outcome::kSkip) << i;
    EXPECT_NE(results[i].reason.find("does not declare the verb 'check'"), std::string::npos) << results[i].reason;
  }
  EXPECT_NE(results[3].outcome, Outcome::kSkip);  // assert_malformed needs parse alone
}

TEST(ClaimWithoutAnswer, RemovesTheExpectedAnswerDocstringsCommentsAndName) {
  std::string claim =
      "@claim(expect=\"disproven\")\ndef false_when_n_is_3(n: T.int64, m: T.int64):  # n = 3 fails\n"
      "    \"\"\"Fails only at n = 3.\"\"\"\n    # a comment\n    T.assume(m >= 0)\n"
      "    \"\"\"Two\n    lines.\"\"\"\n    return n != 3\n";
  EXPECT_EQ(ClaimWithoutAnswer(claim),
            "@claim\ndef claim(n: T.int64, m: T.int64):\n    T.assume(m >= 0)\n    return n != 3\n");
}

TEST(SuiteLoad, ReportsScriptProblemsWithTheirLines) {
  fs::path dir = fs::temp_directory_path() / ("rlx-conform-bad-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "bad.rlxt") << "%% assert_valid\nx\n%% assert_valid [no.such.rule]\nx\n%% assert_return m main [op.add]\n"
                                     "%% frobnicate [op.add]\n%% module m\nx\n%% assert_return m main [op.add]\narg int8 (1,) [999]\n";
  std::string error;
  RuleIndex rules = RuleIndex::Load(std::string(RLX_SOURCE_DIR) + "/spec", &error);
  std::vector<std::string> problems;
  Suite::Load(dir.string(), rules, &problems);
  fs::remove_all(dir);
  ASSERT_EQ(problems.size(), 5u);
  EXPECT_NE(problems[0].find("bad.rlxt:1: an assertion needs rule tags"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find("no.such.rule"), std::string::npos);
  EXPECT_NE(problems[2].find("module 'm' is not defined"), std::string::npos);
  EXPECT_NE(problems[3].find("unknown command"), std::string::npos);
  EXPECT_NE(problems[4].find("999"), std::string::npos);
}

}  // namespace
}  // namespace rlx::conform
