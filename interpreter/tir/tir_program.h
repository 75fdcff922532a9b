// The TIR interpreter (spec §7.5, tir.eval.*): a PrimFunc compiled once — variables to frame
// slots, buffers to buffer slots, accesses to index plans — and run on tensors in
// destination-passing style. R.call_tir and its variants call it (interpreter/dps_call.cc).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interpreter/runtime_names.h"
#include "ir/tir/prim_func.h"
#include "runtime/call_context.h"

namespace rlx::interp::tir_eval {

struct CompiledParams;
class StmtNode;

class TirProgram {
 public:
  /// Compiles `f`, named `name` in messages. Traps E3015 (tir.eval.ill-formed) for a PrimFunc
  /// the interpreter cannot run. `optimize` false compiles the plain form — every access
  /// checked and computed on its own, no fused updates — which must compute the same values
  /// (what the tests compare the optimized form against).
  static std::shared_ptr<const TirProgram> Compile(const tir::PrimFunc& f, std::string name, bool optimize = true);
  ~TirProgram();

  /// Runs the function: `args` holds a tensor for each buffer parameter and a PrimValue for each
  /// scalar one, in order. The tensors are bound to the buffers, whose undefined shape variables
  /// take the tensors' extents (tir.eval.bind, E3002 on a mismatch); the body then writes the
  /// tensors in place. Traps as §7.5 says; allocations and loop iterations count against the
  /// context's limits.
  void Run(CallContext& ctx, const std::vector<Value>& args) const;

  const std::string& name() const { return name_; }
  /// The number of parameters.
  size_t arity() const;

 private:
  TirProgram() = default;
  std::string name_;
  std::unique_ptr<CompiledParams> params_;
  std::unique_ptr<StmtNode> body_;
  int num_ints_ = 0, num_floats_ = 0, num_buffers_ = 0, num_offsets_ = 0;
};

}  // namespace rlx::interp::tir_eval
