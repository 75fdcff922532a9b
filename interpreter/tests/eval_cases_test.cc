// The evaluation rules of spec chapter 4, one small program per behaviour
// (interpreter/tests/eval_cases/*.py; the header comments give the rule IDs, the arguments,
// the expected result or runtime error, the expected R.print output and the limits), and a
// coverage check: every eval.* rule of chapter 4 is named by some program or unit test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "interpreter/runtime_names.h"
#include "interpreter/builtins.h"
#include "checker/checker.h"
#include "runtime/call_context.h"
#include "runtime/format.h"
#include "interpreter/interpreter.h"
#include "interpreter/tests/op_case_file.h"
#include "ir/text/relax_parser.h"

namespace rlx::interp::testing {
namespace {

namespace fs = std::filesystem;

struct EvalCase {
  std::string text;
  std::vector<std::string> rules;
  std::string entry = "main";
  std::vector<Value> args;
  std::optional<std::string> expect, expect_error;
  std::vector<std::string> expect_print;
  Limits limits;
  std::string error;  // a malformed header
};

EvalCase ReadEvalCase(const fs::path& path) {
  EvalCase c;
  std::ifstream in(path);
  std::ostringstream all;
  all << in.rdbuf();
  c.text = all.str();
  std::istringstream lines(c.text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("# ", 0) != 0) continue;
    size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    std::string key = line.substr(2, colon - 2), value = line.substr(colon + 2);
    if (key == "rule") {
      std::istringstream ss(value);
      std::string id;
      while (ss >> id) c.rules.push_back(id);
    } else if (key == "entry") {
      c.entry = value;
    } else if (key == "arg") {
      if (value.rfind("shape ", 0) == 0) {
        c.args.push_back(Value::FromShape(ParseShape(value.substr(6))));
      } else if (value.rfind("prim ", 0) == 0) {
        std::istringstream ss(value.substr(5));
        std::string dt, v;
        ss >> dt >> v;
        auto t = ParseTensor(dt + " () [" + v + "]", &c.error);
        if (!t) return c;
        c.args.push_back(Value::FromPrim(IsFloat(t->dtype()) ? PrimScalar::Float(t->GetDouble(0), t->dtype())
                                                            : PrimScalar::Int(t->GetInt(0), t->dtype())));
      } else {
        auto t = ParseTensor(value, &c.error);
        if (!t) return c;
        c.args.push_back(Value::FromTensor(t));
      }
    } else if (key == "expect") {
      c.expect = value;
    } else if (key == "expect_error") {
      c.expect_error = value;
    } else if (key == "expect_print") {
      c.expect_print.push_back(value);
    } else if (key == "limit") {
      size_t eq = value.find('=');
      std::string name = value.substr(0, eq);
      int64_t n = std::stoll(value.substr(eq + 1));
      if (!SetLimit(name, n, &c.limits)) c.error = "unknown limit " + name;
    }
  }
  if (c.rules.empty()) c.error = "no '# rule:' line";
  if (c.expect.has_value() == c.expect_error.has_value()) c.error = "needs exactly one of expect / expect_error";
  return c;
}

std::string RunEvalCase(const fs::path& path, const EvalCase& c) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> module = text::ParseModuleText(c.text, path.filename().string(), sources, diags);
  if (!module) return "parse failed:\n" + diags.RenderAll();
  checker::CheckResult checked = checker::CheckModule(*module, diags);
  if (!checked.ok) return "check failed:\n" + diags.RenderAll();
  std::ostringstream out;
  InterpreterOptions options;
  options.out = &out;
  options.limits = c.limits;
  Interpreter interp(module, options);
  RunResult r = interp.Run(c.entry, c.args);
  std::string printed;
  for (const auto& l : c.expect_print) printed += l + "\n";
  if (out.str() != printed) return "printed:\n" + out.str() + "expected:\n" + printed;
  if (c.expect_error) {
    if (r.ok()) return "expected error " + *c.expect_error + ", got " + FormatValue(r.value);
    std::string code(ErrorCodeString(r.error->code));
    if (code != *c.expect_error) return "expected error " + *c.expect_error + ", got " + code + ": " + r.error->message;
    // A runtime error always names where it happened (eval.error).
    if (!r.error->span.known() && code != "E3014") return "error " + code + " without a source position";
    return "";
  }
  if (!r.ok()) {
    return "runtime error " + std::string(ErrorCodeString(r.error->code)) + ": " + r.error->message;
  }
  std::string got = FormatValue(r.value);
  return got == *c.expect ? "" : "result " + got + ", expected " + *c.expect;
}

std::vector<fs::path> EvalCaseFiles() {
  std::vector<fs::path> files;
  fs::path dir = fs::path(RLX_SOURCE_DIR) / "interpreter/tests/eval_cases";
  if (!fs::exists(dir)) return files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".py") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(EvalRules, EveryProgramBehavesAsItsHeaderSays) {
  std::vector<fs::path> files = EvalCaseFiles();
  ASSERT_GT(files.size(), 50u);
  for (const fs::path& f : files) {
    EvalCase c = ReadEvalCase(f);
    ASSERT_TRUE(c.error.empty()) << f.filename() << ": " << c.error;
    std::string why = RunEvalCase(f, c);
    EXPECT_EQ(why, "") << f.filename() << " [" << c.rules[0] << "]";
  }
}

// Every eval.* rule defined in chapter 4 is named by a program here or by a unit test.
TEST(EvalRules, EveryRuleOfChapterFourIsCovered) {
  std::ifstream in(fs::path(RLX_SOURCE_DIR) / "spec/4-semantics.md");
  std::ostringstream ss;
  ss << in.rdbuf();
  std::string spec = ss.str();
  std::set<std::string> defined, covered;
  const std::regex def(R"(\*\*\[(eval\.[a-z0-9_.-]*[a-z0-9])\]\*\*)");
  for (auto it = std::sregex_iterator(spec.begin(), spec.end(), def); it != std::sregex_iterator(); ++it) {
    defined.insert((*it)[1]);
  }
  for (const fs::path& f : EvalCaseFiles()) {
    for (const auto& r : ReadEvalCase(f).rules) covered.insert(r);
  }
  // Rules covered by other tests: the op cases (numerics), the entry checks below, the CLI.
  for (const char* r :
       {"eval.entry", "eval.num.int-wrap", "eval.num.int-div-zero", "eval.num.shift",
        "eval.num.int-power", "eval.num.float-rounding", "eval.num.transcendental",
        "eval.num.round", "eval.num.nan", "eval.num.astype", "eval.num.reduce", "eval.num.argmax",
        "eval.num.matmul", "eval.num.compound", "eval.num.clip", "eval.checked", "eval.value.sinfo",
        "eval.limit.time" /* limits_test.cc */}) {
    covered.insert(r);
  }
  for (const std::string& r : defined) EXPECT_TRUE(covered.count(r)) << r << " has no test";
}

// eval.entry: a missing entry and a wrong argument count are errors E3014.
TEST(EvalRules, EntryErrors) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> module = text::ParseModuleText(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        return x
)", "entry.py", sources, diags);
  ASSERT_NE(module, nullptr) << diags.RenderAll();
  Interpreter interp(module);
  RunResult missing = interp.Run("nope", {});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(ErrorCodeString(missing.error->code), "E3014");
  RunResult arity = interp.Run("main", {});
  ASSERT_FALSE(arity.ok());
  EXPECT_EQ(ErrorCodeString(arity.error->code), "E3014");
  TensorData t(DataType::kFloat32, {3});
  RunResult shape = interp.Run("main", {Value::FromTensor(std::make_shared<TensorData>(t))});
  ASSERT_FALSE(shape.ok());
  EXPECT_EQ(ErrorCodeString(shape.error->code), "E3002");
}

// eval.packed.registry: an embedder registers its own functions; registering a name again
// replaces the function; an exception thrown by a function is the error E3010.
TEST(EvalRules, EmbedderRegistersPackedFunctions) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> module = text::ParseModuleText(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        y = R.call_packed("my.double", x, sinfo_args=R.Tensor((2,), "float32"))
        return y
)", "packed.py", sources, diags);
  ASSERT_NE(module, nullptr) << diags.RenderAll();
  ASSERT_TRUE(checker::CheckModule(*module, diags).ok) << diags.RenderAll();
  PackedRegistry registry = BuiltinRegistry();
  registry.Register("my.double", [](CallContext& ctx, const std::vector<Value>& args) {
    Tensor out = ctx.allocator().Copy(*args[0].tensor());
    for (int64_t i = 0; i < out->num_elements(); ++i) out->SetDouble(i, 2 * out->GetDouble(i));
    return Value::FromTensor(out);
  });
  InterpreterOptions options;
  options.registry = &registry;
  auto input = std::make_shared<TensorData>(DataType::kFloat32, std::vector<int64_t>{2});
  input->SetDouble(0, 1.5);
  input->SetDouble(1, -4);
  {
    Interpreter interp(module, options);
    RunResult r = interp.Run("main", {Value::FromTensor(input)});
    ASSERT_TRUE(r.ok()) << r.error->message;
    EXPECT_EQ(FormatValue(r.value), "[3.0, -8.0]");
  }
  registry.Register("my.double", [](CallContext&, const std::vector<Value>&) -> Value {
    throw std::runtime_error("out of ideas");
  });
  {
    Interpreter interp(module, options);
    RunResult r = interp.Run("main", {Value::FromTensor(input)});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(ErrorCodeString(r.error->code), "E3010");
    EXPECT_NE(r.error->message.find("out of ideas"), std::string::npos) << r.error->message;
    EXPECT_TRUE(r.error->span.known());
  }
  PackedRegistry empty;
  options.registry = &empty;
  Interpreter interp(module, options);
  RunResult r = interp.Run("main", {Value::FromTensor(input)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(ErrorCodeString(r.error->code), "E3009");
}

// eval.error: the call stack of a trap lists the active calls, innermost first, with the
// call sites; the report renders them as notes.
TEST(EvalRules, TrapsCarryTheCallStack) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> module = text::ParseModuleText(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def inner(x: R.Tensor((3,), "int32")):
        y = R.floor_divide(x, R.const(0, "int32"))
        return y

    @R.function
    def main(x: R.Tensor((3,), "int32")):
        z = Module.inner(x)
        return z
)", "stack.py", sources, diags);
  ASSERT_NE(module, nullptr) << diags.RenderAll();
  ASSERT_TRUE(checker::CheckModule(*module, diags).ok) << diags.RenderAll();
  Interpreter interp(module);
  auto input = std::make_shared<TensorData>(DataType::kInt32, std::vector<int64_t>{3});
  RunResult r = interp.Run("main", {Value::FromTensor(input)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(ErrorCodeString(r.error->code), "E3006");
  EXPECT_EQ(r.error->span.begin.line, 7u);
  ASSERT_EQ(r.error->stack.size(), 2u);
  EXPECT_EQ(r.error->stack[0].function, "inner");
  EXPECT_EQ(r.error->stack[0].call_site.begin.line, 12u);
  EXPECT_EQ(r.error->stack[1].function, "main");
  EXPECT_FALSE(r.error->stack[1].call_site.known());
  r.error->Report(diags);
  std::string text = diags.RenderAll();
  EXPECT_NE(text.find("stack.py:7:9: error[E3006]"), std::string::npos) << text;
  EXPECT_NE(text.find("in inner, called here"), std::string::npos) << text;
}

}  // namespace
}  // namespace rlx::interp::testing

namespace rlx::interp {
namespace {

// A constraint that fails at run time is reported with the condition that failed: for conv2d
// with groups, the output channels that do not divide, not the input channels that match.
TEST(RuntimeMessages, Conv2dGroupsNamesTheFailingCondition) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> module = text::ParseModuleText(R"(from tvm.script import ir as I, relax as R, tir as T

@R.function
def main(x: R.Tensor((1, 16, 4, 4), "float32"), w: R.Tensor(("o", 8, 1, 1), "float32")):
    y = R.nn.conv2d(x, w, groups=2)
    return y
)", "conv.py", sources, diags);
  ASSERT_NE(module, nullptr) << diags.RenderAll();
  ASSERT_TRUE(checker::CheckModule(*module, diags).ok) << diags.RenderAll();
  auto x = std::make_shared<TensorData>(DataType::kFloat32, std::vector<int64_t>{1, 16, 4, 4});
  auto w = std::make_shared<TensorData>(DataType::kFloat32, std::vector<int64_t>{3, 8, 1, 1});
  Interpreter interp(module, InterpreterOptions{});
  RunResult r = interp.Run("main", {Value::FromTensor(x), Value::FromTensor(w)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(ErrorCodeString(r.error->code), "E3005");
  EXPECT_NE(r.error->message.find("3 output channels, not divisible by 2 groups"), std::string::npos)
      << r.error->message;
  EXPECT_EQ(r.error->message.find("16 channels"), std::string::npos) << r.error->message;
}

}  // namespace
}  // namespace rlx::interp
