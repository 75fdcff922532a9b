#include "runtime/io/value_text.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "runtime/format.h"
#include "ir/text/literal_format.h"

namespace rlx::runtime {
namespace {

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Splits "a, b, c" at commas (no nesting in element lists).
std::vector<std::string> SplitCommas(const std::string& s) {
  std::vector<std::string> out;
  std::string item;
  std::stringstream ss(s);
  while (std::getline(ss, item, ',')) out.push_back(Trim(item));
  if (!out.empty() && out.back().empty()) out.pop_back();  // "(3,)"
  return out;
}

bool ParseInt(const std::string& s, int64_t* v) {
  if (s.empty()) return false;
  char* end = nullptr;
  errno = 0;
  long long x = std::strtoll(s.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0') return false;
  *v = x;
  return true;
}

bool ParseFloat(const std::string& s, double* v) {
  if (s == "nan" || s == "-nan") { *v = std::nan(""); return true; }
  if (s == "inf") { *v = HUGE_VAL; return true; }
  if (s == "-inf") { *v = -HUGE_VAL; return true; }
  if (s.empty() || s.find_first_not_of("0123456789+-.eE") != std::string::npos) return false;
  char* end = nullptr;
  *v = std::strtod(s.c_str(), &end);  // ERANGE (subnormal/overflow) still gives the nearest value
  return *end == '\0';
}

// The integer range of an integer dtype.
bool FitsInteger(DataType dt, int64_t v) {
  int bits = DataTypeBytes(dt) * 8;
  if (bits >= 64) return true;
  if (IsUnsignedInt(dt)) return v >= 0 && v < (int64_t{1} << bits);
  return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1));
}

// Stores element `i` of `t` from its text.
bool SetElement(TensorData& t, int64_t i, const std::string& text, std::string* error) {
  DataType dt = t.dtype();
  if (dt == DataType::kBool) {
    if (text == "true" || text == "True") t.SetInt(i, 1);
    else if (text == "false" || text == "False") t.SetInt(i, 0);
    else { *error = "'" + text + "' is not a bool (true or false)"; return false; }
    return true;
  }
  if (IsFloat(dt)) {
    double v;
    if (!ParseFloat(text, &v)) { *error = "'" + text + "' is not a number"; return false; }
    t.SetDouble(i, v);
    return true;
  }
  if (dt == DataType::kUInt64) {
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || text[0] == '-' || errno == ERANGE || *end != '\0') {
      *error = "'" + text + "' is not a uint64";
      return false;
    }
    t.SetInt(i, static_cast<int64_t>(v));
    return true;
  }
  int64_t v;
  if (!ParseInt(text, &v) || !FitsInteger(dt, v)) {
    *error = "'" + text + "' is not an integer of " + std::string(DataTypeName(dt));
    return false;
  }
  t.SetInt(i, v);
  return true;
}

std::optional<DataType> ParseDType(const std::string& s, std::string* error) {
  auto dt = ParseDataType(s);
  if (!dt || *dt == DataType::kVoid) *error = "unknown dtype '" + s + "'";
  if (dt == DataType::kVoid) return std::nullopt;
  return dt;
}

// "DTYPE (SHAPE) [V, ...]"
std::optional<Value> ParseTensorText(const std::string& text, std::string* error, int64_t max_elements) {
  size_t sp = text.find(' '), close = text.find(')'), lb = text.find('['), rb = text.rfind(']');
  if (sp == std::string::npos || close == std::string::npos || lb == std::string::npos ||
      rb == std::string::npos || close > lb || rb < lb || Trim(text.substr(rb + 1)) != "") {
    *error = "expected 'DTYPE (SHAPE) [VALUES]', got '" + text + "'";
    return std::nullopt;
  }
  auto dt = ParseDType(text.substr(0, sp), error);
  if (!dt) return std::nullopt;
  auto shape = ParseShapeText(Trim(text.substr(sp + 1, close - sp)), error);
  if (!shape) return std::nullopt;
  int64_t n = 1;
  for (int64_t d : *shape) {
    if (d != 0 && n > max_elements / d) { *error = "tensor too large for inline values"; return std::nullopt; }
    n *= d;
  }
  if (n > max_elements) { *error = "tensor too large for inline values"; return std::nullopt; }
  std::vector<std::string> items = SplitCommas(text.substr(lb + 1, rb - lb - 1));
  if (static_cast<int64_t>(items.size()) != n) {
    *error = std::to_string(items.size()) + " values for a shape of " + std::to_string(n) + " elements";
    return std::nullopt;
  }
  auto t = std::make_shared<TensorData>(*dt, *shape);
  for (int64_t i = 0; i < n; ++i) {
    if (!SetElement(*t, i, items[static_cast<size_t>(i)], error)) return std::nullopt;
  }
  return Value::FromTensor(t);
}

// Bits of a float element as an ordered integer (for ULP distances).
int64_t OrderedBits(const TensorData& t, int64_t i) {
  int64_t bits = 0, sign = 0;
  const uint8_t* p = t.data();
  switch (DataTypeBytes(t.dtype())) {
    case 2: { uint16_t v; std::memcpy(&v, p + 2 * i, 2); bits = v & 0x7fff; sign = v >> 15; break; }
    case 4: { uint32_t v; std::memcpy(&v, p + 4 * i, 4); bits = v & 0x7fffffff; sign = v >> 31; break; }
    default: { uint64_t v; std::memcpy(&v, p + 8 * i, 8); bits = static_cast<int64_t>(v & 0x7fffffffffffffffULL); sign = static_cast<int64_t>(v >> 63); break; }
  }
  return sign ? -bits : bits;
}

bool FloatMatches(const TensorData& want, const TensorData& got, int64_t i, const Comparison& c) {
  double g = got.GetDouble(i), w = want.GetDouble(i);
  if (std::isnan(w) || std::isnan(g)) return std::isnan(w) && std::isnan(g);
  if (std::isinf(w) || std::isinf(g)) return g == w;
  switch (c.kind) {
    case Comparison::Kind::kUlp: {
      int64_t d = OrderedBits(got, i) - OrderedBits(want, i);
      return static_cast<double>(d < 0 ? -d : d) <= c.a;
    }
    case Comparison::Kind::kTol: return std::fabs(g - w) <= c.a + c.b * std::fabs(w);
    case Comparison::Kind::kExact: break;
  }
  return g == w && std::signbit(g) == std::signbit(w);
}

std::string CompareTensors(const Value& want_v, const Value& got_v, const Comparison& c) {
  if (!got_v.is_tensor()) return "got " + FormatValue(got_v) + ", expected a tensor";
  const TensorData& want = *want_v.tensor();
  const TensorData& got = *got_v.tensor();
  if (got.dtype() != want.dtype()) {
    return "got dtype " + std::string(DataTypeName(got.dtype())) + ", expected " + std::string(DataTypeName(want.dtype()));
  }
  if (got.shape() != want.shape()) {
    return "got shape " + FormatValue(Value::FromShape(got.shape())) + ", expected " +
           FormatValue(Value::FromShape(want.shape()));
  }
  for (int64_t i = 0; i < want.num_elements(); ++i) {
    bool ok = IsFloat(want.dtype()) ? FloatMatches(want, got, i, c) : got.GetInt(i) == want.GetInt(i);
    if (!ok) {
      std::string out = "element " + std::to_string(i) + " is " + FormatElement(got, i) + ", expected " +
                        FormatElement(want, i) + " (" + ComparisonText(c) + ")";
      if (want.num_elements() <= 64) out += "; got " + FormatValue(got_v);
      return out;
    }
  }
  return "";
}

}  // namespace

std::optional<std::vector<int64_t>> ParseShapeText(const std::string& text, std::string* error) {
  std::string s = Trim(text);
  if (s.size() < 2 || s.front() != '(' || s.back() != ')') {
    *error = "expected a shape '(D, ...)', got '" + text + "'";
    return std::nullopt;
  }
  std::vector<int64_t> out;
  for (const std::string& item : SplitCommas(s.substr(1, s.size() - 2))) {
    int64_t v;
    if (!ParseInt(item, &v) || v < 0) {
      *error = "'" + item + "' is not a non-negative extent";
      return std::nullopt;
    }
    out.push_back(v);
  }
  return out;
}

std::optional<Value> ParseValueText(const std::string& raw, std::string* error, int64_t max_elements) {
  std::string text = Trim(raw);
  if (text.rfind("shape ", 0) == 0) {
    auto dims = ParseShapeText(text.substr(6), error);
    if (!dims) return std::nullopt;
    return Value::FromShape(*dims);
  }
  if (text.rfind("prim ", 0) == 0) {
    std::string rest = Trim(text.substr(5));
    size_t sp = rest.find(' ');
    if (sp == std::string::npos) {
      *error = "expected 'prim DTYPE VALUE', got '" + text + "'";
      return std::nullopt;
    }
    auto dt = ParseDType(rest.substr(0, sp), error);
    if (!dt) return std::nullopt;
    TensorData t(*dt, {});
    if (!SetElement(t, 0, Trim(rest.substr(sp + 1)), error)) return std::nullopt;
    return Value::FromPrim(IsFloat(*dt) ? PrimScalar::Float(t.GetDouble(0), *dt) : PrimScalar::Int(t.GetInt(0), *dt));
  }
  return ParseTensorText(text, error, max_elements);
}

std::optional<Comparison> ParseComparison(const std::string& text, std::string* error) {
  std::istringstream in(text);
  std::string kind, extra;
  in >> kind;
  Comparison c;
  if (kind == "exact") {
    c.kind = Comparison::Kind::kExact;
  } else if (kind == "ulp") {
    c.kind = Comparison::Kind::kUlp;
    if (!(in >> c.a) || c.a < 0) { *error = "expected 'ulp N'"; return std::nullopt; }
  } else if (kind == "tol") {
    c.kind = Comparison::Kind::kTol;
    if (!(in >> c.a >> c.b) || c.a < 0 || c.b < 0) { *error = "expected 'tol ABS REL'"; return std::nullopt; }
  } else {
    *error = "unknown comparison '" + text + "' (exact, ulp N, tol ABS REL)";
    return std::nullopt;
  }
  if (in >> extra) { *error = "unexpected '" + extra + "' after the comparison"; return std::nullopt; }
  return c;
}

std::string ComparisonText(const Comparison& c) {
  std::ostringstream out;
  switch (c.kind) {
    case Comparison::Kind::kExact: out << "exact"; break;
    case Comparison::Kind::kUlp: out << "ulp " << c.a; break;
    case Comparison::Kind::kTol: out << "tol " << c.a << " " << c.b; break;
  }
  return out.str();
}

std::string CompareValues(const Value& want, const Value& got, const Comparison& c) {
  if (want.is_tensor()) return CompareTensors(want, got, c);
  if (want.is_tuple()) {
    if (!got.is_tuple() || got.tuple().size() != want.tuple().size()) {
      return "got " + FormatValue(got) + ", expected a tuple of " + std::to_string(want.tuple().size()) + " fields";
    }
    for (size_t i = 0; i < want.tuple().size(); ++i) {
      std::string why = CompareValues(want.tuple()[i], got.tuple()[i], c);
      if (!why.empty()) return "field " + std::to_string(i) + ": " + why;
    }
    return "";
  }
  if (want.is_prim() && got.is_prim()) {
    const PrimScalar &w = want.prim(), &g = got.prim();
    if (w.dtype != g.dtype) {
      return "got dtype " + std::string(DataTypeName(g.dtype)) + ", expected " + std::string(DataTypeName(w.dtype));
    }
    TensorData wt(w.dtype, {}), gt(g.dtype, {});
    if (w.is_float()) { wt.SetDouble(0, w.f); gt.SetDouble(0, g.f); }
    else { wt.SetInt(0, w.i); gt.SetInt(0, g.i); }
    return CompareTensors(Value::FromTensor(std::make_shared<TensorData>(wt)),
                          Value::FromTensor(std::make_shared<TensorData>(gt)), c);
  }
  if (FormatValue(want) == FormatValue(got) && want.kind() == got.kind()) return "";
  return "got " + FormatValue(got) + ", expected " + FormatValue(want);
}

namespace {

std::string ShapeText(const std::vector<int64_t>& dims) {
  std::string out = "(";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(dims[i]);
  }
  return out + (dims.size() == 1 ? ",)" : ")");
}

std::string ScalarText(DataType dt, double f, int64_t i) {
  if (dt == DataType::kBool) return i ? "true" : "false";
  if (IsFloat(dt)) {
    if (std::isnan(f)) return "nan";
    return text::FormatFloat(f, dt);
  }
  if (dt == DataType::kUInt64) return std::to_string(static_cast<uint64_t>(i));
  return std::to_string(i);
}

}  // namespace

std::optional<std::string> ValueText(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kTensor: {
      const TensorData& t = *v.tensor();
      std::string out = std::string(DataTypeName(t.dtype())) + " " + ShapeText(t.shape()) + " [";
      for (int64_t i = 0; i < t.num_elements(); ++i) {
        if (i) out += ", ";
        bool fl = IsFloat(t.dtype());
        out += ScalarText(t.dtype(), fl ? t.GetDouble(i) : 0, fl ? 0 : t.GetInt(i));
      }
      return out + "]";
    }
    case ValueKind::kPrim: {
      const PrimScalar& p = v.prim();
      return "prim " + std::string(DataTypeName(p.dtype)) + " " + ScalarText(p.dtype, p.f, p.i);
    }
    case ValueKind::kShape: return "shape " + ShapeText(v.shape());
    default: return std::nullopt;
  }
}

}  // namespace rlx::runtime
