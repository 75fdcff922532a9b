// A PrimFunc compiled to native code for the host CPU through LLVM: the TIR interpreter's
// meaning (spec §7.5, tir.eval.*) bit for bit — values, traps and their codes, limits — at the
// speed of compiled loops. R.call_tir runs a PrimFunc in destination-passing style, so Run takes
// the tensors of every buffer parameter (outputs included) and writes them in place.
//
// Spec codegen.cpu.kernel. What the code generator does not handle yet makes Compile fail with
// a message (codegen.cpu.unsupported; never a crash): only TIR the checker rejects.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compiler/codegen/codegen_library.h"
#include "ir/tir/prim_func.h"
#include "runtime/call_context.h"
#include "runtime/value.h"

namespace rlx::compiler::codegen {

class CpuKernel {
 public:
  /// Compiles `f`, named `name` in messages. Null with `*error` set when `f` uses what the code
  /// generator does not handle, or is not well-formed TIR.
  static std::shared_ptr<const CpuKernel> Compile(const tir::PrimFunc& f, const std::string& name,
                                                  const KernelOptions& options, std::string* error);
  ~CpuKernel();

  /// Runs the kernel: `args` holds a tensor for each buffer parameter and a PrimValue for each
  /// scalar one, in order, as TirProgram::Run takes them; traps (runtime::Fail) as the
  /// interpreter does.
  void Run(runtime::CallContext& ctx, const std::vector<runtime::Value>& args) const;

  const std::string& name() const;

  struct Impl;

 private:
  explicit CpuKernel(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace rlx::compiler::codegen
