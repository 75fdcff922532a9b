#include "interpreter/runtime_names.h"
#include "interpreter/evaluator.h"
#include "interpreter/builtins.h"

#include <climits>
#include <iostream>


#include "interpreter/kernels/element_types.h"
#include "interpreter/kernels/op_invocation.h"
#include "interpreter/match.h"
#include "ir/base/check.h"
#include "ir/op_table.h"

namespace rlx::interp {
namespace {

// The variables of PrimExprs in a struct info, in order of first appearance.
void CollectVars(const Ref<PrimExpr>& e, std::vector<const PrimExpr*>& out) {
  if (!e) return;
  if (e->is_var()) {
    for (const PrimExpr* v : out) {
      if (v == e.get()) return;
    }
    out.push_back(e.get());
    return;
  }
  for (int i = 0; i < e->arity(); ++i) CollectVars(e->operands[i], out);
}

void CollectVars(const Ref<StructInfo>& s, std::vector<const PrimExpr*>& out) {
  if (!s) return;
  if (auto t = As<TensorStructInfo>(s)) {
    if (const auto* dims = t->dims()) {
      for (const auto& d : *dims) CollectVars(d, out);
    }
  } else if (auto sh = As<ShapeStructInfo>(s)) {
    if (sh->values) {
      for (const auto& d : *sh->values) CollectVars(d, out);
    }
  } else if (auto p = As<PrimStructInfo>(s)) {
    CollectVars(p->value, out);
  } else if (auto tu = As<TupleStructInfo>(s)) {
    for (const auto& f : tu->fields) CollectVars(f, out);
  }
}


}  // namespace

// The struct info a packed call's result must have: its sinfo_args (several: their Tuple).
Ref<StructInfo> PackedResultSInfo(const Call& call) {
  if (call.sinfo_args.empty()) return nullptr;
  if (call.sinfo_args.size() == 1) return call.sinfo_args[0];
  return TupleStructInfo::Make(call.sinfo_args);
}

void SetBindingSpan(Trap& t, const Binding& b) {
  if (t.span_set) return;
  t.span = b.span.known() ? b.span : b.value->span;
  t.span_set = true;
}

// The elements of the tensors among `values` and their tuples' fields (saturating).
int64_t TensorElements(const std::vector<Value>& values) {
  int64_t n = 0;
  bool flat = true;  // no tuple: no walk (the common case, without an allocation)
  for (const Value& v : values) {
    if (v.is_tuple()) flat = false;
    if (flat && v.is_tensor() && __builtin_add_overflow(n, v.tensor()->num_elements(), &n)) return INT64_MAX;
  }
  if (flat) return n;
  n = 0;
  std::vector<const Value*> todo;
  for (const Value& v : values) todo.push_back(&v);
  while (!todo.empty()) {
    const Value* v = todo.back();
    todo.pop_back();
    if (v->is_tensor()) {
      if (__builtin_add_overflow(n, v->tensor()->num_elements(), &n)) return INT64_MAX;
    } else if (v->is_tuple()) {
      for (const Value& f : v->tuple()) todo.push_back(&f);
    }
  }
  return n;
}

Evaluator::Evaluator(Ref<IRModule> module, const InterpreterOptions& options)
    : module_(std::move(module)),
      limits_(options.limits),
      allocator_(options.limits),
      out_(options.out ? options.out : &std::cout),
      registry_(options.registry),
      on_binding_(options.on_binding) {
  optimize_tir_ = options.optimize_tir;
  compile_prim_func_ = options.compile_prim_func;
  host_ = options.host;
  if (!registry_) {
    builtins_ = BuiltinRegistry();
    registry_ = &builtins_;
  }
  if (options.recorded_checks) {
    recorded_only_ = true;
    for (const RuntimeCheck& c : *options.recorded_checks) {
      if (c.kind == RuntimeCheck::Kind::kAnnotation && c.var) annotation_checks_.insert(c.var);
      if (c.kind == RuntimeCheck::Kind::kReturn && c.function) return_checks_.insert(c.function);
    }
  }
}

void Evaluator::Step() {
  // eval.limit.steps
  if (++steps_ > limits_.max_steps) {
    Fail(ErrorCode::kTooManySteps,
         "evaluation took more than " + std::to_string(limits_.max_steps) + " steps");
  }
  // eval.limit.work: a binding's own cost, whatever it computes (so that a program of many
  // small bindings is bounded in time as one of a few large ops is).
  ChargeWork(kBindingWork);
}

void Evaluator::ChargeWork(int64_t elements) {
  // eval.limit.work: counted before the work is done, so one huge op never starts.
  if (elements < 0 || __builtin_add_overflow(work_, elements, &work_) || work_ > limits_.max_work) {
    work_ = limits_.max_work;
    Fail(ErrorCode::kTooMuchWork, "the evaluation needs more than " +
                                      std::to_string(limits_.max_work) +
                                      " operations of work (bindings and op elements)");
  }
  CheckTimeConcurrently();
}

void Evaluator::CheckTimeConcurrently() const {
  // eval.limit.time: only when the embedder set one (the other limits are deterministic). Reads
  // only what RunEntry set, so the threads of a compiled parallel region may call it at once.
  if (limits_.max_seconds > 0 && std::chrono::steady_clock::now() > deadline_) {
    Fail(ErrorCode::kTimeLimit,
         "evaluation ran longer than " + std::to_string(limits_.max_seconds) + " s");
  }
}

void Evaluator::CheckStack() const {
  // eval.limit.depth: nesting that the evaluation thread's stack cannot hold is exhausted like
  // calls nested too deep (the thread's stack is sized for max_call_depth plain calls).
  if (stack_guard_ && static_cast<const char*>(__builtin_frame_address(0)) < stack_guard_) {
    Fail(ErrorCode::kCallTooDeep,
         "the evaluation nests deeper than the interpreter's stack holds (at call depth " +
             std::to_string(depth_) + ")");
  }
}

Value Evaluator::RunEntry(const std::string& entry, std::vector<Value> args) {
  // eval.entry; the limits count per invocation.
  steps_ = 0;
  work_ = 0;
  if (limits_.max_seconds > 0) {
    const int64_t cap = 1'000'000'000;  // about 31 years: the clock's nanoseconds stay in int64
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::seconds(limits_.max_seconds < cap ? limits_.max_seconds : cap);
  }
  Ref<Function> f = module_->FindFunction(entry);
  if (!f) Fail(ErrorCode::kBadEntry, "the module has no function '" + entry + "'");
  if (args.size() != f->params.size()) {
    Fail(ErrorCode::kBadEntry, "'" + entry + "' takes " + std::to_string(f->params.size()) +
                                   " arguments, got " + std::to_string(args.size()));
  }
  Value callee = EvalGlobal(entry);
  if (host_) {
    auto it = host_->globals.find(entry);
    if (it != host_->globals.end()) return RunCompiled(it->second, nullptr, args);
  }
  return CallClosure(callee, std::move(args), Span{});
}

Value Evaluator::Invoke(const Value& callee, std::vector<Value> args) {
  if (callee.kind() == ValueKind::kClosure) {
    if (host_) {
      auto it = host_->by_function.find(callee.closure()->function.get());
      if (it != host_->by_function.end()) return RunCompiled(it->second, &callee, args);
    }
    return CallClosure(callee, std::move(args), Span{});
  }
  if (callee.kind() == ValueKind::kPacked) return CallPacked(*callee.packed(), args, nullptr, nullptr);
  Fail(ErrorCode::kInvalidValue, std::string("cannot call a ") + ValueKindName(callee.kind()));
}

Value Evaluator::Eval(const Ref<Expr>& e, Environment& env) {
  CheckStack();
  switch (e->kind) {
    case ExprKind::kConstant:
      // eval.constant: every evaluation gives a fresh tensor.
      return Value::FromTensor(allocator_.Copy(*AsPtr<Constant>(e.get())->data));
    case ExprKind::kVar:
    case ExprKind::kDataflowVar: {
      // eval.var
      auto it = env.vars.find(AsPtr<Var>(e.get()));
      if (it == env.vars.end()) {
        Fail(ErrorCode::kInvalidValue, "variable '" + AsPtr<Var>(e.get())->name +
                                           "' has no value (was the module checked?)");
      }
      return it->second;
    }
    case ExprKind::kGlobalVar:
      // eval.global-var
      return EvalGlobal(AsPtr<GlobalVar>(e.get())->name);
    case ExprKind::kTuple: {
      // eval.tuple: fields left to right (eval.order)
      std::vector<Value> fields;
      for (const auto& f : AsPtr<Tuple>(e.get())->fields) fields.push_back(Eval(f, env));
      return Value::FromTuple(std::move(fields));
    }
    case ExprKind::kTupleGetItem: {
      // eval.tuple-get-item
      const auto* g = AsPtr<TupleGetItem>(e.get());
      Value t = Eval(g->tuple, env);
      if (!t.is_tuple() || g->index < 0 || static_cast<size_t>(g->index) >= t.tuple().size()) {
        Fail(ErrorCode::kInvalidValue, "field " + std::to_string(g->index) + " of " + DescribeValue(t));
      }
      return t.tuple()[g->index];
    }
    case ExprKind::kShapeExpr: {
      // eval.shape-expr
      std::vector<int64_t> dims;
      for (const auto& v : AsPtr<ShapeExpr>(e.get())->values) dims.push_back(EvalShapeDim(*v, env));
      return Value::FromShape(std::move(dims));
    }
    case ExprKind::kPrimValue:
      // eval.prim-value
      return Value::FromPrim(EvalPrimScalar(*AsPtr<PrimValue>(e.get())->value, env));
    case ExprKind::kStringImm:
      // eval.string
      return Value::FromString(AsPtr<StringImm>(e.get())->value);
    case ExprKind::kDataTypeImm:
      // eval.dtype
      return Value::FromDType(AsPtr<DataTypeImm>(e.get())->value);
    case ExprKind::kPrimFunc:
      // A PrimFunc is a module member, never an expression of a function body (the parser and
      // the builder put it nowhere else).
      RLX_UNREACHABLE("a PrimFunc evaluated as a Relax expression");
    case ExprKind::kFunction: {
      // eval.function: the closure captures the values in scope (capturing more than the free
      // variables is not observable).
      auto c = std::make_shared<Closure>();
      c->function = std::static_pointer_cast<const Function>(e);
      c->name = "<local function>";
      c->captured = env;
      return Value::FromClosure(std::move(c));
    }
    case ExprKind::kIf:
      return EvalIf(*AsPtr<If>(e.get()), env);
    case ExprKind::kCall:
      return EvalCall(*AsPtr<Call>(e.get()), env);
    case ExprKind::kSeqExpr:
      return EvalSeq(*AsPtr<SeqExpr>(e.get()), env);
    case ExprKind::kOp:
      Fail(ErrorCode::kInvalidValue, "R." + AsPtr<Op>(e.get())->info->name + " is not a value");
    case ExprKind::kExternFunc:
      // eval.extern
      return LookupPacked(AsPtr<ExternFunc>(e.get())->symbol);
  }
  Fail(ErrorCode::kInvalidValue, "unknown expression kind");
}

Value Evaluator::EvalGlobal(const std::string& name) {
  auto it = globals_.find(name);
  if (it != globals_.end()) return it->second;
  const GlobalDef* def = module_->Find(name);
  if (!def) Fail(ErrorCode::kInvalidValue, "no global '" + name + "'");
  Value v;
  if (auto f = As<Function>(def->value)) {
    auto c = std::make_shared<Closure>();
    c->function = f;
    c->name = name;
    v = Value::FromClosure(std::move(c));
  } else if (auto ext = As<ExternFunc>(def->value)) {
    v = LookupPacked(ext->symbol);
  } else {
    Fail(ErrorCode::kInvalidValue, "global '" + name + "' is not a function");
  }
  globals_[name] = v;
  return v;
}

Value Evaluator::LookupPacked(const std::string& symbol) {
  // eval.extern, eval.packed.unknown
  auto f = registry_->Find(symbol);
  if (!f) Fail(ErrorCode::kUnknownPackedFunc, "no packed function is registered as '" + symbol + "'");
  return Value::FromPacked(f);
}

Value Evaluator::EvalSeq(const SeqExpr& seq, Environment& env) {
  // eval.seq: the shape variables bound here end with the SeqExpr, as its variables do. Only a
  // MatchCast binds one, so the outer map is saved only when the SeqExpr has a MatchCast.
  bool binds_shape_vars = false;
  for (const BindingBlock& block : seq.blocks) {
    for (const Binding& b : block.bindings) binds_shape_vars |= b.is_match_cast();
  }
  std::unordered_map<const PrimExpr*, int64_t> outer_shape_vars;
  if (binds_shape_vars) outer_shape_vars = env.shape_vars;
  for (const BindingBlock& block : seq.blocks) {
    for (const Binding& b : block.bindings) EvalBinding(b, env);
    if (block.is_dataflow) {
      // eval.dataflow: the block's dataflow variables end with it.
      for (const Binding& b : block.bindings) {
        if (b.var->is_dataflow()) env.vars.erase(b.var.get());
      }
    }
  }
  Value result = Eval(seq.body, env);
  for (const BindingBlock& block : seq.blocks) {
    for (const Binding& b : block.bindings) env.vars.erase(b.var.get());
  }
  if (binds_shape_vars && env.shape_vars.size() != outer_shape_vars.size()) {
    env.shape_vars = std::move(outer_shape_vars);
  }
  return result;
}

void Evaluator::EvalBinding(const Binding& b, Environment& env) {
  try {
    Step();
    Value v = Eval(b.value, env);
    if (b.is_match_cast()) {
      // eval.match-cast
      std::string why = MatchStructInfo(v, *b.match_sinfo, env);
      if (!why.empty()) {
        Fail(ErrorCode::kMatchCastFailed, "match_cast of '" + b.var->name + "' to " +
                                              DescribeSInfo(*b.match_sinfo) + " failed: " + why);
      }
    } else if (b.var->annotation && (!recorded_only_ || annotation_checks_.count(b.var.get()))) {
      // eval.binding.annotation (eval.runtime-check: with recorded checks only, a proven one is skipped)
      std::string why = MatchStructInfo(v, *b.var->annotation, env);
      if (!why.empty()) {
        Fail(ErrorCode::kAnnotationFailed, "the value bound to '" + b.var->name +
                                                 "' does not match its annotation " +
                                                 DescribeSInfo(*b.var->annotation) + ": " + why);
      }
    }
    if (v.kind() == ValueKind::kClosure && b.value->kind == ExprKind::kFunction) {
      // eval.closure.recursive: a local function sees itself under its variable's name.
      auto c = std::make_shared<Closure>(*v.closure());
      c->self = b.var.get();
      c->name = b.var->name;
      v = Value::FromClosure(std::move(c));
    }
    // eval.binding.var: bind by aliasing.
    Value& bound = env.vars[b.var.get()];
    bound = std::move(v);
    if (on_binding_) on_binding_(b, bound, env);
  } catch (Trap& t) {
    SetBindingSpan(t, b);
    throw;
  }
}

Value Evaluator::EvalIf(const If& e, Environment& env) {
  // eval.if
  Value c = Eval(e.cond, env);
  std::optional<bool> cond = AsBoolScalar(c);
  if (!cond) {
    // eval.if.cond
    Fail(ErrorCode::kIfConditionValue,
         "an If condition must be a bool scalar, got " + DescribeValue(c));
  }
  return Eval(*cond ? e.true_branch : e.false_branch, env);
}

Value Evaluator::EvalCall(const Call& call, Environment& env) {
  if (const auto* op = AsPtr<Op>(call.op.get())) return EvalOpCall(call, *op, env);
  if (const auto* g = AsPtr<GlobalVar>(call.op.get())) {
    const GlobalDef* def = module_->Find(g->name);
    if (def && As<tir::PrimFunc>(def->value)) return EvalPrimFuncCall(call, env);
  }
  // eval.order: the callee first, then the arguments left to right.
  Value callee = Eval(call.op, env);
  std::vector<Value> args;
  args.reserve(call.args.size());
  for (const auto& a : call.args) args.push_back(Eval(a, env));
  if (callee.kind() == ValueKind::kClosure) return CallClosure(callee, std::move(args), call.span);
  if (callee.kind() == ValueKind::kPacked) {
    Ref<StructInfo> ret = PackedResultSInfo(call);
    return CallPacked(*callee.packed(), args, ret.get(), &env);
  }
  Fail(ErrorCode::kInvalidValue, "cannot call " + DescribeValue(callee));
}

Value Evaluator::EvalOpCall(const Call& call, const Op& op, Environment& env) {
  // eval.call.op: arguments left to right, then the op's semantics (chapter 5).
  switch (op.info->id) {
    case OpId::kCallTir:
    case OpId::kCallTirInplace:
    case OpId::kCallDpsPacked: return EvalDpsCall(call, op, env);
    default: break;
  }
  std::vector<Value> args;
  args.reserve(call.args.size());
  for (const auto& a : call.args) args.push_back(Eval(a, env));
  return ApplyOpCall(call, op, std::move(args), env);
}

Value Evaluator::ApplyOpCall(const Call& call, const Op& op, std::vector<Value> args, Environment& env) {
  switch (op.info->id) {
    case OpId::kCallTir:
    case OpId::kCallTirInplace:
    case OpId::kCallDpsPacked: return ApplyDpsCall(call, op, std::move(args), env);
    default: break;
  }
  if (op.info->id == OpId::kCallPurePacked) {
    if (args.empty() || args[0].kind() != ValueKind::kPacked) {
      Fail(ErrorCode::kInvalidValue, "R.call_pure_packed needs a packed function");
    }
    std::vector<Value> rest(args.begin() + 1, args.end());
    Ref<StructInfo> ret = PackedResultSInfo(call);
    return CallPacked(*args[0].packed(), rest, ret.get(), &env);
  }
  // eval.limit.work: an op's operands and result count one operation per element.
  ChargeWork(TensorElements(args));
  OpInvocation inv(*op.info, call, std::move(args), *this);
  Value result = GetOpKernel(op.info->id)(inv);
  ChargeWork(TensorElements({result}));
  return result;
}

Value Evaluator::CallClosure(const Value& callee, std::vector<Value> args, Span call_site) {
  const Closure& c = *callee.closure();
  const Function& f = *c.function;
  // eval.limit.depth
  if (depth_ >= limits_.max_call_depth) {
    Fail(ErrorCode::kCallTooDeep,
         "calls nested deeper than " + std::to_string(limits_.max_call_depth));
  }
  ++depth_;
  try {
    // eval.call.closure: the captured values, the function itself, then the parameters.
    Environment env = c.captured;
    if (c.self) env.vars[c.self] = callee;
    if (args.size() != f.params.size()) {
      Fail(ErrorCode::kArgumentFailed, "'" + c.name + "' takes " +
                                             std::to_string(f.params.size()) + " arguments, got " +
                                             std::to_string(args.size()));
    }
    // eval.call.param: the arguments are matched as one tuple, pass by pass, so a parameter
    // may use shape variables that a later parameter binds.
    for (MatchPass pass : {MatchPass::kStructure, MatchPass::kBind, MatchPass::kValues}) {
      for (size_t i = 0; i < args.size(); ++i) {
        const Var& p = *f.params[i];
        if (!p.annotation) continue;
        std::string why = MatchOnePass(args[i], *p.annotation, env, pass);
        if (!why.empty()) {
          Trap t(ErrorCode::kArgumentFailed, "argument " + std::to_string(i) + " ('" + p.name +
                                                 "') of '" + c.name + "' does not match " +
                                                 DescribeSInfo(*p.annotation) + ": " + why);
          if (!call_site.known()) {  // the entry: point at the parameter
            t.span = p.span.known() ? p.span : f.span;
            t.span_set = true;
          }
          throw t;
        }
      }
      if (pass == MatchPass::kBind) {
        for (size_t i = 0; i < args.size(); ++i) env.vars[f.params[i].get()] = args[i];
      }
    }
    try {
      CheckBounds(f, env);
    } catch (Trap& t) {
        if (!call_site.known() && !t.span_set) {
        t.span = f.span;  // at the entry there is no calling binding: point at the function
        t.span_set = true;
      }
      throw;
    }
    Value result = Eval(f.body, env);
    if (f.ret_sinfo && (!recorded_only_ || return_checks_.count(&f))) {
      std::string why = MatchStructInfo(result, *f.ret_sinfo, env);
      if (!why.empty()) {
        Trap t(ErrorCode::kReturnFailed, "the result of '" + c.name + "' does not match " +
                                               DescribeSInfo(*f.ret_sinfo) + ": " + why);
        t.span = f.ret_sinfo->span.known() ? f.ret_sinfo->span : f.span;
        t.span_set = true;
        throw t;
      }
    }
    --depth_;
    return result;
  } catch (Trap& t) {
    --depth_;
    t.stack.push_back({c.name, call_site});
    throw;
  }
}

void Evaluator::CheckBounds(const Function& f, const Environment& env) {
  auto it = bounds_.find(&f);
  if (it == bounds_.end()) {
    std::vector<const PrimExpr*> vars;
    for (const auto& p : f.params) CollectVars(p->annotation, vars);
    std::vector<std::pair<const PrimExpr*, ShapeVarBound>> with_bounds;
    for (const PrimExpr* v : vars) {
      ShapeVarBound b = GetShapeVarBound(f, v->name);
      if (b.lower || b.upper) with_bounds.emplace_back(v, b);
    }
    it = bounds_.emplace(&f, std::move(with_bounds)).first;
  }
  for (const auto& [var, bound] : it->second) {
    auto v = env.shape_vars.find(var);
    if (v == env.shape_vars.end()) continue;
    // eval.bound
    if ((bound.lower && v->second < *bound.lower) || (bound.upper && v->second > *bound.upper)) {
      Fail(ErrorCode::kBoundFailed,
           "shape variable " + var->name + " = " + std::to_string(v->second) + " is outside [" +
               (bound.lower ? std::to_string(*bound.lower) : std::string("0")) + ", " +
               (bound.upper ? std::to_string(*bound.upper) : std::string("inf")) + "]");
    }
  }
}

Value Evaluator::CallPacked(const PackedFunc& f, const std::vector<Value>& args,
                            const StructInfo* result_sinfo, const Environment* env) {
  // eval.call.packed
  Value result;
  try {
    result = f.body(*this, args);
  } catch (const Trap&) {
    throw;
  } catch (const std::exception& e) {
    Fail(ErrorCode::kPackedFuncFailed, "packed function '" + f.name + "' failed: " + e.what());
  }
  if (result_sinfo) {
    // The caller's shape variables give the expected extents; a copy so nothing new is bound.
    Environment scratch = env ? *env : Environment{};
    std::string why = MatchStructInfo(result, *result_sinfo, scratch);
    if (!why.empty()) {
      Fail(ErrorCode::kPackedFuncFailed, "packed function '" + f.name + "' returned a value that does not match " +
                                             DescribeSInfo(*result_sinfo) + ": " + why);
    }
  }
  return result;
}

}  // namespace rlx::interp
