// IRBuilder: builds modules and functions in the spec's normal form (spec §1.6, norm.*)
// through frames, as TVM's IRBuilder does. The text parser is a thin layer over it, and
// embedders use it to build programs in C++ (see docs/builder.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/expr.h"
#include "ir/module.h"

namespace rlx {

/// Sees what the builder emits in the body of its outermost function, as it is emitted, so
/// that struct info is derived binding by binding (checker::Normalizer implements it; nested
/// functions and if branches are derived with the binding that holds them).
class BuildObserver {
 public:
  virtual ~BuildObserver() = default;
  /// Before the first binding of an outermost function: its parameters, purity and attributes.
  virtual void OnFunctionBegin(const std::vector<Ref<Var>>& params, bool pure, const Attrs& attrs) = 0;
  /// A binding appended to the function's body.
  virtual void OnBinding(const Binding& b, bool in_dataflow) = 0;
  /// A dataflow block ended: each output (a DataflowVar) is now the ordinary Var beside it.
  virtual void OnOutputs(const std::vector<std::pair<Ref<Var>, Ref<Var>>>& replaced) = 0;
  /// A dataflow block ended whose bindings bound `vars`: its dataflow variables go out of scope.
  virtual void OnDataflowBlockEnd(const std::vector<Ref<Var>>& vars) = 0;
  /// The outermost function is complete.
  virtual void OnFunctionEnd(const Ref<Function>& f) = 0;
};

/// Builds IR frame by frame. Every emitted binding is normalized on the way in:
///  - call arguments, tuple fields, tuple-get-item operands and if conditions that are not
///    leaves are bound to fresh variables first (A-normal form, norm.anf);
///  - function bodies and if branches become SeqExprs (norm.seq-position);
///  - SeqExprs in binding position are flattened into the current block (norm.seq-flatten);
///  - adjacent blocks of the same kind merge and empty blocks disappear (norm.blocks).
/// Misuse of the API (ending a frame that is not open, ...) is an internal error.
class IRBuilder {
 public:
  IRBuilder();
  ~IRBuilder();
  IRBuilder(const IRBuilder&) = delete;
  IRBuilder& operator=(const IRBuilder&) = delete;

  /// Reports what is built to `observer` (not owned; nullptr: none).
  void SetObserver(BuildObserver* observer) { observer_ = observer; }

  // ---- modules ----
  /// Opens a module frame.
  void BeginModule(std::string name = "Module", Span span = {});
  /// Adds a global (a Function or an ExternFunc) to the open module.
  void AddGlobal(std::string name, Ref<Expr> value, Span span = {});
  /// Sets the module's attributes.
  void SetModuleAttrs(Attrs attrs);
  /// The module's virtual devices (I.module_global_infos).
  void SetModuleVDevices(std::vector<VDeviceInfo> vdevices);
  /// Closes the module frame and returns the module.
  /// `standalone`: the module is written as top-level functions (IRModule::standalone).
  Ref<IRModule> EndModule(bool standalone = false);

  // ---- functions ----
  /// Opens a function frame (nested functions open a frame inside the current one).
  void BeginFunction(Span span = {});
  /// Adds a parameter to the innermost function.
  Ref<Var> AddParam(std::string name, Ref<StructInfo> annotation, Span span = {});
  /// Sets the innermost function's return annotation.
  void SetReturnStructInfo(Ref<StructInfo> sinfo);
  /// Sets the innermost function's purity (default pure).
  void SetPure(bool pure);
  /// Sets the innermost function's attributes.
  void SetFunctionAttrs(Attrs attrs);
  /// Closes the innermost function with `result` as the value of its body.
  Ref<Function> EndFunction(Ref<Expr> result, Span span = {});

  // ---- bindings ----
  /// Binds `value` (normalized) to a fresh variable, a DataflowVar inside a dataflow block.
  Ref<Var> Emit(Ref<Expr> value, std::string name = "lv", Ref<StructInfo> annotation = nullptr,
                Span span = {});
  /// Binds `value` (normalized) to a variable created by the caller (e.g. a local function
  /// that refers to itself).
  void EmitWithVar(Ref<Var> var, Ref<Expr> value, Span span = {});
  /// Emits a MatchCast of `value` to `sinfo`, bound to a fresh variable.
  Ref<Var> EmitMatchCast(Ref<Expr> value, Ref<StructInfo> sinfo, std::string name = "lv",
                         Span span = {});
  /// Returns `e` as a leaf or a tuple of leaves, binding its non-leaf parts first.
  Ref<Expr> NormalizeArg(Ref<Expr> e);

  // ---- dataflow blocks ----
  /// Opens a dataflow block in the current scope.
  void BeginDataflow(Span span = {});
  /// True inside an open dataflow block.
  bool in_dataflow() const;
  /// Closes the dataflow block. Each output (a DataflowVar bound in this block) is replaced
  /// by an ordinary Var everywhere in the block; the replacements are returned in order.
  std::vector<Ref<Var>> EndDataflow(const std::vector<Ref<Var>>& outputs);
  /// True when `v` is a DataflowVar bound in the open dataflow block.
  bool IsBoundInDataflow(const Var& v) const;

  // ---- if/else ----
  /// Opens an if frame; the then-branch scope becomes current.
  void BeginIf(Ref<Expr> cond, Span span = {});
  /// Closes the then branch with `then_result` and opens the else branch.
  void BeginElse(Ref<Expr> then_result);
  /// Closes the else branch and the if, binding its value to a fresh variable.
  Ref<Var> EndIf(Ref<Expr> else_result, std::string name = "lv",
                 Ref<StructInfo> annotation = nullptr, Span span = {});

  /// Normalizes a whole expression built without the builder (e.g. a Function built with
  /// node constructors): bodies become SeqExprs in A-normal form.
  static Ref<Expr> Normalize(const Ref<Expr>& e);

 private:
  struct Scope;
  struct Frame;
  Scope& CurrentScope();
  const Scope* CurrentScopeOrNull() const;
  Frame& Top(int kind, const char* what);
  void Append(Binding b);
  Ref<Expr> NormalizeValue(Ref<Expr> e);
  Ref<SeqExpr> NormalizeBody(Ref<Expr> body);
  Ref<SeqExpr> FinishScope(Scope& scope, Ref<Expr> result, Span span);
  Ref<Var> FreshVar(std::string name, Ref<StructInfo> annotation, Span span);

  bool ObservedScope() const;

  std::vector<std::unique_ptr<Frame>> frames_;
  BuildObserver* observer_ = nullptr;
  bool observing_function_ = false;
};

}  // namespace rlx
