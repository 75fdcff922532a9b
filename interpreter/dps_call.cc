// The destination-passing calls (spec §5.9): R.call_tir, R.call_tir_inplace and
// R.call_dps_packed allocate their outputs from out_sinfo, call the PrimFunc (run by the TIR
// interpreter, §7.5) or the packed function with the arguments and the outputs, and return the
// outputs.
#include "interpreter/evaluator.h"
#include "interpreter/kernels/op_invocation.h"
#include "interpreter/match.h"
#include "runtime/host_program.h"

namespace rlx::interp {
namespace {

// The outputs out_sinfo describes: one tensor, or the fields of a tuple (op.call_tir.c3).
std::vector<const TensorStructInfo*> Outputs(const Call& call, bool* is_tuple) {
  std::vector<const TensorStructInfo*> out;
  *is_tuple = false;
  if (call.sinfo_args.size() != 1) return out;
  std::vector<Ref<StructInfo>> fields = {call.sinfo_args[0]};
  if (auto t = As<TupleStructInfo>(call.sinfo_args[0])) {
    fields = t->fields;
    *is_tuple = true;
  }
  for (const auto& f : fields) out.push_back(As<TensorStructInfo>(f).get());
  return out;
}

}  // namespace

const PrimFuncRunner& Evaluator::PrimFuncProgram(const Expr& gvar) {
  const auto* g = AsPtr<GlobalVar>(&gvar);
  if (g) {
    auto it = prim_funcs_.find(g->name);
    if (it != prim_funcs_.end()) return it->second;
  }
  const GlobalDef* def = g ? module_->Find(g->name) : nullptr;
  auto f = def ? As<tir::PrimFunc>(def->value) : nullptr;
  if (!f) Fail(ErrorCode::kInvalidValue, "R.call_tir needs a PrimFunc of the module (op.call_tir.c1)");
  // The kernel compiled with the program's functions (codegen.cpu.host), else one compiled
  // alone (codegen.cpu.kernel), else the TIR interpreter.
  PrimFuncRunner run;
  if (host_) {
    auto k = host_->kernels.find(g->name);
    if (k != host_->kernels.end()) run = k->second;
  }
  if (!run && compile_prim_func_) run = compile_prim_func_(f, g->name);
  if (!run) {
    std::shared_ptr<const tir_eval::TirProgram> program = tir_eval::TirProgram::Compile(*f, g->name, optimize_tir_);
    run = [program](CallContext& ctx, const std::vector<Value>& args) { program->Run(ctx, args); };
  }
  return prim_funcs_.emplace(g->name, std::move(run)).first->second;
}

// tir.eval.direct-call
Value Evaluator::EvalPrimFuncCall(const Call& call, Environment& env) {
  std::vector<Value> values;
  for (const auto& a : call.args) values.push_back(Eval(a, env));  // eval.order
  return ApplyPrimFuncCall(call, values);
}

bool ExpandShapeArgs(const std::vector<Value>& values, std::vector<Value>* expanded) {
  bool has_shape = false;
  for (const Value& v : values) has_shape = has_shape || v.is_shape();
  if (!has_shape) return false;
  expanded->clear();
  for (const Value& v : values) {
    if (!v.is_shape()) {
      expanded->push_back(v);
      continue;
    }
    for (int64_t d : v.shape()) expanded->push_back(Value::FromPrim(PrimScalar::Int(d)));  // its extents
  }
  return true;
}

Value Evaluator::ApplyPrimFuncCall(const Call& call, const std::vector<Value>& values) {
  std::vector<Value> expanded;
  const std::vector<Value>& args = ExpandShapeArgs(values, &expanded) ? expanded : values;
  ChargeWork(TensorElements(args));
  const std::string& name = AsPtr<GlobalVar>(call.op.get())->name;
  try {
    PrimFuncProgram(*call.op)(*this, args);
  } catch (Trap& t) {
    t.stack.push_back({name, call.span});
    throw;
  }
  return Value::FromTuple({});
}

// tir.eval.call
Value Evaluator::EvalDpsCall(const Call& call, const Op& op, Environment& env) {
  const bool packed = op.info->id == OpId::kCallDpsPacked;
  // eval.order: the arguments left to right. A PrimFunc is named, not evaluated (tir.func).
  std::vector<Value> args;
  for (size_t i = 0; i < call.args.size(); ++i) {
    args.push_back(i == 0 && !packed ? Value() : Eval(call.args[i], env));
  }
  return ApplyDpsCall(call, op, std::move(args), env);
}

Value Evaluator::ApplyDpsCall(const Call& call, const Op& op, std::vector<Value> args, Environment& env) {
  const bool packed = op.info->id == OpId::kCallDpsPacked;
  ChargeWork(TensorElements(args));
  OpInvocation inv(*op.info, call, std::move(args), *this);
  const Value& inputs = inv.Arg("args");
  if (!inputs.is_tuple()) inv.FailConstraint(2, "args must be a tuple of tensors");
  bool is_tuple = false;
  const std::vector<const TensorStructInfo*> outs = Outputs(call, &is_tuple);
  std::vector<int64_t> inplace(outs.size(), -1);
  if (op.info->id == OpId::kCallTirInplace) inplace = inv.attrs().IntList("inplace_indices").value_or(inplace);
  if (outs.empty() || inplace.size() != outs.size()) inv.FailConstraint(3, "out_sinfo does not describe the outputs");

  std::vector<Value> callee_args = inputs.tuple();
  std::vector<Value> results;
  for (size_t k = 0; k < outs.size(); ++k) {
    const TensorStructInfo* s = outs[k];
    if (!s || !s->dims()) inv.FailConstraint(3, "each output needs a tensor struct info with a shape");
    if (inplace[k] >= 0) {
      // op.call_tir_inplace.c5: the argument is the output; it must have the output's struct info.
      if (inplace[k] >= static_cast<int64_t>(callee_args.size())) inv.FailConstraint(5, "an in-place index is out of range");
      const Value& arg = callee_args[static_cast<size_t>(inplace[k])];
      std::string why = MatchStructInfo(arg, *s, env);
      if (!why.empty()) inv.FailConstraint(5, "argument " + std::to_string(inplace[k]) + " is not output " + std::to_string(k) + ": " + why);
      results.push_back(arg);
      continue;
    }
    std::vector<int64_t> shape;
    for (const auto& d : *s->dims()) {
      shape.push_back(EvalShapeDim(*d, env));
      // op.call_tir.c3: a negative extent is the call's constraint failing (as the op whose
      // lowering this may be would have failed its own).
      if (shape.back() < 0) inv.FailConstraint(3, "output " + std::to_string(k) + " has a negative extent");
    }
    // tir.eval.call: the outputs start zero-filled (deterministic where a PrimFunc leaves an
    // element unwritten).
    results.push_back(Value::FromTensor(allocator_.Alloc(s->dtype, shape)));
    callee_args.push_back(results.back());
  }
  if (inv.Has("tir_vars")) {
    const Value& vars = inv.Arg("tir_vars");
    if (!vars.is_shape()) inv.FailConstraint(4, "tir_vars must be a shape");
    for (int64_t v : vars.shape()) callee_args.push_back(Value::FromPrim(PrimScalar::Int(v)));
  }
  try {
    if (packed) {
      const Value& f = inv.Arg("func");
      if (f.kind() != ValueKind::kPacked) Fail(ErrorCode::kInvalidValue, "R.call_dps_packed needs a packed function");
      CallPacked(*f.packed(), callee_args, nullptr, nullptr);
    } else {
      PrimFuncProgram(*call.args[0])(*this, callee_args);
    }
  } catch (Trap& t) {
    const auto* g = AsPtr<GlobalVar>(call.args[0].get());
    const auto* ext = AsPtr<ExternFunc>(call.args[0].get());
    t.stack.push_back({g ? g->name : ext ? ext->symbol : std::string("packed function"), call.span});
    throw;
  }
  Value result = is_tuple ? Value::FromTuple(results) : results[0];
  ChargeWork(TensorElements({result}));
  return result;
}

}  // namespace rlx::interp
