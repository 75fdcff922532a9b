// Modules as TVM's LegalizeOps writes them (ir/tests/tir_samples/, copied from TVM's tests):
// their Relax functions, which call PrimFuncs through R.call_tir, R.call_tir_inplace and
// R.call_dps_packed, check (spec §5.9).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "checker/checker.h"
#include "ir/text/relax_parser.h"

namespace rlx::checker {
namespace {

namespace fs = std::filesystem;

// Samples TVM's own tests hold that are not well typed; the checker must reject them.
const std::set<std::string> kIllTyped = {
    // The return annotation is 2-d; R.call_tir's out_sinfo (the result) is 0-d.
    "cross_entropy_with_logits.py",
};

TEST(TirSamples, TvmLegalizedModulesCheck) {
  int checked = 0;
  for (const auto& e : fs::directory_iterator(fs::path(RLX_SOURCE_DIR) / "ir/tests/tir_samples")) {
    if (e.path().extension() != ".py") continue;
    SCOPED_TRACE(e.path().filename().string());
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    SourceManager sources;
    DiagnosticEngine diags(sources);
    Ref<IRModule> m = text::ParseModuleText(text.str(), e.path().filename().string(), sources, diags);
    ASSERT_NE(m, nullptr) << diags.RenderAll();
    const bool ok = CheckModule(*m, diags).ok;
    EXPECT_EQ(ok, !kIllTyped.count(e.path().filename().string())) << diags.RenderAll();
    ++checked;
  }
  EXPECT_GE(checked, 40);
}

}  // namespace
}  // namespace rlx::checker
