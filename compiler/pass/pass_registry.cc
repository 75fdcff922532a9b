// The pass registry: passes.def expanded into one table.
#include "compiler/pass/pass.h"

#include "checker/checker.h"
#include "compiler/relax/passes.h"
#include "ir/analysis/visitor.h"

namespace rlx::compiler {
namespace {

// Finds a dataflow block anywhere (nested functions and if branches included).
class DataflowFinder : public ExprVisitor {
 public:
  void VisitBindingBlock(const BindingBlock& b) override {
    found |= b.is_dataflow;
    ExprVisitor::VisitBindingBlock(b);
  }
  bool found = false;
};

}  // namespace

const char* IRPropertyName(IRProperty p) {
  switch (p) {
    case kNoDataflow: return "no-dataflow";
  }
  return "?";
}

std::string IRPropertyNames(uint32_t properties) {
  std::string out;
  for (uint32_t bit = 1; bit != 0 && bit <= kAllProperties; bit <<= 1) {
    if (!(properties & bit)) continue;
    if (!out.empty()) out += ", ";
    out += IRPropertyName(static_cast<IRProperty>(bit));
  }
  return out;
}

uint32_t PropertiesOf(const IRModule& m) {
  uint32_t props = 0;
  DataflowFinder dataflow;
  dataflow.VisitModule(m);
  if (!dataflow.found) props |= kNoDataflow;
  return props;
}

Ref<IRModule> RunPass(const PassInfo& pass, const Ref<IRModule>& m) {
  if (pass.contract.needs_struct_info) {
    // Derived afresh: nodes a previous pass kept may carry struct info from another context.
    SourceManager sources;
    DiagnosticEngine diags(sources);
    if (!checker::CheckModule(*m, diags).ok) return m;  // not a module a pass may run on
  }
  return pass.run(m);
}

const std::vector<PassInfo>& AllPasses() {
  static const std::vector<PassInfo> passes = {
#define RLX_PASS(name, fn, req, est, inv, sig, sinfo, rule, summary) \
  PassInfo{name, &fn, PassContract{req, est, inv, sig, sinfo}, rule, summary},
#include "compiler/pass/passes.def"
#undef RLX_PASS
  };
  return passes;
}

const PassInfo* FindPass(const std::string& name) {
  for (const auto& p : AllPasses()) {
    if (name == p.name) return &p;
  }
  return nullptr;
}

}  // namespace rlx::compiler
