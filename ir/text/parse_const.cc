// The Relax parser: tensor literals, R.const(...) and the numpy subset np.zeros / np.ones /
// np.array that constants may be written with (spec text.const).
#include <cmath>

#include "ir/text/parser_state.h"

namespace rlx::text {
namespace {

bool IsList(const Value& v) {
  return v.kind == Value::Kind::kList || v.kind == Value::Kind::kTuple;
}

// Checks that `v` is a rectangular nested list of numbers with the given shape from `depth`.
bool Rectangular(const Value& v, const std::vector<int64_t>& shape, size_t depth,
                 const Value** bad) {
  if (depth == shape.size()) {
    if (!v.is_number()) *bad = &v;
    return v.is_number();
  }
  if (!IsList(v) || static_cast<int64_t>(v.items.size()) != shape[depth]) {
    *bad = &v;
    return false;
  }
  for (const auto& x : v.items) {
    if (!Rectangular(x, shape, depth + 1, bad)) return false;
  }
  return true;
}

// The shape of a nested list of scalars (following first elements), then checked.
bool ShapeOf(const Value& v, std::vector<int64_t>* shape, const Value** bad) {
  const Value* cur = &v;
  while (IsList(*cur)) {
    if (shape->size() >= 32) {
      *bad = cur;
      return false;
    }
    shape->push_back(static_cast<int64_t>(cur->items.size()));
    if (cur->items.empty()) break;
    cur = &cur->items[0];
  }
  return Rectangular(v, *shape, 0, bad);
}

// Stores integer `v` as element `i` of `out` when it is a value of `dtype`; otherwise reports
// it at `span` (an out-of-range element is an error, never wrapped).
bool FitsInteger(RelaxParser& p, __int128 v, DataType dtype, int64_t i, Span span, TensorData* out) {
  const int bits = DataTypeBits(dtype);
  const __int128 lo = IsUnsignedInt(dtype) ? 0 : -(static_cast<__int128>(1) << (bits - 1));
  const __int128 hi = IsUnsignedInt(dtype) ? (static_cast<__int128>(1) << bits) - 1
                                           : (static_cast<__int128>(1) << (bits - 1)) - 1;
  if (v < lo || v > hi) {
    p.Fail(ErrorCode::kInvalidConstant, span,
           "element " + std::to_string(i) + ": value does not fit in " + std::string(DataTypeName(dtype)));
    return false;
  }
  out->SetInt(i, static_cast<int64_t>(v));
  return true;
}

// The span of element `l` of a folded number list, the '-' included.
Span LiteralSpan(uint32_t file, const NumberLiteral& l) {
  Span s{file, l.begin(), l.end()};
  if (l.negated()) s = Span::Cover(Span{file, l.minus(), {l.line, l.minus().col + 1}}, s);
  return s;
}

// Walks nested lists down to folded number lists, checking that they are rectangular;
// false for anything else.
bool CollectNumbers(const py::Expr& e, size_t depth, const std::vector<int64_t>& shape,
                    std::vector<const NumberList*>* leaves) {
  if (e.kind != py::ExprKind::kList && e.kind != py::ExprKind::kTuple) return false;
  if (depth + 1 == shape.size()) {
    if (!e.numbers || static_cast<int64_t>(e.numbers->elems.size()) != shape[depth]) return false;
    leaves->push_back(e.numbers.get());
    return true;
  }
  if (e.numbers || static_cast<int64_t>(e.elts.size()) != shape[depth]) return false;
  for (const auto& x : e.elts) {
    if (!CollectNumbers(*x, depth + 1, shape, leaves)) return false;
  }
  return true;
}

// A tensor straight from nested lists of folded number literals: int64 when all are ints,
// float64 when any is a float (BuildTensor then picks the dtype a list of them gets). nullptr
// for anything else, and where reading through int64 / float64 would not be exact (ints beyond
// int64; ints beyond 2^53 beside floats): those are evaluated as usual.
std::shared_ptr<TensorData> CompactTensor(const py::Expr& e) {
  std::vector<int64_t> shape;
  const py::Expr* cur = &e;
  while ((cur->kind == py::ExprKind::kList || cur->kind == py::ExprKind::kTuple) && !cur->numbers) {
    if (cur->elts.empty() || shape.size() >= 31) return nullptr;
    shape.push_back(static_cast<int64_t>(cur->elts.size()));
    cur = cur->elts[0].get();
  }
  if (!cur->numbers) return nullptr;
  shape.push_back(static_cast<int64_t>(cur->numbers->elems.size()));
  std::vector<const NumberList*> leaves;
  if (!CollectNumbers(e, 0, shape, &leaves)) return nullptr;
  bool any_float = false, big_int = false;
  for (const NumberList* l : leaves) {
    for (const NumberLiteral& x : l->elems) {
      if (x.is_float) {
        any_float = true;
      } else if (x.int_value() > (x.negated() ? uint64_t{1} << 63 : uint64_t{INT64_MAX})) {
        return nullptr;
      } else {
        big_int |= x.int_value() > (uint64_t{1} << 53);
      }
    }
  }
  if (any_float && big_int) return nullptr;
  auto t = std::make_shared<TensorData>(any_float ? DataType::kFloat64 : DataType::kInt64, shape);
  int64_t i = 0;
  for (const NumberList* l : leaves) {
    for (const NumberLiteral& x : l->elems) {
      const bool neg = x.negated();
      if (any_float) {
        const double v = x.is_float ? x.float_value() : static_cast<double>(x.int_value());
        t->SetDouble(i++, neg ? -v : v);
      } else {
        t->SetInt(i++, neg ? static_cast<int64_t>(0 - x.int_value()) : static_cast<int64_t>(x.int_value()));
      }
    }
  }
  return t;
}

void Flatten(const Value& v, std::vector<const Value*>* out) {
  if (v.kind == Value::Kind::kList || v.kind == Value::Kind::kTuple) {
    for (const auto& x : v.items) Flatten(x, out);
  } else {
    out->push_back(&v);
  }
}

}  // namespace

// Builds tensor data from a scalar, a nested list, or an array value. Without a dtype the
// element kinds decide: bool, int (int32, or int64 with numpy defaults), float (float32, or
// float64 with numpy defaults).
static std::shared_ptr<TensorData> BuildTensor(RelaxParser& p, const Value& data, DataType dtype,
                                               bool numpy_defaults, Span span) {
  if (data.kind == Value::Kind::kTensor) {
    const TensorData& src = *data.tensor;
    DataType target = dtype;
    if (target == DataType::kVoid) {
      // TVM's R.const narrows 64-bit arrays when no dtype is given.
      target = src.dtype() == DataType::kInt64 && !numpy_defaults     ? DataType::kInt32
               : src.dtype() == DataType::kFloat64 && !numpy_defaults ? DataType::kFloat32
                                                                      : src.dtype();
    }
    auto out = std::make_shared<TensorData>(target, src.shape());
    for (int64_t i = 0; i < src.num_elements(); ++i) {
      if (target == DataType::kBool) {
        out->SetInt(i, IsFloat(src.dtype()) ? src.GetDouble(i) != 0 : src.GetInt(i) != 0);
      } else if (IsFloat(src.dtype()) || IsFloat(target)) {
        if (IsFloat(target)) {
          out->SetDouble(i, src.GetDouble(i));
          continue;
        }
        // A float to an integer dtype: truncated toward zero, as a list's elements are.
        const double f = src.GetDouble(i);
        if (!std::isfinite(f) || std::fabs(f) > 1.8e19) {
          p.Fail(ErrorCode::kInvalidConstant, data.span,
                 "element " + std::to_string(i) + ": cannot convert a non-finite or huge float to " +
                     std::string(DataTypeName(target)));
          return nullptr;
        }
        if (!FitsInteger(p, static_cast<__int128>(std::trunc(f)), target, i, data.span, out.get())) return nullptr;
      } else {
        const __int128 v = src.dtype() == DataType::kUInt64 ? static_cast<__int128>(static_cast<uint64_t>(src.GetInt(i)))
                                                            : static_cast<__int128>(src.GetInt(i));
        if (!FitsInteger(p, v, target, i, data.span, out.get())) return nullptr;
      }
    }
    return out;
  }
  std::vector<int64_t> shape;
  const Value* bad = nullptr;
  if (!ShapeOf(data, &shape, &bad)) {
    if (bad && !bad->is_number() && bad->kind != Value::Kind::kList &&
        bad->kind != Value::Kind::kTuple) {
      p.Fail(ErrorCode::kInvalidConstant, bad->span,
             "a constant holds numbers and nested lists of numbers, not " + DescribeValue(*bad));
    } else {
      p.Fail(ErrorCode::kInvalidConstant, bad ? bad->span : span,
             "the nested lists of a constant must be rectangular");
    }
    return nullptr;
  }
  std::vector<const Value*> elems;
  Flatten(data, &elems);
  if (dtype == DataType::kVoid) {
    bool any_float = false, all_bool = !elems.empty();
    for (const Value* e : elems) {
      any_float |= e->kind == Value::Kind::kFloat;
      all_bool &= e->kind == Value::Kind::kBool;
    }
    if (all_bool) {
      dtype = DataType::kBool;
    } else if (any_float || elems.empty()) {
      dtype = numpy_defaults ? DataType::kFloat64 : DataType::kFloat32;
    } else {
      dtype = numpy_defaults ? DataType::kInt64 : DataType::kInt32;
    }
  }
  auto out = std::make_shared<TensorData>(dtype, shape);
  for (size_t i = 0; i < elems.size(); ++i) {
    const Value& e = *elems[i];
    int64_t idx = static_cast<int64_t>(i);
    if (dtype == DataType::kBool) {
      out->SetInt(idx, e.kind == Value::Kind::kFloat  ? e.f != 0
                       : e.kind == Value::Kind::kBool ? e.b
                                                      : e.i != 0);
    } else if (IsFloat(dtype)) {
      out->SetDouble(idx, e.kind == Value::Kind::kFloat  ? e.f
                          : e.kind == Value::Kind::kBool ? (e.b ? 1.0 : 0.0)
                                                         : static_cast<double>(e.i));
    } else {
      // Integers: exact values must fit; floats truncate toward zero, as numpy casts.
      __int128 v;
      if (e.kind == Value::Kind::kFloat) {
        if (!std::isfinite(e.f) || std::fabs(e.f) > 1.8e19) {
          p.Fail(
              ErrorCode::kInvalidConstant, e.span,
              "cannot convert a non-finite or huge float to " + std::string(DataTypeName(dtype)));
          return nullptr;
        }
        v = static_cast<__int128>(std::trunc(e.f));
      } else {
        v = e.kind == Value::Kind::kBool ? (e.b ? 1 : 0) : e.i;
      }
      int bits = DataTypeBits(dtype);
      __int128 lo = IsUnsignedInt(dtype) ? 0 : -(static_cast<__int128>(1) << (bits - 1));
      __int128 hi = IsUnsignedInt(dtype) ? (static_cast<__int128>(1) << bits) - 1
                                         : (static_cast<__int128>(1) << (bits - 1)) - 1;
      if (v < lo || v > hi) {
        p.Fail(ErrorCode::kInvalidConstant, e.span,
               "value does not fit in " + std::string(DataTypeName(dtype)));
        return nullptr;
      }
      out->SetInt(idx, static_cast<int64_t>(v));
    }
  }
  return out;
}

Value RelaxParser::EvalNumbers(const py::Expr& e) {
  Value v;
  v.kind = e.kind == py::ExprKind::kTuple ? Value::Kind::kTuple : Value::Kind::kList;
  v.span = e.span;
  v.items.reserve(e.numbers->elems.size());
  for (const NumberLiteral& l : e.numbers->elems) {
    const Span span = LiteralSpan(e.span.file, l);
    const bool neg = l.negated();
    if (l.is_float) {
      Value f;
      f.kind = Value::Kind::kFloat;
      f.span = span;
      f.f = neg ? -l.float_value() : l.float_value();
      v.items.push_back(std::move(f));
    } else {
      const __int128 i = static_cast<__int128>(l.int_value());
      v.items.push_back(Value::Int(neg ? -i : i, span));
    }
  }
  return v;
}

Value RelaxParser::EvalConstData(const py::Expr& e) {
  if (auto t = CompactTensor(e)) {
    Value v;
    v.kind = Value::Kind::kTensor;
    v.span = e.span;
    v.tensor = std::move(t);
    return v;
  }
  return Eval(e);
}

Value RelaxParser::MakeConst(std::vector<Value>& args, std::vector<KwValue>& kws, Span span) {
  std::vector<std::optional<Value>> a;
  if (!BindArguments("R.const", {"value", "dtype"}, 1, args, kws, span, &a)) return Value::Error();
  DataType dtype = DataType::kVoid;
  if (a[1]) {
    auto dt = ToDType(*a[1], "R.const");
    if (!dt) return Value::Error();
    dtype = *dt;
  }
  auto data = BuildTensor(*this, *a[0], dtype, /*numpy_defaults=*/false, span);
  if (!data) return Value::Error();
  return Value::Relax(Constant::Make(std::move(data), span), span);
}

Value RelaxParser::MakeNumpy(Builtin which, std::vector<Value>& args, std::vector<KwValue>& kws,
                             Span span) {
  std::vector<std::optional<Value>> a;
  const char* name = which == Builtin::kNpArray   ? "np.array"
                     : which == Builtin::kNpZeros ? "np.zeros"
                                                  : "np.ones";
  if (!BindArguments(name, {which == Builtin::kNpArray ? "object" : "shape", "dtype"}, 1, args, kws,
                     span, &a)) {
    return Value::Error();
  }
  DataType dtype = DataType::kVoid;
  if (a[1]) {
    // numpy reads "float", "int" and "uint" as the 64-bit types.
    const Value& d = *a[1];
    if (d.kind == Value::Kind::kStr && (d.s == "float" || d.s == "int" || d.s == "uint")) {
      dtype = d.s == "float" ? DataType::kFloat64
              : d.s == "int" ? DataType::kInt64
                             : DataType::kUInt64;
    } else {
      auto dt = ToDType(d, name);
      if (!dt) return Value::Error();
      dtype = *dt;
    }
  }
  Value v;
  v.kind = Value::Kind::kTensor;
  v.span = span;
  if (which == Builtin::kNpArray) {
    v.tensor = BuildTensor(*this, *a[0], dtype, /*numpy_defaults=*/true, span);
    if (!v.tensor) return Value::Error();
    return v;
  }
  std::vector<int64_t> shape;
  const Value& s = *a[0];
  std::vector<Value> items = s.kind == Value::Kind::kTuple || s.kind == Value::Kind::kList
                                 ? s.items
                                 : std::vector<Value>{s};
  __int128 total = 1;
  for (const auto& x : items) {
    auto d = ToInt64(x, "a dimension");
    if (!d) return Value::Error();
    if (*d < 0)
      return Fail(ErrorCode::kInvalidConstant, x.span, "negative dimensions are not allowed");
    total *= *d;
    if (total > (1 << 26)) {
      return Fail(ErrorCode::kInvalidConstant, s.span,
                  "array too large for a constant in source text");
    }
    shape.push_back(*d);
  }
  auto t =
      std::make_shared<TensorData>(dtype == DataType::kVoid ? DataType::kFloat64 : dtype, shape);
  if (which == Builtin::kNpOnes) {
    for (int64_t i = 0; i < t->num_elements(); ++i) {
      if (IsFloat(t->dtype()))
        t->SetDouble(i, 1.0);
      else
        t->SetInt(i, 1);
    }
  }
  v.tensor = std::move(t);
  return v;
}

}  // namespace rlx::text
