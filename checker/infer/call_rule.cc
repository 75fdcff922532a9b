// Struct info of calls (spec §3.2 sinfo.derive.call-*, §2.6 sinfo.check.call-arg): op calls
// through the op rules, calls of functions by binding their signature variables, packed
// calls through sinfo_args; and the purity rules that apply at a call.
#include "checker/infer/inferrer.h"
#include "checker/ops/op_call.h"
#include "ir/op_table.h"
#include "ir/text/printer.h"

namespace rlx::checker {
namespace {

constexpr const char* kDeriveBySInfoArgs = "tvm.relax.struct_info.infer_by_sinfo_args";

std::string CalleeName(const Call& call) {
  if (auto g = As<GlobalVar>(call.op)) return "'" + g->name + "'";
  if (auto v = As<Var>(call.op)) return "'" + v->name + "'";
  if (auto x = As<ExternFunc>(call.op)) return "extern function \"" + x->symbol + "\"";
  return "the callee";
}

}  // namespace

Ref<StructInfo> FunctionInferrer::DeriveCall(const Call& call) {
  std::vector<Ref<StructInfo>> args;
  bool poisoned = false;
  for (const auto& a : call.args) {
    args.push_back(DeriveExpr(a));
    poisoned |= !args.back();
  }
  for (const auto& s : call.sinfo_args) CheckShapeVarsOf(s, call.span);
  if (auto op = As<Op>(call.op)) return DeriveOpCall(call, *op->info, std::move(args));
  Ref<StructInfo> callee = DeriveExpr(call.op);
  if (!callee) return nullptr;
  auto f = As<FuncStructInfo>(callee);
  if (!f) {                                                                  // sinfo.derive.call-callee
    state_.Error(ErrorCode::kNotAFunction, call.span,
                 CalleeName(call) + " is called but is not a function: its struct info is " +
                     text::PrintStructInfo(callee));
    return nullptr;
  }
  if (!f->pure) CheckPurity(call, CalleeName(call));                         // wf.purity.call
  if (poisoned) return nullptr;
  return DeriveFunctionCall(call, callee, args);
}

Ref<StructInfo> FunctionInferrer::DeriveOpCall(const Call& call, const OpInfo& op,
                                               std::vector<Ref<StructInfo>> args) {
  if (!op.pure) CheckPurity(call, "R." + op.name);                          // wf.purity.call
  OpArgs matched = MatchOpArgs(op, call);
  if (!matched.error.empty()) return nullptr;  // wf.op.signature reported it
  OpCall oc(call, op, std::move(matched), std::move(args), state_);
  if (oc.poisoned()) return nullptr;
  return GetOpRule(op.id)(oc);  // sinfo.derive.op (every op has a rule: op_registry.cc)
}

Ref<StructInfo> FunctionInferrer::DeriveFunctionCall(const Call& call, const Ref<StructInfo>& callee,
                                                     const std::vector<Ref<StructInfo>>& args) {
  const auto& f = static_cast<const FuncStructInfo&>(*callee);
  if (!f.params) {                                                           // sinfo.derive-func
    if (f.derive_func == kDeriveBySInfoArgs) {
      if (call.sinfo_args.empty()) return ObjectStructInfo::Make();
      if (call.sinfo_args.size() == 1) return call.sinfo_args[0];
      return TupleStructInfo::Make(call.sinfo_args);
    }
    if (!f.derive_func.empty()) return ObjectStructInfo::Make();
    return f.ret ? f.ret : ObjectStructInfo::Make();
  }
  const auto& params = *f.params;
  if (params.size() != args.size()) {                                        // sinfo.derive.call-arity
    state_.Error(ErrorCode::kArityMismatch, call.span,
                 CalleeName(call) + " takes " + std::to_string(params.size()) + " argument" +
                     (params.size() == 1 ? "" : "s") + ", got " + std::to_string(args.size()));
    return nullptr;
  }
  // sinfo.check.call-arg: bind the callee's signature variables over all parameters first,
  // then check each argument against its parameter.
  std::vector<Ref<PrimExpr>> positions;
  for (const auto& p : params) BindingPositions(p, &positions);
  std::unordered_set<const PrimExpr*> bindable;
  for (const auto& v : positions) {
    if (!state_.ShapeVarInScope(v.get())) bindable.insert(v.get());
  }
  ShapeVarMap theta;
  for (size_t i = 0; i < params.size(); ++i) BindShapeVars(params[i], args[i], state_.Lookup(), bindable, &theta);
  bool failed = false;
  for (size_t i = 0; i < params.size(); ++i) {
    Ref<StructInfo> want = Substitute(params[i], theta);
    BaseCheckResult r = BaseCheck(want, args[i], state_.proofs(), state_.Lookup());
    if (r.level == Level::kFailL0 || r.level == Level::kFailL1) {
      auto& d = state_.Error(ErrorCode::kArgumentMismatch, call.span,
                             "argument " + std::to_string(i) + " of the call to " + CalleeName(call) + " is " +
                                 text::PrintStructInfo(args[i]) + " but the parameter is " +
                                 text::PrintStructInfo(want) + " (" + r.why + ")");
      state_.NoteCounterexample(d, r.evidence, call.span);
      failed = true;
    } else if (r.level == Level::kFailL2) {
      RecordCheck(RuntimeCheck::Kind::kCallArg, "sinfo.check.call-arg", call.span, nullptr, nullptr, want,
                  "argument " + std::to_string(i) + " is checked at the callee's boundary (" + r.why + ")");
    }
  }
  if (failed) return nullptr;
  CheckBounds(call, theta);
  return state_.EraseToScope(f.ret ? f.ret : ObjectStructInfo::Make(), theta);  // sinfo.erase.subst
}

// sinfo.bound.check: the callee's bounds on the values its signature variables take here.
void FunctionInferrer::CheckBounds(const Call& call, const ShapeVarMap& theta) {
  for (const auto& [var, value] : theta) {
    const ShapeVarBound* b = module_.BoundOf(var);
    if (!b || !value || value->dtype != DataType::kInt64) continue;
    for (int side = 0; side < 2; ++side) {
      const auto& limit = side == 0 ? b->lower : b->upper;
      if (!limit) continue;
      Ref<PrimExpr> cond = PrimExpr::Binary(side == 0 ? PrimKind::kGE : PrimKind::kLE, value, PrimExpr::Int(*limit));
      std::string what = "shape variable '" + var->name + "' = " + text::PrintPrimExpr(value) + " must be " +
                         (side == 0 ? ">= " : "<= ") + std::to_string(*limit);
      prover::ProofResult r = state_.proofs().Prove(cond);
      if (r.answer == prover::Answer::kProven) continue;
      if (state_.proofs().Proves(PrimExpr::Not(cond))) {
        state_.Error(ErrorCode::kBoundViolated, call.span, "the call to " + CalleeName(call) + " breaks a bound: " + what);
        continue;
      }
      RuntimeCheck c;
      c.kind = RuntimeCheck::Kind::kBound;
      c.rule = "sinfo.bound.check";
      c.span = state_.Where(call.span);
      c.condition = cond;
      c.message = what + " (checked at the call)";
      state_.AddRuntimeCheck(std::move(c));
    }
  }
}

// wf.purity.dataflow, wf.purity.function
void FunctionInferrer::CheckPurity(const Call& call, const std::string& callee) {
  const PurityFrame& frame = purity_.back();
  if (frame.in_dataflow) {
    state_.Error(ErrorCode::kImpureInDataflow, call.span,
                 "the call to " + callee + " is impure and cannot appear in a dataflow block");
  } else if (frame.pure_required) {
    state_.Error(ErrorCode::kImpureInPureFunction, call.span,
                 "the call to " + callee +
                     " is impure but the function is pure; use R.call_pure_packed for a packed function "
                     "without side effects, declare the function with pure=False, or set relax.force_pure");
  }
}

}  // namespace rlx::checker
