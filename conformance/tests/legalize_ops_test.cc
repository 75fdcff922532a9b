// legalize-ops lowers every op of the table (pass.legalize-ops): a walk over the op table that
// lowers the calls of each op's conformance file. What the lowered calls compute is judged by
// the suite's run assertions after the pass (ctest conformance_after_legalize_ops) and by the
// fuzz oracle legalize-ops.
#include <gtest/gtest.h>

#include <filesystem>

#include "compiler/legalize/lowering.h"
#include "compiler/pass/pass.h"
#include "conformance/runner/script.h"
#include "driver/driver.h"
#include "ir/base/file_io.h"
#include "ir/analysis/visitor.h"

namespace rlx::compiler {
namespace {

namespace fs = std::filesystem;

// Counts the calls of one op in a module.
class CallCounter : public ExprVisitor {
 public:
  explicit CallCounter(OpId id) : id_(id) {}
  void VisitCall(const Call& c) override {
    if (auto op = As<Op>(c.op); op && op->info->id == id_) ++count;
    ExprVisitor::VisitCall(c);
  }
  int count = 0;

 private:
  OpId id_;
};

int CallsOf(OpId id, const IRModule& m) {
  CallCounter counter(id);
  counter.VisitModule(m);
  return counter.count;
}

// The modules of an op's conformance file that the checker accepts.
std::vector<Ref<IRModule>> ModulesOf(const OpInfo& op) {
  const fs::path file = fs::path(RLX_SOURCE_DIR) / "conformance" / "suite" / "5-operators" /
                        std::string(OpFamilyName(op.family)) / (op.name + ".rlxt");
  std::string text, error;
  EXPECT_TRUE(ReadWholeFile(file.string(), &text, &error)) << error;
  auto script = conform::ParseScript(text, &error);
  EXPECT_TRUE(script) << file << ": " << error;
  std::vector<Ref<IRModule>> out;
  for (const auto& cmd : script ? *script : std::vector<conform::Command>{}) {
    if (cmd.verb != "module") continue;
    SourceManager sources;
    DiagnosticEngine diags(sources);
    driver::Program p = driver::Load(cmd.BodyText(), "module.py", sources, diags);
    if (p.ok()) out.push_back(p.module);
  }
  return out;
}

bool IsKeptFamily(OpFamily f) { return f == OpFamily::kIntrinsics || f == OpFamily::kMemory; }

class EveryOp : public ::testing::TestWithParam<size_t> {};

TEST_P(EveryOp, IsLoweredOrKept) {
  const OpInfo& op = AllOps()[GetParam()];
  if (!legalize::LoweringOf(op.id)) {
    EXPECT_TRUE(IsKeptFamily(op.family)) << "R." << op.name << " has no lowering";
    return;
  }
  const PassInfo* pass = FindPass("legalize-ops");
  ASSERT_NE(pass, nullptr);
  int before = 0, lowered = 0;
  for (const Ref<IRModule>& m : ModulesOf(op)) {
    const int calls = CallsOf(op.id, *m);
    if (calls == 0) continue;
    Ref<IRModule> after = RunPass(*pass, m);
    before += calls;
    lowered += calls - CallsOf(op.id, *after);
  }
  EXPECT_GT(before, 0) << "the conformance file of R." << op.name << " calls it nowhere";
  // Calls whose operands' shapes or dtypes are unknown stay (the file has some); others go.
  EXPECT_GT(lowered, 0) << "R." << op.name << ": none of its " << before << " calls lowered";
}

INSTANTIATE_TEST_SUITE_P(LegalizeOps, EveryOp, ::testing::Range<size_t>(0, AllOps().size()),
                         [](const ::testing::TestParamInfo<size_t>& i) {
                           std::string name = AllOps()[i.param].name;
                           for (char& c : name) if (c == '.') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace rlx::compiler
