// Run-time struct-info matching (spec eval.match-cast.*) and PrimExpr evaluation
// (eval.prim-expr): what MatchCast, annotations and function boundaries check.
#pragma once

#include <string>

#include "interpreter/runtime_names.h"
#include "runtime/value.h"
#include "ir/struct_info.h"

namespace rlx::interp {

/// The passes of a match (eval.match-cast): kinds, dtypes, ranks and arities; binding the
/// first positions of unbound variables; comparing every other value.
enum class MatchPass { kStructure, kBind, kValues };

/// One pass of a match; MatchStructInfo runs the three in order. Matching several values at
/// once (a call's arguments, eval.call.param) runs each pass over all of them.
std::string MatchOnePass(const Value& value, const StructInfo& sinfo, Environment& env, MatchPass pass);

/// Checks `value` against `sinfo` in `env`. A lone shape variable that `env` does not bind yet
/// is bound to the value found (dims left to right, fields in order); any other PrimExpr is
/// evaluated and compared. Returns "" on a match, else what differs ("dim 1 is 3, expected
/// n = 4"). Bindings made before a mismatch are left in `env` (the caller traps anyway).
std::string MatchStructInfo(const Value& value, const StructInfo& sinfo, Environment& env);

/// The int64 value of a shape expression (eval.prim-expr); traps E3006 on a division by
/// zero, E0906 when it overflows int64, E3001 when a variable is unbound.
int64_t EvalShapeDim(const PrimExpr& e, const Environment& env);

/// The value of a PrimValue's expression in its dtype (eval.prim-value); traps as
/// EvalShapeDim, and E3012 when an integer result does not fit its dtype.
PrimScalar EvalPrimScalar(const PrimExpr& e, const Environment& env);

/// A struct-info description for messages: R.Tensor((n, 4), "float32").
std::string DescribeSInfo(const StructInfo& s);
/// A value description for messages: R.Tensor((2, 4), "float32"), R.Shape([2]), ...
std::string DescribeValue(const Value& v);

}  // namespace rlx::interp
