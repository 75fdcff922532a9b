#include "interpreter/runtime_names.h"
#include "interpreter/match.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "interpreter/kernels/scalar_ops.h"
#include "runtime/runtime_error.h"
#include "ir/analysis/prim_eval.h"
#include "ir/text/printer.h"

namespace rlx::interp {
namespace {

// Float-typed shape variables keep their double's bits in the int64 map.
double BitsToDouble(int64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}
int64_t DoubleToBits(double d) {
  int64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return bits;
}

double EvalFloat(const PrimExpr& e, const Environment& env);

// A comparison of float operands (a bool-typed PrimExpr over floats), or nullopt.
std::optional<int64_t> FloatComparison(const PrimExpr& e, const Environment& env) {
  if (!IsComparisonKind(e.kind) || !IsFloat(e.operands[0]->dtype)) return std::nullopt;
  const double a = EvalFloat(*e.operands[0], env), b = EvalFloat(*e.operands[1], env);
  switch (e.kind) {
    case PrimKind::kEQ: return a == b;
    case PrimKind::kNE: return a != b;
    case PrimKind::kLT: return a < b;
    case PrimKind::kLE: return a <= b;
    case PrimKind::kGT: return a > b;
    default: return a >= b;
  }
}

// Evaluates an integer PrimExpr, trapping on every failure.
int64_t EvalInt(const PrimExpr& e, const Environment& env, ErrorCode overflow) {
  if (auto c = FloatComparison(e, env)) return *c;
  if (e.kind == PrimKind::kAnd || e.kind == PrimKind::kOr || e.kind == PrimKind::kNot) {
    // Logic over comparisons that may involve floats.
    const bool a = EvalInt(*e.operands[0], env, overflow) != 0;
    if (e.kind == PrimKind::kNot) return !a;
    const bool b = EvalInt(*e.operands[1], env, overflow) != 0;
    return e.kind == PrimKind::kAnd ? (a && b) : (a || b);
  }
  PrimEvalError why = PrimEvalError::kNone;
  std::optional<int64_t> v = EvalPrim(e, env.shape_vars, &why);
  if (v) return *v;
  std::string text = text::PrintPrimExpr(std::shared_ptr<const PrimExpr>(&e, [](const PrimExpr*) {}));
  switch (why) {
    case PrimEvalError::kDivisionByZero:
      // eval.prim-expr, eval.trap.div-zero
      Fail(ErrorCode::kDivisionByZero, "division by zero evaluating " + text);
    case PrimEvalError::kUnbound:
      Fail(ErrorCode::kMatchCastFailed, "unbound shape variable in " + text);
    case PrimEvalError::kOverflow:
      Fail(overflow, "the value of " + text + " overflows " + std::string(DataTypeName(e.dtype)));
    default:
      Fail(ErrorCode::kInvalidValue, "cannot evaluate " + text + " as an integer");
  }
}

double EvalFloat(const PrimExpr& e, const Environment& env) {
  if (!IsFloat(e.dtype)) {
    int64_t v = EvalInt(e, env, ErrorCode::kInvalidValue);
    return e.dtype == DataType::kUInt64 ? static_cast<double>(static_cast<uint64_t>(v))
                                        : static_cast<double>(v);
  }
  switch (e.kind) {
    case PrimKind::kFloatImm: return e.float_value;
    case PrimKind::kIntImm: return static_cast<double>(e.int_value);
    case PrimKind::kVar: {
      auto it = env.shape_vars.find(&e);
      if (it == env.shape_vars.end()) Fail(ErrorCode::kMatchCastFailed, "unbound variable " + e.name);
      return BitsToDouble(it->second);
    }
    case PrimKind::kSelect: {
      // Both branches are evaluated (eval.prim-expr), as for integers.
      const bool c = EvalInt(*e.operands[0], env, ErrorCode::kInvalidValue) != 0;
      const double t = EvalFloat(*e.operands[1], env), f = EvalFloat(*e.operands[2], env);
      return c ? t : f;
    }
    default: break;
  }
  double a = EvalFloat(*e.operands[0], env), b = EvalFloat(*e.operands[1], env), r = 0;
  switch (e.kind) {
    case PrimKind::kAdd: r = a + b; break;
    case PrimKind::kSub: r = a - b; break;
    case PrimKind::kMul: r = a * b; break;
    case PrimKind::kTruncDiv: r = a / b; break;
    case PrimKind::kFloorDiv: r = std::floor(a / b); break;
    case PrimKind::kMin: r = scalar::Minimum(a, b); break;
    case PrimKind::kMax: r = scalar::Maximum(a, b); break;
    default: Fail(ErrorCode::kInvalidValue, std::string("unsupported float operation ") + PrimKindName(e.kind));
  }
  return r;
}

// Pass 2 binds a lone unbound variable; pass 3 compares the evaluated expression
// (eval.match-cast: structure, binding, values).
std::string MatchDim(const Ref<PrimExpr>& expected, int64_t actual, Environment& env,
                     const std::string& what, MatchPass pass) {
  if (pass == MatchPass::kStructure) return "";
  if (pass == MatchPass::kBind) {
    if (expected->is_var() && !env.shape_vars.count(expected.get())) env.shape_vars[expected.get()] = actual;
    return "";
  }
  int64_t want = EvalShapeDim(*expected, env);
  if (want == actual) return "";
  std::string text = text::PrintPrimExpr(expected);
  std::string want_text = text == std::to_string(want) ? text : text + " = " + std::to_string(want);
  return what + " is " + std::to_string(actual) + ", expected " + want_text;
}

std::string MatchDims(const std::vector<Ref<PrimExpr>>& expected,
                      const std::vector<int64_t>& actual, Environment& env, const char* what,
                      MatchPass pass) {
  if (pass == MatchPass::kStructure) return "";  // nothing to compare yet
  for (size_t i = 0; i < expected.size(); ++i) {
    std::string why = MatchDim(expected[i], actual[i], env, std::string(what) + " " + std::to_string(i), pass);
    if (!why.empty()) return why;
  }
  return "";
}

std::string Mismatch(const Value& v, const StructInfo& s) {
  return "got " + DescribeValue(v) + ", expected " + DescribeSInfo(s);
}

}  // namespace

int64_t EvalShapeDim(const PrimExpr& e, const Environment& env) {
  return EvalInt(e, env, ErrorCode::kTensorTooLarge);
}

PrimScalar EvalPrimScalar(const PrimExpr& e, const Environment& env) {
  if (IsFloat(e.dtype)) return PrimScalar::Float(EvalFloat(e, env), e.dtype);
  return PrimScalar::Int(EvalInt(e, env, ErrorCode::kInvalidValue), e.dtype);
}

std::string MatchStructInfo(const Value& value, const StructInfo& sinfo, Environment& env) {
  for (MatchPass pass : {MatchPass::kStructure, MatchPass::kBind, MatchPass::kValues}) {
    std::string why = MatchOnePass(value, sinfo, env, pass);
    if (!why.empty()) return why;
  }
  return "";
}

std::string MatchOnePass(const Value& value, const StructInfo& sinfo, Environment& env, MatchPass pass) {
  switch (sinfo.kind) {
    case SInfoKind::kObject:
      return "";  // eval.match-cast.object
    case SInfoKind::kTensor: {
      // eval.match-cast.tensor
      const auto& s = static_cast<const TensorStructInfo&>(sinfo);
      if (!value.is_tensor()) return Mismatch(value, sinfo);
      const TensorData& t = *value.tensor();
      if (s.dtype != DataType::kVoid && s.dtype != t.dtype()) {
        return "dtype is " + std::string(DataTypeName(t.dtype())) + ", expected " +
               std::string(DataTypeName(s.dtype));
      }
      if (s.ndim != kUnknownNdim && s.ndim != t.ndim()) {
        return "rank is " + std::to_string(t.ndim()) + ", expected " + std::to_string(s.ndim);
      }
      if (const auto* dims = s.dims()) {
        if (dims->size() != static_cast<size_t>(t.ndim())) {
          return "rank is " + std::to_string(t.ndim()) + ", expected " + std::to_string(dims->size());
        }
        return MatchDims(*dims, t.shape(), env, "dim", pass);
      }
      if (auto var = As<Var>(s.shape); var && pass == MatchPass::kValues) {
        auto it = env.vars.find(var.get());
        if (it != env.vars.end() && it->second.is_shape() && it->second.shape() != t.shape()) {
          return "shape is " + DescribeValue(Value::FromShape(t.shape())) + ", expected " +
                 var->name + " = " + DescribeValue(it->second);
        }
      }
      return "";
    }
    case SInfoKind::kPrim: {
      // eval.match-cast.prim
      const auto& s = static_cast<const PrimStructInfo&>(sinfo);
      if (!value.is_prim()) return Mismatch(value, sinfo);
      const PrimScalar& p = value.prim();
      if (s.dtype != DataType::kVoid && s.dtype != p.dtype) {
        return "dtype is " + std::string(DataTypeName(p.dtype)) + ", expected " +
               std::string(DataTypeName(s.dtype));
      }
      if (!s.value || pass == MatchPass::kStructure) return "";
      if (p.is_float()) {
        if (pass == MatchPass::kBind) {
          if (s.value->is_var() && !env.shape_vars.count(s.value.get())) {
            env.shape_vars[s.value.get()] = DoubleToBits(p.f);
          }
          return "";
        }
        double want = EvalFloat(*s.value, env);
        bool same = want == p.f || (std::isnan(want) && std::isnan(p.f));
        return same ? "" : "value is " + std::to_string(p.f) + ", expected " + std::to_string(want);
      }
      return MatchDim(s.value, p.i, env, "value", pass);
    }
    case SInfoKind::kShape: {
      // eval.match-cast.shape
      const auto& s = static_cast<const ShapeStructInfo&>(sinfo);
      if (!value.is_shape()) return Mismatch(value, sinfo);
      const auto& dims = value.shape();
      if (s.ndim != kUnknownNdim && static_cast<size_t>(s.ndim) != dims.size()) {
        return "rank is " + std::to_string(dims.size()) + ", expected " + std::to_string(s.ndim);
      }
      if (s.values) {
        if (s.values->size() != dims.size()) {
          return "rank is " + std::to_string(dims.size()) + ", expected " +
                 std::to_string(s.values->size());
        }
        return MatchDims(*s.values, dims, env, "value", pass);
      }
      return "";
    }
    case SInfoKind::kTuple: {
      // eval.match-cast.tuple
      const auto& s = static_cast<const TupleStructInfo&>(sinfo);
      if (!value.is_tuple()) return Mismatch(value, sinfo);
      if (value.tuple().size() != s.fields.size()) {
        return "a tuple of " + std::to_string(value.tuple().size()) + " fields, expected " +
               std::to_string(s.fields.size());
      }
      for (size_t i = 0; i < s.fields.size(); ++i) {
        std::string why = MatchOnePass(value.tuple()[i], *s.fields[i], env, pass);
        if (!why.empty()) return "field " + std::to_string(i) + ": " + why;
      }
      return "";
    }
    case SInfoKind::kFunc:
      // eval.match-cast.func
      if (value.kind() == ValueKind::kClosure || value.kind() == ValueKind::kPacked) return "";
      return Mismatch(value, sinfo);
  }
  return "";
}

std::string DescribeSInfo(const StructInfo& s) {
  return text::PrintStructInfo(std::shared_ptr<const StructInfo>(&s, [](const StructInfo*) {}));
}

std::string DescribeValue(const Value& v) {
  auto dims = [](const std::vector<int64_t>& d) {
    std::string s;
    for (size_t i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
    return s;
  };
  switch (v.kind()) {
    case ValueKind::kTensor: {
      const auto& shape = v.tensor()->shape();
      return "R.Tensor((" + dims(shape) + (shape.size() == 1 ? ",), \"" : "), \"") +
             std::string(DataTypeName(v.tensor()->dtype())) + "\")";
    }
    case ValueKind::kShape: return "R.Shape([" + dims(v.shape()) + "])";
    case ValueKind::kPrim: return "R.Prim(\"" + std::string(DataTypeName(v.prim().dtype)) + "\")";
    case ValueKind::kTuple: {
      std::string s = "R.Tuple(";
      for (size_t i = 0; i < v.tuple().size(); ++i) s += (i ? ", " : "") + DescribeValue(v.tuple()[i]);
      return s + ")";
    }
    case ValueKind::kClosure: return "a function";
    case ValueKind::kPacked: return "a packed function";
    case ValueKind::kStorage: return "a storage";
    case ValueKind::kString: return "a string";
    case ValueKind::kDType: return "a data type";
    case ValueKind::kNull: return "null";
  }
  return "?";
}

}  // namespace rlx::interp
