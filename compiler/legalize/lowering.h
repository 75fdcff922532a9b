// The lowering of each op to TIR (pass.legalize-ops): a column of the op table. Every op has
// an entry in lowering_registry.cc's switch (no default, so an op added to ops.def without one
// does not compile): a lowering function, or "kept" for the intrinsics that are not
// computations (shape_of, print, packed calls, ...), which legalization leaves as they are.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/expr.h"
#include "ir/op_args.h"
#include "ir/op_attrs.h"
#include "ir/struct_info.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler::legalize {

/// One op call as its lowering sees it: the arguments by signature parameter with their
/// derived struct info, the attributes with their defaults, and the call's derived result.
struct LowerRequest {
  const OpInfo& op;
  const Call& call;
  OpArgs args;
  Ref<StructInfo> result;
  /// The struct info of a variable operand; unset: the node's (Expr::struct_info, which a
  /// normalized module carries). The fuzz generator, whose nodes carry none, sets it.
  std::function<Ref<StructInfo>(const Var&)> var_sinfo = nullptr;

  OpAttrs attrs() const { return OpAttrs(op, call.attrs); }
  /// The argument of parameter `param`, or nullptr when absent.
  Ref<Expr> Arg(std::string_view param) const;
  /// The arguments of a `*expr` / `expr_list` parameter.
  const std::vector<Ref<Expr>>& Args(std::string_view param) const;
  /// The value of a prim argument (a PrimValue, or a variable whose Prim struct info has one),
  /// in the caller's terms; nullptr when it has none.
  Ref<PrimExpr> PrimValueOf(const Ref<Expr>& arg) const;
  /// The struct info of an argument (SInfoOf, with var_sinfo for variables).
  Ref<StructInfo> SInfo(const Ref<Expr>& e) const;
  /// The argument's struct info when it is a tensor of known dtype and rank, else nullptr.
  const TensorStructInfo* Tensor(std::string_view param) const;
  /// The struct info of an argument `e` as a tensor of known dtype and rank, else nullptr.
  const TensorStructInfo* TensorOf(const Ref<Expr>& e) const;
  /// The result as a tensor of known dtype and dims (a 0-d result has the dims ()), else
  /// nullptr.
  const TensorStructInfo* ResultTensor() const;

  mutable std::vector<Ref<StructInfo>> derived_;
};

/// The struct info of an argument: the node's, or derived for a leaf (constant, prim value,
/// tuple) that carries none.
Ref<StructInfo> SInfoOf(const Ref<Expr>& e);

/// A lowered call: R.call_tir(func, args, out_sinfo=outputs, tir_vars=tir_vars).
struct Lowered {
  std::string name;  // the PrimFunc's name hint ("add"; deduplicated by the pass)
  Ref<tir::PrimFunc> func;
  std::vector<Ref<Expr>> args;
  std::vector<Ref<StructInfo>> outputs;
  std::vector<Ref<PrimExpr>> tir_vars;  // caller expressions for the scalar parameters
};

/// The out_sinfo of a lowered call: its one output, or a tuple of its outputs.
Ref<StructInfo> OutSInfo(const Lowered& l);

/// Lowers one call, or gives nullopt when this call cannot be lowered (an operand's shape or
/// dtype unknown, a prim operand that is not an int64 expression: pass.legalize-ops says which).
using LowerFn = std::optional<Lowered> (*)(const LowerRequest&);

/// The op's lowering; nullptr for the ops legalization keeps.
LowerFn LoweringOf(OpId id);

// The lowerings, one file per op family (lower_<family>.cc).
std::optional<Lowered> LowerUnary(const LowerRequest& r);
std::optional<Lowered> LowerBinary(const LowerRequest& r);
std::optional<Lowered> LowerWhere(const LowerRequest& r);
std::optional<Lowered> LowerClip(const LowerRequest& r);
std::optional<Lowered> LowerAstype(const LowerRequest& r);
std::optional<Lowered> LowerReduction(const LowerRequest& r);    // lower_reduction.cc
std::optional<Lowered> LowerMatmul(const LowerRequest& r);       // lower_linalg.cc
std::optional<Lowered> LowerManipulation(const LowerRequest& r); // lower_manipulation.cc
std::optional<Lowered> LowerCreation(const LowerRequest& r);     // lower_creation.cc
std::optional<Lowered> LowerNN(const LowerRequest& r);           // lower_nn*.cc

}  // namespace rlx::compiler::legalize
