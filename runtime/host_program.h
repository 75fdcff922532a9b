// A Relax module's functions compiled to native code (the `cpu` backend, spec codegen.cpu.host):
// what the code generator hands the runtime. Each Relax function is a native function over a
// frame of Value slots (one per variable and per materialized leaf) and a heap of int64 cells
// (one per shape variable); control flow, calls between functions and recursion are native.
// What the native code asks of the runtime (an op's kernel, matching a value against struct
// info, building a tuple, ...) it asks by *site*: an index into `sites`, which names the IR
// node and the slots and cells involved. The helpers are the extern "C" functions declared
// below, implemented by the interpreter's host runtime (interpreter/host_runtime.cc), which
// gives every site the interpreter's meaning: the same values, traps, codes and limits.
//
// No LLVM here: the code generator emits calls in this convention, the runtime implements it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/expr.h"
#include "ir/module.h"
#include "ir/tir/prim_func.h"
#include "runtime/kernel_abi.h"
#include "runtime/value.h"

namespace rlx::runtime {

struct HostState;  // one run's state (interpreter/host_runtime.cc)

/// A compiled Relax function: 0 when it returned (*result set), 1 when it trapped (the trap
/// recorded in the state; compiled code never unwinds). `args` points at the `nargs` arguments;
/// `closure` the closure value called (its captured values), or nullptr for a global;
/// `call_site` the site of the calling binding (for the stack trace), or -1 at the entry.
using HostFunction = int32_t (*)(HostState* state, const Value* const* args, int64_t nargs, const Value* closure,
                                 Value* result, int64_t call_site);

/// What a site does (each kind has one helper, rlx_host_<kind>).
enum class SiteKind : uint8_t {
  kFunction,  // a function's entry and exit: parameters, bounds, captures, the return check
  kBinding,   // a binding starts: a step and its work (eval.limit.steps, eval.limit.work)
  kLeaf,      // materializes a leaf that is not a variable (constant, shape, prim value, ...)
  kCopy,      // dst = operand 0 (aliasing: eval.binding.var)
  kTuple,     // dst = (operands...)
  kGetItem,   // dst = operand 0 [index]
  kOp,        // dst = R.op(operands...) (the op's kernel, eval.call.op)
  kPrimCall,  // a direct PrimFunc call (tir.eval.direct-call)
  kCall,      // dst = operand 0 (operands 1...): a closure or packed function value
  kCond,      // an if condition: operand 0 must be a bool scalar (eval.if.cond)
  kMatch,     // dst = operand 0 matched against struct info (match_cast or an annotation)
  kClosure,   // dst = a local function capturing the variables it uses (eval.function)
  kClear,     // the operands' slots end (the variables of an if branch, eval.seq)
};

/// One site: the IR it stands for and where its values live.
struct HostSite {
  SiteKind kind = SiteKind::kBinding;
  const Binding* binding = nullptr;    // the enclosing binding (its span for traps), if any
  const Expr* expr = nullptr;          // the leaf, call, tuple, ... (kFunction: the Function)
  const StructInfo* sinfo = nullptr;   // kMatch: the struct info matched
  int32_t function = -1;               // index in HostProgram::functions of the enclosing function
  std::vector<int32_t> operands;       // slots
  int32_t dst = -1;                    // the result slot, or -1
  int64_t index = 0;                   // kGetItem: the field; kMatch: 0 match_cast, 1 annotation
  /// The shape variables the site reads (in scope) and binds, with their heap cells.
  std::vector<std::pair<const PrimExpr*, int32_t>> heap_in, heap_out;
  /// The Relax variables the site reads by name rather than as operands: a closure's captures,
  /// a struct info's shape variable (R.Tensor(shape=s)), with their slots.
  std::vector<std::pair<const Var*, int32_t>> vars_in;
  /// kPrimCall: the PrimFunc called (a global of the module).
  const tir::PrimFunc* prim_func = nullptr;
  /// Slots of materialized leaves that end once the site is done (a constant's fresh copy lives
  /// no longer in compiled code than in the interpreter, eval.limit.memory).
  std::vector<int32_t> clear_after;
};

/// A compiled function's frame and what it needs at entry and exit.
struct HostFunctionInfo {
  const Function* function = nullptr;
  std::string name;  // the global's name, or the local function's variable
  int32_t slots = 0;
  int32_t heap = 0;
  std::vector<int32_t> params;  // the parameters' slots
  /// kFunction site: matching the parameters (heap_out: what they bind), loading captures.
  int32_t entry_site = -1;
  /// The return check (a kMatch site on the result, the shape variables of the parameters in
  /// scope), or -1 when it does not run (eval.runtime-check: with recorded checks, only those).
  int32_t return_site = -1;
  /// The variable a local function is bound to, whose slot holds the closure itself.
  const Var* self = nullptr;
  int32_t self_slot = -1;
  HostFunction code = nullptr;  // filled when the module is compiled
};

/// A compiled module: its functions (globals first, in module order, then local functions) and
/// sites. Owns nothing of the IR: the module it was built from must outlive it.
struct HostProgram {
  Ref<IRModule> module;
  std::vector<HostFunctionInfo> functions;
  std::vector<HostSite> sites;
  std::unordered_map<std::string, int32_t> globals;         // global name -> function
  std::unordered_map<const Function*, int32_t> by_function;  // Function node -> function
  /// The module's PrimFuncs compiled with its functions, by name (codegen.cpu.host): each runs
  /// its kernel on the arguments as the TIR interpreter takes them (a tensor per buffer
  /// parameter, a PrimValue per scalar one) and traps as the interpreter does. A PrimFunc the
  /// code generator refuses (codegen.cpu.unsupported) is not here.
  std::unordered_map<std::string, std::function<void(CallContext&, const std::vector<Value>&)>> kernels;
};

}  // namespace rlx::runtime

extern "C" {
// The helpers compiled code calls (each returns 0, or 1 after recording a trap in the state).
// `frame` is the function's slots, `heap` its shape-variable cells.
using rlx_value = rlx::runtime::Value;
using rlx_state = rlx::runtime::HostState;
/// Function entry: the call depth, the frame's slots constructed, captures loaded, the
/// parameters matched (eval.call.param) and bound, the bounds checked (eval.call.boundary).
int32_t rlx_host_enter(rlx_state* s, int64_t function, rlx_value* frame, int64_t* heap,
                       const rlx_value* const* args, int64_t nargs, const rlx_value* closure, int64_t call_site);
/// rlx_host_enter in two parts, for code that matches the parameters natively
/// (codegen.cpu.host.shape): the frame, the depth, captures and the arguments in the
/// parameters' slots; then (the slow path) the parameters matched and the bounds checked.
int32_t rlx_host_enter_frame(rlx_state* s, int64_t function, rlx_value* frame, int64_t* heap,
                             const rlx_value* const* args, int64_t nargs, const rlx_value* closure, int64_t call_site);
int32_t rlx_host_enter_match(rlx_state* s, int64_t function, rlx_value* frame, int64_t* heap, int64_t call_site);
/// The structure of parameter `param`'s argument against its annotation, as rlx_host_dims.
int32_t rlx_host_param_dims(rlx_state* s, int64_t function, int64_t param, const rlx_value* frame,
                            const int64_t** extents);
/// Function exit: the return check (if compiled in), the result moved out, the frame destroyed.
int32_t rlx_host_return(rlx_state* s, int64_t function, rlx_value* frame, int64_t* heap, int64_t result_slot,
                        rlx_value* result);
/// Function exit by a trap: the frame destroyed, this call appended to the trap's stack.
int32_t rlx_host_unwind(rlx_state* s, int64_t function, rlx_value* frame, int64_t call_site);
/// A site of any kind but kFunction and kCond.
int32_t rlx_host_site(rlx_state* s, int64_t site, rlx_value* frame, int64_t* heap);
/// An if condition: *taken = the bool's value.
int32_t rlx_host_cond(rlx_state* s, int64_t site, rlx_value* frame, int32_t* taken);
/// The native fast paths of shape arithmetic (codegen.cpu.host.shape), which compute the
/// extents themselves and call the site's helper instead wherever the interpreter's value could
/// differ. A kLeaf site's value: the shape of `dims` (a ShapeExpr), or the int64 prim value
/// dims[0] (a PrimValue).
int32_t rlx_host_make_shape(rlx_state* s, int64_t site, rlx_value* frame, const int64_t* dims, int64_t n);
int32_t rlx_host_make_prim(rlx_state* s, int64_t site, rlx_value* frame, const int64_t* dims, int64_t n);
/// A kMatch site's structure (kind, dtype, rank: the first pass of eval.match-cast) against
/// operand 0: 1 with *extents the value's extents (a tensor's or shape's dims, an int64 prim's
/// value), else 0 (the helper then reports the mismatch). Never fails.
int32_t rlx_host_dims(rlx_state* s, int64_t site, const rlx_value* frame, const int64_t** extents);
/// A kMatch site that matched: its result slot set, its operands ended (clear_after).
int32_t rlx_host_match_done(rlx_state* s, int64_t site, rlx_value* frame);
/// A direct PrimFunc call (kPrimCall) of a kernel compiled with the functions, called natively
/// (codegen.cpu.host): the arguments charged and bound into `argv` (as the interpreter's
/// tir.eval.direct-call), then the run's kernel call record for the kernel, or null after a
/// trap; after the kernel returns `status`, its trap taken over or the site's (empty) result set.
rlx::runtime::RlxKernelCall* rlx_host_kernel_begin(rlx_state* s, int64_t site, rlx_value* frame,
                                                   rlx::runtime::RlxKernelArg* argv);
int32_t rlx_host_kernel_end(rlx_state* s, int64_t site, rlx_value* frame, int32_t status);
/// After a direct call of a compiled function from `site` trapped: the trap's span is the
/// binding's when the callee set none (it always does); returns 1.
int32_t rlx_host_call_failed(rlx_state* s, int64_t site);
}
