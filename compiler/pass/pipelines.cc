#include "compiler/pass/pipelines.h"

#include <algorithm>

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

// The optimizations on Relax before legalization, per level.
const std::vector<std::string> kRelaxO1 = {
    "simplify-shapes",        // the checks the prover proved dropped
    "canonicalize-bindings",  // copies and projections of known tuples replaced
    "dead-code-elimination",  // unused bindings that cannot trap, unreachable functions
};
const std::vector<std::string> kRelaxO2 = {
    "lambda-lift",                       // local functions made module functions
    "inline",                            // private functions called once, or small
    "simplify-shapes",                   // the checks the prover proved dropped
    "canonicalize-bindings",
    "fold-constant",                     // pure calls on constants evaluated
    "common-subexpression-elimination",  // a value computed once
    "canonicalize-bindings",             // the copies CSE left
    "dead-code-elimination",
};
// -O3: the -O2 passes twice (a fold can expose a common subexpression, and the copies CSE
// leaves, once canonicalized, more constant operands).
const std::vector<std::string> kRelaxO3 = {
    "lambda-lift", "inline", "simplify-shapes", "canonicalize-bindings", "fold-constant", "common-subexpression-elimination",
    "canonicalize-bindings", "dead-code-elimination",
    "fold-constant", "common-subexpression-elimination", "canonicalize-bindings", "dead-code-elimination",
};

// After legalization at -O2 and above: chains of kernels become one kernel.
const std::vector<std::string> kFusion = {
    "annotate-op-pattern",  // each PrimFunc's op pattern recorded
    "fuse-ops",             // fusable chains grouped into Primitive functions
    "fuse-tir",             // each group one PrimFunc
    "compute-inline",       // its elementwise stages computed where they are read
    "dead-code-elimination",  // the PrimFuncs no call uses any more
};

// The CPU schedule rules at -O2 and above (each PrimFunc nest a rule recognizes rewritten).
const std::vector<std::string> kSchedules = {
    "tile-matmul",            // contractions as register tiles (pass.tile-matmul)
    "interleave-reductions",  // row reductions 8 rows at a time (pass.interleave-reductions)
    "simplify-tir",           // constants folded, conditions the prover decides gone (pass.simplify-tir)
};

// Lowering to the executable form (pass.pipeline.lowering), after legalize-ops: Relax's
// explicit memory, then the loops as code generation takes them.
const std::vector<std::string> kLowering = {
    "to-non-dataflow",   // dataflow blocks dissolved (pass.to-non-dataflow)
    "call-tir-rewrite",  // explicit outputs, direct calls (pass.call-tir-rewrite)
    "plan-memory",       // shared storages, kills after last use (pass.plan-memory)
    "lower-blocks",      // blocks as lets, asserts, ifs and declarations (pass.lower-blocks)
    "flatten-buffers",   // allocated buffers one-dimensional (pass.flatten-buffers)
};

// The loop schedules at -O2 and above, on the lowered loops (no blocks left): before and after
// parallelize-loops, the lowering's last step.
const std::vector<std::string> kLoopOrder = {
    "reorder-loops",  // the loop over the last axis innermost (pass.reorder-loops)
    "partition-loops",  // bound tests dropped where they always hold (pass.partition-loops)
};
const std::vector<std::string> kLoopDetails = {
    "unroll-loops",  // short innermost loops unrolled (pass.unroll-loops)
};
// In no pipeline yet. vectorize-loops: LLVM's loop vectorizer already vectorizes these loops
// with its own tails, and the split's short inner loop costs a work count and a time check per
// vector (mlp, n = 32: 0.137 -> 0.253 ms), until code generation emits T.vectorized as vector
// instructions itself. fuse-loops: a fused loop's indices are digits of one variable, in which
// parallelize-loops cannot see each iteration's own slot.
const std::vector<std::string> kLoopSchedulesOutside = {"vectorize-loops", "fuse-loops"};

// One level: its Relax optimizations, legalize-ops (every op to R.call_tir of a PrimFunc), its
// fusion and schedules, the lowering with its loop schedules.
std::vector<std::string> Level(const std::vector<std::string>& relax, bool optimize) {
  std::vector<std::string> names = relax;
  auto add = [&](const std::vector<std::string>& list) { names.insert(names.end(), list.begin(), list.end()); };
  names.push_back("legalize-ops");
  if (optimize) {
    add(kFusion);
    add(kSchedules);
  }
  add(kLowering);
  if (optimize) add(kLoopOrder);
  names.push_back("parallelize-loops");  // independent outer loops parallel (pass.parallelize-loops)
  if (optimize) add(kLoopDetails);
  return names;
}

}  // namespace

const std::vector<const PassInfo*>& Pipeline(int opt_level) {
  static const std::vector<const PassInfo*> pipelines[] = {
      Passes(Level({}, false)),
      Passes(Level(kRelaxO1, false)),
      Passes(Level(kRelaxO2, true)),
      Passes(Level(kRelaxO3, true)),
  };
  RLX_CHECK(opt_level >= kMinOptLevel && opt_level <= kMaxOptLevel) << "no optimization level " << opt_level;
  return pipelines[opt_level];
}

const std::vector<const PassInfo*>& LoweringPipeline() { return Pipeline(0); }

std::vector<const PassInfo*> LoweringPrefix(const PassInfo& pass) {
  // The steps of the -O3 pipeline after legalize-ops: each sees what the steps before it made
  // of a legalized module. legalize-ops and to-non-dataflow take any module.
  const std::vector<const PassInfo*>& all = Pipeline(kMaxOptLevel);
  if (std::string(pass.name) == "to-non-dataflow") return {};
  size_t legalize = all.size();
  for (size_t i = 0; i < all.size(); ++i) {
    if (std::string(all[i]->name) == "legalize-ops") legalize = i;
    if (i > legalize && all[i] == &pass) {
      return {all.begin() + static_cast<std::ptrdiff_t>(legalize), all.begin() + static_cast<std::ptrdiff_t>(i)};
    }
  }
  // A loop schedule in no pipeline yet sees the loops the whole -O3 pipeline leaves.
  if (std::find(kLoopSchedulesOutside.begin(), kLoopSchedulesOutside.end(), pass.name) != kLoopSchedulesOutside.end()) {
    return {all.begin() + static_cast<std::ptrdiff_t>(legalize), all.end()};
  }
  return {};
}

bool ParseOptLevel(const std::string& text, int* level) {
  std::string digits = text.rfind("-O", 0) == 0 ? text.substr(2) : text;
  if (digits.size() != 1 || digits[0] < '0' + kMinOptLevel || digits[0] > '0' + kMaxOptLevel) return false;
  *level = digits[0] - '0';
  return true;
}

}  // namespace rlx::compiler
