// Relax functions to LLVM IR (spec codegen.cpu.host): every function of a HostLayout becomes a
// native function in the HostFunction convention (runtime/host_program.h). Control flow is
// native branches, a call of a global Relax function or of a kernel a native call, each other
// site a call of its helper followed by a branch to the function's trap exit. Internal to compiler/codegen/.
#pragma once

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/codegen/host_layout.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler::codegen {

/// The symbol of compiled function `index` of the program whose symbols start with `prefix`.
std::string HostSymbol(const std::string& prefix, size_t index);

/// The kernels already emitted into the module (TirEmitter), by PrimFunc: a direct call of one
/// is a native call (rlx_host_kernel_begin, the kernel, rlx_host_kernel_end).
using EmittedKernels = std::unordered_map<const tir::PrimFunc*, llvm::Function*>;

/// Emits every function of `layout` into `module`, named HostSymbol(prefix, i).
void EmitHostFunctions(const HostLayout& layout, const std::string& prefix, const EmittedKernels& kernels,
                       llvm::Module& module);

}  // namespace rlx::compiler::codegen
