// The op table (ops.def) as data: names, families, purity and call signatures.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/attrs.h"

namespace rlx {

/// Op identifiers, one per ops.def line.
enum class OpId : uint16_t {
#define RLX_OP(id, name, family, purity, signature) k##id,
#include "ir/ops.def"
#undef RLX_OP
};

/// Op families: one spec section and one inference/kernel file each.
/// The op families: one vocabulary for ops.def, the sections of spec chapter 5 (5.1 unary ...
/// 5.10 memory: spec/5-operators/5.N-<family>.md), the folders of conformance/suite/5-operators/,
/// the checker's rule files (checker/ops/) and the interpreter's kernel files (kernels/).
enum class OpFamily : uint8_t {
  kUnary,         // 5.1
  kBinary,        // 5.2
  kSelection,     // 5.3 where, clip, astype
  kReduction,     // 5.4 reductions, arg-reductions, scans
  kLinalg,        // 5.5
  kManipulation,  // 5.6 shape manipulation and indexing
  kCreation,      // 5.7
  kNN,            // 5.8
  kIntrinsics,    // 5.9
  kMemory,        // 5.10
};
/// Every family, in spec order.
inline constexpr OpFamily kAllOpFamilies[] = {
    OpFamily::kUnary,        OpFamily::kBinary,   OpFamily::kSelection, OpFamily::kReduction,
    OpFamily::kLinalg,       OpFamily::kManipulation, OpFamily::kCreation, OpFamily::kNN,
    OpFamily::kIntrinsics,   OpFamily::kMemory};

/// How a signature parameter is passed (see the ops.def header).
enum class ParamKind : uint8_t {
  // Call arguments.
  kExpr,
  kShape,
  kPrim,
  kPrimTuple,
  kTuple,
  kStr,
  kExtern,
  kVariadic,
  kExprList,
  kSInfoArgs,
  // Attributes.
  kInt,
  kBool,
  kFloat,
  kString,
  kDType,
  kIntList,
  kIntOrList,
};

/// True for kinds that become Call arguments.
bool IsArgKind(ParamKind k);
/// The kind's name as written in ops.def.
std::string_view ParamKindName(ParamKind k);

/// One parameter of an op's TVMScript signature.
struct OpParam {
  std::string name;
  ParamKind kind = ParamKind::kExpr;
  bool nullable = false;  // `kind?`: None is allowed
  bool has_default = false;
  AttrValue default_value;  // the default as a literal (None, int, float, str, list)

  bool is_attr() const { return !IsArgKind(kind) && kind != ParamKind::kSInfoArgs; }
  bool is_arg() const { return IsArgKind(kind); }
};

/// One operator.
struct OpInfo {
  OpId id;
  std::string name;  // the TVMScript name after "R.", e.g. "nn.conv2d"
  OpFamily family;
  bool pure = true;
  /// May trap on run-time values once the checker has accepted the call (ops.def `traps`, and
  /// every impure op).
  bool may_trap = false;
  std::vector<OpParam> params;  // in Python signature order

  /// The index of the attribute parameter `name`, or -1.
  int FindParam(std::string_view name) const;
  /// True when the op takes sinfo_args.
  bool takes_sinfo_args() const;
};

/// Every op, in ops.def order.
const std::vector<OpInfo>& AllOps();
/// The op with this id.
const OpInfo& GetOp(OpId id);
/// The op with this TVMScript name ("add", "nn.relu"), or nullptr.
const OpInfo* FindOp(std::string_view name);
/// The family's name as used in ops.def, the spec's file names and the conformance folders
/// ("unary", "manipulation").
std::string_view OpFamilyName(OpFamily f);
/// The family's section of spec chapter 5 ("5.1" ... "5.10").
std::string_view OpFamilySection(OpFamily f);

/// True when a Call's op is `id`.
class Expr;
/// True for the ops whose call is void and may stand as a statement: print, assert_op and the
/// kills (spec text.stmt.void, text.print.binding).
bool IsVoidStatementOp(OpId id);
bool IsOpCall(const Expr& call, OpId id);

}  // namespace rlx
