// The Relax parser: statements of function bodies (spec §6.5 - §6.8).
#include "ir/analysis/structural_equal.h"
#include "ir/base/check.h"
#include "ir/text/parser_state.h"

namespace rlx::text {
namespace {

bool IsDocstring(const py::Stmt& s) {
  return s.kind == py::StmtKind::kExpr && s.value->kind == py::ExprKind::kString;
}

// Collects the DataflowVars of a leaf-or-tuple expression.
void CollectVars(const Ref<Expr>& e, std::vector<Ref<Var>>* out) {
  if (auto v = As<Var>(e)) {
    for (const auto& x : *out) {
      if (x == v) return;
    }
    out->push_back(v);
  } else if (auto t = As<Tuple>(e)) {
    for (const auto& f : t->fields) CollectVars(f, out);
  }
}

Ref<Expr> Substitute(const Ref<Expr>& e, const std::vector<Ref<Var>>& from,
                     const std::vector<Ref<Var>>& to) {
  if (auto v = As<Var>(e)) {
    for (size_t i = 0; i < from.size(); ++i) {
      if (from[i] == v) return to[i];
    }
    return e;
  }
  if (auto t = As<Tuple>(e)) {
    std::vector<Ref<Expr>> fields;
    for (const auto& f : t->fields) fields.push_back(Substitute(f, from, to));
    return Tuple::Make(std::move(fields), t->span);
  }
  return e;
}

}  // namespace

Ref<Expr> RelaxParser::ParseFunctionBody(const std::vector<py::StmtPtr>& body) {
  Span last_span;
  for (size_t i = 0; i < body.size(); ++i) {
    const py::Stmt& s = *body[i];
    last_span = s.span;
    if (i == 0 && IsDocstring(s)) continue;
    bool is_return = s.kind == py::StmtKind::kReturn;
    if (is_return && i + 1 < body.size()) {
      Fail(ErrorCode::kReturnPlacement, body[i + 1]->span,
           "code after the return statement; return must end the function body");
    }
    try {
      ParseStatement(s, is_return || i + 1 == body.size());
    } catch (const StmtAbort&) {
    }
    if (is_return) break;
  }
  if (!functions_.back().returned) {
    Fail(ErrorCode::kReturnPlacement, last_span,
         "the function body must end with a return statement");
  }
  return functions_.back().result;
}

// The names a statement would bind, so that they can be bound to an error value when the
// statement fails: later uses then stay silent instead of reporting "undefined name".
static void AssignedNames(const py::Stmt& s, std::vector<std::string>* out) {
  switch (s.kind) {
    case py::StmtKind::kAssign:
    case py::StmtKind::kAnnAssign:
      if (s.target->kind == py::ExprKind::kName) out->push_back(s.target->text);
      for (const auto& e : s.target->elts) {
        if (e->kind == py::ExprKind::kName) out->push_back(e->text);
      }
      return;
    case py::StmtKind::kFunctionDef: out->push_back(s.name); return;
    case py::StmtKind::kIf:
    case py::StmtKind::kWith:
      for (const auto& b : s.body) AssignedNames(*b, out);
      for (const auto& b : s.orelse) AssignedNames(*b, out);
      return;
    default: return;
  }
}

bool RelaxParser::IsOutputStatement(const py::Stmt& s) {
  if (s.kind != py::StmtKind::kExpr || s.value->kind != py::ExprKind::kCall) return false;
  ++mute_;
  Value callee;
  try {
    callee = Eval(*s.value->value);
  } catch (const StmtAbort&) {
  }
  --mute_;
  return callee.kind == Value::Kind::kBuiltin && callee.builtin == Builtin::kOutput;
}

void RelaxParser::ParseStatement(const py::Stmt& s, bool may_return) {
  try {
    ParseStatementBody(s, may_return);
  } catch (const StmtAbort&) {
    std::vector<std::string> names;
    AssignedNames(s, &names);
    for (const auto& n : names) Bind(n, Value::Error());
    throw;
  }
}

void RelaxParser::ParseStatementBody(const py::Stmt& s, bool may_return) {
  if (dataflow_ && dataflow_->output_seen && s.kind != py::StmtKind::kReturn &&
      !IsOutputStatement(s)) {
    auto& d = diags_.Error(ErrorCode::kBindingAfterOutput, s.span,
                           "no statement may follow R.output(...) in a dataflow block");
    d.notes.push_back({dataflow_->output_span, "R.output is here"});
    throw StmtAbort{};
  }
  switch (s.kind) {
    case py::StmtKind::kPass: return;
    case py::StmtKind::kImport:
      Abort(ErrorCode::kInvalidImport, s.span, "imports belong at the top of the file");
    case py::StmtKind::kClassDef:
      Abort(ErrorCode::kInvalidStatement, s.span, "classes cannot be defined inside a function");
    case py::StmtKind::kFunctionDef: ParseLocalFunction(s); return;
    case py::StmtKind::kReturn: {
      if (!may_return) {
        functions_.back().returned = true;  // one error for a misplaced return
        Abort(ErrorCode::kReturnPlacement, s.span,
              "return must be the last statement of the function body");
      }
      functions_.back().returned = true;  // even if the value fails: no second error
      functions_.back().result = ParseReturn(s);
      return;
    }
    case py::StmtKind::kAssign:
    case py::StmtKind::kAnnAssign: ParseAssign(s); return;
    case py::StmtKind::kExpr: ParseExprStatement(s); return;  // binds `_`
    case py::StmtKind::kIf:
      if (dataflow_) {
        Abort(ErrorCode::kIfInDataflow, s.span,
              "if statements are not allowed inside a dataflow block");
      }
      ParseIf(s);
      return;
    case py::StmtKind::kWith: ParseWith(s, may_return); return;
    case py::StmtKind::kFor:
      Abort(ErrorCode::kUnsupportedSyntax, s.span,
            "'for' loops are TIR: they belong in a @T.prim_func, not in a Relax function");
    case py::StmtKind::kAssert:
      Abort(ErrorCode::kUnsupportedSyntax, s.span,
            "'assert' is TIR: it belongs in a @T.prim_func; a Relax function calls "
            "R.assert_op(cond)");
  }
}

// ---------------------------------------------------------------- assignments

void RelaxParser::ParseAssign(const py::Stmt& s) {
  if (s.kind == py::StmtKind::kAnnAssign) {
    Ref<StructInfo> ann = ToSInfo(Check(Eval(*s.annotation)), "an annotation");
    if (!ann) throw StmtAbort{};
    if (!s.value) {
      Abort(ErrorCode::kInvalidStatement, s.span,
            "an annotation without a value declares nothing; write 'x: ... = value'");
    }
    Value v = Check(Eval(*s.value));
    AssignName(s.target->text, s.target->span, v, ann);
    return;
  }
  const py::Expr& target = *s.target;
  if (target.kind == py::ExprKind::kSubscript) {
    Abort(ErrorCode::kInvalidTarget, target.span,
          "cannot assign to a subscript in a Relax function (buffer stores belong to "
          "@T.prim_func)");
  }
  Value v = Check(Eval(*s.value));
  if (target.kind == py::ExprKind::kName) {
    AssignName(target.text, target.span, v, nullptr);
    return;
  }
  // a, b = x, y: element-wise, after the whole right-hand side was evaluated.
  if (v.kind != Value::Kind::kTuple && v.kind != Value::Kind::kList) {
    Abort(ErrorCode::kUnpackMismatch, s.span,
          "cannot unpack " + DescribeValue(v) +
              "; bind it to one name and take elements with t[0], t[1], ...");
  }
  if (v.items.size() != target.elts.size()) {
    Abort(ErrorCode::kUnpackMismatch, s.span,
          "cannot unpack " + std::to_string(v.items.size()) + " values into " +
              std::to_string(target.elts.size()) + " names");
  }
  for (size_t i = 0; i < v.items.size(); ++i) {
    AssignName(target.elts[i]->text, target.elts[i]->span, v.items[i], nullptr);
  }
}

void RelaxParser::AssignName(const std::string& name, Span span, const Value& v,
                             const Ref<StructInfo>& annotation) {
  // n = T.int64(): declare a shape variable, or re-declare one of the signature.
  if (v.kind == Value::Kind::kPrim && !v.prim && v.b) {
    if (annotation)
      Abort(ErrorCode::kInvalidStatement, span, "a shape variable takes no annotation");
    const Value* existing = Lookup(name);
    if (existing && existing->kind == Value::Kind::kPrim && existing->prim &&
        existing->prim->is_var()) {
      if (existing->prim->dtype != v.dtype) {
        Abort(ErrorCode::kShapeVarDType, span,
              "'" + name + "' is a " + std::string(DataTypeName(existing->prim->dtype)) +
                  " variable; it cannot be declared as " + std::string(DataTypeName(v.dtype)));
      }
      Bind(name, *existing);
      return;
    }
    if (existing && existing->kind != Value::Kind::kError &&
        existing->kind != Value::Kind::kNamespace && existing->kind != Value::Kind::kModule) {
      Abort(ErrorCode::kDuplicateShapeVar, span,
            "'" + name + "' already names " + DescribeValue(*existing) +
                "; it cannot be declared as a shape variable");
    }
    Bind(name, Value::Prim(PrimExpr::Var(name, v.dtype, span), span));
    return;
  }
  if (v.kind == Value::Kind::kMatchCast) {
    // x = R.match_cast(value, S): the variable's struct info is S (spec text.match-cast).
    if (annotation && !StructuralEqual(annotation, v.sinfo)) {
      Abort(ErrorCode::kArgumentType, span,
            "the annotation of a match_cast binding must equal its struct info");
    }
    Ref<Var> var = builder_.EmitMatchCast(v.expr, v.sinfo, name, span);
    Bind(name, Value::Relax(var, span));
    return;
  }
  switch (v.kind) {
    case Value::Kind::kModule:
    case Value::Kind::kNamespace:
    case Value::Kind::kOp:
    case Value::Kind::kBuiltin:
    case Value::Kind::kSInfo:
    case Value::Kind::kNone:
    case Value::Kind::kDict:
    case Value::Kind::kTensor:
      // A Python-level alias (cls = Module, add = R.add): no IR binding.
      if (annotation) {
        Abort(ErrorCode::kArgumentType, span,
              "an annotated binding needs a Relax value, not " + DescribeValue(v));
      }
      Bind(name, v);
      return;
    case Value::Kind::kDataflowCtx:
      Abort(ErrorCode::kInvalidStatement, span, "R.dataflow() is used as 'with R.dataflow():'");
    default: break;
  }
  Ref<Expr> e = ToRelax(v, "a value to bind", /*python_numbers_as_const=*/true);
  if (!e) throw StmtAbort{};
  Ref<Var> var = builder_.Emit(e, name, annotation, span);
  Bind(name, Value::Relax(var, span));
}

Ref<Var> RelaxParser::ParseExprStatement(const py::Stmt& s) {
  const py::Expr& e = *s.value;
  if (e.kind == py::ExprKind::kString) return nullptr;  // a docstring or a comment string
  if (e.kind != py::ExprKind::kCall) {
    Abort(ErrorCode::kExprStatement, e.span,
          "an expression statement must be a call such as R.print(...); bind other values "
          "to a name");
  }
  Value callee = Check(Eval(*e.value));
  if (callee.kind == Value::Kind::kBuiltin && callee.builtin == Builtin::kFuncAttr) {
    FunctionCtx& ctx = functions_.back();
    if (ctx.has_func_attr) {
      Abort(ErrorCode::kFuncAttrPlacement, e.span, "R.func_attr is given twice");
    }
    if (dataflow_) {
      Abort(ErrorCode::kFuncAttrPlacement, e.span, "R.func_attr cannot be inside a dataflow block");
    }
    if (e.elts.size() != 1 || !e.keywords.empty()) {
      Abort(ErrorCode::kArgumentCount, e.span, "R.func_attr takes one dict");
    }
    Value d = Check(Eval(*e.elts[0]));
    std::optional<AttrDict> dict = ToAttrDict(d, "R.func_attr");
    if (!dict) throw StmtAbort{};
    ctx.has_func_attr = true;
    ctx.attrs = Attrs(std::move(*dict));
    ctx.attr_span = e.span;
    return nullptr;
  }
  if (callee.kind == Value::Kind::kBuiltin && callee.builtin == Builtin::kOutput) {
    if (!dataflow_) {
      Abort(ErrorCode::kOutputOutsideDataflow, e.span,
            "R.output is only allowed in a dataflow block");
    }
    if (dataflow_->output_seen) {
      auto& d = diags_.Error(ErrorCode::kOutputTwice, e.span, "R.output is given twice");
      d.notes.push_back({dataflow_->output_span, "the first R.output is here"});
      throw StmtAbort{};
    }
    if (!e.keywords.empty()) {
      Abort(ErrorCode::kUnknownKeyword, e.keywords[0].name_span, "R.output takes no keywords");
    }
    dataflow_->output_seen = true;
    dataflow_->output_span = e.span;
    for (const auto& arg : e.elts) {
      Value v = Eval(*arg);
      if (v.is_error()) {
        if (arg->kind == py::ExprKind::kName) dataflow_->failed_names.push_back(arg->text);
        continue;
      }
      auto var = v.kind == Value::Kind::kRelax ? As<Var>(v.expr) : nullptr;
      if (arg->kind != py::ExprKind::kName || !var || !builder_.IsBoundInDataflow(*var)) {
        Fail(ErrorCode::kOutputNotInBlock, arg->span,
             "R.output takes variables bound in this dataflow block");
        if (arg->kind == py::ExprKind::kName) dataflow_->failed_names.push_back(arg->text);
        continue;
      }
      bool dup = false;
      for (const auto& o : dataflow_->outputs) dup |= o == var;
      if (dup) {
        Fail(ErrorCode::kOutputNotInBlock, arg->span, "'" + arg->text + "' is output twice");
        continue;
      }
      dataflow_->outputs.push_back(var);
      dataflow_->output_names.push_back(arg->text);
      dataflow_->output_spans.push_back(arg->span);
    }
    return nullptr;
  }
  Value v = Check(Eval(e));
  // `R.tuple()` is void as it stands (text.stmt.void).
  auto tuple = v.kind == Value::Kind::kRelax ? As<Tuple>(v.expr) : nullptr;
  if (!(tuple && tuple->fields.empty())) {
    if (v.kind != Value::Kind::kRelax || !Call::Is(v.expr->kind)) {
      Abort(ErrorCode::kExprStatement, e.span,
            "an expression statement must be a Relax call such as R.print(...)");
    }
    CheckVoidStatement(*As<Call>(v.expr), e.span);
  }
  // The value is bound to a fresh variable that nothing can name (spec text.stmt.expr).
  return builder_.Emit(v.expr, "_", nullptr, e.span);
}

// An expression statement must be void, as TVMScript requires (spec text.stmt.void). What
// the call returns is read from annotations, as TVM reads it from struct info: ops that
// return void, packed calls whose sinfo_args say R.Tuple, and calls of functions whose
// return annotation is R.Tuple (globals are checked when the whole module is known).
void RelaxParser::CheckVoidStatement(const Call& call, Span span) {
  auto single_void = [&] { return call.sinfo_args.size() == 1 && IsVoid(call.sinfo_args[0]); };
  auto fail = [&](const std::string& why) {
    Abort(ErrorCode::kExprStatement, span,
          "an expression statement must return void (R.Tuple); " + why +
              "; bind the value to "
              "a name instead");
  };
  if (auto op = As<Op>(call.op)) {
    OpId id = op->info->id;
    if (IsVoidStatementOp(id)) return;
    if (id == OpId::kCallPurePacked && single_void()) return;
    fail("R." + op->info->name + " returns a value");
  }
  if (ExternFunc::Is(call.op->kind)) {
    if (single_void()) return;
    fail("the packed call's sinfo_args do not say R.Tuple");
  }
  if (auto gv = As<GlobalVar>(call.op)) {
    pending_void_calls_.push_back({gv->name, span});
    return;
  }
  if (auto v = As<Var>(call.op)) {
    Ref<StructInfo> ret;
    auto local = local_functions_.find(v.get());
    if (local != local_functions_.end()) {
      ret = local->second;
    } else if (auto f = As<FuncStructInfo>(v->annotation)) {
      ret = f->ret;
    }
    if (IsVoid(ret)) return;
    fail("'" + v->name + "' is not known to return R.Tuple");
  }
  fail("the callee is not known to return R.Tuple");
}

// ---------------------------------------------------------------- return

Ref<Expr> RelaxParser::ParseReturn(const py::Stmt& s) {
  if (!s.value) {
    Abort(ErrorCode::kReturnPlacement, s.span, "return needs a value, e.g. 'return x'");
  }
  Value v = Check(Eval(*s.value));
  Ref<Expr> e = ToRelax(v, "a return value", /*python_numbers_as_const=*/true);
  if (!e) throw StmtAbort{};
  if (dataflow_) {
    // A return inside a dataflow block outputs the dataflow variables it uses.
    e = builder_.NormalizeArg(e);
    std::vector<Ref<Var>> used;
    CollectVars(e, &used);
    for (const auto& v2 : used) {
      if (!builder_.IsBoundInDataflow(*v2)) continue;
      bool already = false;
      for (const auto& o : dataflow_->outputs) already |= o == v2;
      if (already) continue;
      dataflow_->outputs.push_back(v2);
      dataflow_->output_names.push_back(v2->name);
      dataflow_->output_spans.push_back(s.span);
    }
  }
  return e;
}

// ---------------------------------------------------------------- if / else

std::string RelaxParser::ParseIf(const py::Stmt& s) {
  if (!s.has_else) {
    Abort(ErrorCode::kIfWithoutElse, s.span, "an if statement needs an else branch");
  }
  Value c = Check(Eval(*s.value));
  Ref<Expr> cond;
  if (c.kind == Value::Kind::kRelax || c.kind == Value::Kind::kPrim) {
    cond = ToRelax(c, "a condition");
  } else {
    Abort(ErrorCode::kArgumentType, s.value->span,
          "the condition must be a Relax value (a bool scalar tensor or R.Prim(\"bool\")) or "
          "a shape expression, not " +
              DescribeValue(c));
  }
  if (!cond) throw StmtAbort{};
  builder_.BeginIf(cond, s.span);
  std::string then_name, else_name;
  Span then_span, else_span;
  PushScope();
  Ref<Expr> then_result = ParseBranch(s.body, s.span, &then_name, &then_span);
  PopScope();
  builder_.BeginElse(then_result);
  PushScope();
  Ref<Expr> else_result = ParseBranch(s.orelse, s.span, &else_name, &else_span);
  PopScope();
  std::string name = then_name.empty() ? else_name : then_name;
  if (!then_name.empty() && !else_name.empty() && then_name != else_name) {
    auto& d = diags_.Error(ErrorCode::kIfBranchResult, else_span,
                           "both branches must assign the same result name: the then branch "
                           "assigns '" +
                               then_name + "' but the else branch assigns '" + else_name + "'");
    d.notes.push_back({then_span, "the then branch assigns it here"});
  }
  Ref<Var> var = builder_.EndIf(else_result, name.empty() ? "lv" : name, nullptr, s.span);
  if (!name.empty()) Bind(name, Value::Relax(var, s.span));
  return name;
}

Ref<Expr> RelaxParser::ParseBranch(const std::vector<py::StmtPtr>& body, Span if_span,
                                   std::string* name, Span* name_span) {
  for (size_t i = 0; i + 1 < body.size(); ++i) {
    try {
      ParseStatement(*body[i], false);
    } catch (const StmtAbort&) {
    }
  }
  Ref<Expr> placeholder = Tuple::Make({}, if_span);
  if (body.empty()) return placeholder;
  const py::Stmt& last = *body.back();
  try {
    if (last.kind == py::StmtKind::kExpr && last.value->kind == py::ExprKind::kCall) {
      // A void statement ends the branch, as in TVM: its binding `_` is the branch's result
      // (text.if.result).
      Ref<Var> v = ParseExprStatement(last);
      if (!v) {
        Abort(ErrorCode::kIfBranchResult, last.span,
              "an if branch must end by assigning its result to a name, or with a void call");
      }
      *name = "_";
      *name_span = last.span;
      return v;
    }
    if (last.kind == py::StmtKind::kWith) {
      *name = ParseBranchDataflow(last);
      *name_span = last.span;
      const Value* v = Lookup(*name);
      return v && v->kind == Value::Kind::kRelax ? v->expr : placeholder;
    }
    if (last.kind == py::StmtKind::kIf) {
      if (dataflow_)
        Abort(ErrorCode::kIfInDataflow, last.span,
              "if statements are not allowed inside a dataflow block");
      *name = ParseIf(last);
      *name_span = last.span;
      const Value* v = Lookup(*name);
      return v && v->kind == Value::Kind::kRelax ? v->expr : placeholder;
    }
    bool single_name =
        (last.kind == py::StmtKind::kAssign || last.kind == py::StmtKind::kAnnAssign) &&
        last.target->kind == py::ExprKind::kName;
    if (!single_name) {
      Abort(ErrorCode::kIfBranchResult, last.span,
            "an if branch must end by assigning its result to a name, e.g. 'y = ...'");
    }
    *name = last.target->text;
    *name_span = last.target->span;
    Ref<StructInfo> ann;
    if (last.kind == py::StmtKind::kAnnAssign) {
      ann = ToSInfo(Check(Eval(*last.annotation)), "an annotation");
      if (!last.value)
        Abort(ErrorCode::kInvalidStatement, last.span, "an annotation needs a value");
    }
    Value v = Check(Eval(*last.value));
    if (v.kind == Value::Kind::kMatchCast) {
      return builder_.EmitMatchCast(v.expr, v.sinfo, *name, last.span);
    }
    Ref<Expr> e = ToRelax(v, "the branch result", /*python_numbers_as_const=*/true);
    if (!e) throw StmtAbort{};
    // A plain leaf result is the branch's value itself (spec text.if.result).
    if (!ann && IsLeafOrTuple(e)) return e;
    return builder_.Emit(e, *name, ann, last.span);
  } catch (const StmtAbort&) {
    return placeholder;
  }
}

// A branch that ends in `with R.dataflow():` (as TVM allows): the block's last assignment is
// the branch's result, and it must be one of the block's outputs (text.if.result).
std::string RelaxParser::ParseBranchDataflow(const py::Stmt& s) {
  const py::Stmt* last_assign = nullptr;
  for (const auto& st : s.body) {
    if ((st->kind == py::StmtKind::kAssign || st->kind == py::StmtKind::kAnnAssign) &&
        st->target->kind == py::ExprKind::kName) {
      last_assign = st.get();
    } else if (st->kind != py::StmtKind::kExpr || !IsOutputStatement(*st)) {
      last_assign = nullptr;  // the block ends with something else
    }
  }
  ParseStatement(s, false);
  const Value* v = last_assign ? Lookup(last_assign->target->text) : nullptr;
  auto var = v && v->kind == Value::Kind::kRelax ? As<Var>(v->expr) : nullptr;
  if (!var || var->kind == ExprKind::kDataflowVar) {
    Abort(ErrorCode::kIfBranchResult, last_assign ? last_assign->span : s.span,
          "a dataflow block that ends an if branch must end by binding one of its outputs "
          "(the branch's result)");
  }
  return last_assign->target->text;
}

// ---------------------------------------------------------------- dataflow blocks

void RelaxParser::ParseWith(const py::Stmt& s, bool may_return) {
  Value ctx = Check(Eval(*s.value));
  if (ctx.kind != Value::Kind::kDataflowCtx) {
    Abort(ErrorCode::kInvalidStatement, s.value->span,
          "only 'with R.dataflow():' blocks are supported");
  }
  if (dataflow_) {
    Abort(ErrorCode::kInvalidStatement, s.span, "dataflow blocks cannot be nested");
  }
  dataflow_.emplace();
  builder_.BeginDataflow(s.span);
  PushScope();
  for (size_t i = 0; i < s.body.size(); ++i) {
    try {
      ParseStatement(*s.body[i], may_return && i + 1 == s.body.size());
    } catch (const StmtAbort&) {
    }
  }
  // Names bound only inside the block: kept to explain a later use (spec scope.dataflow).
  std::vector<std::string> block_names;
  for (const auto& [name, value] : scopes_.back()) block_names.push_back(name);
  PopScope();
  DataflowCtx df = std::move(*dataflow_);
  dataflow_.reset();
  std::vector<Ref<Var>> outputs = builder_.EndDataflow(df.outputs);
  for (const auto& n : block_names) hidden_dataflow_names_[n] = s.span;
  for (size_t i = 0; i < outputs.size(); ++i) {
    Bind(df.output_names[i], Value::Relax(outputs[i], df.output_spans[i]));
    hidden_dataflow_names_.erase(df.output_names[i]);
  }
  for (const auto& n : df.failed_names) Bind(n, Value::Error());
  FunctionCtx& fn = functions_.back();
  if (fn.returned && fn.result) fn.result = Substitute(fn.result, df.outputs, outputs);
}

// ---------------------------------------------------------------- local functions

void RelaxParser::ParseLocalFunction(const py::Stmt& s) {
  // The variable exists before the body is parsed, so the function can call itself.
  Ref<Var> var = builder_.in_dataflow() ? Var::MakeDataflow(s.name, nullptr, s.name_span)
                                        : Var::Make(s.name, nullptr, s.name_span);
  Bind(s.name, Value::Relax(var, s.name_span));
  // The return annotation is known before the body, so a recursive call used as a
  // statement can be checked (spec text.stmt.void).
  if (s.returns) {
    ++mute_;
    try {
      Value r = Eval(*s.returns);
      local_functions_[var.get()] = r.kind == Value::Kind::kNone    ? VoidStructInfo()
                                    : r.kind == Value::Kind::kSInfo ? r.sinfo
                                                                    : nullptr;
    } catch (const StmtAbort&) {
    }
    --mute_;
  }
  Ref<Function> fn = ParseFunction(s, /*top_level=*/false);
  if (!fn) throw StmtAbort{};
  local_functions_[var.get()] = fn->ret_sinfo;
  builder_.EmitWithVar(var, fn, s.span);
}

}  // namespace rlx::text
