// The Relax parser: evaluation of expressions (spec §6.9), Python-level arithmetic on
// literals, shape arithmetic on PrimExprs, and the operators mapped to Relax ops.
#include <cmath>

#include "ir/text/parser_state.h"

namespace rlx::text {
namespace {

constexpr __int128 kInt128Max = ~(static_cast<__int128>(1) << 127);

Value Literal(Value::Kind kind, Span span) {
  Value v;
  v.kind = kind;
  v.span = span;
  return v;
}

bool Truthy(const Value& v) {
  switch (v.kind) {
    case Value::Kind::kBool: return v.b;
    case Value::Kind::kInt: return v.i != 0;
    case Value::Kind::kFloat: return v.f != 0;
    case Value::Kind::kStr: return !v.s.empty();
    case Value::Kind::kNone: return false;
    case Value::Kind::kTuple:
    case Value::Kind::kList: return !v.items.empty();
    default: return true;
  }
}

double AsDouble(const Value& v) {
  if (v.kind == Value::Kind::kFloat) return v.f;
  if (v.kind == Value::Kind::kBool) return v.b ? 1 : 0;
  return static_cast<double>(v.i);
}

__int128 AsInt(const Value& v) {
  return v.kind == Value::Kind::kBool ? (v.b ? 1 : 0) : v.i;
}

std::string Int128ToString(__int128 v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  unsigned __int128 u =
      neg ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  if (neg) s.push_back('-');
  return std::string(s.rbegin(), s.rend());
}

// Python's floor division and modulo on ints (the divisor is not zero).
__int128 FloorDivInt(__int128 a, __int128 b) {
  __int128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
__int128 FloorModInt(__int128 a, __int128 b) {
  return a - FloorDivInt(a, b) * b;
}

// Python's comparison operators on two numbers of one type (NaN compares unequal).
template <class T>
bool Compare(const std::string& op, T a, T b) {
  if (op == "==") return a == b;
  if (op == "!=") return a != b;
  if (op == "<") return a < b;
  if (op == "<=") return a <= b;
  if (op == ">") return a > b;
  return a >= b;
}

PrimKind CompareKind(const std::string& op) {
  if (op == "==") return PrimKind::kEQ;
  if (op == "!=") return PrimKind::kNE;
  if (op == "<") return PrimKind::kLT;
  if (op == "<=") return PrimKind::kLE;
  if (op == ">") return PrimKind::kGT;
  return PrimKind::kGE;
}

}  // namespace

// ---------------------------------------------------------------- dispatch

Value RelaxParser::Eval(const py::Expr& e) {
  switch (e.kind) {
    case py::ExprKind::kName: {
      const Value* v = Lookup(e.text);
      if (v) {
        Value out = *v;
        out.span = e.span;
        return out;
      }
      auto cap = options_.captures.find(e.text);
      if (cap != options_.captures.end()) {
        // A captured Python value (spec text.capture): a literal as if written here.
        Value out;
        out.span = e.span;
        switch (cap->second.kind) {
          case CapturedValue::Kind::kNone: out.kind = Value::Kind::kNone; break;
          case CapturedValue::Kind::kBool:
            out.kind = Value::Kind::kBool;
            out.b = cap->second.bool_value;
            break;
          case CapturedValue::Kind::kInt:
            out.kind = Value::Kind::kInt;
            out.i = cap->second.int_value;
            break;
          case CapturedValue::Kind::kFloat:
            out.kind = Value::Kind::kFloat;
            out.f = cap->second.float_value;
            break;
          case CapturedValue::Kind::kString:
            out.kind = Value::Kind::kStr;
            out.s = cap->second.string_value;
            break;
        }
        return out;
      }
      if (e.text == "float") return Value::MakeBuiltin(Builtin::kFloat, e.span);
      if (e.text == "range" && tir_) {  // a serial loop, as T.serial
        Value r = Value::MakeBuiltin(Builtin::kTirLoop, e.span);
        r.i = static_cast<int>(tir::ForKind::kSerial);
        r.s = "range";
        return r;
      }
      auto hidden = hidden_dataflow_names_.find(e.text);
      if (hidden != hidden_dataflow_names_.end()) {
        if (mute_ > 0) return Value::Error();
        auto& d = diags_.Error(ErrorCode::kUnknownName, span_override_ ? *span_override_ : e.span,
                               "'" + e.text +
                                   "' is a dataflow variable, visible only inside its "
                                   "block; list it in R.output(...) to use it afterwards");
        d.notes.push_back({hidden->second, "the dataflow block is here"});
        return Value::Error();
      }
      return Fail(
          ErrorCode::kUnknownName, e.span,
          "undefined name '" + e.text + "' (bind a captured value with -D " + e.text + "=VALUE)");
    }
    case py::ExprKind::kInt: {
      if (e.int_overflow) {
        return Fail(ErrorCode::kIntegerRange, e.span,
                    "integer literal " + e.text + " is too large");
      }
      return Value::Int(static_cast<__int128>(e.int_value), e.span);
    }
    case py::ExprKind::kFloat: {
      Value v = Literal(Value::Kind::kFloat, e.span);
      v.f = e.float_value;
      return v;
    }
    case py::ExprKind::kString: {
      Value v = Literal(Value::Kind::kStr, e.span);
      v.s = e.text;
      return v;
    }
    case py::ExprKind::kBool: {
      Value v = Literal(Value::Kind::kBool, e.span);
      v.b = e.bool_value;
      return v;
    }
    case py::ExprKind::kNone: return Literal(Value::Kind::kNone, e.span);
    case py::ExprKind::kTuple:
    case py::ExprKind::kList: {
      if (e.numbers) return EvalNumbers(e);
      Value v;
      v.kind = e.kind == py::ExprKind::kTuple ? Value::Kind::kTuple : Value::Kind::kList;
      v.span = e.span;
      bool failed = false;
      for (const auto& x : e.elts) {
        v.items.push_back(Eval(*x));
        failed |= v.items.back().is_error();
      }
      return failed ? Value::Error() : v;
    }
    case py::ExprKind::kDict: {
      Value v;
      v.kind = Value::Kind::kDict;
      v.span = e.span;
      bool failed = false;
      for (size_t i = 0; i < e.elts.size(); ++i) {
        v.items.push_back(Eval(*e.elts[i]));
        v.values.push_back(Eval(*e.values[i]));
        failed |= v.items.back().is_error() || v.values.back().is_error();
      }
      return failed ? Value::Error() : v;
    }
    case py::ExprKind::kAttribute: return EvalAttribute(e);
    case py::ExprKind::kCall: return EvalCall(e);
    case py::ExprKind::kSubscript: return EvalSubscript(e);
    case py::ExprKind::kUnary: return EvalUnary(e);
    case py::ExprKind::kBinary: return EvalBinary(e);
    case py::ExprKind::kCompare: return EvalCompare(e);
    case py::ExprKind::kBoolOp: return EvalBoolOp(e);
    case py::ExprKind::kStarred:
      return Fail(ErrorCode::kUnsupportedSyntax, e.span, "starred arguments are not supported");
    case py::ExprKind::kSlice:
      return Fail(ErrorCode::kUnsupportedSyntax, e.span,
                  "a slice is only allowed in a buffer region of a @T.prim_func");
  }
  return Value::Error();
}

Value RelaxParser::EvalAttribute(const py::Expr& e) {
  Value base = Eval(*e.value);
  if (base.is_error()) return base;
  switch (base.kind) {
    case Value::Kind::kNamespace: return NamespaceMember(base, e.text, e.span);
    case Value::Kind::kModule:
      if (!global_names_.count(e.text)) {
        return Fail(ErrorCode::kUnknownGlobal, e.span,
                    "module '" + module_name_ + "' has no function '" + e.text + "'");
      }
      return Value::Relax(GlobalVar::Make(e.text, e.span), e.span);
    case Value::Kind::kRelax:
      if (e.text == "astype") {
        Value m = Value::MakeBuiltin(Builtin::kAstype, e.span);
        m.expr = base.expr;
        return m;
      }
      return Fail(ErrorCode::kUnknownMember, e.span,
                  "Relax expressions have no attribute '" + e.text + "' (only .astype)");
    default:
      return Fail(ErrorCode::kUnknownMember, e.span,
                  DescribeValue(base) + " has no attribute '" + e.text + "'");
  }
}

Value RelaxParser::EvalCall(const py::Expr& e) {
  Value callee = Eval(*e.value);
  std::vector<Value> args;
  std::vector<KwValue> kws;
  bool failed = callee.is_error();
  // The data of a constant may be millions of literals: read compactly (text.limit.size).
  const bool constant = callee.kind == Value::Kind::kBuiltin &&
                        (callee.builtin == Builtin::kConst || callee.builtin == Builtin::kNpArray);
  for (const auto& a : e.elts) {
    args.push_back(constant && args.empty() ? EvalConstData(*a) : Eval(*a));
    failed |= args.back().is_error();
  }
  for (const auto& k : e.keywords) {
    const bool data = constant && (k.name == "value" || k.name == "object");
    kws.push_back({k.name, k.name_span, data ? EvalConstData(*k.value) : Eval(*k.value)});
    failed |= kws.back().value.is_error();
  }
  if (failed) return Value::Error();
  return CallValue(callee, std::move(args), std::move(kws), e.span);
}

Value RelaxParser::EvalSubscript(const py::Expr& e) {
  Value base = Eval(*e.value);
  if (base.kind == Value::Kind::kBuffer) return TirSubscript(base, *e.index, e.span);
  Value index = Eval(*e.index);
  if (base.is_error() || index.is_error()) return Value::Error();
  if (index.kind != Value::Kind::kInt) {
    return Fail(ErrorCode::kInvalidSubscript, e.index->span,
                "an index must be a constant integer, not " + DescribeValue(index));
  }
  if (base.kind == Value::Kind::kRelax) {
    if (index.i < 0 || index.i > (1 << 30)) {
      return Fail(ErrorCode::kInvalidSubscript, e.index->span,
                  "a tuple index must be a non-negative integer");
    }
    return Value::Relax(TupleGetItem::Make(base.expr, static_cast<int>(index.i), e.span), e.span);
  }
  if (base.kind == Value::Kind::kTuple || base.kind == Value::Kind::kList) {
    __int128 n = static_cast<__int128>(base.items.size());
    __int128 i = index.i < 0 ? index.i + n : index.i;
    if (i < 0 || i >= n) {
      return Fail(ErrorCode::kInvalidSubscript, e.index->span, "index out of range");
    }
    return base.items[static_cast<size_t>(i)];
  }
  return Fail(ErrorCode::kInvalidSubscript, e.span, DescribeValue(base) + " cannot be indexed");
}

// ---------------------------------------------------------------- operators

Value RelaxParser::EvalUnary(const py::Expr& e) {
  Value v = Eval(*e.value);
  if (v.is_error()) return v;
  const std::string& op = e.text;
  Span span = e.span;
  if (op == "not") {
    if (v.kind == Value::Kind::kPrim && v.prim)
      return Value::Prim(PrimExpr::Not(v.prim, span), span);
    if (v.kind == Value::Kind::kRelax) {
      return Fail(ErrorCode::kInvalidOperands, span,
                  "'not' is not defined on Relax expressions; call R.logical_not(x)");
    }
    Value r;
    r.kind = Value::Kind::kBool;
    r.b = !Truthy(v);
    r.span = span;
    return r;
  }
  if (v.kind == Value::Kind::kInt || v.kind == Value::Kind::kBool) {
    __int128 i = AsInt(v);
    if (op == "-") return Value::Int(-i, span);
    if (op == "+") return Value::Int(i, span);
    return Value::Int(~i, span);
  }
  if (v.kind == Value::Kind::kFloat && op != "~") {
    Value r = v;
    r.f = op == "-" ? -v.f : v.f;
    r.span = span;
    return r;
  }
  if (tir_ && v.kind == Value::Kind::kPrim && v.prim && op == "~") {
    return Value::Prim(PrimExpr::Call(tir::Intrinsic::kBitwiseNot, {v.prim}, span), span);
  }
  if (v.kind == Value::Kind::kPrim && v.prim && op != "~") {
    if (op == "+") return Value::Prim(v.prim, span);
    // TVM builds -x as x * -1.
    Ref<PrimExpr> minus_one = IsFloat(v.prim->dtype) ? PrimExpr::Float(-1, v.prim->dtype, span)
                                                     : PrimExpr::Int(-1, v.prim->dtype, span);
    return Value::Prim(PrimExpr::Binary(PrimKind::kMul, v.prim, minus_one, span), span);
  }
  if (v.kind == Value::Kind::kRelax && op == "-") {
    return Value::Relax(Call::Make(Op::Get(GetOp(OpId::kNegative)), {v.expr}, {}, {}, span), span);
  }
  return Fail(ErrorCode::kInvalidOperands, span,
              "unary '" + op + "' is not defined on " + DescribeValue(v));
}

Value RelaxParser::EvalBinary(const py::Expr& e) {
  Value l = Eval(*e.value);
  Value r = Eval(*e.index);
  if (l.is_error() || r.is_error()) return Value::Error();
  const std::string& op = e.text;
  Span span = e.span;

  if (l.is_number() && r.is_number()) {
    bool as_float = l.kind == Value::Kind::kFloat || r.kind == Value::Kind::kFloat || op == "/";
    if (op == "**" && !as_float && AsInt(r) < 0) as_float = true;
    if (as_float) {
      if (op == "&" || op == "|" || op == "^" || op == "<<" || op == ">>" || op == "@") {
        return Fail(ErrorCode::kInvalidOperands, span, "'" + op + "' is not defined on floats");
      }
      double a = AsDouble(l), b = AsDouble(r), x = 0;
      if ((op == "/" || op == "//" || op == "%") && b == 0) {
        return Fail(ErrorCode::kConstantDivision, span, "division by zero");
      }
      if (op == "+")
        x = a + b;
      else if (op == "-")
        x = a - b;
      else if (op == "*")
        x = a * b;
      else if (op == "/")
        x = a / b;
      else if (op == "//")
        x = std::floor(a / b);
      else if (op == "%")
        x = a - std::floor(a / b) * b;
      else if (op == "**")
        x = std::pow(a, b);
      Value v;
      v.kind = Value::Kind::kFloat;
      v.f = x;
      v.span = span;
      return v;
    }
    __int128 a = AsInt(l), b = AsInt(r), x = 0;
    bool overflow = false;
    if (op == "+") {
      overflow = __builtin_add_overflow(a, b, &x);
    } else if (op == "-") {
      overflow = __builtin_sub_overflow(a, b, &x);
    } else if (op == "*") {
      overflow = __builtin_mul_overflow(a, b, &x);
    } else if (op == "//" || op == "%") {
      if (b == 0) return Fail(ErrorCode::kConstantDivision, span, "integer division by zero");
      if (a == -kInt128Max - 1 && b == -1)
        overflow = true;
      else
        x = op == "//" ? FloorDivInt(a, b) : FloorModInt(a, b);
    } else if (op == "**") {
      // 0, 1 and -1 never overflow, so they are answered directly; any other base
      // overflows within 127 multiplications.
      if (a == 0 || a == 1) {
        x = b == 0 ? 1 : a;
      } else if (a == -1) {
        x = b % 2 == 0 ? 1 : -1;
      } else {
        x = 1;
        for (__int128 k = 0; k < b && !overflow; ++k) overflow = __builtin_mul_overflow(x, a, &x);
      }
    } else if (op == "<<" || op == ">>") {
      if (b < 0) return Fail(ErrorCode::kInvalidOperands, span, "negative shift count");
      if (op == ">>") {
        x = b >= 127 ? (a < 0 ? -1 : 0) : a >> static_cast<int>(b);
      } else {
        overflow = b >= 127 || (a != 0 && (a > (kInt128Max >> static_cast<int>(b)) ||
                                           a < -(kInt128Max >> static_cast<int>(b))));
        if (!overflow) x = a * (static_cast<__int128>(1) << static_cast<int>(b));
      }
    } else if (op == "&") {
      x = a & b;
    } else if (op == "|") {
      x = a | b;
    } else if (op == "^") {
      x = a ^ b;
    } else {
      return Fail(ErrorCode::kInvalidOperands, span, "'" + op + "' is not defined on ints");
    }
    if (overflow) return Fail(ErrorCode::kIntegerRange, span, "integer arithmetic overflows");
    return Value::Int(x, span);
  }

  bool prim_side = (l.kind == Value::Kind::kPrim || r.kind == Value::Kind::kPrim) &&
                   (l.kind == Value::Kind::kPrim || l.is_number()) &&
                   (r.kind == Value::Kind::kPrim || r.is_number());
  if (prim_side) {
    PrimKind kind;
    if (op == "+")
      kind = PrimKind::kAdd;
    else if (op == "-")
      kind = PrimKind::kSub;
    else if (op == "*")
      kind = PrimKind::kMul;
    else if (op == "//")
      kind = PrimKind::kFloorDiv;
    else if (op == "%")
      kind = PrimKind::kFloorMod;
    else if (tir_ && (op == "/" || op == "&" || op == "|" || op == "^" || op == "<<" ||
                      op == ">>" || op == "**"))
      return TirOperator(op, l, r, span);
    else if (op == "/") {
      return Fail(ErrorCode::kInvalidOperands, span,
                  "'/' is ambiguous on shape expressions; write '//' for floor division or "
                  "T.truncdiv(a, b)");
    } else {
      return Fail(ErrorCode::kInvalidOperands, span,
                  "'" + op + "' is not supported on shape expressions");
    }
    return PrimBinary(kind, l, r, span);
  }

  if (l.kind == Value::Kind::kRelax || r.kind == Value::Kind::kRelax) {
    const Value& other = l.kind == Value::Kind::kRelax ? r : l;
    if (other.kind != Value::Kind::kRelax) {
      if (other.is_number()) {
        return Fail(ErrorCode::kInvalidOperands, other.span,
                    "a Python number cannot be combined with a Relax expression; convert it "
                    "with R.const(...) first");
      }
      return Fail(ErrorCode::kInvalidOperands, span,
                  "'" + op + "' cannot combine " + DescribeValue(l) + " and " + DescribeValue(r));
    }
    OpId id;
    if (op == "+")
      id = OpId::kAdd;
    else if (op == "-")
      id = OpId::kSubtract;
    else if (op == "*")
      id = OpId::kMultiply;
    else if (op == "/")
      id = OpId::kDivide;
    else if (op == "//")
      id = OpId::kFloorDivide;
    else if (op == "**")
      id = OpId::kPower;
    else if (op == "%") {
      return Fail(ErrorCode::kInvalidOperands, span,
                  "TVMScript does not map '%' on Relax expressions; call R.floor_mod(a, b) or "
                  "R.mod(a, b)");
    } else {
      return Fail(ErrorCode::kInvalidOperands, span,
                  "'" + op + "' is not defined on Relax expressions; call the R. operator");
    }
    return Value::Relax(Call::Make(Op::Get(GetOp(id)), {l.expr, r.expr}, {}, {}, span), span);
  }
  if (op == "+" && l.kind == Value::Kind::kStr && r.kind == Value::Kind::kStr) {
    Value v = l;
    v.s += r.s;
    v.span = span;
    return v;
  }
  return Fail(ErrorCode::kInvalidOperands, span,
              "'" + op + "' cannot combine " + DescribeValue(l) + " and " + DescribeValue(r));
}

Value RelaxParser::EvalCompare(const py::Expr& e) {
  Value l = Eval(*e.value);
  Value r = Eval(*e.index);
  if (l.is_error() || r.is_error()) return Value::Error();
  const std::string& op = e.text;
  Span span = e.span;
  Value result;
  result.kind = Value::Kind::kBool;
  result.span = span;
  if (l.is_number() && r.is_number()) {
    bool fl = l.kind == Value::Kind::kFloat || r.kind == Value::Kind::kFloat;
    result.b = fl ? Compare(op, AsDouble(l), AsDouble(r)) : Compare(op, AsInt(l), AsInt(r));
    return result;
  }
  if (l.kind == Value::Kind::kStr && r.kind == Value::Kind::kStr && (op == "==" || op == "!=")) {
    result.b = (l.s == r.s) == (op == "==");
    return result;
  }
  if ((l.kind == Value::Kind::kPrim || r.kind == Value::Kind::kPrim) &&
      (l.kind == Value::Kind::kPrim || l.is_number()) &&
      (r.kind == Value::Kind::kPrim || r.is_number())) {
    return PrimBinary(CompareKind(op), l, r, span);
  }
  if (l.kind == Value::Kind::kRelax && r.kind == Value::Kind::kRelax) {
    OpId id;
    if (op == "<")
      id = OpId::kLess;
    else if (op == "<=")
      id = OpId::kLessEqual;
    else if (op == ">")
      id = OpId::kGreater;
    else if (op == ">=")
      id = OpId::kGreaterEqual;
    else {
      return Fail(ErrorCode::kInvalidOperands, span,
                  "'" + op +
                      "' on Relax expressions compares object identity in TVM; call "
                      "R.equal(a, b) or R.not_equal(a, b)");
    }
    return Value::Relax(Call::Make(Op::Get(GetOp(id)), {l.expr, r.expr}, {}, {}, span), span);
  }
  return Fail(ErrorCode::kInvalidOperands, span,
              "'" + op + "' cannot compare " + DescribeValue(l) + " and " + DescribeValue(r));
}

Value RelaxParser::EvalBoolOp(const py::Expr& e) {
  Value l = Eval(*e.value);
  Value r = Eval(*e.index);
  if (l.is_error() || r.is_error()) return Value::Error();
  bool is_and = e.text == "and";
  if (l.kind == Value::Kind::kPrim || r.kind == Value::Kind::kPrim) {
    if ((l.kind == Value::Kind::kPrim || l.kind == Value::Kind::kBool) &&
        (r.kind == Value::Kind::kPrim || r.kind == Value::Kind::kBool)) {
      return PrimBinary(is_and ? PrimKind::kAnd : PrimKind::kOr, l, r, e.span);
    }
  }
  if (l.kind == Value::Kind::kRelax || r.kind == Value::Kind::kRelax ||
      l.kind == Value::Kind::kPrim || r.kind == Value::Kind::kPrim) {
    return Fail(ErrorCode::kInvalidOperands, e.span,
                "'" + e.text + "' cannot combine " + DescribeValue(l) + " and " + DescribeValue(r));
  }
  // Python semantics: the deciding operand is the result.
  Value out = is_and ? (Truthy(l) ? r : l) : (Truthy(l) ? l : r);
  out.span = e.span;
  return out;
}

Value RelaxParser::PrimBinary(PrimKind kind, const Value& a, const Value& b, Span span) {
  Ref<PrimExpr> pa = a.kind == Value::Kind::kPrim ? a.prim : nullptr;
  Ref<PrimExpr> pb = b.kind == Value::Kind::kPrim ? b.prim : nullptr;
  if ((a.kind == Value::Kind::kPrim && !pa) || (b.kind == Value::Kind::kPrim && !pb)) {
    return Fail(ErrorCode::kInvalidPrimExpr, span,
                "T.<dtype>() declares a variable; assign it to a name before using it");
  }
  DataType dtype = pa ? pa->dtype : pb->dtype;
  if (pa && pb && pa->dtype != pb->dtype) {
    return Fail(ErrorCode::kInvalidOperands, span,
                "operands have different dtypes, " + std::string(DataTypeName(pa->dtype)) +
                    " and " + std::string(DataTypeName(pb->dtype)));
  }
  // A Python literal takes the dtype of the other operand.
  if (!pa) pa = ToPrim(a, dtype, "an operand");
  if (!pb) pb = ToPrim(b, dtype, "an operand");
  if (!pa || !pb) return Value::Error();
  if ((kind == PrimKind::kFloorDiv || kind == PrimKind::kFloorMod) && pb->is_int() &&
      pb->int_value == 0) {
    // TVM folds // and % with a constant divisor and rejects zero (spec text.expr.div-zero).
    return Fail(ErrorCode::kConstantDivision, span, "division by a constant zero");
  }
  if ((kind == PrimKind::kAnd || kind == PrimKind::kOr) &&
      (pa->dtype != DataType::kBool || pb->dtype != DataType::kBool)) {
    return Fail(ErrorCode::kInvalidOperands, span, "'and' and 'or' need bool operands");
  }
  if ((kind == PrimKind::kFloorDiv || kind == PrimKind::kFloorMod) && IsFloat(pa->dtype)) {
    // syntax.prim.division: the operands are integers.
    return Fail(ErrorCode::kInvalidOperands, span,
                "'//' and '%' are integer operations; " + std::string(DataTypeName(pa->dtype)) + " operands");
  }
  return Value::Prim(PrimExpr::Binary(kind, pa, pb, span), span);
}

// ---------------------------------------------------------------- conversions

Ref<Expr> RelaxParser::ToRelax(const Value& v, const char* what, bool python_numbers_as_const) {
  switch (v.kind) {
    case Value::Kind::kError: throw StmtAbort{};
    case Value::Kind::kRelax: return v.expr;
    case Value::Kind::kPrim:
      if (!v.prim) {
        Fail(ErrorCode::kInvalidPrimExpr, v.span,
             "T.<dtype>() declares a variable; assign it to a name before using it");
        return nullptr;
      }
      return PrimValue::Make(v.prim, v.span);
    case Value::Kind::kStr: return StringImm::Make(v.s, v.span);
    case Value::Kind::kTuple:
    case Value::Kind::kList: {
      bool any_relax = false, any_prim = false, all_shape_like = true;
      for (const auto& x : v.items) {
        any_relax |= x.kind == Value::Kind::kRelax || x.kind == Value::Kind::kTuple ||
                     x.kind == Value::Kind::kList;
        any_prim |= x.kind == Value::Kind::kPrim;
        all_shape_like &= x.kind == Value::Kind::kPrim || x.kind == Value::Kind::kInt;
      }
      if (!any_relax && any_prim && all_shape_like) {
        // A tuple of shape values is a ShapeExpr, as TVM's convert_to_expr makes it.
        std::vector<Ref<PrimExpr>> dims;
        for (const auto& x : v.items) {
          Ref<PrimExpr> d = ToPrim(x, DataType::kInt64, "a dimension");
          if (!d) return nullptr;
          dims.push_back(d);
        }
        return ShapeExpr::Make(std::move(dims), v.span);
      }
      std::vector<Ref<Expr>> fields;
      for (const auto& x : v.items) {
        Ref<Expr> f = ToRelax(x, "a tuple field", false);
        if (!f) return nullptr;
        fields.push_back(f);
      }
      return Tuple::Make(std::move(fields), v.span);
    }
    case Value::Kind::kInt:
    case Value::Kind::kFloat:
    case Value::Kind::kBool: {
      if (!python_numbers_as_const) {
        Fail(ErrorCode::kArgumentType, v.span,
             std::string("expected ") + what + " but got " + DescribeValue(v) +
                 "; write R.const(...) for a tensor or R.prim_value(...) for a scalar");
        return nullptr;
      }
      // As R.const(v): int -> int32, float -> float32, bool -> bool (spec text.const).
      std::vector<Value> args{v};
      std::vector<KwValue> kws;
      Value c = MakeConst(args, kws, v.span);
      return c.kind == Value::Kind::kRelax ? c.expr : nullptr;
    }
    default:
      Fail(ErrorCode::kArgumentType, v.span,
           std::string("expected ") + what + " but got " + DescribeValue(v));
      return nullptr;
  }
}

Ref<Expr> RelaxParser::PackedArgument(const Value& v) {
  // TVM's convert_to_expr (text.call-packed): a Python int or bool is R.prim_value of an int64,
  // a float R.prim_value of a float64; an int beyond int64 is an error.
  switch (v.kind) {
    case Value::Kind::kBool: return PrimValue::Make(PrimExpr::Int(v.b ? 1 : 0, DataType::kInt64, v.span), v.span);
    case Value::Kind::kInt:
      if (v.i < INT64_MIN || v.i > INT64_MAX) {
        Fail(ErrorCode::kIntegerRange, v.span, "the argument does not fit in int64");
        return nullptr;
      }
      return PrimValue::Make(PrimExpr::Int(static_cast<int64_t>(v.i), DataType::kInt64, v.span), v.span);
    case Value::Kind::kFloat: return PrimValue::Make(PrimExpr::Float(v.f, DataType::kFloat64, v.span), v.span);
    default: return ToRelax(v, "a call argument");
  }
}

Ref<PrimExpr> RelaxParser::ToPrim(const Value& v, DataType int_dtype, const char* what) {
  switch (v.kind) {
    case Value::Kind::kPrim:
      if (!v.prim) {
        Fail(ErrorCode::kInvalidPrimExpr, v.span,
             "T.<dtype>() declares a variable; assign it to a name before using it");
        return nullptr;
      }
      return v.prim;
    case Value::Kind::kBool:
      return PrimExpr::Int(v.b ? 1 : 0, int_dtype == DataType::kVoid ? DataType::kBool : int_dtype,
                           v.span);
    case Value::Kind::kInt: {
      DataType t = int_dtype == DataType::kVoid ? DataType::kInt64 : int_dtype;
      if (IsFloat(t)) return PrimExpr::Float(static_cast<double>(v.i), t, v.span);
      __int128 lo, hi;
      if (t == DataType::kBool) {
        lo = 0;
        hi = 1;
      } else if (IsUnsignedInt(t)) {
        lo = 0;
        hi = (static_cast<__int128>(1) << DataTypeBits(t)) - 1;
      } else {
        lo = -(static_cast<__int128>(1) << (DataTypeBits(t) - 1));
        hi = (static_cast<__int128>(1) << (DataTypeBits(t) - 1)) - 1;
      }
      if (v.i < lo || v.i > hi) {
        Fail(ErrorCode::kIntegerRange, v.span,
             Int128ToString(v.i) + " does not fit in " + std::string(DataTypeName(t)));
        return nullptr;
      }
      return PrimExpr::Int(static_cast<int64_t>(v.i), t, v.span);
    }
    case Value::Kind::kFloat: {
      DataType t = IsFloat(int_dtype) ? int_dtype : DataType::kFloat64;
      if (int_dtype != DataType::kVoid && !IsFloat(int_dtype)) {
        Fail(ErrorCode::kArgumentType, v.span,
             std::string("expected an integer for ") + what + " but got a float");
        return nullptr;
      }
      return PrimExpr::Float(v.f, t, v.span);
    }
    case Value::Kind::kRelax:
      if (auto pv = As<PrimValue>(v.expr)) return pv->value;
      [[fallthrough]];
    default:
      if (v.is_error()) return nullptr;
      Fail(ErrorCode::kArgumentType, v.span,
           std::string("expected ") + what + " (an int or a shape expression) but got " +
               DescribeValue(v));
      return nullptr;
  }
}

Ref<StructInfo> RelaxParser::ToSInfo(const Value& v, const char* what) {
  if (v.kind == Value::Kind::kSInfo) return v.sinfo;
  if (v.kind == Value::Kind::kBuiltin) {
    switch (v.builtin) {
      case Builtin::kTensorSInfo:
      case Builtin::kShapeSInfo:
      case Builtin::kTupleSInfo:
      case Builtin::kObjectSInfo:
      case Builtin::kCallableSInfo: {
        std::vector<Value> args;
        std::vector<KwValue> kws;
        Value s = MakeSInfo(v.builtin, args, kws, v.span);
        return s.kind == Value::Kind::kSInfo ? s.sinfo : nullptr;
      }
      case Builtin::kPrimSInfo:
        Fail(ErrorCode::kArgumentCount, v.span,
             "R.Prim needs a dtype or a value, e.g. R.Prim(\"int64\")");
        return nullptr;
      default: break;
    }
  }
  if (v.is_error()) return nullptr;
  Fail(ErrorCode::kArgumentType, v.span,
       std::string("expected struct info (R.Tensor, R.Shape, R.Prim, R.Tuple, R.Object or "
                   "R.Callable) for ") +
           what + " but got " + DescribeValue(v));
  return nullptr;
}

std::optional<int64_t> RelaxParser::ToInt64(const Value& v, const char* what) {
  if (v.kind == Value::Kind::kInt) {
    if (v.i < INT64_MIN || v.i > INT64_MAX) {
      Fail(ErrorCode::kIntegerRange, v.span, Int128ToString(v.i) + " does not fit in int64");
      return std::nullopt;
    }
    return static_cast<int64_t>(v.i);
  }
  if (!v.is_error()) {
    Fail(ErrorCode::kArgumentType, v.span,
         std::string("expected an int for ") + what + " but got " + DescribeValue(v));
  }
  return std::nullopt;
}

std::optional<AttrValue> RelaxParser::ToAttrValue(const Value& v, const char* what) {
  switch (v.kind) {
    case Value::Kind::kNone: return AttrValue();
    case Value::Kind::kBool: return AttrValue::Bool(v.b);
    case Value::Kind::kInt: {
      auto i = ToInt64(v, what);
      if (!i) return std::nullopt;
      return AttrValue::Int(*i);
    }
    case Value::Kind::kFloat: return AttrValue::Float(v.f);
    case Value::Kind::kStr: return AttrValue::String(v.s);
    case Value::Kind::kPrim:
      if (!v.prim) break;
      return AttrValue::Prim(v.prim);
    case Value::Kind::kTuple:
    case Value::Kind::kList: {
      AttrList list;
      for (const auto& x : v.items) {
        auto a = ToAttrValue(x, what);
        if (!a) return std::nullopt;
        list.push_back(std::move(*a));
      }
      return AttrValue::List(std::move(list));
    }
    case Value::Kind::kDict: {
      auto d = ToAttrDict(v, what);
      if (!d) return std::nullopt;
      return AttrValue::Dict(std::move(*d));
    }
    default: break;
  }
  if (!v.is_error()) {
    Fail(ErrorCode::kInvalidAttrValue, v.span,
         std::string(what) +
             ": an attribute value must be None, a bool, an int, a float, a "
             "string, a list or a dict, not " +
             DescribeValue(v));
  }
  return std::nullopt;
}

std::optional<AttrDict> RelaxParser::ToAttrDict(const Value& v, const char* what) {
  if (v.kind != Value::Kind::kDict) {
    if (!v.is_error()) {
      Fail(ErrorCode::kArgumentType, v.span,
           std::string(what) + " expects a dict but got " + DescribeValue(v));
    }
    return std::nullopt;
  }
  AttrDict dict;
  for (size_t i = 0; i < v.items.size(); ++i) {
    const Value& k = v.items[i];
    if (k.kind != Value::Kind::kStr) {
      Fail(ErrorCode::kInvalidAttrValue, k.span, std::string(what) + ": keys must be strings");
      return std::nullopt;
    }
    for (const auto& [existing, unused] : dict) {
      if (existing == k.s) {
        Fail(ErrorCode::kDuplicateAttrKey, k.span,
             std::string(what) + ": key \"" + k.s + "\" is given twice");
        return std::nullopt;
      }
    }
    auto a = ToAttrValue(v.values[i], what);
    if (!a) return std::nullopt;
    dict.emplace_back(k.s, std::move(*a));
  }
  return dict;
}

}  // namespace rlx::text
