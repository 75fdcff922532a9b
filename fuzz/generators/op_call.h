// Op calls as the parser builds them (arguments in signature order, every attribute present
// with defaults filled in), so that printing and parsing a generated call gives it back.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/expr.h"
#include "ir/op_table.h"

namespace rlx::fuzz {

/// Arguments by signature parameter name (a `*expr` parameter may be named several times).
using NamedArgs = std::vector<std::pair<std::string, Ref<Expr>>>;

/// A call of `id` with `args` and the attributes `given` (the others take their defaults).
Ref<Call> MakeCall(OpId id, const NamedArgs& args, const AttrDict& given = {},
                   std::vector<Ref<StructInfo>> sinfo_args = {});

/// An int_list attribute.
AttrValue IntList(const std::vector<int64_t>& v);

}  // namespace rlx::fuzz
