// Broadcasting in lowered ops (spec §5.2.0, pass.legalize-ops): how an operand of a
// broadcasting op is indexed by the result's indices.
#pragma once

#include "compiler/legalize/prim_func_builder.h"

namespace rlx::compiler::legalize {

/// The indices of `in` (right-aligned against the result `out_shape`) at result indices `i`:
/// the result's index where the extents are the same term, 0 where `in`'s extent is 1, and
/// `T.Select(n == 1, 0, i)` where that is known only at run time — with an assertion in the
/// prologue that `n` is 1 or the result's extent, which traps E3005 as the op does.
Indices BroadcastIndex(PrimFuncBuilder& b, const Ref<tir::Buffer>& in, const Indices& out_shape,
                       const Indices& i, const std::string& op_name);
/// The same for extents `dims` against `out_shape`; the assertion's message is `message`.
Indices BroadcastIndex(PrimFuncBuilder& b, const Indices& dims, const Indices& out_shape,
                       const Indices& i, const std::string& message);

}  // namespace rlx::compiler::legalize
