// An op call as its kernel sees it (spec eval.call.op): the evaluated arguments by signature
// parameter, the attributes with their defaults, allocation, and the means to report a
// constraint that fails on run-time values (eval.op.constraint, E3005).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/runtime_names.h"
#include "runtime/call_context.h"
#include "runtime/runtime_error.h"
#include "ir/expr.h"
#include "ir/op_attrs.h"

namespace rlx::interp {

class OpInvocation {
 public:
  /// `args` are the call's evaluated arguments in order.
  OpInvocation(const OpInfo& op, const Call& call, std::vector<Value> args, CallContext& ctx);

  const OpInfo& op() const { return op_; }
  const Call& call() const { return call_; }
  CallContext& ctx() { return ctx_; }
  OpAttrs attrs() const { return OpAttrs(op_, call_.attrs); }

  /// True when parameter `param` received an argument.
  bool Has(std::string_view param) const;
  /// The argument of parameter `param` (null when absent).
  const Value& Arg(std::string_view param) const;
  /// The arguments of a `*expr` / `expr_list` parameter.
  const std::vector<Value>& Rest(std::string_view param) const;

  /// The argument as a tensor; a PrimValue becomes a 0-d tensor (sinfo.op.prim-operand).
  Tensor TensorArg(std::string_view param);
  /// The tensors of a tuple argument (concat, stack).
  std::vector<Tensor> TensorTupleArg(std::string_view param);
  /// An integer argument given as a PrimValue (or 0-d integer tensor).
  int64_t IntArg(std::string_view param);
  /// A PrimValue argument as a double (integers converted).
  double FloatArg(std::string_view param);
  /// A shape argument's extents.
  std::vector<int64_t> ShapeArg(std::string_view param);

  /// "op.<name>.c<n>".
  std::string Rule(int constraint) const;
  /// Traps E3005 naming constraint `c`.
  [[noreturn]] void FailConstraint(int c, const std::string& message) const;
  /// Traps E0906 (eval.limit.tensor): a result extent, `what` (its exact expression, never a
  /// wrapped value), does not fit in int64.
  [[noreturn]] void FailExtentOverflow(const std::string& what) const;
  /// A fresh zero-filled tensor.
  Tensor Alloc(DataType dtype, const std::vector<int64_t>& shape);
  /// A fresh tensor the kernel fills completely.
  Tensor AllocUninitialized(DataType dtype, const std::vector<int64_t>& shape);
  /// Counts the product of `factors` element operations (eval.limit.work) before a kernel
  /// does work that its operands' and result's sizes do not bound; an overflowing product
  /// exhausts the limit.
  void ChargeWork(std::initializer_list<int64_t> factors);

 private:
  const OpInfo& op_;
  const Call& call_;
  CallContext& ctx_;
  std::vector<std::vector<Value>> by_param_;
};

/// An op's kernel: the result value, or a thrown Trap.
using OpKernel = Value (*)(OpInvocation&);
/// The kernel of every op (one per ops.def entry).
OpKernel GetOpKernel(OpId id);

/// A 0-d tensor holding a primitive value.
Tensor PrimToTensor(const PrimScalar& p, Allocator& alloc);
/// "(2, 3)".
std::string ShapeText(const std::vector<int64_t>& shape);

}  // namespace rlx::interp
