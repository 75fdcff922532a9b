// Internal to the program generator: the state of one generated module (the values in
// scope with their struct info, the shape variables and the facts about them) and the
// emitters of constructs (program_generator.cc) and op calls (op_candidates.cc).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "checker/prover/prover.h"
#include "checker/sinfo/algebra.h"
#include "fuzz/generators/program_generator.h"
#include "ir/builder/ir_builder.h"
#include "ir/op_table.h"

namespace rlx::fuzz {

/// A value in scope: a variable and its struct info as the checker derives it.
struct Slot {
  Ref<Var> var;
  Ref<StructInfo> sinfo;
  int dataflow_block = -1;  // the dataflow block that binds it (-1: an ordinary variable)
};

/// A global function the generator made, callable from later ones.
struct HelperSig {
  std::string name;
  std::vector<Ref<StructInfo>> params;
  Ref<StructInfo> ret;
  bool pure = true;
  bool recursive = false;  // (tensor, depth prim) -> tensor
};

class TypedBuilder {
 public:
  TypedBuilder(Chooser& c, const ProgramOptions& o);
  GeneratedProgram Build();

  // ---- program_generator.cc: functions and constructs ----
 private:
  struct Saved {
    size_t pool, shape_vars, facts;
  };
  Saved Save() const { return {pool_.size(), shape_vars_.size(), facts_.size()}; }
  void Restore(const Saved& s);

  void Helper(int index);
  void RecursiveHelper(int index);
  void Main();
  /// Parameters of a function: tensors (and sometimes a shape and a prim) whose dims are
  /// constants or signature variables.
  std::vector<Ref<Var>> Params(bool allow_bounds, const AttrDict& base_attrs);
  Ref<PrimExpr> NewShapeVar(const std::string& hint);
  /// Generates `steps` bindings in the current scope.
  void Body(int steps, int depth);
  void Step(int depth);
  /// Picks the function's result (closing an open dataflow block first).
  Ref<Var> Result(Ref<StructInfo>* sinfo);
  void OpenDataflow();
  void CloseDataflow();

  void MatchCast();
  void MakeTuple();
  void GetItem();
  void IfElse(int depth);
  void LocalFunction(int depth);
  void CallHelper();
  void PrintOrAssert();
  void PackedCall();
  bool CallTir();
  bool CallTirInplace();
  bool CallDpsPacked();
  /// Removes `v` from the pool: nothing later uses it (an in-place call's operand).
  void Forget(const Ref<Var>& v);
  Ref<Expr> Condition();

  // ---- pool ----
 public:
  std::vector<Slot> Usable(const std::function<bool(const Slot&)>& pred = {}) const;
  std::optional<Slot> PickTensor(const std::function<bool(const TensorStructInfo&)>& pred = {});
  /// Binds `value` (struct info `sinfo`) to a fresh variable and adds it to the pool.
  Ref<Var> Emit(Ref<Expr> value, Ref<StructInfo> sinfo, const std::string& hint = "lv");
  Ref<StructInfo> SInfoOf(const Var& v) const;
  /// The struct info of a function call's result (sinfo.check.call-arg's θ, then erasure).
  Ref<StructInfo> CallResult(const std::vector<Ref<StructInfo>>& params, const Ref<StructInfo>& ret,
                             const std::vector<Ref<StructInfo>>& args);
  /// Erases to what is in scope here.
  Ref<StructInfo> EraseHere(const Ref<StructInfo>& s) const;
  bool InScope(const PrimExpr* v) const;

  // ---- op_candidates.cc ----
  /// Tries to emit a call of `op`; false when no valid candidate was found.
  bool TryOp(const OpInfo& op);
  /// Emits one random op call (retrying other ops when one has no candidate).
  void RandomOp();
  /// Derives `call` alone; emits it when its rule accepts it without a run-time check.
  Ref<Var> TryEmitCall(const Ref<Call>& call, const std::string& hint = "lv");

  // ---- dps_candidates.cc ----
  /// Emits a destination-passing call (R.call_tir, R.call_tir_inplace, R.call_dps_packed) of a
  /// PrimFunc legalize-ops makes, or of a builtin; false when none could be made.
  bool DpsCall(OpId id);

  // ---- small random things ----
  Ref<PrimExpr> RandomDim(bool allow_arith);
  DataType RandomDType();
  /// A 0-d constant of dtype `t` (never zero when `nonzero`: a divisor).
  Ref<Expr> ScalarConst(DataType t, bool nonzero = false);
  Ref<Expr> IntTensorConst(const std::vector<int64_t>& shape, int64_t lo, int64_t hi);
  Chooser& c() { return c_; }
  Coverage& coverage() { return cov_; }
  const ProgramOptions& options() const { return o_; }
  bool in_dataflow() const { return cur_df_ >= 0; }
  bool pure() const { return pure_; }

 private:
  Chooser& c_;
  ProgramOptions o_;
  IRBuilder b_;
  prover::Prover prover_;
  Coverage cov_;
  std::vector<Slot> pool_;
  std::unordered_map<const Var*, Ref<StructInfo>> sinfo_of_;
  std::vector<Ref<PrimExpr>> shape_vars_;
  std::vector<Ref<PrimExpr>> facts_;
  std::vector<HelperSig> helpers_;
  std::vector<GlobalDef> prim_funcs_;  // added to the module when it ends
  Ref<Call> last_call_;               // the last op call TryEmitCall emitted, and its variable
  Ref<Var> last_var_;
  int cur_df_ = -1;
  int next_df_ = 0;
  int next_name_ = 0;
  bool pure_ = true;
  int if_depth_ = 0;  // inside if branches: no fresh shape variables (their result is joined)
};


}  // namespace rlx::fuzz
