#include "compiler/pass/pipelines.h"

#include "ir/base/check.h"

namespace rlx::compiler {
namespace {

std::vector<const PassInfo*> Passes(const std::vector<std::string>& names) {
  std::vector<const PassInfo*> out;
  for (const auto& n : names) {
    const PassInfo* p = FindPass(n);
    RLX_CHECK(p) << "the pipeline names an unregistered pass: " << n;
    out.push_back(p);
  }
  return out;
}

}  // namespace

const std::vector<const PassInfo*>& LoweringPipeline() {
  static const std::vector<const PassInfo*> pipeline = Passes({
      "legalize-ops",      // every op to R.call_tir of a PrimFunc (pass.legalize-ops)
      "to-non-dataflow",   // dataflow blocks dissolved (pass.to-non-dataflow)
      "call-tir-rewrite",  // explicit outputs, direct calls (pass.call-tir-rewrite)
      "plan-memory",       // shared storages, kills after last use (pass.plan-memory)
      "parallelize-loops", // independent outer loops parallel (pass.parallelize-loops)
  });
  return pipeline;
}

std::vector<const PassInfo*> LoweringPrefix(const PassInfo& pass) {
  const std::vector<const PassInfo*>& all = LoweringPipeline();
  constexpr size_t kFirstLoweringStep = 2;  // after legalize-ops and to-non-dataflow
  for (size_t i = kFirstLoweringStep; i < all.size(); ++i) {
    if (all[i] == &pass) return {all.begin(), all.begin() + static_cast<std::ptrdiff_t>(i)};
  }
  return {};
}

}  // namespace rlx::compiler
