// OpCall: what an op's struct-info rule (spec chapter 5) sees of a call: the arguments' struct
// info by parameter name, the attributes, and the means to report a violated constraint
// `op.<name>.cN`, to ask the prover, and to require a runtime check.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checker/infer/infer_state.h"
#include "ir/op_args.h"
#include "ir/op_attrs.h"
#include "ir/op_table.h"

namespace rlx::checker {

/// The outcome of a constraint on symbolic values (sinfo.prove.unknown).
enum class Decision { kHolds, kFails, kUnknown };

class OpCall {
 public:
  OpCall(const Call& call, const OpInfo& op, OpArgs args, std::vector<Ref<StructInfo>> arg_sinfo,
         InferState& state);

  const Call& call() const { return call_; }
  const OpInfo& op() const { return op_; }
  InferState& state() { return state_; }
  ProofContext& proofs() { return state_.proofs(); }

  /// "op.<name>.c<n>".
  std::string Rule(int constraint) const;

  // ---- arguments ----
  /// The argument expression of parameter `param`, or nullptr when absent.
  Ref<Expr> Arg(std::string_view param) const;
  /// Its struct info (nullptr when absent).
  Ref<StructInfo> ArgSInfo(std::string_view param) const;
  /// Every argument of a `*expr` / `expr_list` parameter, and their struct info.
  const std::vector<Ref<Expr>>& RestArgs(std::string_view param) const;
  std::vector<Ref<StructInfo>> RestSInfo(std::string_view param) const;

  /// The argument as a tensor; reports constraint `c` ("'x' must be a tensor") otherwise.
  Ref<TensorStructInfo> Tensor(std::string_view param, int c);
  /// The tensor fields of a tuple argument (`concat`, `stack`); reports `c` otherwise.
  std::optional<std::vector<Ref<TensorStructInfo>>> TensorTuple(std::string_view param, int c);
  /// The value of a `prim` argument: its PrimValue's value or its Prim struct info's value
  /// (nullptr when not known); reports `c` when the argument is not a Prim of an allowed kind.
  struct PrimArg {
    DataType dtype = DataType::kVoid;
    Ref<PrimExpr> value;  // nullptr when unknown
  };
  std::optional<PrimArg> Prim(std::string_view param, int c, bool integer_only);
  /// The values of a `shape` argument (ShapeExpr or Shape-typed variable); nullopt with
  /// `ndim` set when only the rank is known; reports `c` when it is not a shape.
  struct ShapeArg {
    std::optional<std::vector<Ref<PrimExpr>>> values;
    int ndim = kUnknownNdim;
    Ref<Expr> expr;  // the argument itself
  };
  std::optional<ShapeArg> Shape(std::string_view param, int c);

  // ---- attributes (a missing attribute takes its default from ops.def) ----
  OpAttrs Attrs() const { return OpAttrs(op_, call_.attrs); }
  const AttrValue* Attr(std::string_view name) const;
  int64_t Int(std::string_view name) const;
  std::optional<int64_t> OptInt(std::string_view name) const;
  bool Bool(std::string_view name) const;
  double Float(std::string_view name) const;
  std::string Str(std::string_view name) const;
  DataType DType(std::string_view name) const;
  /// An int_list / int_or_list attribute as a list (an int becomes [int]); nullopt for None.
  std::optional<std::vector<int64_t>> IntList(std::string_view name) const;

  // ---- constraints ----
  /// Reports constraint `c` as violated (E2008); returns nullptr for convenience.
  std::nullptr_t Fail(int c, std::string message);
  /// The vdevice two operands share: equal, or one unspecified; reports `c` when they differ.
  std::optional<std::string> MergeVDevice(int c, const std::string& a, const std::string& b);
  /// Reports `c` with the prover's counterexample attached.
  std::nullptr_t Fail(int c, std::string message, const prover::ProofResult& evidence);
  /// Decides a symbolic constraint: proven → kHolds; its negation proven → reports `c`,
  /// kFails; otherwise records a runtime check and returns kUnknown.
  Decision Require(int c, const Ref<PrimExpr>& condition, const std::string& what);
  /// Decides a symbolic condition without reporting or recording anything.
  Decision Decide(const Ref<PrimExpr>& condition);
  /// Normalizes an axis in [-ndim, ndim) to [0, ndim); reports `c` otherwise.
  std::optional<int> Axis(int c, int64_t axis, int ndim, const char* what = "axis");
  /// Normalizes a list of distinct axes; reports `c` on a repeat or an out-of-range axis.
  std::optional<std::vector<int>> Axes(int c, const std::vector<int64_t>& axes, int ndim,
                                       const char* what = "axis");

  /// Reports `c` when the same axis value is written twice (usable when the rank is unknown).
  bool RequireDistinct(int c, const std::vector<int64_t>& axes, const char* what = "axis");

  /// True when any argument's struct info is unknown because of an earlier error: the
  /// rule then derives nothing and reports nothing.
  bool poisoned() const { return poisoned_; }

 private:
  int ParamIndex(std::string_view name) const;

  const Call& call_;
  const OpInfo& op_;
  OpArgs args_;
  std::vector<std::vector<Ref<StructInfo>>> sinfo_by_param_;
  InferState& state_;
  bool poisoned_ = false;
};

/// An op's struct-info rule: the result's struct info, or nullptr after reporting an error.
using OpRule = Ref<StructInfo> (*)(OpCall&);

/// The rule of every op (one per ops.def entry).
OpRule GetOpRule(OpId id);

// ---- helpers shared by the op families ----

/// "R.Tensor((2, n), dtype=\"float32\")" for messages.
std::string Describe(const Ref<StructInfo>& s);
/// The extents of a tensor when known (its ShapeExpr, or its shape variable's values).
const std::vector<Ref<PrimExpr>>* TensorDims(const TensorStructInfo& t, const InferState& s);
/// A tensor with the given extents (a ShapeExpr), dtype and vdevice.
Ref<TensorStructInfo> MakeTensor(std::vector<Ref<PrimExpr>> dims, DataType dtype,
                                 const std::string& vdevice = {});
/// A tensor known by rank only.
Ref<TensorStructInfo> MakeTensorNdim(int ndim, DataType dtype, const std::string& vdevice = {});
/// Simplified int64 arithmetic for result extents (folds constants, drops +0, *1).
Ref<PrimExpr> Add(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
Ref<PrimExpr> Sub(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
Ref<PrimExpr> Mul(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
Ref<PrimExpr> FloorDiv(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
Ref<PrimExpr> FloorMod(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
Ref<PrimExpr> Min(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
Ref<PrimExpr> Max(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
Ref<PrimExpr> Cond(PrimKind kind, const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);
Ref<PrimExpr> I64(int64_t v);
/// The product of extents (1 for none).
Ref<PrimExpr> Product(const std::vector<Ref<PrimExpr>>& dims);

}  // namespace rlx::checker
