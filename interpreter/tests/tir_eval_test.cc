// The TIR interpreter (spec §7.5) on the modules TVM's LegalizeOps writes
// (ir/tests/tir_samples/): each runs on random inputs, and the optimized form (proven accesses
// unchecked, loop nests with strength-reduced offsets, fused reduction updates) computes
// bit for bit what the plain form computes, or traps with the same code.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "checker/checker.h"
#include "ir/base/file_io.h"
#include "interpreter/interpreter.h"
#include "ir/text/relax_parser.h"
#include "runtime/io/random_inputs.h"
#include "testing/values.h"

namespace rlx::interp {
namespace {

namespace fs = std::filesystem;

// Samples that cannot run here: ill-typed in TVM's own tests, or calling packed functions of
// TVM's distributed runtime that rlx does not register (they trap E3009, which is tested).
const std::set<std::string> kNotRun = {"cross_entropy_with_logits.py", "ccl_allreduce.py",
                                       "ccl_scatter_from_worker0.py"};

// Random arguments for `f`'s parameters (shape variables 3, seeded); nullopt when an
// annotation does not say what to make (a tensor without a dtype).
std::optional<std::vector<Value>> RandomArgs(const Function& f, uint64_t seed) {
  runtime::RandomInputs random([](const std::string&) { return std::optional<int64_t>(3); }, seed, 3);
  std::vector<Value> args;
  for (const auto& p : f.params) {
    std::string error;
    auto v = random.Make(*p->annotation, &error);
    if (!v) return std::nullopt;
    args.push_back(*v);
  }
  return args;
}

TEST(TirInterpreter, TvmLegalizedModulesRunLikeThePlainForm) {
  int ran = 0;
  for (const auto& e : fs::directory_iterator(fs::path(RLX_SOURCE_DIR) / "ir/tests/tir_samples")) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".py" || kNotRun.count(name)) continue;
    SCOPED_TRACE(name);
    SourceManager sources;
    DiagnosticEngine diags(sources);
    std::string text, error;
    ASSERT_TRUE(ReadWholeFile(e.path().string(), &text, &error)) << error;
    Ref<IRModule> m = text::ParseModuleText(text, name, sources, diags);
    ASSERT_NE(m, nullptr) << diags.RenderAll();
    ASSERT_TRUE(checker::CheckModule(*m, diags).ok) << diags.RenderAll();
    Ref<Function> main = m->FindFunction("main");
    ASSERT_NE(main, nullptr);
    for (uint64_t seed : {1}) {
      std::optional<std::vector<Value>> random_args = RandomArgs(*main, seed);
      if (!random_args) continue;
      const std::vector<Value>& args = *random_args;
      InterpreterOptions plain_options;
      plain_options.optimize_tir = false;
      RunResult optimized = Interpreter(m).Run("main", testing::CopyValues(args));
      RunResult plain = Interpreter(m, plain_options).Run("main", testing::CopyValues(args));
      ASSERT_EQ(optimized.ok(), plain.ok()) << (optimized.ok() ? plain.error->message : optimized.error->message);
      if (!optimized.ok()) {
        EXPECT_EQ(optimized.error->code, plain.error->code) << optimized.error->message;
        continue;
      }
      EXPECT_TRUE(testing::SameValue(optimized.value, plain.value));
      ++ran;
    }
  }
  EXPECT_GE(ran, 40);
}

// tir.eval.ill-formed: a PrimFunc the checker would reject traps E3015 when an unchecked
// module calls it, before it runs — never a crash.
TEST(TirInterpreter, IllFormedPrimFuncsTrapBeforeTheyRun) {
  const std::vector<std::pair<std::string, std::string>> bodies = {
      {"a store of another dtype", "B[i] = T.Cast(\"int32\", A[i])"},
      {"a variable out of scope", "B[j] = A[i]"},
      {"an index count that is not the rank", "B[i] = A[i, i]"},
      {"T.exp of an integer", "B[i] = T.Cast(\"float32\", T.exp(T.Cast(\"int32\", A[i])))"},
  };
  for (const auto& [what, store] : bodies) {
    SCOPED_TRACE(what);
    const std::string text = "from tvm.script import ir as I, relax as R, tir as T\n\n"
                             "@I.ir_module\nclass M:\n"
                             "    @T.prim_func(private=True)\n"
                             "    def f(A: T.Buffer((T.int64(2),), \"float32\"), B: T.Buffer((T.int64(2),), \"float32\")):\n"
                             "        j = T.int64()\n"
                             "        for i in range(T.int64(2)):\n"
                             "            " + store + "\n"
                             "    @R.function\n"
                             "    def main(x: R.Tensor((2,), \"float32\")) -> R.Tensor((2,), \"float32\"):\n"
                             "        y = R.call_tir(M.f, (x,), out_sinfo=R.Tensor((2,), dtype=\"float32\"))\n"
                             "        return y\n";
    SourceManager sources;
    DiagnosticEngine diags(sources);
    Ref<IRModule> m = text::ParseModuleText(text, "ill.py", sources, diags);
    ASSERT_NE(m, nullptr) << diags.RenderAll();
    EXPECT_FALSE(checker::CheckModule(*m, diags).ok);  // the checker reports it as tir.wf.*
    auto x = std::make_shared<TensorData>(DataType::kFloat32, std::vector<int64_t>{2});
    RunResult r = Interpreter(m).Run("main", {Value::FromTensor(x)});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error->code, ErrorCode::kTirIllFormed) << r.error->message;
  }
}

}  // namespace
}  // namespace rlx::interp
