// An op call and the op's signature (ops.def): matching a call's arguments and attributes to
// the signature's parameters (given that optional arguments may be absent), and building a
// call from arguments named by parameter, as the parser builds it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/expr.h"
#include "ir/op_table.h"

namespace rlx {

/// The arguments of an op call, by signature parameter.
struct OpArgs {
  /// For each parameter of the op's signature: the arguments it received (one for a plain
  /// argument parameter, zero for an absent optional one, any number for `*expr` and
  /// `expr_list`, none for attribute parameters).
  std::vector<std::vector<Ref<Expr>>> by_param;
  /// Empty when the call fits the signature, else what is wrong (wf.op.signature).
  std::string error;
};

/// Matches `call` (whose op is `op`) to the op's signature: the argument count, the kind of
/// each argument that must be a literal (`shape`, `str_expr`, `extern`, `prim_tuple`), and
/// the attributes (exactly the op's attribute parameters, each of its kind).
OpArgs MatchOpArgs(const OpInfo& op, const Call& call);

/// Arguments by signature parameter name (a `*expr` parameter may be named several times).
using NamedArgs = std::vector<std::pair<std::string, Ref<Expr>>>;

/// A call of `id` as the parser builds it: arguments in signature order, every attribute
/// present (those not in `given` with their defaults), so printing and parsing give it back.
Ref<Call> MakeCall(OpId id, const NamedArgs& args, const AttrDict& given = {},
                   std::vector<Ref<StructInfo>> sinfo_args = {});

/// An int_list attribute.
AttrValue IntList(const std::vector<int64_t>& v);

}  // namespace rlx
