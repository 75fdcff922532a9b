// What op kernels and packed functions see of the running interpreter.
#pragma once

#include <ostream>
#include <vector>

#include "interpreter/allocator.h"
#include "interpreter/value.h"

namespace rlx::interp {

class CallContext {
 public:
  virtual ~CallContext() = default;
  /// Where every tensor comes from (limits).
  virtual Allocator& allocator() = 0;
  /// Where R.print writes.
  virtual std::ostream& out() = 0;
  /// Calls a closure or packed function value (for packed functions that call back).
  virtual Value Invoke(const Value& callee, std::vector<Value> args) = 0;
};

}  // namespace rlx::interp
