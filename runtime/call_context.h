// What op kernels and packed functions see of the running interpreter.
#pragma once

#include <cstdint>
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
  /// The work that ChargeWork still accepts before eval.limit.work traps (a parallel region of a
  /// compiled kernel runs on several threads only when its whole work fits: codegen.cpu.parallel).
  virtual int64_t WorkLeft() const { return INT64_MAX; }
  /// eval.limit.time alone: traps E0911 once the deadline has passed. Safe to call from several
  /// threads at once (the threads of a parallel region), unlike ChargeWork.
  virtual void CheckTimeConcurrently() const {}
};

}  // namespace rlx::runtime
