// The Relax parser: the R., T., I. and np. namespaces, built-in functions, and calls of
// operators from the op table (spec §6.9, chapter 5 for each op's signature).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "ir/text/parser_state.h"

namespace rlx::text {
namespace {


constexpr NamedBuiltin kRelaxBuiltins[] = {
    {"const", Builtin::kConst},
    {"shape", Builtin::kShape},
    {"prim_value", Builtin::kPrimValue},
    {"str", Builtin::kStr},
    {"dtype", Builtin::kDType},
    {"tuple", Builtin::kTuple},
    {"TupleGetItem", Builtin::kTupleGetItem},
    {"match_cast", Builtin::kMatchCast},
    {"output", Builtin::kOutput},
    {"dataflow", Builtin::kDataflow},
    {"func_attr", Builtin::kFuncAttr},
    {"function", Builtin::kFunction},
    {"call_packed", Builtin::kCallPacked},
    {"ExternFunc", Builtin::kExternFunc},
    {"Tensor", Builtin::kTensorSInfo},
    {"Shape", Builtin::kShapeSInfo},
    {"Prim", Builtin::kPrimSInfo},
    {"Tuple", Builtin::kTupleSInfo},
    {"Object", Builtin::kObjectSInfo},
    {"Any", Builtin::kObjectSInfo},  // TVM's spelling since v0.24 (text.spelling)
    {"Callable", Builtin::kCallableSInfo},
};

// TVMScript names that rlx does not implement yet: a clear "not supported" instead of
// "unknown".
constexpr const char* kUnsupportedRelax[] = {
    "call_tir_with_grad",
    "make_closure",
    "invoke_closure",
    "invoke_pure_closure",
    "call_builtin_with_ctx",
    "call_inplace_packed",
    "emit_te",
    "macro",
    "hint_on_device",
    "dist",
    "device",
    "vdevice",
    "PackedFunc",
    "call_py_func",
    "image",
    "qnn",
    "ccl",
};

struct NamedPrimKind {
  const char* name;
  PrimKind kind;
};

// T.* functions that build PrimExprs. The lower-case helpers fold constants in TVM; here
// they build the node as written (spec text.prim-expr).
constexpr NamedPrimKind kTirBinary[] = {
    {"floordiv", PrimKind::kFloorDiv},
    {"floormod", PrimKind::kFloorMod},
    {"truncdiv", PrimKind::kTruncDiv},
    {"truncmod", PrimKind::kTruncMod},
    {"min", PrimKind::kMin},
    {"max", PrimKind::kMax},
    {"Add", PrimKind::kAdd},
    {"Sub", PrimKind::kSub},
    {"Mul", PrimKind::kMul},
    {"FloorDiv", PrimKind::kFloorDiv},
    {"FloorMod", PrimKind::kFloorMod},
    {"Div", PrimKind::kTruncDiv},
    {"Mod", PrimKind::kTruncMod},
    {"Min", PrimKind::kMin},
    {"Max", PrimKind::kMax},
    {"EQ", PrimKind::kEQ},
    {"NE", PrimKind::kNE},
    {"LT", PrimKind::kLT},
    {"LE", PrimKind::kLE},
    {"GT", PrimKind::kGT},
    {"GE", PrimKind::kGE},
    {"And", PrimKind::kAnd},
    {"Or", PrimKind::kOr},
};

constexpr const char* kUnsupportedTir[] = {
    "if_then_else", "Cast",       "cast",        "Var",         "SizeVar",    "Buffer",
    "handle",       "let",        "Let",         "bitwise_and", "bitwise_or", "bitwise_xor",
    "bitwise_not",  "shift_left", "shift_right", "abs",         "exp",        "log",
    "sqrt",         "ceildiv",    "indexdiv",    "indexmod",    "all",        "any",
};

}  // namespace

Value RelaxParser::NamespaceMember(const Value& ns, const std::string& name, Span span) {
  Value nsv;
  nsv.kind = Value::Kind::kNamespace;
  nsv.span = span;
  if (ns.s == "R") {
    for (const auto& b : kRelaxBuiltins) {
      if (name == b.name) return Value::MakeBuiltin(b.builtin, span);
    }
    // Op namespaces: R.nn.*, and the lowered-form R.builtin.*, R.memory.*, R.vm.* (§5.10).
    if (name == "nn" || name == "builtin" || name == "memory" || name == "vm") {
      nsv.s = "R." + name;
      return nsv;
    }
    if (const OpInfo* op = FindOp(name)) {
      Value v;
      v.kind = Value::Kind::kOp;
      v.op = op;
      v.span = span;
      return v;
    }
    for (const char* u : kUnsupportedRelax) {
      if (name == u) {
        return Fail(ErrorCode::kUnsupportedFeature, span,
                    "R." + name + " is TVMScript that rlx does not support yet");
      }
    }
    return Fail(ErrorCode::kUnknownOp, span,
                "unknown operator R." + name + " (see spec chapter 5 for the ops rlx knows)");
  }
  if (ns.s == "R.nn" || ns.s == "R.builtin" || ns.s == "R.memory" || ns.s == "R.vm") {
    if (const OpInfo* op = FindOp(ns.s.substr(2) + "." + name)) {
      Value v;
      v.kind = Value::Kind::kOp;
      v.op = op;
      v.span = span;
      return v;
    }
    return Fail(ErrorCode::kUnknownOp, span, "unknown operator " + ns.s + "." + name);
  }
  if (ns.s == "T.axis") {
    Value v = Value::MakeBuiltin(Builtin::kTirAxis, span);
    v.s = name;
    return v;
  }
  if (ns.s == "T") {
    if (auto v = TirNamespaceMember(name, span)) return *v;
    if (auto dt = ParseDataType(name);
        dt && *dt != DataType::kVoid && name != "float" && name != "int" && name != "uint") {
      Value v = Value::MakeBuiltin(Builtin::kTirDType, span);
      v.dtype = *dt;
      return v;
    }
    if (name == "boolean") {
      Value v = Value::MakeBuiltin(Builtin::kTirDType, span);
      v.dtype = DataType::kBool;
      return v;
    }
    for (const auto& b : kTirBinary) {
      if (name == b.name) {
        Value v = Value::MakeBuiltin(Builtin::kTirBinary, span);
        v.prim_kind = b.kind;
        v.b = name[0] >= 'a' && name[0] <= 'z';  // the folding helpers: floordiv, min, ...
        return v;
      }
    }
    if (name == "Not") return Value::MakeBuiltin(Builtin::kTirNot, span);
    if (name == "Select") return Value::MakeBuiltin(Builtin::kTirSelect, span);
    if (name == "prim_func") return Value::MakeBuiltin(Builtin::kPrimFunc, span);
    for (const char* u : kUnsupportedTir) {
      if (name == u) {
        return Fail(ErrorCode::kUnsupportedFeature, span,
                    "T." + name + " is not supported in Relax shape expressions yet");
      }
    }
    return Fail(ErrorCode::kUnknownMember, span, "T has no member '" + name + "'");
  }
  if (ns.s == "I") {
    if (name == "ir_module") return Value::MakeBuiltin(Builtin::kIrModule, span);
    if (name == "module_attrs") return Value::MakeBuiltin(Builtin::kModuleAttrs, span);
    if (name == "module_global_infos") return Value::MakeBuiltin(Builtin::kModuleGlobalInfos, span);
    if (name == "vdevice") return Value::MakeBuiltin(Builtin::kVDevice, span);
    if (name == "dummy_global_info") {
      return Fail(ErrorCode::kUnsupportedFeature, span, "I." + name + " is not supported yet");
    }
    return Fail(ErrorCode::kUnknownMember, span, "I has no member '" + name + "'");
  }
  if (ns.s == "tvm") {
    if (name == "script") {
      nsv.s = "tvm.script";
      return nsv;
    }
    return Fail(ErrorCode::kUnknownMember, span,
                "tvm." + name + " is not available in TVMScript text");
  }
  if (ns.s == "tvm.script") {
    if (name == "ir_module") return Value::MakeBuiltin(Builtin::kIrModule, span);
    nsv.s = name == "relax" ? "R" : name == "tir" ? "T" : name == "ir" ? "I" : "";
    if (!nsv.s.empty()) return nsv;
    return Fail(ErrorCode::kUnknownMember, span, "tvm.script has no member '" + name + "'");
  }
  if (ns.s == "np") {
    if (name == "zeros") return Value::MakeBuiltin(Builtin::kNpZeros, span);
    if (name == "ones") return Value::MakeBuiltin(Builtin::kNpOnes, span);
    if (name == "array") return Value::MakeBuiltin(Builtin::kNpArray, span);
    return Fail(ErrorCode::kUnsupportedFeature, span,
                "np." + name + " is not supported (np.zeros, np.ones and np.array are)");
  }
  return Fail(ErrorCode::kUnknownMember, span, ns.s + " has no member '" + name + "'");
}

bool RelaxParser::BindArguments(const char* callee, const std::vector<std::string>& names,
                                size_t required, std::vector<Value>& args,
                                std::vector<KwValue>& kws, Span span,
                                std::vector<std::optional<Value>>* out) {
  out->assign(names.size(), std::nullopt);
  if (args.size() > names.size()) {
    Fail(ErrorCode::kArgumentCount, args[names.size()].span,
         std::string(callee) + " takes at most " + std::to_string(names.size()) +
             " positional arguments but " + std::to_string(args.size()) + " were given");
    return false;
  }
  for (size_t i = 0; i < args.size(); ++i) (*out)[i] = std::move(args[i]);
  for (auto& k : kws) {
    auto it = std::find(names.begin(), names.end(), k.name);
    if (it == names.end()) {
      Fail(ErrorCode::kUnknownKeyword, k.name_span,
           std::string(callee) + " has no parameter '" + k.name + "'");
      return false;
    }
    size_t i = static_cast<size_t>(it - names.begin());
    if ((*out)[i]) {
      Fail(ErrorCode::kArgumentCount, k.name_span,
           std::string(callee) + " got two values for '" + k.name + "'");
      return false;
    }
    (*out)[i] = std::move(k.value);
  }
  for (size_t i = 0; i < required; ++i) {
    if (!(*out)[i]) {
      Fail(ErrorCode::kArgumentCount, span,
           std::string(callee) + " is missing its argument '" + names[i] + "'");
      return false;
    }
  }
  return true;
}

// TVM's current spelling of keywords (text.spelling): since v0.24 TVM prints `ty_args=`,
// `ty=` and `out_ty=` where v0.23 printed `sinfo_args=`, `struct_info=` and `out_sinfo=`. Both
// read the same; a call giving both spellings of one keyword gets "two values".
static void CanonicalizeKeywords(std::vector<KwValue>& kws) {
  for (auto& k : kws) {
    if (k.name == "ty_args") k.name = "sinfo_args";
    else if (k.name == "ty") k.name = "struct_info";
    else if (k.name == "out_ty") k.name = "out_sinfo";
  }
}

Value RelaxParser::CallValue(const Value& callee, std::vector<Value> args, std::vector<KwValue> kws,
                             Span span) {
  CanonicalizeKeywords(kws);
  switch (callee.kind) {
    case Value::Kind::kOp: return CallOp(*callee.op, args, kws, span);
    case Value::Kind::kBuiltin: return CallBuiltin(callee, args, kws, span);
    case Value::Kind::kRelax: {
      // A call of a function value: a global (cls.f), a local function or a closure.
      if (!kws.empty()) {
        return Fail(ErrorCode::kUnknownKeyword, kws[0].name_span,
                    "calls of Relax functions take no keyword arguments");
      }
      std::vector<Ref<Expr>> exprs;
      for (const auto& a : args) {
        Ref<Expr> e = ToRelax(a, "a call argument");
        if (!e) return Value::Error();
        exprs.push_back(e);
      }
      return Value::Relax(Call::Make(callee.expr, std::move(exprs), {}, {}, span), span);
    }
    default: return Fail(ErrorCode::kNotCallable, span, DescribeValue(callee) + " is not callable");
  }
}

Value RelaxParser::CallBuiltin(const Value& callee, std::vector<Value>& args,
                               std::vector<KwValue>& kws, Span span) {
  std::vector<std::optional<Value>> a;
  switch (callee.builtin) {
    case Builtin::kConst: return MakeConst(args, kws, span);
    case Builtin::kNpZeros:
    case Builtin::kNpOnes:
    case Builtin::kNpArray: return MakeNumpy(callee.builtin, args, kws, span);
    case Builtin::kTensorSInfo:
    case Builtin::kShapeSInfo:
    case Builtin::kPrimSInfo:
    case Builtin::kTupleSInfo:
    case Builtin::kObjectSInfo:
    case Builtin::kCallableSInfo: return MakeSInfo(callee.builtin, args, kws, span);
    case Builtin::kTirDType:
    case Builtin::kTirBinary:
    case Builtin::kTirNot:
    case Builtin::kTirSelect: return CallTir(callee, args, kws, span);
    case Builtin::kTirIntrinsic:
    case Builtin::kTirCast:
    case Builtin::kTirMaxValue:
    case Builtin::kTirMinValue:
    case Builtin::kTirRamp:
    case Builtin::kTirBroadcast:
    case Builtin::kTirLet:
    case Builtin::kTirLoop:
    case Builtin::kTirGrid:
    case Builtin::kTirBlock:
    case Builtin::kTirInit:
    case Builtin::kTirAxis:
    case Builtin::kTirReads:
    case Builtin::kTirWrites:
    case Builtin::kTirWhere:
    case Builtin::kTirBlockAttr:
    case Builtin::kTirFuncAttr:
    case Builtin::kTirBufferCtor:
    case Builtin::kTirMatchBuffer:
    case Builtin::kTirAllocBuffer:
    case Builtin::kTirDeclBuffer:
    case Builtin::kTirHandle:
    case Builtin::kTirEvaluate:
      if (callee.builtin == Builtin::kTirAxis && tir_) return MakeTirAxes(callee.s, args, kws, span);
      return CallTirBuiltin(callee, args, kws, span);
    case Builtin::kShape: {
      if (!BindArguments("R.shape", {"value"}, 1, args, kws, span, &a)) return Value::Error();
      auto dims = EvalDims(*a[0], "R.shape");
      if (!dims) return Value::Error();
      return Value::Relax(ShapeExpr::Make(std::move(*dims), span), span);
    }
    case Builtin::kPrimValue: {
      if (!BindArguments("R.prim_value", {"value"}, 1, args, kws, span, &a)) return Value::Error();
      Ref<PrimExpr> p = ToPrim(*a[0], DataType::kVoid, "R.prim_value");
      if (!p) return Value::Error();
      return Value::Relax(PrimValue::Make(p, span), span);
    }
    case Builtin::kStr: {
      if (!BindArguments("R.str", {"value"}, 1, args, kws, span, &a)) return Value::Error();
      if (a[0]->kind != Value::Kind::kStr) {
        return Fail(ErrorCode::kArgumentType, a[0]->span,
                    "R.str expects a string but got " + DescribeValue(*a[0]));
      }
      return Value::Relax(StringImm::Make(a[0]->s, span), span);
    }
    case Builtin::kDType: {
      if (!BindArguments("R.dtype", {"value"}, 1, args, kws, span, &a)) return Value::Error();
      auto dt = ToDType(*a[0], "R.dtype");
      if (!dt) return Value::Error();
      return Value::Relax(DataTypeImm::Make(*dt, span), span);
    }
    case Builtin::kTuple: {
      if (!kws.empty()) {
        return Fail(ErrorCode::kUnknownKeyword, kws[0].name_span, "R.tuple takes no keywords");
      }
      std::vector<Ref<Expr>> fields;
      for (const auto& x : args) {
        Ref<Expr> e = ToRelax(x, "a tuple field");
        if (!e) return Value::Error();
        fields.push_back(e);
      }
      return Value::Relax(Tuple::Make(std::move(fields), span), span);
    }
    case Builtin::kTupleGetItem: {
      if (!BindArguments("R.TupleGetItem", {"tuple_value", "index"}, 2, args, kws, span, &a)) {
        return Value::Error();
      }
      Ref<Expr> t = ToRelax(*a[0], "a tuple");
      auto index = ToInt64(*a[1], "the index");
      if (!t || !index) return Value::Error();
      if (*index < 0 || *index > (1 << 30)) {
        return Fail(ErrorCode::kInvalidSubscript, a[1]->span, "a tuple index must be non-negative");
      }
      return Value::Relax(TupleGetItem::Make(t, static_cast<int>(*index), span), span);
    }
    case Builtin::kMatchCast: {
      if (!BindArguments("R.match_cast", {"value", "struct_info"}, 2, args, kws, span, &a)) {
        return Value::Error();
      }
      Ref<Expr> value = ToRelax(*a[0], "the value to cast");
      Ref<StructInfo> sinfo = ToSInfo(*a[1], "R.match_cast");
      if (!value || !sinfo) return Value::Error();
      Value v;
      v.kind = Value::Kind::kMatchCast;
      v.expr = value;
      v.sinfo = sinfo;
      v.span = span;
      return v;
    }
    case Builtin::kDataflow: {
      if (!args.empty() || !kws.empty()) {
        return Fail(ErrorCode::kArgumentCount, span, "R.dataflow() takes no arguments");
      }
      Value v;
      v.kind = Value::Kind::kDataflowCtx;
      v.span = span;
      return v;
    }
    case Builtin::kCallPacked: {
      // R.call_packed("f", *args, sinfo_args=..., **attrs): Call(ExternFunc("f"), args).
      if (args.empty()) {
        return Fail(ErrorCode::kArgumentCount, span, "R.call_packed needs the function name");
      }
      Ref<Expr> func;
      if (args[0].kind == Value::Kind::kStr) {
        func = ExternFunc::Make(args[0].s, nullptr, args[0].span);
      } else {
        return Fail(ErrorCode::kArgumentType, args[0].span,
                    "R.call_packed expects the packed function's name as a string");
      }
      std::vector<Ref<Expr>> call_args;
      for (size_t i = 1; i < args.size(); ++i) {
        Ref<Expr> e = PackedArgument(args[i]);
        if (!e) return Value::Error();
        call_args.push_back(e);
      }
      std::optional<std::vector<Ref<StructInfo>>> sinfo_args;
      AttrDict attrs;
      for (auto& k : kws) {
        if (k.name == "sinfo_args") {
          std::vector<Ref<StructInfo>> list;
          const Value& v = k.value;
          if (v.kind == Value::Kind::kTuple || v.kind == Value::Kind::kList) {
            for (const auto& x : v.items) {
              Ref<StructInfo> s = ToSInfo(x, "sinfo_args");
              if (!s) return Value::Error();
              list.push_back(s);
            }
          } else {
            Ref<StructInfo> s = ToSInfo(v, "sinfo_args");
            if (!s) return Value::Error();
            list.push_back(s);
          }
          sinfo_args = std::move(list);
          continue;
        }
        auto av = ToAttrValue(k.value, "a call_packed keyword");
        if (!av) return Value::Error();
        attrs.emplace_back(k.name, std::move(*av));
      }
      // Without sinfo_args the result is R.Object, as in TVM (text.call-packed).
      if (!sinfo_args) sinfo_args.emplace();
      return Value::Relax(Call::Make(func, std::move(call_args), Attrs(std::move(attrs)),
                                     std::move(*sinfo_args), span),
                          span);
    }
    case Builtin::kExternFunc: {
      if (!BindArguments("R.ExternFunc", {"global_symbol", "struct_info"}, 1, args, kws, span,
                         &a)) {
        return Value::Error();
      }
      if (a[0]->kind != Value::Kind::kStr) {
        return Fail(ErrorCode::kArgumentType, a[0]->span,
                    "R.ExternFunc expects a symbol name string");
      }
      Ref<StructInfo> sinfo;
      if (a[1] && a[1]->kind != Value::Kind::kNone) {
        sinfo = ToSInfo(*a[1], "R.ExternFunc");
        if (!sinfo) return Value::Error();
        if (sinfo->kind != SInfoKind::kFunc) {
          return Fail(ErrorCode::kArgumentType, a[1]->span,
                      "the struct info of an ExternFunc must be R.Callable(...)");
        }
      }
      return Value::Relax(ExternFunc::Make(a[0]->s, sinfo, span), span);
    }
    case Builtin::kFloat: {
      if (!BindArguments("float", {"x"}, 1, args, kws, span, &a)) return Value::Error();
      Value v;
      v.kind = Value::Kind::kFloat;
      v.span = span;
      const Value& x = *a[0];
      if (x.kind == Value::Kind::kFloat) {
        v.f = x.f;
      } else if (x.kind == Value::Kind::kInt) {
        v.f = static_cast<double>(x.i);
      } else if (x.kind == Value::Kind::kBool) {
        v.f = x.b;
      } else if (x.kind == Value::Kind::kStr) {
        std::string s;
        for (char c : x.s) {
          if (c != ' ' && c != '\t' && c != '\n') s.push_back(static_cast<char>(std::tolower(c)));
        }
        bool neg = !s.empty() && s[0] == '-';
        std::string body = !s.empty() && (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
        if (body == "nan") {
          v.f = neg ? -NAN : NAN;
        } else if (body == "inf" || body == "infinity") {
          v.f = neg ? -INFINITY : INFINITY;
        } else {
          char* end = nullptr;
          v.f = std::strtod(s.c_str(), &end);
          if (s.empty() || end != s.c_str() + s.size()) {
            return Fail(ErrorCode::kArgumentType, x.span, "float() cannot convert \"" + x.s + "\"");
          }
        }
      } else {
        return Fail(ErrorCode::kArgumentType, x.span, "float() expects a number or a string");
      }
      return v;
    }
    case Builtin::kAstype: {
      // x.astype(dtype) is R.astype(x, dtype).
      std::vector<Value> full{Value::Relax(callee.expr, callee.span)};
      for (auto& x : args) full.push_back(std::move(x));
      return CallOp(GetOp(OpId::kAstype), full, kws, span);
    }
    case Builtin::kOutput:
    case Builtin::kFuncAttr:
    case Builtin::kModuleAttrs:
    case Builtin::kModuleGlobalInfos:
      return Fail(ErrorCode::kInvalidStatement, span, "this call must be a statement of its own");
    case Builtin::kVDevice:
      return Fail(ErrorCode::kInvalidStatement, span, "I.vdevice(...) belongs in I.module_global_infos({\"vdevice\": [...]})");
    case Builtin::kFunction:
    case Builtin::kIrModule:
    case Builtin::kPrimFunc:
      return Fail(ErrorCode::kInvalidStatement, span, "a decorator cannot be called here");
  }
  return Fail(ErrorCode::kNotCallable, span, "not callable");
}

Value RelaxParser::CallTir(const Value& callee, std::vector<Value>& args, std::vector<KwValue>& kws,
                           Span span) {
  if (callee.builtin == Builtin::kTirDType) {
    DataType dt = callee.dtype;
    std::string name = "T." + std::string(DataTypeName(dt));
    for (const auto& k : kws) {
      if (k.name != "is_size_var") {
        return Fail(ErrorCode::kUnknownKeyword, k.name_span,
                    name + " has no parameter '" + k.name + "'");
      }
    }
    if (args.empty()) {
      // T.int64(): a declaration, named when it is assigned (spec text.shape-var.declare).
      Value v;
      v.kind = Value::Kind::kPrim;
      v.b = true;
      v.dtype = dt;
      v.span = span;
      return v;
    }
    if (args.size() > 1) return Fail(ErrorCode::kArgumentCount, span, name + " takes one value");
    const Value& x = args[0];
    if (x.kind == Value::Kind::kStr && IsFloat(dt)) {
      std::vector<Value> fargs{x};
      std::vector<KwValue> none;
      Value f = CallBuiltin(Value::MakeBuiltin(Builtin::kFloat, span), fargs, none, span);
      if (f.is_error()) return f;
      return Value::Prim(PrimExpr::Float(f.f, dt, span), span);
    }
    if (x.kind == Value::Kind::kFloat && !IsFloat(dt)) {
      return Fail(ErrorCode::kArgumentType, x.span, name + " expects an integer");
    }
    if (x.kind == Value::Kind::kPrim) {
      if (x.prim && x.prim->dtype == dt) return Value::Prim(x.prim, span);
      if (x.prim && tir_) return Value::Prim(PrimExpr::Cast(dt, x.prim, span), span);  // T.float32(i)
      return Fail(ErrorCode::kUnsupportedFeature, span,
                  "casts of shape expressions are not supported yet");
    }
    if (!x.is_number()) {
      return Fail(ErrorCode::kArgumentType, x.span,
                  name + " expects a number but got " + DescribeValue(x));
    }
    if (IsFloat(dt)) {
      double d = x.kind == Value::Kind::kFloat  ? x.f
                 : x.kind == Value::Kind::kBool ? x.b
                                                : static_cast<double>(x.i);
      return Value::Prim(PrimExpr::Float(d, dt, span), span);
    }
    Ref<PrimExpr> p = ToPrim(x, dt, name.c_str());
    if (!p) return Value::Error();
    auto copy = std::make_shared<PrimExpr>(*p);
    copy->span = span;
    return Value::Prim(copy, span);
  }
  if (!kws.empty()) {
    return Fail(ErrorCode::kUnknownKeyword, kws[0].name_span, "T functions take no keywords");
  }
  size_t want = callee.builtin == Builtin::kTirNot      ? 1
                : callee.builtin == Builtin::kTirSelect ? 3
                                                        : 2;
  if (args.size() != want) {
    return Fail(
        ErrorCode::kArgumentCount, span,
        "expected " + std::to_string(want) + " arguments but got " + std::to_string(args.size()));
  }
  // The dtype of Python ints follows the other operands (int64 when all are literals; int32 in
  // TIR, tir.text.literal).
  // Python bools alone are bool (T.Select(c, True, False), as printed).
  DataType dtype = tir_ ? DataType::kInt32 : DataType::kInt64;
  bool from_prim = false;
  for (size_t i = callee.builtin == Builtin::kTirSelect ? 1 : 0; i < args.size(); ++i) {
    if (args[i].kind == Value::Kind::kPrim && args[i].prim) {
      dtype = args[i].prim->dtype;
      from_prim = true;
      break;
    }
  }
  for (size_t i = callee.builtin == Builtin::kTirSelect ? 1 : 0; !from_prim && i < args.size(); ++i) {
    if (args[i].kind == Value::Kind::kBool) dtype = DataType::kBool;
  }
  std::vector<Ref<PrimExpr>> ops;
  for (size_t i = 0; i < args.size(); ++i) {
    bool is_cond = (callee.builtin == Builtin::kTirSelect && i == 0) ||
                   callee.builtin == Builtin::kTirNot ||
                   (callee.builtin == Builtin::kTirBinary &&
                    (callee.prim_kind == PrimKind::kAnd || callee.prim_kind == PrimKind::kOr));
    Ref<PrimExpr> p = ToPrim(args[i], is_cond ? DataType::kBool : dtype, "an operand");
    if (!p) return Value::Error();
    ops.push_back(p);
  }
  bool division =
      callee.prim_kind == PrimKind::kFloorDiv || callee.prim_kind == PrimKind::kFloorMod ||
      callee.prim_kind == PrimKind::kTruncDiv || callee.prim_kind == PrimKind::kTruncMod;
  if (callee.builtin == Builtin::kTirBinary && callee.b && division && ops[1]->is_int() &&
      ops[1]->int_value == 0) {
    // The helpers fold in TVM and reject a zero divisor; the raw T.FloorDiv(...) does not.
    return Fail(ErrorCode::kConstantDivision, span, "division by a constant zero");
  }
  // TVM's node constructors check operand types (spec syntax.prim.operand-dtype).
  auto mismatch = [&](const char* what) {
    return Fail(ErrorCode::kInvalidOperands, span, std::string(what));
  };
  if (callee.builtin == Builtin::kTirNot) {
    if (ops[0]->dtype != DataType::kBool) return mismatch("T.Not needs a bool operand");
    return Value::Prim(PrimExpr::Not(ops[0], span), span);
  }
  if (callee.builtin == Builtin::kTirSelect) {
    if (ops[0]->dtype != DataType::kBool) return mismatch("the condition of T.Select must be bool");
    if (ops[1]->dtype != ops[2]->dtype) {
      return mismatch("the two values of T.Select must have the same dtype");
    }
    return Value::Prim(PrimExpr::Select(ops[0], ops[1], ops[2], span), span);
  }
  if (ops[0]->dtype != ops[1]->dtype) {
    return Fail(ErrorCode::kInvalidOperands, span,
                "operands have different dtypes, " + std::string(DataTypeName(ops[0]->dtype)) +
                    " and " + std::string(DataTypeName(ops[1]->dtype)));
  }
  if ((callee.prim_kind == PrimKind::kAnd || callee.prim_kind == PrimKind::kOr) &&
      ops[0]->dtype != DataType::kBool) {
    return mismatch("T.And and T.Or need bool operands");
  }
  // In TIR, T.Div of floats is true division (tir.expr.div).
  const bool float_div = tir_ && callee.prim_kind == PrimKind::kTruncDiv && !callee.b;
  if (division && IsFloat(ops[0]->dtype) && !float_div) {
    return mismatch("floor and trunc division need integer operands");  // syntax.prim.division
  }
  return Value::Prim(PrimExpr::Binary(callee.prim_kind, ops[0], ops[1], span), span);
}

}  // namespace rlx::text
