// The Relax parser: calls of table ops, R.<op>(...) (spec chapter 5 signatures, §6.9).
// Arguments are matched to the op's signature as Python would, converted to Call
// arguments and attributes, and canonicalized as TVM's op constructors do.
#include "ir/text/parser_state.h"

namespace rlx::text {
namespace {

AttrValue* FindAttr(AttrDict& attrs, const char* name) {
  for (auto& [k, v] : attrs) {
    if (k == name) return &v;
  }
  return nullptr;
}

// Expands a list attribute of length 1 to length 2 (strides=[2] means [2, 2]).
void Duplicate(AttrDict& attrs, const char* name) {
  AttrValue* v = FindAttr(attrs, name);
  if (v && v->kind() == AttrValue::Kind::kList && v->as_list().size() == 1) {
    AttrValue first = v->as_list()[0];
    *v = AttrValue::List({first, first});
  }
}

// Expands 2-D padding to [top, left, bottom, right].
void ExpandPadding(AttrDict& attrs) {
  AttrValue* v = FindAttr(attrs, "padding");
  if (!v || v->kind() != AttrValue::Kind::kList) return;
  AttrList p = v->as_list();  // a copy: the assignment below replaces the list
  if (p.size() == 1) *v = AttrValue::List({p[0], p[0], p[0], p[0]});
  if (p.size() == 2) *v = AttrValue::List({p[0], p[1], p[0], p[1]});
}

void DefaultLayout(AttrDict& attrs, const char* out, const char* in) {
  AttrValue* o = FindAttr(attrs, out);
  AttrValue* i = FindAttr(attrs, in);
  if (o && i && o->is_none()) *o = *i;
}

DataType PrimValueDType(const Ref<Expr>& e) {
  auto pv = As<PrimValue>(e);
  return pv ? pv->value->dtype : DataType::kVoid;
}

// What TVM's op constructors do before the call exists (spec text.op.canonical).
void Canonicalize(OpId id, std::vector<Ref<Expr>>& args, AttrDict& attrs, Span span) {
  switch (id) {
    case OpId::kArange: {
      // arange(n) is arange(0, n, 1); dtype void becomes int64 or float32.
      if (args.size() == 2) args.insert(args.begin(), PrimValue::Make(PrimExpr::Int(0), span));
      AttrValue* dt = FindAttr(attrs, "dtype");
      if (dt && dt->as_dtype() == DataType::kVoid) {
        bool all_int = true, known = true;
        for (const auto& a : args) {
          DataType t = PrimValueDType(a);
          known &= t != DataType::kVoid;
          all_int &= IsInteger(t);
        }
        if (known) *dt = AttrValue::DType(all_int ? DataType::kInt64 : DataType::kFloat32);
      }
      return;
    }
    case OpId::kEye:
      if (args.size() == 2) args.insert(args.begin() + 1, args[0]);  // m defaults to n
      return;
    case OpId::kConv2d:
      Duplicate(attrs, "strides");
      Duplicate(attrs, "dilation");
      ExpandPadding(attrs);
      DefaultLayout(attrs, "out_layout", "data_layout");
      return;
    case OpId::kMaxPool2d:
    case OpId::kAvgPool2d:
      Duplicate(attrs, "pool_size");
      Duplicate(attrs, "strides");
      Duplicate(attrs, "dilation");
      ExpandPadding(attrs);
      DefaultLayout(attrs, "out_layout", "layout");
      return;
    case OpId::kAdaptiveAvgPool2d:
      Duplicate(attrs, "output_size");
      DefaultLayout(attrs, "out_layout", "layout");
      return;
    default: return;
  }
}

Value FromDefault(const AttrValue& a, Span span) {
  Value v;
  v.span = span;
  switch (a.kind()) {
    case AttrValue::Kind::kNone: v.kind = Value::Kind::kNone; break;
    case AttrValue::Kind::kBool:
      v.kind = Value::Kind::kBool;
      v.b = a.as_bool();
      break;
    case AttrValue::Kind::kInt:
      v.kind = Value::Kind::kInt;
      v.i = a.as_int();
      break;
    case AttrValue::Kind::kFloat:
      v.kind = Value::Kind::kFloat;
      v.f = a.as_float();
      break;
    case AttrValue::Kind::kString:
      v.kind = Value::Kind::kStr;
      v.s = a.as_string();
      break;
    case AttrValue::Kind::kList:
      v.kind = Value::Kind::kList;
      for (const auto& x : a.as_list()) v.items.push_back(FromDefault(x, span));
      break;
    default: v.kind = Value::Kind::kNone; break;
  }
  return v;
}

}  // namespace

Value RelaxParser::CallOp(const OpInfo& op, std::vector<Value>& args, std::vector<KwValue>& kws,
                          Span span) {
  const std::string callee = "R." + op.name;
  const size_t np = op.params.size();
  std::vector<std::optional<Value>> given(np);
  std::vector<Value> variadic;
  size_t pos = 0;
  bool after_variadic = false;
  for (size_t pi = 0; pi < np && pos < args.size(); ++pi) {
    const OpParam& p = op.params[pi];
    // out_sinfo of the destination-passing calls may be positional, as older TVM text writes
    // R.call_tir(f, (x,), R.Tensor(...)); other sinfo_args are keywords.
    if ((p.kind == ParamKind::kSInfoArgs && p.name != "out_sinfo") || after_variadic) continue;
    if (p.kind == ParamKind::kVariadic) {
      while (pos < args.size()) variadic.push_back(std::move(args[pos++]));
      after_variadic = true;
      continue;
    }
    given[pi] = std::move(args[pos++]);
  }
  if (pos < args.size()) {
    return Fail(ErrorCode::kArgumentCount, args[pos].span,
                callee + " takes at most " + std::to_string(pos) + " positional arguments but " +
                    std::to_string(args.size()) + " were given");
  }
  for (auto& k : kws) {
    // text.spelling: TVM since v0.24 writes out_ty= for out_sinfo=.
    int pi = op.FindParam(k.name == "out_ty" ? std::string("out_sinfo") : k.name);
    if (pi < 0 || op.params[pi].kind == ParamKind::kVariadic) {
      return Fail(ErrorCode::kUnknownKeyword, k.name_span,
                  callee + " has no parameter '" + k.name + "'");
    }
    if (given[pi]) {
      return Fail(ErrorCode::kArgumentCount, k.name_span,
                  callee + " got two values for '" + k.name + "'");
    }
    given[pi] = std::move(k.value);
  }

  std::vector<Ref<Expr>> call_args;
  AttrDict attrs;
  std::vector<Ref<StructInfo>> sinfo_args;
  for (size_t pi = 0; pi < np; ++pi) {
    const OpParam& p = op.params[pi];
    if (p.kind == ParamKind::kVariadic) {
      for (const auto& v : variadic) {
        Ref<Expr> e = PackedArgument(v);  // TVM converts Python numbers (text.call-packed)
        if (!e) return Value::Error();
        call_args.push_back(e);
      }
      continue;
    }
    if (!given[pi] && !p.has_default) {
      return Fail(ErrorCode::kArgumentCount, span,
                  callee + " is missing its argument '" + p.name + "'");
    }
    Value v = given[pi] ? *given[pi] : FromDefault(p.default_value, span);
    std::string what = callee + " argument '" + p.name + "'";
    if (p.kind == ParamKind::kSInfoArgs && p.name == "out_sinfo") {
      // The outputs of a destination-passing call: one struct info, a list of them being the
      // struct info of the tuple of outputs (as TVM stores it).
      if (v.kind == Value::Kind::kTuple || v.kind == Value::Kind::kList) {
        std::vector<Ref<StructInfo>> fields;
        for (const auto& x : v.items) {
          Ref<StructInfo> s = ToSInfo(x, what.c_str());
          if (!s) return Value::Error();
          fields.push_back(s);
        }
        sinfo_args.push_back(TupleStructInfo::Make(std::move(fields)));
      } else {
        Ref<StructInfo> s = ToSInfo(v, what.c_str());
        if (!s) return Value::Error();
        sinfo_args.push_back(s);
      }
      continue;
    }
    if (p.kind == ParamKind::kSInfoArgs) {
      if (v.kind == Value::Kind::kTuple || v.kind == Value::Kind::kList) {
        for (const auto& x : v.items) {
          Ref<StructInfo> s = ToSInfo(x, what.c_str());
          if (!s) return Value::Error();
          sinfo_args.push_back(s);
        }
      } else {
        Ref<StructInfo> s = ToSInfo(v, what.c_str());
        if (!s) return Value::Error();
        sinfo_args.push_back(s);
      }
      continue;
    }
    if (p.is_arg()) {
      if (v.kind == Value::Kind::kNone) {
        if (p.nullable && p.kind != ParamKind::kExprList) continue;  // an absent optional argument
        if (p.kind == ParamKind::kExprList) continue;
        return Fail(ErrorCode::kArgumentType, v.span, what + " cannot be None");
      }
      Ref<Expr> e;
      switch (p.kind) {
        case ParamKind::kExpr: e = ToRelax(v, what.c_str()); break;
        case ParamKind::kShape: {
          if (v.kind == Value::Kind::kRelax) {
            e = v.expr;
            break;
          }
          auto dims = EvalDims(v, what.c_str());
          if (!dims) return Value::Error();
          e = ShapeExpr::Make(std::move(*dims), v.span);
          break;
        }
        case ParamKind::kPrim: {
          if (v.kind == Value::Kind::kRelax) {
            e = v.expr;
            break;
          }
          Ref<PrimExpr> pe = ToPrim(v, DataType::kVoid, what.c_str());
          if (!pe) return Value::Error();
          e = PrimValue::Make(pe, v.span);
          break;
        }
        case ParamKind::kPrimTuple: {
          if (v.kind == Value::Kind::kRelax) {
            e = v.expr;
            break;
          }
          std::vector<Value> items;
          if (v.kind == Value::Kind::kTuple || v.kind == Value::Kind::kList) {
            items = v.items;
          } else {
            items.push_back(v);
          }
          std::vector<Ref<Expr>> fields;
          for (const auto& x : items) {
            // A Relax expression (a variable of Prim struct info) is a field as it is, so that
            // `R.tuple(s)` prints as `(s,)` and reads back (text.print.round-trip).
            if (x.kind == Value::Kind::kRelax) {
              fields.push_back(x.expr);
              continue;
            }
            Ref<PrimExpr> pe = ToPrim(x, DataType::kInt64, what.c_str());
            if (!pe) return Value::Error();
            fields.push_back(PrimValue::Make(pe, x.span));
          }
          e = Tuple::Make(std::move(fields), v.span);
          break;
        }
        case ParamKind::kTuple: {
          if (v.kind == Value::Kind::kRelax) {
            // The arguments of a destination-passing call are a tuple; one expression is the
            // tuple of it, as TVM's call_tir wraps it.
            const bool dps = op.id == OpId::kCallTir || op.id == OpId::kCallTirInplace ||
                             op.id == OpId::kCallDpsPacked;
            e = dps && !Tuple::Is(v.expr->kind) ? Tuple::Make({v.expr}, v.span) : v.expr;
            break;
          }
          if (v.kind != Value::Kind::kTuple && v.kind != Value::Kind::kList) {
            return Fail(ErrorCode::kArgumentType, v.span,
                        what + " must be a tuple or list of tensors, not " + DescribeValue(v));
          }
          std::vector<Ref<Expr>> fields;
          for (const auto& x : v.items) {
            Ref<Expr> f = ToRelax(x, what.c_str());
            if (!f) return Value::Error();
            fields.push_back(f);
          }
          e = Tuple::Make(std::move(fields), v.span);
          break;
        }
        case ParamKind::kStr:
          e = v.kind == Value::Kind::kStr ? StringImm::Make(v.s, v.span) : ToRelax(v, what.c_str());
          break;
        case ParamKind::kExtern:
          e = v.kind == Value::Kind::kStr ? ExternFunc::Make(v.s, nullptr, v.span)
                                          : ToRelax(v, what.c_str());
          break;
        case ParamKind::kExprList: {
          std::vector<Value> items;
          if (v.kind == Value::Kind::kTuple || v.kind == Value::Kind::kList) {
            items = v.items;
          } else {
            items.push_back(v);
          }
          for (const auto& x : items) {
            Ref<Expr> f = ToRelax(x, what.c_str());
            if (!f) return Value::Error();
            call_args.push_back(f);
          }
          continue;
        }
        default: break;
      }
      if (!e) return Value::Error();
      call_args.push_back(e);
      continue;
    }
    // An attribute. A dtype of None means void, as in TVM's Python API.
    if (v.kind == Value::Kind::kNone && p.kind == ParamKind::kDType) {
      attrs.emplace_back(p.name, AttrValue::DType(DataType::kVoid));
      continue;
    }
    if (v.kind == Value::Kind::kNone) {
      if (!p.nullable) return Fail(ErrorCode::kInvalidAttrValue, v.span, what + " cannot be None");
      attrs.emplace_back(p.name, AttrValue());
      continue;
    }
    std::optional<AttrValue> av;
    auto bad = [&](const char* expected) {
      Fail(ErrorCode::kInvalidAttrValue, v.span,
           what + " must be " + expected + ", not " + DescribeValue(v));
    };
    switch (p.kind) {
      case ParamKind::kInt:
        if (v.kind != Value::Kind::kInt) {
          bad("an int");
          return Value::Error();
        }
        av = ToAttrValue(v, what.c_str());
        break;
      case ParamKind::kBool:
        if (v.kind != Value::Kind::kBool) {
          bad("True or False");
          return Value::Error();
        }
        av = AttrValue::Bool(v.b);
        break;
      case ParamKind::kFloat:
        if (v.kind == Value::Kind::kFloat) {
          av = AttrValue::Float(v.f);
        } else if (v.kind == Value::Kind::kInt) {
          av = AttrValue::Float(static_cast<double>(v.i));
        } else {
          bad("a number");
          return Value::Error();
        }
        break;
      case ParamKind::kString:
        if (v.kind != Value::Kind::kStr) {
          bad("a string");
          return Value::Error();
        }
        av = AttrValue::String(v.s);
        break;
      case ParamKind::kDType: {
        auto dt = ToDType(v, what.c_str());
        if (!dt) return Value::Error();
        av = AttrValue::DType(*dt);
        break;
      }
      case ParamKind::kIntList:
      case ParamKind::kIntOrList: {
        if (v.kind == Value::Kind::kInt) {
          auto i = ToInt64(v, what.c_str());
          if (!i) return Value::Error();
          av = p.kind == ParamKind::kIntList ? AttrValue::List({AttrValue::Int(*i)})
                                             : AttrValue::Int(*i);
          break;
        }
        if (v.kind != Value::Kind::kTuple && v.kind != Value::Kind::kList) {
          bad("an int or a list of ints");
          return Value::Error();
        }
        AttrList list;
        for (const auto& x : v.items) {
          if (x.kind != Value::Kind::kInt) {
            Fail(ErrorCode::kInvalidAttrValue, x.span,
                 what + " must be a list of ints, not a list with " + DescribeValue(x));
            return Value::Error();
          }
          auto i = ToInt64(x, what.c_str());
          if (!i) return Value::Error();
          list.push_back(AttrValue::Int(*i));
        }
        av = AttrValue::List(std::move(list));
        break;
      }
      default: break;
    }
    if (!av) return Value::Error();
    attrs.emplace_back(p.name, std::move(*av));
  }
  Canonicalize(op.id, call_args, attrs, span);
  return Value::Relax(Call::Make(Op::Get(op), std::move(call_args), Attrs(std::move(attrs)),
                                 std::move(sinfo_args), span),
                      span);
}

}  // namespace rlx::text
