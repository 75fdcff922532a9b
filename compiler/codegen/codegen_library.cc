// The table of librlx_codegen.so's entry points (codegen_library.h).
#include "compiler/codegen/codegen_library.h"

#include "compiler/codegen/cpu_kernel.h"

namespace rlx::compiler::codegen {
namespace {

KernelRunner CompileCpuKernel(const tir::PrimFunc& f, const std::string& name, const KernelOptions& options,
                              std::string* error) {
  std::shared_ptr<const CpuKernel> kernel = CpuKernel::Compile(f, name, options, error);
  if (!kernel) return {};
  return [kernel](runtime::CallContext& ctx, const std::vector<runtime::Value>& args) { kernel->Run(ctx, args); };
}

}  // namespace
}  // namespace rlx::compiler::codegen

extern "C" const rlx::compiler::codegen::CodegenLibrary* rlx_codegen_library() {
  static const rlx::compiler::codegen::CodegenLibrary library = [] {
    rlx::compiler::codegen::CodegenLibrary l;
    l.compile_cpu_kernel = rlx::compiler::codegen::CompileCpuKernel;
    return l;
  }();
  return &library;
}
