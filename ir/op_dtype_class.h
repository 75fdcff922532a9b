// The dtype classes of the elementwise ops (spec §5.1 constraint c2, §5.2 constraint c3): which
// dtypes each unary and binary op accepts. The checker applies them to static dtypes, the
// interpreter to values whose static dtype was void (eval.op.constraint, sinfo.op.dtype-void).
#pragma once

#include <string>

#include "ir/dtype.h"
#include "ir/op_table.h"

namespace rlx {

/// The dtype-class constraint of a unary (c2) or binary (c3) elementwise op: "" when `t`
/// satisfies it (void always does), else why not.
std::string DTypeClassViolation(const OpInfo& op, DataType t);
/// True for the elementwise ops whose result is bool whatever the operands' dtype (isnan, isinf,
/// isfinite, the comparisons and the logical binary ops).
bool ResultIsBool(const OpInfo& op);

}  // namespace rlx
