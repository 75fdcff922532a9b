// A lowered Relax module's functions compiled to native code for the host CPU (spec
// codegen.cpu.host): laid out (host_layout.h), emitted (llvm/host_emitter.h), optimized and
// JIT-compiled in the process. The PrimFuncs they call are compiled kernels (cpu_kernel.h).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "compiler/codegen/codegen_library.h"
#include "ir/module.h"
#include "ir/runtime_check.h"
#include "runtime/host_program.h"

namespace rlx::compiler::codegen {

/// Compiles every Relax function of `module` (after the lowering pipeline). `helpers` are the
/// addresses of the rlx_host_* helpers (interp::HostHelperSymbols); `recorded` as LayoutModule
/// takes it. Null with `*error` set when the JIT cannot compile it.
std::shared_ptr<const runtime::HostProgram> CompileCpuHost(const Ref<IRModule>& module,
                                                           const std::vector<RuntimeCheck>* recorded,
                                                           const std::vector<std::pair<const char*, void*>>& helpers,
                                                           const KernelOptions& options, std::string* error);

}  // namespace rlx::compiler::codegen
