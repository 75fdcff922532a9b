// The helpers that compiled Relax functions call (runtime/host_program.h): each site given the
// evaluator's meaning (spec codegen.cpu.host), on values held in the compiled frame's slots and
// shape variables held in its heap cells. A helper never throws into compiled code: a trap is
// recorded in the state and the helper returns 1.
#include <new>

#include "interpreter/evaluator.h"
#include "interpreter/kernels/op_invocation.h"
#include "interpreter/match.h"
#include "ir/tir/prim_func.h"
#include "runtime/host_program.h"

namespace rlx::runtime {

struct HostState {
  interp::Evaluator* ev = nullptr;
  const HostProgram* program = nullptr;
  std::optional<Trap> trap;
  std::vector<Value> scratch, expanded;  // a direct PrimFunc call's arguments
  RlxKernelCall kernel_call;               // the record of the kernel a direct call runs
  bool skip_frame = false;  // the last entry failed before the call began (its depth check)
};

}  // namespace rlx::runtime

namespace rlx::interp {

using runtime::HostFunctionInfo;
using runtime::RlxKernelArg;
using runtime::RlxKernelCall;
using runtime::HostProgram;
using runtime::HostSite;
using runtime::HostState;
using runtime::SiteKind;

// The evaluator's internals that the helpers use (a friend of Evaluator).
struct HostAccess {
  static const HostSite& Site(HostState* s, int64_t i) { return s->program->sites[static_cast<size_t>(i)]; }
  static const HostFunctionInfo& Function(HostState* s, int64_t i) { return s->program->functions[static_cast<size_t>(i)]; }

  // Runs `body`, recording a trap (with the binding's span when none is set) and returning 1.
  template <class F>
  static int32_t Guard(HostState* s, const Binding* binding, F&& body) {
    try {
      body();
      return 0;
    } catch (Trap& t) {
      if (binding) SetBindingSpan(t, *binding);
      s->trap = std::move(t);
    } catch (const std::bad_alloc&) {
      s->trap = Trap(ErrorCode::kMemoryExhausted, "out of memory");
    } catch (const std::exception& e) {
      s->trap = Trap(ErrorCode::kInvalidValue, std::string("internal error: ") + e.what());
    }
    return 1;
  }

  // The environment a site reads: its shape variables and variables by name.
  static Environment Env(const HostSite& site, const Value* frame, const int64_t* heap) {
    Environment env;
    for (const auto& [v, cell] : site.heap_in) env.shape_vars[v] = heap[cell];
    for (const auto& [v, slot] : site.vars_in) env.vars[v] = frame[slot];
    return env;
  }
  static void Store(const HostSite& site, const Environment& env, int64_t* heap) {
    for (const auto& [v, cell] : site.heap_out) {
      auto it = env.shape_vars.find(v);
      if (it != env.shape_vars.end()) heap[cell] = it->second;
    }
  }

  static std::vector<Value> Operands(const HostSite& site, const Value* frame, size_t from = 0) {
    std::vector<Value> args;
    for (size_t i = from; i < site.operands.size(); ++i) {
      args.push_back(site.operands[i] < 0 ? Value() : frame[site.operands[i]]);
    }
    return args;
  }

  static RlxKernelCall* KernelBegin(HostState* s, const HostSite& site, const Value* frame, RlxKernelArg* argv);
  static void KernelEnd(HostState* s, const HostSite& site, Value* frame, int32_t status);
  static bool Structure(const Value& v, const StructInfo& sinfo, const int64_t** extents);
  static Value Leaf(HostState* s, const HostSite& site, const Value* frame, const int64_t* heap);
  static bool AllocTensor(HostState* s, const HostSite& site, Value* frame);
  static Value Call(HostState* s, const HostSite& site, Value* frame, int64_t* heap);
  static void Match(const HostSite& site, Value* frame, int64_t* heap);
  static Value MakeClosure(const HostSite& site, const Value* frame, const int64_t* heap);
  static void EnterFrame(HostState* s, const HostFunctionInfo& f, Value* frame, int64_t* heap,
                         const Value* const* args, int64_t nargs, const Value* closure);
  static void MatchParams(HostState* s, const HostFunctionInfo& f, Value* frame, int64_t* heap, int64_t call_site);
  static void Site(HostState* s, const HostSite& site, Value* frame, int64_t* heap);
  static void Leave(HostState* s) { --s->ev->depth_; }
  static void Destroy(const HostFunctionInfo& f, Value* frame) {
    for (int32_t i = 0; i < f.slots; ++i) frame[i].~Value();
  }
};

// A leaf's value (eval.constant, eval.shape-expr, ...). A shape, prim value, string or dtype
// written with constants alone is the same immutable value every time, so it is evaluated once
// per evaluator; a tensor constant is a fresh copy every time (eval.constant).
Value HostAccess::Leaf(HostState* s, const HostSite& site, const Value* frame, const int64_t* heap) {
  Evaluator& ev = *s->ev;
  const Expr& e = *site.expr;
  const bool constant = site.heap_in.empty() && site.vars_in.empty() &&
                        (e.kind == ExprKind::kShapeExpr || e.kind == ExprKind::kPrimValue ||
                         e.kind == ExprKind::kStringImm || e.kind == ExprKind::kDataTypeImm);
  const size_t index = static_cast<size_t>(&site - s->program->sites.data());
  if (constant && index < ev.host_leaves_.size() && !ev.host_leaves_[index].is_null()) return ev.host_leaves_[index];
  Environment env = Env(site, frame, heap);
  Value v = ev.Eval(std::shared_ptr<const Expr>(site.expr, [](const Expr*) {}), env);
  if (constant) {
    if (ev.host_leaves_.size() < s->program->sites.size()) ev.host_leaves_.resize(s->program->sites.size());
    ev.host_leaves_[index] = v;
  }
  return v;
}

// tir.eval.direct-call up to the kernel's run, as Evaluator::ApplyPrimFuncCall: the arguments
// (a shape's extents), their work, then bound into the kernel's records (a failure is the
// PrimFunc's, on the stack). The records point into tensors that the frame's slots keep.
RlxKernelCall* HostAccess::KernelBegin(HostState* s, const HostSite& site, const Value* frame, RlxKernelArg* argv) {
  Evaluator& ev = *s->ev;
  std::vector<Value>& values = s->scratch;
  values.clear();
  for (int32_t slot : site.operands) values.push_back(slot < 0 ? Value() : frame[slot]);
  const std::vector<Value>& args = ExpandShapeArgs(values, &s->expanded) ? s->expanded : values;
  ev.ChargeWork(TensorElements(args));
  const auto& call = *AsPtr<rlx::Call>(site.expr);
  const std::string& name = AsPtr<GlobalVar>(call.op.get())->name;
  try {
    runtime::PackKernelArgs(site.prim_func->params, name, args, argv);
  } catch (Trap& t) {
    t.stack.push_back({name, call.span});
    throw;
  }
  values.clear();
  s->expanded.clear();
  RlxKernelCall& k = s->kernel_call;
  k.ctx = &ev;
  k.name = name;
  k.trap.reset();
  k.parent = nullptr;
  k.chunk_work = 0;
  return &k;
}

// The kernel returned `status`: its trap, on the PrimFunc's frame of the stack, or the call's
// empty tuple. Its block allocations end here, as when a kernel is called alone.
void HostAccess::KernelEnd(HostState* s, const HostSite& site, Value* frame, int32_t status) {
  RlxKernelCall& k = s->kernel_call;
  k.allocations.clear();
  if (status != 0) {
    Trap t = k.trap ? std::move(*k.trap) : Trap(ErrorCode::kTirIllFormed, "kernel '" + k.name + "' failed without a trap");
    k.trap.reset();
    t.stack.push_back({k.name, site.expr->span});
    throw t;
  }
  frame[site.dst] = Value::FromTuple({});
}

// The first pass of eval.match-cast for the struct infos whose extents compiled code matches
// (llvm/host_emitter.cc: NativeMatch); the extents matched one by one in *extents.
bool HostAccess::Structure(const Value& v, const StructInfo& sinfo, const int64_t** extents) {
  Environment unused;  // the structure pass reads no variable
  if (!MatchOnePass(v, sinfo, unused, MatchPass::kStructure).empty()) return false;
  if (v.is_tensor()) *extents = v.tensor()->shape().data();
  if (v.is_shape()) *extents = v.shape().data();
  if (v.is_prim()) *extents = &v.prim().i;
  return true;
}

// R.builtin.alloc_tensor of a shape with no negative extent and a dtype, what call-tir-rewrite
// writes before each direct call, without the op's generic argument matching: the allocation
// and the work its kernel does (memory.cc). False for anything else, which the op's kernel
// takes, with its diagnostics.
bool HostAccess::AllocTensor(HostState* s, const HostSite& site, Value* frame) {
  const auto& call = *AsPtr<rlx::Call>(site.expr);
  if (AsPtr<Op>(call.op.get())->info->id != OpId::kBuiltinAllocTensor || site.operands.size() != 4) return false;
  const Value& shape = frame[site.operands[0]];
  const Value& dtype = frame[site.operands[1]];
  if (!shape.is_shape() || dtype.kind() != ValueKind::kDType) return false;
  for (int64_t d : shape.shape()) {
    if (d < 0) return false;
  }
  Evaluator& ev = *s->ev;
  Value result = Value::FromTensor(ev.allocator().Alloc(dtype.dtype(), shape.shape()));
  ev.ChargeWork(TensorElements({result}));  // as ApplyOpCall charges an op's result
  frame[site.dst] = std::move(result);
  return true;
}

// A call of a closure or packed function value (eval.call.closure, eval.call.packed).
Value HostAccess::Call(HostState* s, const HostSite& site, Value* frame, int64_t* heap) {
  const Value& callee = frame[site.operands[0]];
  std::vector<Value> args = Operands(site, frame, 1);
  const auto& call = *AsPtr<rlx::Call>(site.expr);
  if (callee.kind() == ValueKind::kPacked) {
    Environment env = Env(site, frame, heap);
    Ref<StructInfo> ret = PackedResultSInfo(call);
    return s->ev->CallPacked(*callee.packed(), args, ret.get(), &env);
  }
  if (callee.kind() != ValueKind::kClosure) Fail(ErrorCode::kInvalidValue, "cannot call " + DescribeValue(callee));
  auto it = s->program->by_function.find(callee.closure()->function.get());
  if (it == s->program->by_function.end()) return s->ev->CallClosure(callee, std::move(args), call.span);
  std::vector<const Value*> pointers;
  for (const Value& a : args) pointers.push_back(&a);
  Value result;
  const int64_t site_index = &site - s->program->sites.data();
  if (Function(s, it->second).code(s, pointers.data(), static_cast<int64_t>(pointers.size()), &callee, &result,
                                   site_index) != 0) {
    Trap t = std::move(*s->trap);
    s->trap.reset();
    throw t;
  }
  return result;
}

// match_cast (index 0), an annotation (1) or a return check (2) on operand 0.
void HostAccess::Match(const HostSite& site, Value* frame, int64_t* heap) {
  Environment env = Env(site, frame, heap);
  const Value& v = frame[site.operands[0]];
  std::string why = MatchStructInfo(v, *site.sinfo, env);
  if (!why.empty()) {
    const Var& var = *site.binding->var;
    if (site.index == 0) {
      Fail(ErrorCode::kMatchCastFailed, "match_cast of '" + var.name + "' to " + DescribeSInfo(*site.sinfo) + " failed: " + why);
    }
    Fail(ErrorCode::kAnnotationFailed, "the value bound to '" + var.name + "' does not match its annotation " +
                                           DescribeSInfo(*site.sinfo) + ": " + why);
  }
  Store(site, env, heap);
  if (site.dst >= 0) frame[site.dst] = v;
}

// eval.function: the closure of a local function with what it captures.
Value HostAccess::MakeClosure(const HostSite& site, const Value* frame, const int64_t* heap) {
  auto c = std::make_shared<Closure>();
  c->function = std::static_pointer_cast<const rlx::Function>(site.binding->value);
  c->name = "<local function>";
  for (const auto& [v, cell] : site.heap_in) c->captured.shape_vars[v] = heap[cell];
  for (const auto& [v, slot] : site.vars_in) c->captured.vars[v] = frame[slot];
  if (site.binding->value.get() == site.expr) {
    // eval.closure.recursive: a local function sees itself under its variable's name.
    c->self = site.binding->var.get();
    c->name = site.binding->var->name;
  }
  return Value::FromClosure(std::move(c));
}

// The frame of a call (eval.call): the depth, the captured values (eval.call.closure) and the
// closure itself, the arguments' count, and the arguments in the parameters' slots.
void HostAccess::EnterFrame(HostState* s, const HostFunctionInfo& f, Value* frame, int64_t* heap,
                            const Value* const* args, int64_t nargs, const Value* closure) {
  Evaluator& ev = *s->ev;
  // eval.limit.depth
  if (ev.depth_ >= ev.limits_.max_call_depth) {
    s->skip_frame = true;
    Fail(ErrorCode::kCallTooDeep, "calls nested deeper than " + std::to_string(ev.limits_.max_call_depth));
  }
  ++ev.depth_;
  ev.CheckStack();
  const HostSite& entry = s->program->sites[static_cast<size_t>(f.entry_site)];
  if (closure) {
    const Closure& c = *closure->closure();
    for (const auto& [v, slot] : entry.vars_in) {
      auto it = c.captured.vars.find(v);
      if (it != c.captured.vars.end()) frame[slot] = it->second;
    }
    for (const auto& [v, cell] : entry.heap_in) {
      auto it = c.captured.shape_vars.find(v);
      if (it != c.captured.shape_vars.end()) heap[cell] = it->second;
    }
    if (f.self_slot >= 0) frame[f.self_slot] = *closure;
  }
  if (static_cast<size_t>(nargs) != f.params.size()) {
    Fail(ErrorCode::kArgumentFailed, "'" + f.name + "' takes " + std::to_string(f.params.size()) + " arguments, got " +
                                         std::to_string(nargs));
  }
  for (size_t i = 0; i < f.params.size(); ++i) frame[f.params[i]] = *args[i];
}

// eval.call.param: the arguments (in the parameters' slots) matched as one tuple, pass by pass,
// then the bounds (eval.bound); what they bind stored in the heap.
void HostAccess::MatchParams(HostState* s, const HostFunctionInfo& f, Value* frame, int64_t* heap, int64_t call_site) {
  const HostSite& entry = s->program->sites[static_cast<size_t>(f.entry_site)];
  const rlx::Function& fn = *f.function;
  Environment env;
  for (const auto& [v, cell] : entry.heap_in) env.shape_vars[v] = heap[cell];  // captured
  const bool at_entry = call_site < 0;
  for (MatchPass pass : {MatchPass::kStructure, MatchPass::kBind, MatchPass::kValues}) {
    for (size_t i = 0; i < f.params.size(); ++i) {
      const Var& p = *fn.params[i];
      if (!p.annotation) continue;
      std::string why = MatchOnePass(frame[f.params[i]], *p.annotation, env, pass);
      if (!why.empty()) {
        Trap t(ErrorCode::kArgumentFailed, "argument " + std::to_string(i) + " ('" + p.name + "') of '" + f.name +
                                               "' does not match " + DescribeSInfo(*p.annotation) + ": " + why);
        if (at_entry) {
          t.span = p.span.known() ? p.span : fn.span;
          t.span_set = true;
        }
        throw t;
      }
    }
    if (pass == MatchPass::kBind) {
      for (size_t i = 0; i < f.params.size(); ++i) env.vars[fn.params[i].get()] = frame[f.params[i]];
    }
  }
  try {
    s->ev->CheckBounds(fn, env);
  } catch (Trap& t) {
    if (at_entry && !t.span_set) {
      t.span = fn.span;
      t.span_set = true;
    }
    throw;
  }
  Store(entry, env, heap);
}

void HostAccess::Site(HostState* s, const HostSite& site, Value* frame, int64_t* heap) {
  Evaluator& ev = *s->ev;
  switch (site.kind) {
    case SiteKind::kBinding: ev.Step(); break;
    case SiteKind::kLeaf: frame[site.dst] = Leaf(s, site, frame, heap); break;
    case SiteKind::kCopy: frame[site.dst] = frame[site.operands[0]]; break;
    case SiteKind::kTuple: frame[site.dst] = Value::FromTuple(Operands(site, frame)); break;
    case SiteKind::kGetItem: {
      // eval.tuple-get-item
      const Value& t = frame[site.operands[0]];
      if (!t.is_tuple() || site.index < 0 || static_cast<size_t>(site.index) >= t.tuple().size()) {
        Fail(ErrorCode::kInvalidValue, "field " + std::to_string(site.index) + " of " + DescribeValue(t));
      }
      frame[site.dst] = t.tuple()[static_cast<size_t>(site.index)];
      break;
    }
    case SiteKind::kOp: {
      if (AllocTensor(s, site, frame)) break;
      Environment env = Env(site, frame, heap);
      const auto& call = *AsPtr<rlx::Call>(site.expr);
      frame[site.dst] = ev.ApplyOpCall(call, *AsPtr<Op>(call.op.get()), Operands(site, frame), env);
      break;
    }
    case SiteKind::kPrimCall: {
      // The argument vector is the state's, reused from call to call.
      std::vector<Value>& args = s->scratch;
      args.clear();
      for (int32_t slot : site.operands) args.push_back(slot < 0 ? Value() : frame[slot]);
      frame[site.dst] = ev.ApplyPrimFuncCall(*AsPtr<rlx::Call>(site.expr), args);
      args.clear();
      break;
    }
    case SiteKind::kCall: frame[site.dst] = Call(s, site, frame, heap); break;
    case SiteKind::kMatch: Match(site, frame, heap); break;
    case SiteKind::kClosure: frame[site.dst] = MakeClosure(site, frame, heap); break;
    case SiteKind::kClear:
      for (int32_t slot : site.operands) frame[slot] = Value();
      break;
    case SiteKind::kFunction:
    case SiteKind::kCond: break;  // their own helpers
  }
}

const std::vector<std::pair<const char*, void*>>& HostHelperSymbols() {
#define RLX_SYM(name) {#name, reinterpret_cast<void*>(&name)}
  static const std::vector<std::pair<const char*, void*>> symbols = {
      RLX_SYM(rlx_host_enter), RLX_SYM(rlx_host_return), RLX_SYM(rlx_host_unwind), RLX_SYM(rlx_host_site),
      RLX_SYM(rlx_host_cond), RLX_SYM(rlx_host_call_failed), RLX_SYM(rlx_host_make_shape),
      RLX_SYM(rlx_host_make_prim), RLX_SYM(rlx_host_dims), RLX_SYM(rlx_host_match_done),
      RLX_SYM(rlx_host_enter_frame), RLX_SYM(rlx_host_enter_match), RLX_SYM(rlx_host_param_dims),
      RLX_SYM(rlx_host_kernel_begin), RLX_SYM(rlx_host_kernel_end)};
#undef RLX_SYM
  return symbols;
}

Value Evaluator::RunCompiled(int32_t function, const Value* closure, const std::vector<Value>& args) {
  HostState state;
  state.ev = this;
  state.program = host_.get();
  HostState* outer = host_state_;
  host_state_ = &state;
  std::vector<const Value*> pointers;
  for (const Value& a : args) pointers.push_back(&a);
  Value result;
  const int32_t failed = host_->functions[static_cast<size_t>(function)].code(
      &state, pointers.data(), static_cast<int64_t>(pointers.size()), closure, &result, -1);
  host_state_ = outer;
  if (failed) throw std::move(*state.trap);
  return result;
}

}  // namespace rlx::interp

using rlx::interp::HostAccess;
using rlx::runtime::Value;

extern "C" {

int32_t rlx_host_enter(rlx_state* s, int64_t function, rlx_value* frame, int64_t* heap, const rlx_value* const* args,
                       int64_t nargs, const rlx_value* closure, int64_t call_site) {
  const auto& f = HostAccess::Function(s, function);
  if (rlx_host_enter_frame(s, function, frame, heap, args, nargs, closure, call_site) != 0) return 1;
  return HostAccess::Guard(s, nullptr, [&] { HostAccess::MatchParams(s, f, frame, heap, call_site); });
}

int32_t rlx_host_enter_frame(rlx_state* s, int64_t function, rlx_value* frame, int64_t* heap,
                             const rlx_value* const* args, int64_t nargs, const rlx_value* closure, int64_t) {
  const auto& f = HostAccess::Function(s, function);
  for (int32_t i = 0; i < f.slots; ++i) new (&frame[i]) Value();
  for (int32_t i = 0; i < f.heap; ++i) heap[i] = 0;
  return HostAccess::Guard(s, nullptr, [&] { HostAccess::EnterFrame(s, f, frame, heap, args, nargs, closure); });
}

int32_t rlx_host_enter_match(rlx_state* s, int64_t function, rlx_value* frame, int64_t* heap, int64_t call_site) {
  const auto& f = HostAccess::Function(s, function);
  return HostAccess::Guard(s, nullptr, [&] { HostAccess::MatchParams(s, f, frame, heap, call_site); });
}

int32_t rlx_host_param_dims(rlx_state* s, int64_t function, int64_t param, const rlx_value* frame,
                            const int64_t** extents) {
  const auto& f = HostAccess::Function(s, function);
  const size_t i = static_cast<size_t>(param);
  return HostAccess::Structure(frame[f.params[i]], *f.function->params[i]->annotation, extents) ? 1 : 0;
}

int32_t rlx_host_return(rlx_state* s, int64_t function, rlx_value* frame, int64_t* heap, int64_t result_slot,
                        rlx_value* result) {
  const auto& f = HostAccess::Function(s, function);
  if (f.return_site >= 0) {
    const auto& site = HostAccess::Site(s, f.return_site);
    const int32_t failed = HostAccess::Guard(s, nullptr, [&] {
      rlx::runtime::Environment env = HostAccess::Env(site, frame, heap);
      std::string why = rlx::interp::MatchStructInfo(frame[result_slot], *site.sinfo, env);
      if (why.empty()) return;
      rlx::runtime::Trap t(rlx::ErrorCode::kReturnFailed, "the result of '" + f.name + "' does not match " +
                                                              rlx::interp::DescribeSInfo(*site.sinfo) + ": " + why);
      t.span = site.sinfo->span.known() ? site.sinfo->span : f.function->span;
      t.span_set = true;
      throw t;
    });
    if (failed) return 1;
  }
  *result = frame[result_slot];
  HostAccess::Destroy(f, frame);
  HostAccess::Leave(s);
  return 0;
}

int32_t rlx_host_unwind(rlx_state* s, int64_t function, rlx_value* frame, int64_t call_site) {
  const auto& f = HostAccess::Function(s, function);
  HostAccess::Destroy(f, frame);
  if (s->skip_frame) {
    s->skip_frame = false;  // the call never began (eval.limit.depth)
    return 1;
  }
  HostAccess::Leave(s);
  rlx::Span where;
  if (call_site >= 0) where = HostAccess::Site(s, call_site).expr->span;
  s->trap->stack.push_back({f.name, where});
  return 1;
}

int32_t rlx_host_site(rlx_state* s, int64_t index, rlx_value* frame, int64_t* heap) {
  const auto& site = HostAccess::Site(s, index);
  const int32_t failed = HostAccess::Guard(s, site.binding, [&] { HostAccess::Site(s, site, frame, heap); });
  for (int32_t slot : site.clear_after) frame[slot] = Value();
  return failed;
}

int32_t rlx_host_cond(rlx_state* s, int64_t index, rlx_value* frame, int32_t* taken) {
  const auto& site = HostAccess::Site(s, index);
  const int32_t failed = HostAccess::Guard(s, site.binding, [&] {
    // eval.if, eval.if.cond
    const Value& c = frame[site.operands[0]];
    std::optional<bool> cond = rlx::runtime::AsBoolScalar(c);
    if (!cond) {
      rlx::runtime::Fail(rlx::ErrorCode::kIfConditionValue,
                         "an If condition must be a bool scalar, got " + rlx::interp::DescribeValue(c));
    }
    *taken = *cond ? 1 : 0;
  });
  for (int32_t slot : site.clear_after) frame[slot] = Value();
  return failed;
}

int32_t rlx_host_make_shape(rlx_state* s, int64_t index, rlx_value* frame, const int64_t* dims, int64_t n) {
  const auto& site = HostAccess::Site(s, index);
  // eval.shape-expr, its extents computed by the caller
  const int32_t failed = HostAccess::Guard(s, site.binding, [&] {
    frame[site.dst] = Value::FromShape(std::vector<int64_t>(dims, dims + n));
  });
  for (int32_t slot : site.clear_after) frame[slot] = Value();
  return failed;
}

int32_t rlx_host_make_prim(rlx_state* s, int64_t index, rlx_value* frame, const int64_t* dims, int64_t) {
  const auto& site = HostAccess::Site(s, index);
  // eval.prim-value of an int64 expression, computed by the caller
  const int32_t failed = HostAccess::Guard(s, site.binding, [&] {
    frame[site.dst] = Value::FromPrim(rlx::runtime::PrimScalar::Int(dims[0], rlx::DataType::kInt64));
  });
  for (int32_t slot : site.clear_after) frame[slot] = Value();
  return failed;
}

int32_t rlx_host_dims(rlx_state* s, int64_t index, const rlx_value* frame, const int64_t** extents) {
  const auto& site = HostAccess::Site(s, index);
  return HostAccess::Structure(frame[site.operands[0]], *site.sinfo, extents) ? 1 : 0;
}

int32_t rlx_host_match_done(rlx_state* s, int64_t index, rlx_value* frame) {
  const auto& site = HostAccess::Site(s, index);
  if (site.dst >= 0) frame[site.dst] = frame[site.operands[0]];
  for (int32_t slot : site.clear_after) frame[slot] = Value();
  return 0;
}

rlx::runtime::RlxKernelCall* rlx_host_kernel_begin(rlx_state* s, int64_t index, rlx_value* frame,
                                                   rlx::runtime::RlxKernelArg* argv) {
  const auto& site = HostAccess::Site(s, index);
  rlx::runtime::RlxKernelCall* call = nullptr;
  if (HostAccess::Guard(s, site.binding, [&] { call = HostAccess::KernelBegin(s, site, frame, argv); })) {
    for (int32_t slot : site.clear_after) frame[slot] = Value();
    return nullptr;
  }
  return call;
}

int32_t rlx_host_kernel_end(rlx_state* s, int64_t index, rlx_value* frame, int32_t status) {
  const auto& site = HostAccess::Site(s, index);
  const int32_t failed = HostAccess::Guard(s, site.binding, [&] { HostAccess::KernelEnd(s, site, frame, status); });
  for (int32_t slot : site.clear_after) frame[slot] = Value();
  return failed;
}

int32_t rlx_host_call_failed(rlx_state* s, int64_t index) {
  const auto& site = HostAccess::Site(s, index);
  if (site.binding) rlx::interp::SetBindingSpan(*s->trap, *site.binding);
  return 1;
}

}  // extern "C"
