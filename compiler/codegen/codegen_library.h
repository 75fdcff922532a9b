// The code generators' entry points as one table, the interface of the shared library
// librlx_codegen.so. The library links LLVM, whose load costs a process about 35 ms (measured:
// a program that only maps libLLVM-19 starts in 39 ms, one that does not in 2 ms), so nothing
// links it: the driver loads it when a compiled backend is first asked for
// (driver/codegen_loader.h), and a process that only parses, checks or interprets never maps
// LLVM. This header includes no LLVM.
#pragma once

#include <functional>
#include <memory>
#include <utility>
#include <string>
#include <vector>

#include "ir/module.h"
#include "ir/runtime_check.h"
#include "ir/tir/prim_func.h"
#include "runtime/call_context.h"
#include "runtime/host_program.h"
#include "runtime/value.h"

namespace rlx::compiler::codegen {

struct KernelOptions {
  /// LLVM's O3 pipeline for the host CPU; false: O0 (what the fuzz oracle also compares).
  bool optimize = true;
};

/// What CompileCpuObject writes: the object file (what `rlx compile` links), or for reading,
/// the module's LLVM IR or the host's assembly (`rlx compile --emit llvm|asm`).
enum class ObjectFormat { kObject, kLlvmIr, kAssembly };

/// A compiled PrimFunc as the interpreter calls one (interp::PrimFuncRunner): the tensors of the
/// buffer parameters and the scalar parameters in order; traps by throwing runtime::Trap.
using KernelRunner = std::function<void(runtime::CallContext&, const std::vector<runtime::Value>&)>;

/// The table. `abi` changes whenever the table or a type it names changes, so that a stale
/// library is refused rather than called.
struct CodegenLibrary {
  static constexpr int kAbi = 5;
  int abi = kAbi;
  /// CpuKernel::Compile as a runner: empty with `*error` set when the code generator does not
  /// handle `f` (codegen.cpu.unsupported). A PrimFunc structurally equal to one compiled before
  /// under the same name and options reuses its kernel (a bounded cache of recent kernels).
  KernelRunner (*compile_cpu_kernel)(const Ref<tir::PrimFunc>& f, const std::string& name,
                                     const KernelOptions& options, std::string* error) = nullptr;
  /// CompileCpuHost (cpu_host.h): the Relax functions of a lowered module as native code.
  std::shared_ptr<const runtime::HostProgram> (*compile_cpu_host)(
      const Ref<IRModule>& module, const std::vector<RuntimeCheck>* recorded,
      const std::vector<std::pair<const char*, void*>>& helpers, const KernelOptions& options,
      std::string* error) = nullptr;
  /// CompileCpuObject (cpu_object.h): a lowered module as an object file, ahead of time.
  bool (*compile_cpu_object)(const Ref<IRModule>& module, const std::string& path, const KernelOptions& options,
                             ObjectFormat format, std::string* error) = nullptr;
};

}  // namespace rlx::compiler::codegen

/// The library's one exported entry point (looked up by name with dlsym).
extern "C" const rlx::compiler::codegen::CodegenLibrary* rlx_codegen_library();
