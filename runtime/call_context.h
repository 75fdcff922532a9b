// What op kernels and packed functions see of the running interpreter.
#pragma once

#include <ostream>
#include <vector>

#include "runtime/allocator.h"
#include "runtime/value.h"

namespace rlx::runtime {

class CallContext {
 public:
  virtual ~CallContext() = default;
  /// Where every tensor comes from (limits).
  virtual Allocator& allocator() = 0;
  /// Where R.print writes.
  virtual std::ostream& out() = 0;
  /// Calls a closure or packed function value (for packed functions that call back).
  virtual Value Invoke(const Value& callee, std::vector<Value> args) = 0;
  /// Counts `elements` element operations of an op towards eval.limit.work (and checks
  /// eval.limit.time); traps E0910 / E0911 when a limit is exceeded. Kernels whose work is not
  /// bounded by their operands' and result's sizes (matmul, conv2d, pooling) charge it before
  /// they do it; the evaluator charges every op's operands and results.
  virtual void ChargeWork(int64_t elements) {}
};

}  // namespace rlx::runtime
