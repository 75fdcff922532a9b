#include "compiler/tests/kernel_compare.h"

#include <gtest/gtest.h>

#include "checker/checker.h"
#include "ir/text/relax_parser.h"

namespace rlx::compiler::codegen {

interp::InterpreterOptions Compiled(bool optimize, Tally& tally) {
  interp::InterpreterOptions o;
  o.compile_prim_func = [optimize, &tally](const Ref<tir::PrimFunc>& func, const std::string& name) -> interp::PrimFuncRunner {
    const tir::PrimFunc& f = *func;
    std::shared_ptr<const CpuKernel>& k = tally.kernels[{&f, optimize}];
    if (!k) {
      std::string error;
      k = CpuKernel::Compile(f, name, KernelOptions{optimize}, &error);
      if (!k) {
        ++tally.unsupported[error.substr(error.find(": ") + 2)];
        return {};
      }
      ++tally.compiled;
    }
    return [k](runtime::CallContext& ctx, const std::vector<runtime::Value>& args) { k->Run(ctx, args); };
  };
  return o;
}

Ref<IRModule> ParseChecked(const char* text, const std::string& name) {
  static SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = text::ParseModuleText(text, name, sources, diags);
  if (!m || !checker::CheckModule(*m, diags).ok) {
    ADD_FAILURE() << diags.RenderAll();
    return nullptr;
  }
  return m;
}

}  // namespace rlx::compiler::codegen
