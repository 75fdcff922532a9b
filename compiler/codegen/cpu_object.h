// A lowered module compiled ahead of time (spec codegen.cpu.aot): every PrimFunc's kernel and
// every Relax function (as the cpu backend compiles them) in one object file for the host CPU,
// position-independent, with the tables the ahead-of-time runtime (driver/aot/) loads them by:
//
//   rlx_aot_module_text     the lowered module, printed (TVMScript), NUL-terminated
//   rlx_aot_functions       the compiled Relax functions, in HostLayout order
//   rlx_aot_num_functions   (int64)
//   rlx_aot_kernels         the kernels, and rlx_aot_kernel_names their PrimFuncs' names
//   rlx_aot_num_kernels     (int64)
//   rlx_aot_layout          (int64) the layout's fingerprint (host_layout.h)
//
// The runtime parses the text and lays it out again (host_layout.h is deterministic), so the
// compiled code's site numbers name the same sites.
#pragma once

#include <string>

#include "compiler/codegen/codegen_library.h"
#include "ir/module.h"

namespace rlx::compiler::codegen {

/// Writes the object file (or, by `format`, the same module as LLVM IR after optimization, or
/// as assembly) to `path`; false with `*error` set when a PrimFunc cannot be compiled or the
/// file cannot be written.
bool CompileCpuObject(const Ref<IRModule>& module, const std::string& path, const KernelOptions& options,
                      ObjectFormat format, std::string* error);

}  // namespace rlx::compiler::codegen
