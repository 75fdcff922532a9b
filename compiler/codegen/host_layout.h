// The layout of a Relax module for compiled code (spec codegen.cpu.host): every function's frame
// (a slot per variable and per materialized leaf, a heap cell per shape variable), its sites
// (runtime/host_program.h) and the steps the code generator emits in order. No LLVM: the host
// emitter (llvm/host_emitter.h) turns the steps into native code.
#pragma once

#include <vector>

#include "ir/module.h"
#include "ir/runtime_check.h"
#include "runtime/host_program.h"

namespace rlx::compiler::codegen {

/// One step of a function body, in evaluation order.
struct HostStep {
  enum class Kind {
    kSite,        // call the site's helper
    kIf,          // `site` is the kCond site; then the steps of one branch
    kDirectCall,  // a native call of function `callee`; `site` (kCall) names the arguments and dst
    kReturn,      // return the value in `slot`
  };
  Kind kind = Kind::kSite;
  int32_t site = -1;
  int32_t callee = -1;
  int32_t slot = -1;
  std::vector<HostStep> then_steps, else_steps;
};

struct HostLayout {
  runtime::HostProgram program;
  /// The steps of each function of program.functions.
  std::vector<std::vector<HostStep>> bodies;
};

/// Lays out every Relax function of `module` (accepted by the checker, in normal form). With
/// `recorded` (the checker's runtime checks), an annotation or return check is compiled in only
/// when it is recorded (eval.runtime-check); without, every one is.
HostLayout LayoutModule(const Ref<IRModule>& module, const std::vector<RuntimeCheck>* recorded);

/// A fingerprint of a layout's frames and sites: an ahead-of-time library records its own, and
/// the runtime refuses one whose module, laid out again, does not give it (so that the compiled
/// code's site numbers cannot name other sites).
int64_t LayoutFingerprint(const HostLayout& layout);

}  // namespace rlx::compiler::codegen
