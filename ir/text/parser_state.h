// The Relax parser's internal state, shared by the parse_*.cc files. It walks the Python
// syntax tree, evaluates expressions to Values, and drives the IRBuilder.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/builder/ir_builder.h"
#include "ir/text/parser_value.h"
#include "ir/text/py_ast.h"
#include "ir/text/relax_parser.h"
#include "ir/tir/prim_func.h"

namespace rlx::text {

/// Thrown after a diagnostic, to abandon the current statement.
struct StmtAbort {};

/// A keyword argument after evaluation.
struct KwValue {
  std::string name;
  Span name_span;
  Value value;
};

/// The function being parsed.
struct FunctionContext {
  bool in_signature = false;  // string dimensions allowed
  bool collect_vars = false;  // identifier strings define new shape variables
  std::unordered_map<std::string, Ref<PrimExpr>> sig_vars;
  bool has_func_attr = false;
  Attrs attrs;
  Span attr_span;
  bool returned = false;
  Ref<Expr> result;
};

/// The dataflow block being parsed.
struct DataflowContext {
  bool output_seen = false;
  Span output_span;
  std::vector<Ref<Var>> outputs;
  std::vector<std::string> output_names;
  std::vector<Span> output_spans;
  std::vector<std::string> failed_names;  // R.output arguments that were rejected
};

/// A block of a PrimFunc being parsed: what its T.* statements declared so far.
struct TirBlockFrame {
  std::vector<tir::IterVar> iter_vars;
  std::vector<Ref<PrimExpr>> iter_values;
  Ref<PrimExpr> predicate;
  std::vector<tir::BufferRegion> reads, writes;
  bool has_reads = false, has_writes = false, has_attrs = false;
  std::vector<Ref<tir::Buffer>> alloc_buffers;
  Ref<tir::Stmt> init;
  Attrs annotations;
  bool contains_block = false;  // a block was parsed inside this one
};

/// The PrimFunc being parsed (parse_tir_func.cc).
struct TirContext {
  std::string name;
  std::vector<tir::Param> params;
  /// blocks[0] is the function's implicit root block; the innermost open block is last.
  std::vector<TirBlockFrame> blocks;
  /// The range of every enclosing loop variable (T.axis.remap takes its domain from it).
  std::unordered_map<const PrimExpr*, tir::Range> loop_ranges;
  bool has_func_attr = false;
  Attrs attrs;
};

class RelaxParser {
 public:
  RelaxParser(uint32_t file, DiagnosticEngine& diags, const ParseOptions& options);
  Ref<IRModule> Run(const py::File& file);

  // ---- diagnostics ----
  /// Reports an error (unless muted) and returns an error value.
  Value Fail(ErrorCode code, Span span, std::string message);
  /// Reports an error (unless muted) and abandons the statement.
  [[noreturn]] void Abort(ErrorCode code, Span span, std::string message);
  /// Aborts the statement when `v` is an error value (already reported).
  const Value& Check(const Value& v) {
    if (v.is_error()) throw StmtAbort{};
    return v;
  }

  // ---- scopes (parse_module.cc) ----
  void PushScope() { scopes_.emplace_back(); }
  void PopScope() { scopes_.pop_back(); }
  void Bind(const std::string& name, Value v) { scopes_.back()[name] = std::move(v); }
  const Value* Lookup(const std::string& name) const;

  // ---- module level (parse_module.cc) ----
  void ParseClass(const py::Stmt& cls);
  /// I.module_global_infos({"vdevice": [I.vdevice(...), ...]}) (parse_global_infos.cc).
  std::vector<VDeviceInfo> ParseGlobalInfos(const py::Expr& call);
  void ParseImport(const py::Stmt& s);
  std::optional<std::vector<KwValue>> DecoratorArgs(const py::Expr& d, Builtin expected,
                                                    const char* what);
  Ref<Function> ParseFunction(const py::Stmt& def, bool top_level);

  // ---- statements (parse_stmt.cc) ----
  /// Parses a function body; returns the function's result expression.
  Ref<Expr> ParseFunctionBody(const std::vector<py::StmtPtr>& body);
  /// Parses one statement; `may_return` is true for the last statement of the body chain.
  /// When it fails, the names it would bind are bound to an error value.
  void ParseStatement(const py::Stmt& s, bool may_return);
  void ParseStatementBody(const py::Stmt& s, bool may_return);
  /// True for a statement R.output(...).
  bool IsOutputStatement(const py::Stmt& s);
  void ParseAssign(const py::Stmt& s);
  void AssignName(const std::string& name, Span span, const Value& v,
                  const Ref<StructInfo>& annotation);
  /// The variable `_` the statement binds (spec text.stmt.expr), or null for a docstring,
  /// R.func_attr or R.output.
  Ref<Var> ParseExprStatement(const py::Stmt& s);
  /// A dataflow block that ends an if branch: the name of its last binding, an output.
  std::string ParseBranchDataflow(const py::Stmt& s);
  /// Rejects an expression statement whose call is not known to return void.
  void CheckVoidStatement(const Call& call, Span span);
  /// Parses an if statement; returns the name its result is bound to ("" after errors).
  std::string ParseIf(const py::Stmt& s);
  /// Parses an if branch; returns its result and the name it assigns.
  Ref<Expr> ParseBranch(const std::vector<py::StmtPtr>& body, Span if_span, std::string* name,
                        Span* name_span);
  void ParseWith(const py::Stmt& s, bool may_return);
  void ParseLocalFunction(const py::Stmt& s);
  Ref<Expr> ParseReturn(const py::Stmt& s);

  // ---- evaluation (parse_eval.cc) ----
  Value Eval(const py::Expr& e);
  Value EvalAttribute(const py::Expr& e);
  Value EvalCall(const py::Expr& e);
  Value EvalSubscript(const py::Expr& e);
  Value EvalUnary(const py::Expr& e);
  Value EvalBinary(const py::Expr& e);
  Value EvalCompare(const py::Expr& e);
  Value EvalBoolOp(const py::Expr& e);
  Value NamespaceMember(const Value& ns, const std::string& name, Span span);
  /// The values of a list or tuple of number literals the lexer folded (parse_const.cc).
  Value EvalNumbers(const py::Expr& e);
  /// The data argument of R.const / np.array: nested folded number lists become a tensor
  /// directly, at a few bytes per element; anything else is evaluated (parse_const.cc).
  Value EvalConstData(const py::Expr& e);
  /// Converts to a Relax expression (tuples become Tuple, PrimExprs become PrimValue).
  /// `python_numbers_as_const` allows 1 / 1.5 / True (as R.const), as assignments do.
  Ref<Expr> ToRelax(const Value& v, const char* what, bool python_numbers_as_const = false);
  /// An argument of R.call_packed: Python numbers become R.prim_value (text.call-packed).
  Ref<Expr> PackedArgument(const Value& v);
  /// Converts to a PrimExpr; Python ints take the dtype `int_dtype`.
  Ref<PrimExpr> ToPrim(const Value& v, DataType int_dtype, const char* what);
  /// Converts to struct info (bare R.Tensor etc. are called with no arguments).
  Ref<StructInfo> ToSInfo(const Value& v, const char* what);
  /// A Python int as int64, or an error.
  std::optional<int64_t> ToInt64(const Value& v, const char* what);
  /// Combines two PrimExprs (or a PrimExpr and a Python number) with a binary kind.
  Value PrimBinary(PrimKind kind, const Value& a, const Value& b, Span span);

  // ---- TIR functions and statements (parse_tir_func.cc, parse_tir_stmt.cc) ----
  /// True when a def's only decorator is @T.prim_func (evaluated silently).
  bool IsPrimFuncDef(const py::Stmt& def);
  Ref<tir::PrimFunc> ParsePrimFunc(const py::Stmt& def);
  tir::Param ParseTirParam(const py::Param& p);
  /// Parses statements [i, end) of a body; let-like statements scope over the rest.
  Ref<tir::Stmt> ParseTirStmts(const std::vector<py::StmtPtr>& body, size_t i);
  /// Parses one statement that is not let-like; null when it only declared something
  /// (T.reads, T.func_attr, ...).
  Ref<tir::Stmt> ParseTirStmt(const py::Stmt& s);
  Ref<tir::Stmt> ParseTirFor(const py::Stmt& s);
  Ref<tir::Stmt> ParseTirWith(const py::Stmt& s);
  Ref<tir::Stmt> ParseTirBlock(const py::Stmt& s, const std::string& name);
  Ref<tir::Stmt> ParseTirExprStmt(const py::Stmt& s);
  /// A let-like assignment (x = value, A = T.decl_buffer(...)) over `rest`; null when the
  /// statement was not one (`handled` false) or declared only (`handled` true).
  Ref<tir::Stmt> ParseTirAssign(const py::Stmt& s, const std::vector<py::StmtPtr>& body, size_t i,
                                bool* handled);
  void BindTirAxes(const py::Expr& target, const Value& axes);
  /// A buffer value named after the assignment target (buffers are created unnamed).
  Ref<tir::Buffer> NameBuffer(const Value& v, const std::string& name);
  TirBlockFrame& CurrentTirBlock() { return tir_->blocks.back(); }

  // ---- TIR expressions (parse_tir_expr.cc) ----
  /// T.<name> inside a PrimFunc, or nullopt for the names every context shares.
  std::optional<Value> TirNamespaceMember(const std::string& name, Span span);
  Value CallTirBuiltin(const Value& callee, std::vector<Value>& args, std::vector<KwValue>& kws,
                       Span span);
  /// buffer[indices]: a load, or a region when an index is a slice.
  Value TirSubscript(const Value& buffer, const py::Expr& index, Span span);
  /// The TIR meaning of / & | ^ << >> ** on PrimExprs.
  Value TirOperator(const std::string& op, const Value& l, const Value& r, Span span);
  /// A PrimExpr operand of TIR; Python ints are int32, floats float32 (TVMScript's defaults)
  /// unless `like` gives another operand's dtype.
  Ref<PrimExpr> TirPrim(const Value& v, const char* what, DataType like = DataType::kVoid);
  /// A buffer region of T.reads / T.writes (a load is the region of one element).
  std::optional<tir::BufferRegion> ToBufferRegion(const Value& v);
  /// A T.Buffer / T.match_buffer / T.alloc_buffer / T.decl_buffer description.
  Value MakeTirBuffer(const char* what, std::vector<Value>& args, std::vector<KwValue>& kws,
                      Span span, bool takes_handle);
  Value MakeTirLoops(const Value& callee, std::vector<Value>& args, std::vector<KwValue>& kws,
                     Span span);
  Value MakeTirAxes(const std::string& which, std::vector<Value>& args, std::vector<KwValue>& kws,
                    Span span);

  // ---- builtins and ops (parse_builtins.cc) ----
  Value CallValue(const Value& callee, std::vector<Value> args, std::vector<KwValue> kws,
                  Span span);
  Value CallBuiltin(const Value& callee, std::vector<Value>& args, std::vector<KwValue>& kws,
                    Span span);
  Value CallOp(const OpInfo& op, std::vector<Value>& args, std::vector<KwValue>& kws, Span span);
  Value CallTir(const Value& callee, std::vector<Value>& args, std::vector<KwValue>& kws,
                Span span);
  /// Matches Python-style arguments to named parameters; reports arity/keyword errors.
  bool BindArguments(const char* callee, const std::vector<std::string>& names, size_t required,
                     std::vector<Value>& args, std::vector<KwValue>& kws, Span span,
                     std::vector<std::optional<Value>>* out);

  // ---- struct info (parse_sinfo.cc) ----
  Value MakeSInfo(Builtin kind, std::vector<Value>& args, std::vector<KwValue>& kws, Span span);
  /// A dimension: an int, a PrimExpr, or in a signature a string of shape arithmetic.
  Ref<PrimExpr> EvalDim(const Value& v);
  /// Evaluates the text of a string dimension as an expression.
  Value EvalDimString(const Value& str);
  std::optional<std::vector<Ref<PrimExpr>>> EvalDims(const Value& v, const char* what);
  std::optional<DataType> ToDType(const Value& v, const char* what);
  /// Converts a Python value (None, bool, int, float, str, list, dict, shape var) to an
  /// attribute value.
  std::optional<AttrValue> ToAttrValue(const Value& v, const char* what);
  /// Converts a dict with string keys; duplicate keys are errors.
  std::optional<AttrDict> ToAttrDict(const Value& v, const char* what);

  // ---- constants (parse_const.cc) ----
  Value MakeConst(std::vector<Value>& args, std::vector<KwValue>& kws, Span span);
  Value MakeNumpy(Builtin which, std::vector<Value>& args, std::vector<KwValue>& kws, Span span);

  // ---- state ----
  uint32_t file_;
  DiagnosticEngine& diags_;
  const ParseOptions& options_;
  IRBuilder builder_;
  std::vector<std::unordered_map<std::string, Value>> scopes_;
  std::string module_name_;
  std::unordered_set<std::string> global_names_;
  Ref<IRModule> last_module_;
  size_t errors_at_start_;
  /// While a string dimension is evaluated, diagnostics point at the string literal.
  std::optional<Span> span_override_;
  int mute_ = 0;  // >0 while annotations are pre-evaluated to discover signature vars

  using FunctionCtx = FunctionContext;
  std::vector<FunctionCtx> functions_;

  using DataflowCtx = DataflowContext;
  std::optional<DataflowCtx> dataflow_;
  /// Set while a @T.prim_func is parsed.
  std::optional<TirContext> tir_;
  /// Calls of globals used as statements, checked once every return annotation is known.
  struct PendingVoidCall {
    std::string callee;
    Span span;
  };
  std::vector<PendingVoidCall> pending_void_calls_;
  /// The return annotations of local functions, by their variable.
  std::unordered_map<const Var*, Ref<StructInfo>> local_functions_;
  /// Names that were bound only inside an earlier dataflow block (for a better message).
  std::unordered_map<std::string, Span> hidden_dataflow_names_;
};

}  // namespace rlx::text
