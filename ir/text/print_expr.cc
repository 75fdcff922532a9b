// Printing of expressions, calls, struct info, shape arithmetic, constants and attributes.
#include <algorithm>
#include <cmath>

#include "ir/base/nested_list.h"
#include "ir/op_table.h"
#include "ir/text/literal_format.h"
#include "ir/text/printer_impl.h"

namespace rlx::text {
namespace {


const char* SugarOp(PrimKind k) {
  switch (k) {
    case PrimKind::kAdd: return "+";
    case PrimKind::kSub: return "-";
    case PrimKind::kMul: return "*";
    case PrimKind::kFloorDiv: return "//";
    case PrimKind::kFloorMod: return "%";
    case PrimKind::kEQ: return "==";
    case PrimKind::kNE: return "!=";
    case PrimKind::kLT: return "<";
    case PrimKind::kLE: return "<=";
    case PrimKind::kGT: return ">";
    case PrimKind::kGE: return ">=";
    default: return nullptr;
  }
}

// The TVMScript constructor that builds the node without folding.
const char* RawCtor(PrimKind k) {
  switch (k) {
    case PrimKind::kAdd: return "T.Add";
    case PrimKind::kSub: return "T.Sub";
    case PrimKind::kMul: return "T.Mul";
    case PrimKind::kFloorDiv: return "T.FloorDiv";
    case PrimKind::kFloorMod: return "T.FloorMod";
    case PrimKind::kTruncDiv: return "T.truncdiv";
    case PrimKind::kTruncMod: return "T.truncmod";
    case PrimKind::kMin: return "T.min";
    case PrimKind::kMax: return "T.max";
    case PrimKind::kEQ: return "T.EQ";
    case PrimKind::kNE: return "T.NE";
    case PrimKind::kLT: return "T.LT";
    case PrimKind::kLE: return "T.LE";
    case PrimKind::kGT: return "T.GT";
    case PrimKind::kGE: return "T.GE";
    case PrimKind::kAnd: return "T.And";
    case PrimKind::kOr: return "T.Or";
    case PrimKind::kNot: return "T.Not";
    case PrimKind::kSelect: return "T.Select";
    default: return "T.Unknown";
  }
}

int SugarPrec(PrimKind k) {
  if (IsComparisonKind(k)) return kPrecCompare;
  if (k == PrimKind::kAdd || k == PrimKind::kSub) return kPrecAdd;
  return kPrecMul;
}

bool IsImm(const Ref<PrimExpr>& e) {
  return e->kind == PrimKind::kIntImm || e->kind == PrimKind::kFloatImm;
}

bool MentionsAny(const Ref<PrimExpr>& e, const std::unordered_set<const PrimExpr*>& vars) {
  if (!e) return false;
  if (e->is_var()) return vars.count(e.get()) > 0;
  for (int i = 0; i < e->arity(); ++i) {
    if (MentionsAny(e->operands[i], vars)) return true;
  }
  return false;
}

std::string IntLiteral(int64_t v, DataType dtype) {
  if (dtype == DataType::kBool) return v ? "True" : "False";
  if (dtype == DataType::kUInt64) return std::to_string(static_cast<uint64_t>(v));
  return std::to_string(v);
}

}  // namespace

// ---------------------------------------------------------------- shape arithmetic

std::string Printer::Prim(const Ref<PrimExpr>& e, int context_prec) {
  // Returns the text; `context_prec` is the precedence the context needs (0: none), and the
  // result is parenthesized when it binds more loosely.
  if (!e) return "None";
  std::string s;
  int prec = kPrecAtom;
  if (e->is_tir_only()) return TirPrimAtom(e);  // print_tir.cc
  if (in_tir_) {
    // TIR's defaults differ (tir.text.literal): bare integers are int32, and logic is written
    // with Python's operators.
    if (e->kind == PrimKind::kIntImm && e->dtype == DataType::kInt32) {
      s = std::to_string(e->int_value);
      return e->int_value < 0 && context_prec > kPrecMul ? "(" + s + ")" : s;
    }
    if (e->kind == PrimKind::kIntImm && e->dtype == DataType::kInt64) {
      return "T.int64(" + std::to_string(e->int_value) + ")";
    }
    if (std::string t = TirLogic(e, context_prec); !t.empty()) return t;
  }
  switch (e->kind) {
    case PrimKind::kIntImm:
      if (e->dtype == DataType::kInt64 || e->dtype == DataType::kBool) {
        s = IntLiteral(e->int_value, e->dtype);
        // A negative literal is a unary minus: it binds tighter than * but not than **.
      } else {
        s = "T." + std::string(DataTypeName(e->dtype)) + "(" + IntLiteral(e->int_value, e->dtype) +
            ")";
      }
      break;
    case PrimKind::kFloatImm: {
      std::string v = FormatFloat(e->float_value, e->dtype);
      if (!std::isfinite(e->float_value)) v = "\"" + v + "\"";
      s = "T." + std::string(DataTypeName(e->dtype)) + "(" + v + ")";
      break;
    }
    case PrimKind::kVar: s = NameOf(e.get(), e->name); break;
    case PrimKind::kNot:
      s = std::string(RawCtor(e->kind)) + "(" + Prim(e->operands[0]) + ")";
      break;
    case PrimKind::kSelect:
      s = std::string(RawCtor(e->kind)) + "(" + Prim(e->operands[0]) + ", " + Prim(e->operands[1]) +
          ", " + Prim(e->operands[2]) + ")";
      break;
    default: {
      const Ref<PrimExpr>& a = e->operands[0];
      const Ref<PrimExpr>& b = e->operands[1];
      const char* op = SugarOp(e->kind);
      if (in_tir_ && e->kind == PrimKind::kTruncDiv && IsFloat(e->dtype)) op = "/";  // tir.expr.div
      // Operators fold constants and match dtypes when TVMScript evaluates them, so two
      // immediates, operands of different dtypes, or a zero divisor (which folding rejects)
      // are written with the raw constructor.
      bool zero_divisor = b->is_int() && b->int_value == 0 &&
                          (e->kind == PrimKind::kFloorDiv || e->kind == PrimKind::kFloorMod ||
                           e->kind == PrimKind::kTruncDiv || e->kind == PrimKind::kTruncMod);
      bool raw = !op || (IsImm(a) && IsImm(b)) || a->dtype != b->dtype || zero_divisor;
      if (raw) {
        const char* ctor = RawCtor(e->kind);
        if (in_tir_ && e->kind == PrimKind::kTruncDiv && IsFloat(e->dtype)) ctor = "T.Div";
        if (zero_divisor && e->kind == PrimKind::kTruncDiv) ctor = "T.Div";
        if (zero_divisor && e->kind == PrimKind::kTruncMod) ctor = "T.Mod";
        s = std::string(ctor) + "(" + Prim(a) + ", " + Prim(b) + ")";
        break;
      }
      prec = SugarPrec(e->kind);
      if (prec == kPrecCompare) {
        // Comparisons do not chain in our text: a comparison operand is parenthesized.
        s = Prim(a, kPrecCompare + 1) + " " + op + " " + Prim(b, kPrecCompare + 1);
      } else {
        s = Prim(a, prec) + " " + op + " " + Prim(b, prec + 1);
      }
      break;
    }
  }
  if (prec < context_prec) return "(" + s + ")";
  return s;
}

std::string Printer::TypedPrim(const Ref<PrimExpr>& e) {
  // A bare 3 or True would read back as a Python value and take the context's dtype.
  if (e->kind == PrimKind::kIntImm) {
    return "T." + std::string(DataTypeName(e->dtype)) + "(" + IntLiteral(e->int_value, e->dtype) +
           ")";
  }
  return Dim(e);
}

std::string Printer::Dim(const Ref<PrimExpr>& e) {
  if (in_signature_ && MentionsAny(e, sig_vars_)) return QuoteString(Prim(e));
  return Prim(e);
}

std::string Printer::Dims(const std::vector<Ref<PrimExpr>>& dims) {
  std::vector<std::string> parts;
  for (const auto& d : dims) parts.push_back(Dim(d));
  return Join(parts);
}

// ---------------------------------------------------------------- struct info

std::string Printer::TensorSInfo(const TensorStructInfo& t) {
  std::vector<std::string> parts;
  if (const auto* dims = t.dims()) {
    std::string d = Dims(*dims);
    parts.push_back(dims->size() == 1 ? "(" + d + ",)" : "(" + d + ")");
  } else if (t.shape) {
    parts.push_back(Expr(t.shape));
  }
  if (t.dtype != DataType::kVoid) {
    parts.push_back("dtype=\"" + std::string(DataTypeName(t.dtype)) + "\"");
  }
  // ndim is implied by a dimension list, but not by a shape variable.
  if (!t.dims() && t.ndim != kUnknownNdim) parts.push_back("ndim=" + std::to_string(t.ndim));
  if (!t.vdevice.empty()) parts.push_back("vdevice=" + QuoteString(t.vdevice));
  if (parts.empty()) return "R.Tensor";
  return "R.Tensor(" + Join(parts) + ")";
}

std::string Printer::SInfo(const Ref<StructInfo>& s) {
  if (!s) return ObjectName();
  switch (s->kind) {
    case SInfoKind::kObject: return ObjectName();
    case SInfoKind::kPrim: {
      auto& p = static_cast<const PrimStructInfo&>(*s);
      std::string dtype = "\"" + std::string(DataTypeName(p.dtype)) + "\"";
      if (!p.value) return "R.Prim(" + dtype + ")";
      if (p.value->dtype == p.dtype) return "R.Prim(value=" + Dim(p.value) + ")";
      return "R.Prim(" + dtype + ", value=" + TypedPrim(p.value) + ")";
    }
    case SInfoKind::kShape: {
      auto& p = static_cast<const ShapeStructInfo&>(*s);
      if (p.values) return "R.Shape([" + Dims(*p.values) + "])";
      return "R.Shape(ndim=" + std::to_string(p.ndim) + ")";
    }
    case SInfoKind::kTensor: return TensorSInfo(static_cast<const TensorStructInfo&>(*s));
    case SInfoKind::kTuple: {
      auto& t = static_cast<const TupleStructInfo&>(*s);
      if (t.fields.empty()) return "R.Tuple";
      std::vector<std::string> parts;
      for (const auto& f : t.fields) parts.push_back(SInfo(f));
      return "R.Tuple(" + Join(parts) + ")";
    }
    case SInfoKind::kFunc: {
      auto& f = static_cast<const FuncStructInfo&>(*s);
      if (f.params) {
        std::vector<std::string> parts;
        for (const auto& p : *f.params) parts.push_back(SInfo(p));
        std::string params = parts.size() == 1 ? "(" + parts[0] + ",)" : "(" + Join(parts) + ")";
        return "R.Callable(" + params + ", " + SInfo(f.ret) + ", " + (f.pure ? "True" : "False") +
               ")";
      }
      std::vector<std::string> parts;
      if (f.ret && f.ret->kind != SInfoKind::kObject) parts.push_back("ret=" + SInfo(f.ret));
      if (f.pure) parts.push_back("purity=True");
      if (!f.derive_func.empty()) parts.push_back("derive_func=" + QuoteString(f.derive_func));
      if (parts.empty()) return "R.Callable";
      return "R.Callable(" + Join(parts) + ")";
    }
  }
  return ObjectName();
}

// ---------------------------------------------------------------- expressions

std::string Printer::ConstantExpr(const Constant& c) {
  const TensorData& d = *c.data;
  std::string dtype = "\"" + std::string(DataTypeName(d.dtype())) + "\"";
  auto element = [&](int64_t i) -> std::string {
    DataType t = d.dtype();
    if (IsFloat(t)) return FormatFloatExpr(d.GetDouble(i), t);
    return IntLiteral(d.GetInt(i), t);
  };
  // Nested lists cannot carry the dimensions after a zero-sized one; np.zeros can.
  for (int i = 0; i + 1 < d.ndim(); ++i) {
    if (d.shape()[i] == 0) {
      uses_numpy_ = true;
      std::vector<std::string> dims;
      for (int64_t s : d.shape()) dims.push_back(std::to_string(s));
      std::string shape = dims.size() == 1 ? "(" + dims[0] + ",)" : "(" + Join(dims) + ")";
      return "R.const(np.zeros(" + shape + ", " + dtype + "), " + dtype + ")";
    }
  }
  std::string lit;
  // Iteratively: a constant of any rank prints in constant stack space.
  if (d.ndim() == 0)
    lit = element(0);
  else
    WriteNestedList(d.shape(), lit, element);
  return "R.const(" + lit + ", " + dtype + ")";
}

std::string Printer::Attr(const AttrValue& v) {
  switch (v.kind()) {
    case AttrValue::Kind::kNone: return "None";
    case AttrValue::Kind::kBool:
      // TVM writes TIR's boolean attributes as T.bool(...), an IntImm of dtype bool.
      if (in_tir_) return v.as_bool() ? "T.bool(True)" : "T.bool(False)";
      return v.as_bool() ? "True" : "False";
    case AttrValue::Kind::kInt: return std::to_string(v.as_int());
    case AttrValue::Kind::kFloat: return FormatFloatExpr(v.as_float());
    case AttrValue::Kind::kString: return QuoteString(v.as_string());
    case AttrValue::Kind::kDType: return "\"" + std::string(DataTypeName(v.as_dtype())) + "\"";
    case AttrValue::Kind::kPrim: return TypedPrim(v.as_prim());
    case AttrValue::Kind::kList: {
      std::vector<std::string> parts;
      for (const auto& x : v.as_list()) parts.push_back(Attr(x));
      return "[" + Join(parts) + "]";
    }
    case AttrValue::Kind::kDict: {
      std::vector<std::pair<std::string, const AttrValue*>> sorted;
      for (const auto& [k, x] : v.as_dict()) sorted.emplace_back(k, &x);
      std::sort(sorted.begin(), sorted.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      std::vector<std::string> parts;
      for (const auto& [k, x] : sorted) parts.push_back(QuoteString(k) + ": " + Attr(*x));
      return "{" + Join(parts) + "}";
    }
  }
  return "None";
}

std::string Printer::Expr(const Ref<rlx::Expr>& e) {
  if (!e) return "None";
  switch (e->kind) {
    case ExprKind::kConstant: return ConstantExpr(static_cast<const Constant&>(*e));
    case ExprKind::kVar:
    case ExprKind::kDataflowVar: {
      auto& v = static_cast<const Var&>(*e);
      return NameOf(&v, v.name);
    }
    case ExprKind::kGlobalVar: {
      auto& g = static_cast<const GlobalVar&>(*e);
      return module_ ? "cls." + g.name : g.name;
    }
    case ExprKind::kTuple: {
      auto& t = static_cast<const Tuple&>(*e);
      if (t.fields.empty()) return "R.tuple()";
      std::vector<std::string> parts;
      for (const auto& f : t.fields) parts.push_back(Expr(f));
      return parts.size() == 1 ? "(" + parts[0] + ",)" : "(" + Join(parts) + ")";
    }
    case ExprKind::kTupleGetItem: {
      auto& t = static_cast<const TupleGetItem&>(*e);
      // (a, b)[0] would be Python indexing of a Python tuple; spell the node out.
      if (Tuple::Is(t.tuple->kind)) {
        return "R.TupleGetItem(" + Expr(t.tuple) + ", " + std::to_string(t.index) + ")";
      }
      return Expr(t.tuple) + "[" + std::to_string(t.index) + "]";
    }
    case ExprKind::kCall: return CallExpr(static_cast<const Call&>(*e));
    case ExprKind::kOp: return "R." + static_cast<const Op&>(*e).info->name;
    case ExprKind::kExternFunc: {
      auto& x = static_cast<const ExternFunc&>(*e);
      if (!x.sinfo) return "R.ExternFunc(" + QuoteString(x.symbol) + ")";
      return "R.ExternFunc(" + QuoteString(x.symbol) + ", " + SInfo(x.sinfo) + ")";
    }
    case ExprKind::kShapeExpr:
      return "R.shape([" + Dims(static_cast<const ShapeExpr&>(*e).values) + "])";
    case ExprKind::kPrimValue:
      return "R.prim_value(" + Dim(static_cast<const PrimValue&>(*e).value) + ")";
    case ExprKind::kStringImm:
      return "R.str(" + QuoteString(static_cast<const StringImm&>(*e).value) + ")";
    case ExprKind::kDataTypeImm:
      return "R.dtype(\"" + std::string(DataTypeName(static_cast<const DataTypeImm&>(*e).value)) +
             "\")";
    case ExprKind::kSeqExpr:
    case ExprKind::kFunction:
    case ExprKind::kIf:
    case ExprKind::kPrimFunc:
      // Not expressible inline; only reachable for IR that is not in normal form.
      return std::string("_rlx_not_in_normal_form_") + ExprKindName(e->kind);
  }
  return "None";
}

std::string Printer::CallExpr(const Call& c) {
  if (auto op = As<Op>(c.op)) return OpCall(c, *op);
  std::vector<std::string> parts;
  std::string callee;
  auto ext = As<ExternFunc>(c.op);
  if (ext && !ext->sinfo) {
    callee = "R.call_packed";
    parts.push_back(QuoteString(ext->symbol));
  } else {
    callee = Expr(c.op);
  }
  for (const auto& a : c.args) parts.push_back(Expr(a));
  if (ext && !ext->sinfo) {
    std::vector<std::pair<std::string, const AttrValue*>> sorted;
    for (const auto& [k, v] : c.attrs.entries()) sorted.emplace_back(k, &v);
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [k, v] : sorted) parts.push_back(k + "=" + Attr(*v));
    std::vector<std::string> sinfos;
    for (const auto& s : c.sinfo_args) sinfos.push_back(SInfo(s));
    // Without sinfo_args the result is R.Object (text.call-packed): nothing to print.
    if (!sinfos.empty()) {
      parts.push_back(SInfoArgsKeyword() +
                      (sinfos.size() == 1 ? "(" + sinfos[0] + ",)" : "(" + Join(sinfos) + ")"));
    }
  }
  return callee + "(" + Join(parts) + ")";
}

std::string Printer::OpCall(const Call& c, const Op& op) {
  const OpInfo& info = *op.info;
  std::vector<std::string> parts;
  size_t ai = 0;
  const size_t n = c.args.size();
  bool keyword_mode = false;
  auto arg_text = [&](const OpParam& p, const Ref<rlx::Expr>& a) {
    if (p.kind == ParamKind::kExtern) {
      if (auto ext = As<ExternFunc>(a); ext && !ext->sinfo) return QuoteString(ext->symbol);
    }
    return Expr(a);
  };
  for (size_t pi = 0; pi < info.params.size(); ++pi) {
    const OpParam& p = info.params[pi];
    if (p.kind == ParamKind::kSInfoArgs && p.name == "out_sinfo") {
      // out_sinfo=R.Tensor(...), or a list for several outputs (TVM's form); out_ty= in the
      // v0.24 spelling (text.spelling).
      std::string kw = spelling_ == TvmSpelling::kV024 ? "out_ty=" : "out_sinfo=";
      auto t = c.sinfo_args.size() == 1 ? As<TupleStructInfo>(c.sinfo_args[0]) : nullptr;
      std::vector<std::string> sinfos;
      if (t) {
        for (const auto& s : t->fields) sinfos.push_back(SInfo(s));
      } else {
        for (const auto& s : c.sinfo_args) sinfos.push_back(SInfo(s));
      }
      parts.push_back(kw + (t || sinfos.size() != 1 ? "[" + Join(sinfos) + "]" : sinfos[0]));
      keyword_mode = true;
      continue;
    }
    if (p.kind == ParamKind::kSInfoArgs) {
      std::vector<std::string> sinfos;
      for (const auto& s : c.sinfo_args) sinfos.push_back(SInfo(s));
      parts.push_back(SInfoArgsKeyword() +
                      (sinfos.size() == 1 ? "(" + sinfos[0] + ",)" : "(" + Join(sinfos) + ")"));
      keyword_mode = true;
      continue;
    }
    if (p.is_attr()) {
      if (const AttrValue* v = c.attrs.Find(p.name)) {
        parts.push_back(p.name + "=" + Attr(*v));
        keyword_mode = true;
      }
      continue;
    }
    if (p.kind == ParamKind::kVariadic || p.kind == ParamKind::kExprList) {
      size_t after = 0;
      for (size_t k = pi + 1; k < info.params.size(); ++k) after += info.params[k].is_arg();
      size_t count = n >= ai + after ? n - ai - after : 0;
      std::vector<std::string> items;
      for (size_t k = 0; k < count; ++k) items.push_back(Expr(c.args[ai++]));
      if (p.kind == ParamKind::kVariadic) {
        for (auto& it : items) parts.push_back(std::move(it));
      } else if (items.size() == 1 && !Tuple::Is(c.args[ai - 1]->kind)) {
        parts.push_back(keyword_mode ? p.name + "=" + items[0] : items[0]);
      } else if (!items.empty()) {
        std::string list = "[" + Join(items) + "]";
        parts.push_back(keyword_mode ? p.name + "=" + list : list);
      }
      // Parameters after a variadic or list one are passed by keyword, so that an empty
      // list cannot shift them into its position.
      keyword_mode = true;
      continue;
    }
    if (ai >= n) continue;  // an optional argument that is absent
    std::string text = arg_text(p, c.args[ai++]);
    parts.push_back(keyword_mode ? p.name + "=" + text : text);
  }
  // Arguments or attributes the signature does not list (IR built through the API).
  for (; ai < n; ++ai) parts.push_back(Expr(c.args[ai]));
  for (const auto& [k, v] : c.attrs.entries()) {
    if (info.FindParam(k) < 0) parts.push_back(k + "=" + Attr(v));
  }
  return "R." + info.name + "(" + Join(parts) + ")";
}

}  // namespace rlx::text
