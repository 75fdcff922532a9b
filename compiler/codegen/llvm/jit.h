// The process's LLVM JIT (ORC LLJIT for the host CPU) and the optimizer that kernels and
// compiled Relax functions share. Internal to compiler/codegen/.
#pragma once

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rlx::compiler::codegen {

/// One LLJIT with the kernel helpers defined; each compiled unit lives under its own resource
/// tracker, removed with it. Lock `mutex` around every use of `lljit`.
struct Jit {
  std::unique_ptr<llvm::orc::LLJIT> lljit;
  std::unique_ptr<llvm::TargetMachine> tm;  // the optimizer's view of the target
  std::mutex mutex;
  std::string error;  // why the JIT could not start
  std::set<std::string> defined;  // the symbols DefineSymbols defined
};

/// The process's JIT, started on first use (never destroyed: compiled code may outlive static
/// destruction order).
Jit& GetJit();

/// Defines symbols by address in the JIT (the helpers of compiled Relax functions, which live
/// in the interpreter's library); defining one twice keeps the first. Call with the lock held.
std::string DefineSymbols(Jit& jit, const std::vector<std::pair<const char*, void*>>& symbols);

/// LLVM's O3 pipeline with the host's target machine (so that it vectorizes) and SLP on.
void Optimize(llvm::Module& m, llvm::TargetMachine* tm);

/// A fresh module for the JIT's target.
std::unique_ptr<llvm::Module> NewModule(Jit& jit, const std::string& name, llvm::LLVMContext& ctx);

}  // namespace rlx::compiler::codegen
