// The Relax parser: files, modules, decorators and functions (spec §6.3 - §6.4).
#include <charconv>

#include "ir/base/check.h"
#include "ir/text/parser_state.h"

namespace rlx::text {

// ---------------------------------------------------------------- values

Value Value::Relax(Ref<Expr> e, Span span) {
  Value v;
  v.kind = Kind::kRelax;
  v.expr = std::move(e);
  v.span = span;
  return v;
}

Value Value::Prim(Ref<PrimExpr> e, Span span) {
  Value v;
  v.kind = Kind::kPrim;
  v.prim = std::move(e);
  v.span = span;
  return v;
}

Value Value::SInfo(Ref<StructInfo> s, Span span) {
  Value v;
  v.kind = Kind::kSInfo;
  v.sinfo = std::move(s);
  v.span = span;
  return v;
}

Value Value::Int(__int128 i, Span span) {
  Value v;
  v.kind = Kind::kInt;
  v.i = i;
  v.span = span;
  return v;
}

Value Value::MakeBuiltin(Builtin b, Span span) {
  Value v;
  v.kind = Kind::kBuiltin;
  v.builtin = b;
  v.span = span;
  return v;
}

std::string DescribeValue(const Value& v) {
  switch (v.kind) {
    case Value::Kind::kError: return "an invalid value";
    case Value::Kind::kNone: return "None";
    case Value::Kind::kBool: return "a bool";
    case Value::Kind::kInt: return "an int";
    case Value::Kind::kFloat: return "a float";
    case Value::Kind::kStr: return "a string";
    case Value::Kind::kTuple: return "a tuple";
    case Value::Kind::kList: return "a list";
    case Value::Kind::kDict: return "a dict";
    case Value::Kind::kRelax: return std::string("a Relax ") + ExprKindName(v.expr->kind);
    case Value::Kind::kPrim: return "a shape expression";
    case Value::Kind::kSInfo: return "struct info";
    case Value::Kind::kNamespace: return "the namespace " + v.s;
    case Value::Kind::kModule: return "the module";
    case Value::Kind::kOp: return "the operator R." + v.op->name;
    case Value::Kind::kBuiltin: return "a built-in function";
    case Value::Kind::kTensor: return "an array";
    case Value::Kind::kMatchCast: return "R.match_cast(...)";
    case Value::Kind::kDataflowCtx: return "R.dataflow()";
    case Value::Kind::kBuffer: return "the buffer " + v.tir->buffer->name;
    case Value::Kind::kBufferRegion: return "a region of buffer " + v.tir->buffer->name;
    case Value::Kind::kTirLoops: return "loops";
    case Value::Kind::kTirAxes: return "block iteration bindings";
    case Value::Kind::kTirBlockCtx: return "T.block(...)";
    case Value::Kind::kTirInitCtx: return "T.init()";
  }
  return "a value";
}

// ---------------------------------------------------------------- captured values

bool CapturedValue::Parse(const std::string& text, CapturedValue* out) {
  CapturedValue v;
  if (text == "None") {
    v.kind = Kind::kNone;
  } else if (text == "True" || text == "False") {
    v.kind = Kind::kBool;
    v.bool_value = text == "True";
  } else if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'')) {
    if (text.back() != text.front()) return false;
    v.kind = Kind::kString;
    v.string_value = text.substr(1, text.size() - 2);
  } else {
    const char* b = text.data();
    const char* e = b + text.size();
    int64_t i = 0;
    auto ri = std::from_chars(b, e, i);
    double d = 0;
    auto rd = std::from_chars(b, e, d);
    if (!text.empty() && ri.ec == std::errc() && ri.ptr == e) {
      v.kind = Kind::kInt;
      v.int_value = i;
    } else if (!text.empty() && ri.ec == std::errc::result_out_of_range && ri.ptr == e) {
      return false;  // an integer beyond int64
    } else if (!text.empty() && rd.ec == std::errc() && rd.ptr == e) {
      v.kind = Kind::kFloat;
      v.float_value = d;
    } else {
      v.kind = Kind::kString;
      v.string_value = text;
    }
  }
  *out = std::move(v);
  return true;
}

// ---------------------------------------------------------------- parser basics

RelaxParser::RelaxParser(uint32_t file, DiagnosticEngine& diags, const ParseOptions& options)
    : file_(file), diags_(diags), options_(options), errors_at_start_(diags.error_count()) {}

Value RelaxParser::Fail(ErrorCode code, Span span, std::string message) {
  if (mute_ == 0) diags_.Error(code, span_override_ ? *span_override_ : span, std::move(message));
  return Value::Error();
}

void RelaxParser::Abort(ErrorCode code, Span span, std::string message) {
  Fail(code, span, std::move(message));
  throw StmtAbort{};
}

const Value* RelaxParser::Lookup(const std::string& name) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto f = it->find(name);
    if (f != it->end()) return &f->second;
  }
  return nullptr;
}

// ---------------------------------------------------------------- file level

Ref<IRModule> RelaxParser::Run(const py::File& file) {
  PushScope();
  // The TVMScript prefixes are available even without the import line (spec text.import).
  for (const char* ns : {"R", "T", "I"}) {
    Value v;
    v.kind = Value::Kind::kNamespace;
    v.s = ns;
    Bind(ns, v);
  }
  std::vector<const py::Stmt*> classes, functions;
  for (const auto& s : file.body) {
    try {
      switch (s->kind) {
        case py::StmtKind::kImport: ParseImport(*s); break;
        case py::StmtKind::kClassDef: classes.push_back(s.get()); break;
        case py::StmtKind::kFunctionDef: functions.push_back(s.get()); break;
        case py::StmtKind::kPass: break;
        case py::StmtKind::kExpr:
          if (s->value->kind == py::ExprKind::kString) break;  // a docstring
          [[fallthrough]];
        default:
          Abort(ErrorCode::kInvalidStatement, s->span,
                "only imports, one @I.ir_module class, or @R.function definitions may appear at "
                "the top level");
      }
    } catch (const StmtAbort&) {
    }
  }
  if (classes.size() > 1) {
    auto& d =
        diags_.Error(ErrorCode::kMultipleModules, classes[1]->name_span,
                     "a file holds one module; found a second class '" + classes[1]->name + "'");
    d.notes.push_back({classes[0]->name_span, "the first module is here"});
    return nullptr;
  }
  if (!classes.empty() && !functions.empty()) {
    diags_.Error(ErrorCode::kMultipleModules, functions[0]->name_span,
                 "top-level functions cannot be mixed with an @I.ir_module class; move '" +
                     functions[0]->name + "' into the class");
    return nullptr;
  }
  if (classes.empty() && functions.empty()) {
    if (diags_.error_count() == errors_at_start_) {
      diags_.Error(ErrorCode::kMultipleModules, Span{file_, {1, 1}, {1, 1}},
                   "nothing to parse: expected an @I.ir_module class or @R.function definitions");
    }
    return nullptr;
  }
  if (!classes.empty()) {
    ParseClass(*classes[0]);
  } else {
    module_name_ = "Module";
    for (const py::Stmt* f : functions) {
      if (!global_names_.insert(f->name).second) {
        diags_.Error(ErrorCode::kDuplicateGlobal, f->name_span,
                     "function '" + f->name + "' is defined twice");
      }
    }
    builder_.BeginModule("Module", functions[0]->span);
    std::unordered_set<std::string> added;
    for (const py::Stmt* f : functions) {
      Ref<Function> fn = ParseFunction(*f, true);
      if (fn && added.insert(f->name).second) builder_.AddGlobal(f->name, fn, f->span);
    }
    return builder_.EndModule(/*standalone=*/true);
  }
  return last_module_;
}

void RelaxParser::ParseImport(const py::Stmt& s) {
  // Accepted (spec text.import): from tvm.script import ir as I, relax as R, tir as T;
  // import tvm; import numpy as np.
  if (s.is_from_import && s.module == "tvm.script") {
    for (const auto& [name, alias] : s.names) {
      const char* ns = name == "ir"                       ? "I"
                       : name == "relax"                  ? "R"
                       : name == "tir" || name == "tirx" ? "T"  // tirx: TVM since v0.24
                                                          : nullptr;
      if (!ns) {
        Abort(ErrorCode::kInvalidImport, s.span,
              "unsupported import 'tvm.script." + name + "'; expected ir, relax, tir or tirx");
      }
      Value v;
      v.kind = Value::Kind::kNamespace;
      v.s = ns;
      Bind(alias, v);
    }
    return;
  }
  if (!s.is_from_import) {
    for (const auto& [name, alias] : s.names) {
      Value v;
      v.kind = Value::Kind::kNamespace;
      if (name == "tvm") {
        v.s = "tvm";
      } else if (name == "numpy") {
        v.s = "np";
      } else {
        Abort(ErrorCode::kInvalidImport, s.span,
              "unsupported import '" + name + "'; only tvm and numpy may be imported");
      }
      Bind(alias, v);
    }
    return;
  }
  Abort(ErrorCode::kInvalidImport, s.span,
        "unsupported import from '" + s.module +
            "'; write 'from tvm.script import ir as I, relax as R, tir as T'");
}

std::optional<std::vector<KwValue>> RelaxParser::DecoratorArgs(const py::Expr& d, Builtin expected,
                                                               const char* what) {
  const py::Expr* callee = d.kind == py::ExprKind::kCall ? d.value.get() : &d;
  Value c = Eval(*callee);
  if (c.is_error()) return std::nullopt;
  if (c.kind == Value::Kind::kBuiltin && c.builtin == Builtin::kPrimFunc &&
      expected != Builtin::kPrimFunc) {
    Fail(ErrorCode::kInvalidDecorator, d.span,
         "a @T.prim_func is a member of an @I.ir_module class (tir.text.func)");
    return std::nullopt;
  }
  if (c.kind != Value::Kind::kBuiltin || c.builtin != expected) {
    Fail(ErrorCode::kInvalidDecorator, d.span, std::string("expected the decorator ") + what);
    return std::nullopt;
  }
  std::vector<KwValue> kws;
  if (d.kind == py::ExprKind::kCall) {
    if (!d.elts.empty()) {
      Fail(ErrorCode::kInvalidDecorator, d.elts[0]->span,
           std::string(what) + " takes only keyword arguments");
      return std::nullopt;
    }
    for (const auto& k : d.keywords) {
      Value v = Eval(*k.value);
      if (v.is_error()) return std::nullopt;
      if (v.kind != Value::Kind::kBool) {
        Fail(ErrorCode::kInvalidDecorator, k.value->span,
             "decorator argument '" + k.name + "' must be True or False");
        return std::nullopt;
      }
      kws.push_back({k.name, k.name_span, v});
    }
  }
  return kws;
}

void RelaxParser::ParseClass(const py::Stmt& cls) {
  module_name_ = cls.name;
  bool decorated = false;
  if (cls.decorators.size() != 1) {
    Fail(ErrorCode::kInvalidDecorator,
         cls.decorators.empty() ? cls.name_span : cls.decorators[1]->span,
         "a module class needs exactly one decorator, @I.ir_module");
  } else if (auto kws = DecoratorArgs(*cls.decorators[0], Builtin::kIrModule, "@I.ir_module")) {
    decorated = true;
    for (const auto& k : *kws) {
      // text.spelling: TVM since v0.24 prints @I.ir_module(s_tir=True) (its TIR is written with
      // T.sblock); the flag does not change what a Relax module means.
      if (k.name != "check_well_formed" && k.name != "s_tir") {
        Fail(ErrorCode::kInvalidDecorator, k.name_span,
             "unknown @I.ir_module argument '" + k.name + "'");
      }
    }
  }
  (void)decorated;
  if (!cls.bases.empty()) {
    Fail(ErrorCode::kInvalidStatement, cls.bases[0]->span, "a module class takes no base classes");
  }
  Value self;
  self.kind = Value::Kind::kModule;
  self.span = cls.name_span;
  Bind(cls.name, self);

  // Every member name is known before any body is parsed, so functions can call functions
  // defined later in the class (spec text.module.forward-reference).
  for (const auto& s : cls.body) {
    std::string name;
    Span span;
    if (s->kind == py::StmtKind::kFunctionDef) {
      name = s->name;
      span = s->name_span;
    } else if (s->kind == py::StmtKind::kAssign && s->target->kind == py::ExprKind::kName) {
      name = s->target->text;
      span = s->target->span;
    } else {
      continue;
    }
    if (!global_names_.insert(name).second) {
      diags_.Error(ErrorCode::kDuplicateGlobal, span,
                   "module member '" + name + "' is defined twice");
    }
  }

  builder_.BeginModule(cls.name, cls.span);
  std::unordered_set<std::string> added;
  bool attrs_seen = false, infos_seen = false;
  for (const auto& s : cls.body) {
    try {
      switch (s->kind) {
        case py::StmtKind::kFunctionDef: {
          if (IsPrimFuncDef(*s)) {
            Ref<tir::PrimFunc> pf = ParsePrimFunc(*s);
            if (pf && added.insert(s->name).second) builder_.AddGlobal(s->name, pf, s->span);
            break;
          }
          Ref<Function> fn = ParseFunction(*s, true);
          if (fn && added.insert(s->name).second) builder_.AddGlobal(s->name, fn, s->span);
          break;
        }
        case py::StmtKind::kAssign: {
          Value v = Check(Eval(*s->value));
          if (s->target->kind != py::ExprKind::kName || v.kind != Value::Kind::kRelax ||
              !ExternFunc::Is(v.expr->kind)) {
            Abort(ErrorCode::kInvalidStatement, s->span,
                  "a module-level assignment must bind a name to R.ExternFunc(...)");
          }
          if (added.insert(s->target->text).second)
            builder_.AddGlobal(s->target->text, v.expr, s->span);
          break;
        }
        case py::StmtKind::kExpr: {
          if (s->value->kind == py::ExprKind::kString) break;  // a docstring
          const py::Expr& e = *s->value;
          if (e.kind == py::ExprKind::kCall) {
            Value c = Check(Eval(*e.value));
            if (c.kind == Value::Kind::kBuiltin && c.builtin == Builtin::kModuleAttrs) {
              if (attrs_seen) {
                Abort(ErrorCode::kInvalidStatement, e.span, "I.module_attrs given twice");
              }
              attrs_seen = true;
              if (e.elts.size() != 1 || !e.keywords.empty()) {
                Abort(ErrorCode::kArgumentCount, e.span, "I.module_attrs takes one dict");
              }
              Value d = Check(Eval(*e.elts[0]));
              std::optional<AttrDict> dict = ToAttrDict(d, "I.module_attrs");
              if (!dict) throw StmtAbort{};
              builder_.SetModuleAttrs(Attrs(std::move(*dict)));
              break;
            }
            if (c.kind == Value::Kind::kBuiltin && c.builtin == Builtin::kModuleGlobalInfos) {
              if (infos_seen) Abort(ErrorCode::kInvalidStatement, e.span, "I.module_global_infos given twice");
              infos_seen = true;
              builder_.SetModuleVDevices(ParseGlobalInfos(e));
              break;
            }
          }
          Abort(ErrorCode::kInvalidStatement, s->span,
                "a module class may contain functions, R.ExternFunc members, I.module_attrs and "
                "I.module_global_infos");
        }
        case py::StmtKind::kPass: break;
        default:
          Abort(ErrorCode::kInvalidStatement, s->span,
                "a module class may contain functions, R.ExternFunc members, I.module_attrs and "
                "I.module_global_infos");
      }
    } catch (const StmtAbort&) {
    }
  }
  last_module_ = builder_.EndModule();
  for (const auto& call : pending_void_calls_) {
    const GlobalDef* g = last_module_->Find(call.callee);
    Ref<StructInfo> ret;
    if (g) {
      if (auto f = As<Function>(g->value)) ret = f->ret_sinfo;
      if (As<tir::PrimFunc>(g->value)) ret = TupleStructInfo::Make({});  // tir.func.sinfo
      if (auto x = As<ExternFunc>(g->value)) {
        if (auto fs = As<FuncStructInfo>(x->sinfo)) ret = fs->ret;
      }
    }
    if (!IsVoid(ret)) {
      Fail(ErrorCode::kExprStatement, call.span,
           "an expression statement must return void (R.Tuple); '" + call.callee +
               "' is not annotated to return R.Tuple; bind the value to a name instead");
    }
  }
}

}  // namespace rlx::text

namespace rlx::text {

// ---------------------------------------------------------------- functions

Ref<Function> RelaxParser::ParseFunction(const py::Stmt& def, bool top_level) {
  bool pure = true, is_private = false;
  if (def.decorators.size() != 1) {
    Fail(ErrorCode::kInvalidDecorator,
         def.decorators.empty() ? def.name_span : def.decorators[1]->span,
         "a function needs exactly one decorator, @R.function");
    return nullptr;
  }
  auto kws = DecoratorArgs(*def.decorators[0], Builtin::kFunction, "@R.function");
  if (!kws) return nullptr;
  for (const auto& k : *kws) {
    if (k.name == "pure") {
      pure = k.value.b;
    } else if (k.name == "private") {
      is_private = k.value.b;
    } else if (k.name != "check_well_formed") {
      Fail(ErrorCode::kInvalidDecorator, k.name_span,
           "unknown @R.function argument '" + k.name + "'");
    }
  }

  functions_.emplace_back();
  PushScope();
  builder_.BeginFunction(def.span);
  if (top_level) hidden_dataflow_names_.clear();
  // A nested function has its own blocks: the enclosing dataflow block does not extend into it.
  std::optional<DataflowCtx> enclosing_dataflow = std::move(dataflow_);
  dataflow_.reset();

  // Pass 1 (muted): identifier strings in parameter annotations define shape variables, in
  // any order across parameters (spec text.func.signature-vars, wf.shape-var.signature).
  functions_.back().in_signature = true;
  functions_.back().collect_vars = true;
  ++mute_;
  for (const auto& p : def.params) {
    if (!p.annotation) continue;
    try {
      Eval(*p.annotation);
    } catch (const StmtAbort&) {
    }
  }
  --mute_;
  functions_.back().collect_vars = false;

  // Pass 2: the parameters for real.
  for (const auto& p : def.params) {
    Ref<StructInfo> sinfo;
    try {
      if (!p.annotation) {
        Abort(ErrorCode::kMissingAnnotation, p.span,
              "parameter '" + p.name + "' needs a struct-info annotation, e.g. " + p.name +
                  ": R.Tensor((n,), \"float32\")");
      }
      if (p.default_value) {
        Fail(ErrorCode::kUnsupportedSyntax, p.default_value->span,
             "parameter default values are not supported");
      }
      sinfo = ToSInfo(Check(Eval(*p.annotation)), "a parameter annotation");
    } catch (const StmtAbort&) {
    }
    if (!sinfo) sinfo = ObjectStructInfo::Make(p.span);
    Ref<Var> v = builder_.AddParam(p.name, sinfo, p.span);
    Bind(p.name, Value::Relax(v, p.span));
  }
  Ref<StructInfo> ret;
  if (def.returns) {
    try {
      Value r = Check(Eval(*def.returns));
      ret = r.kind == Value::Kind::kNone ? VoidStructInfo() : ToSInfo(r, "the return annotation");
    } catch (const StmtAbort&) {
    }
  }
  functions_.back().in_signature = false;

  Ref<Expr> result = ParseFunctionBody(def.body);
  FunctionCtx& ctx = functions_.back();
  Attrs attrs = ctx.attrs;
  if (top_level && !is_private && !attrs.Find("global_symbol")) {
    // A public module function is exported under its own name (spec text.func.private).
    attrs = attrs.With("global_symbol", AttrValue::String(def.name));
  } else if (is_private && attrs.Find("global_symbol")) {
    Fail(ErrorCode::kInvalidDecorator, ctx.attr_span,
         "a private function cannot have a global_symbol attribute");
  }
  builder_.SetReturnStructInfo(ret);
  builder_.SetPure(pure);
  builder_.SetFunctionAttrs(attrs);
  if (!result) result = Tuple::Make({}, def.span);  // after an error: any placeholder
  Ref<Function> fn = builder_.EndFunction(result, def.span);
  PopScope();
  functions_.pop_back();
  dataflow_ = std::move(enclosing_dataflow);
  return fn;
}

// ---------------------------------------------------------------- entry points

Ref<IRModule> ParseModule(uint32_t file_id, DiagnosticEngine& diags, const ParseOptions& options) {
  size_t errors_before = diags.error_count();
  std::vector<Token> tokens = Lex(file_id, diags, options.lexer_limits);
  // After a lexical error the token stream is unreliable: report the lexical errors only.
  if (diags.error_count() != errors_before) return nullptr;
  py::File file = ParseSyntax(tokens, diags, options.syntax_limits);
  if (diags.error_count() != errors_before) return nullptr;
  RelaxParser parser(file_id, diags, options);
  Ref<IRModule> m = parser.Run(file);
  if (diags.error_count() != errors_before) return nullptr;
  return m;
}

Ref<IRModule> ParseModuleText(const std::string& text, const std::string& name,
                              SourceManager& sources, DiagnosticEngine& diags,
                              const ParseOptions& options) {
  uint32_t id = sources.Add(name, text);
  return ParseModule(id, diags, options);
}

}  // namespace rlx::text
