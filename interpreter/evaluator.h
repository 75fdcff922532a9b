// The evaluator: one method per evaluation rule of spec chapter 4 (eval.*). Internal to the
// interpreter; interpreter.h is the public interface.
#pragma once

#include <unordered_set>
#include <chrono>
#include <ostream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "interpreter/runtime_names.h"
#include "interpreter/tir/tir_program.h"
#include "runtime/allocator.h"
#include "runtime/call_context.h"
#include "interpreter/interpreter.h"
#include "runtime/runtime_error.h"
#include "ir/module.h"
#include "ir/shape_var_bounds.h"

namespace rlx::interp {

/// The elements of the tensors among `values` and their tuples' fields (saturating): the work
/// an op's operands and results count (eval.limit.work).
int64_t TensorElements(const std::vector<Value>& values);

/// tir.eval.direct-call's arguments: each shape passes its extents as int64 scalars. False (and
/// `*expanded` untouched) when no value is a shape, so `values` are the arguments.
bool ExpandShapeArgs(const std::vector<Value>& values, std::vector<Value>* expanded);

/// The struct info a packed call's result must have: its sinfo_args (several: their Tuple).
Ref<StructInfo> PackedResultSInfo(const Call& call);

/// A trap without a place gets the binding's (its span, else its value's): the innermost
/// binding that sees it.
void SetBindingSpan(Trap& t, const Binding& b);

/// The work (eval.limit.work) that every binding counts when its evaluation starts.
inline constexpr int64_t kBindingWork = 1000;

class Evaluator : public CallContext {
 public:
  Evaluator(Ref<IRModule> module, const InterpreterOptions& options);

  /// eval.entry: calls module function `entry`; throws Trap.
  Value RunEntry(const std::string& entry, std::vector<Value> args);

  // CallContext
  Allocator& allocator() override { return allocator_; }
  std::ostream& out() override { return *out_; }
  Value Invoke(const Value& callee, std::vector<Value> args) override;
  void ChargeWork(int64_t elements) override;
  int64_t WorkLeft() const override { return limits_.max_work - work_; }
  void CheckTimeConcurrently() const override;

  const Limits& limits() const { return limits_; }
  /// Evaluation below this stack address ends with E0908 (eval.limit.depth) instead of
  /// overflowing the thread's stack; nullptr: no guard.
  void SetStackGuard(const char* lowest) { stack_guard_ = lowest; }

 private:
  // InterpreterOptions::recorded_checks: perform only the recorded annotation and return checks.
  bool recorded_only_ = false;
  bool optimize_tir_ = true;
  std::unordered_set<const Var*> annotation_checks_;
  std::unordered_set<const Function*> return_checks_;
  Value Eval(const Ref<Expr>& e, Environment& env);
  Value EvalSeq(const SeqExpr& seq, Environment& env);
  void EvalBinding(const Binding& b, Environment& env);
  Value EvalIf(const If& e, Environment& env);
  Value EvalCall(const Call& call, Environment& env);
  Value EvalOpCall(const Call& call, const Op& op, Environment& env);
  Value EvalGlobal(const std::string& name);
  /// R.call_tir, R.call_tir_inplace, R.call_dps_packed (§5.9, dps_call.cc).
  Value EvalDpsCall(const Call& call, const Op& op, Environment& env);
  // tir.eval.direct-call: cls.f(args...) of a PrimFunc, in the lowered form.
  Value EvalPrimFuncCall(const Call& call, Environment& env);
  // The same three on evaluated arguments (an R.call_tir's PrimFunc argument a null value), as
  // compiled code calls them (host_runtime.cc); `env` gives the shape variables of sinfo_args.
  Value ApplyOpCall(const Call& call, const Op& op, std::vector<Value> args, Environment& env);
  Value ApplyDpsCall(const Call& call, const Op& op, std::vector<Value> args, Environment& env);
  Value ApplyPrimFuncCall(const Call& call, const std::vector<Value>& args);
  friend struct HostAccess;
  /// What runs the PrimFunc that `gvar` names (compiled on first use).
  const PrimFuncRunner& PrimFuncProgram(const Expr& gvar);
  Value LookupPacked(const std::string& symbol);

  /// eval.call.closure with the boundary checks of eval.call.boundary.
  Value CallClosure(const Value& callee, std::vector<Value> args, Span call_site);
  /// eval.call.packed; `result_sinfo` (sinfo_args) is checked in `env` when given.
  Value CallPacked(const PackedFunc& f, const std::vector<Value>& args,
                   const StructInfo* result_sinfo, const Environment* env);
  /// eval.call.boundary: the bounds of the shape variables of f's signature.
  void CheckBounds(const Function& f, const Environment& env);
  void Step();
  /// eval.limit.depth: the C++ stack has room for one more level of evaluation.
  void CheckStack() const;

  /// Calls compiled function `function` of host_ (host_runtime.cc); throws its trap.
  Value RunCompiled(int32_t function, const Value* closure, const std::vector<Value>& args);

  Ref<IRModule> module_;
  std::shared_ptr<const runtime::HostProgram> host_;
  runtime::HostState* host_state_ = nullptr;  // the compiled run in progress
  std::vector<Value> host_leaves_;  // by site: the constant leaves evaluated (host_runtime.cc)
  Limits limits_;
  Allocator allocator_;
  std::ostream* out_;
  const PackedRegistry* registry_;
  std::function<void(const Binding&, const Value&, const Environment&)> on_binding_;
  PackedRegistry builtins_;
  std::unordered_map<std::string, Value> globals_;
  std::unordered_map<std::string, PrimFuncRunner> prim_funcs_;
  std::function<PrimFuncRunner(const Ref<tir::PrimFunc>&, const std::string&)> compile_prim_func_;
  /// Per function: its signature's shape variables with declared bounds.
  std::unordered_map<const Function*, std::vector<std::pair<const PrimExpr*, ShapeVarBound>>> bounds_;
  int depth_ = 0;
  int64_t steps_ = 0;
  int64_t work_ = 0;
  const char* stack_guard_ = nullptr;
  std::chrono::steady_clock::time_point deadline_;
};

}  // namespace rlx::interp
