// Tells `perf` the names of JIT-compiled functions. Internal to compiler/codegen/.
#pragma once

#include <llvm/ExecutionEngine/Orc/LLJIT.h>

namespace rlx::compiler::codegen {

/// When the environment variable RLX_PERF_MAP is set (to anything), every function the JIT
/// links is appended to /tmp/perf-PID.map ("address size name", the format `perf report`
/// reads for code without an object file), so profiles of compiled kernels and Relax
/// functions name them. Does nothing otherwise, or when the JIT does not link with JITLink.
void EnablePerfMapIfAsked(llvm::orc::LLJIT& lljit);

}  // namespace rlx::compiler::codegen
