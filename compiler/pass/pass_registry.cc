// The pass registry: passes.def expanded into one table.
#include "compiler/pass/pass.h"

#include "checker/normalizer.h"
#include "compiler/legalize/legalize_ops.h"
#include "compiler/relax/passes.h"
#include "compiler/tir/annotate_op_pattern.h"
#include "compiler/tir/compute_inline.h"
#include "compiler/tir/flatten_buffers.h"
#include "compiler/tir/fuse_loops.h"
#include "compiler/tir/interleave_reductions.h"
#include "compiler/tir/lower_blocks.h"
#include "compiler/tir/parallelize_loops.h"
#include "compiler/tir/partition_loops.h"
#include "compiler/tir/reorder_loops.h"
#include "compiler/tir/simplify_tir.h"
#include "compiler/tir/tile_matmul.h"
#include "compiler/tir/unroll_loops.h"
#include "compiler/tir/vectorize_loops.h"
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
  // sinfo.normalize: the functions that carry no struct info (built or rebuilt by an earlier
  // pass) are derived binding by binding before a pass that reads struct info, and after every
  // pass, so that its output carries struct info again; a pass that changes signatures has every
  // function re-derived, since the callers' struct info depends on the callees'.
  if (pass.contract.needs_struct_info) checker::NormalizeModule(m);
  Ref<IRModule> out = pass.run(m);
  if (out != m) checker::NormalizeModule(out, pass.contract.changes_signatures);
  return out;
}

const std::vector<PassInfo>& AllPasses() {
  static const std::vector<PassInfo> passes = {
#define RLX_PASS(name, fn, req, est, inv, sig, sinfo, refines, rule, summary) \
  PassInfo{name, &fn, PassContract{req, est, inv, sig, sinfo, refines}, rule, summary},
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
