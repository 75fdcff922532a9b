#include "interpreter/tests/op_case_file.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "interpreter/format.h"

namespace rlx::interp::testing {

std::vector<int64_t> ParseShape(const std::string& s) {
  std::vector<int64_t> out;
  std::string inner = s.substr(1, s.size() - 2);
  std::stringstream ss(inner);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.find_first_not_of(' ') == std::string::npos) continue;
    out.push_back(std::stoll(item));
  }
  return out;
}

namespace {

void SetElement(TensorData& t, int64_t i, const std::string& text) {
  if (t.dtype() == DataType::kBool) {
    t.SetInt(i, text == "true");
  } else if (IsFloat(t.dtype())) {
    t.SetDouble(i, std::strtod(text.c_str(), nullptr));
  } else if (t.dtype() == DataType::kUInt64) {
    t.SetInt(i, static_cast<int64_t>(std::strtoull(text.c_str(), nullptr, 10)));
  } else {
    t.SetInt(i, std::strtoll(text.c_str(), nullptr, 10));
  }
}

}  // namespace

// "DTYPE (SHAPE) [V, ...]" -> a tensor.
std::shared_ptr<TensorData> ParseTensor(const std::string& text, std::string* error) {
  size_t sp = text.find(' ');
  size_t close = text.find(')');
  size_t lb = text.find('[');
  auto dtype = ParseDataType(text.substr(0, sp));
  if (!dtype || close == std::string::npos || lb == std::string::npos) {
    *error = "malformed tensor '" + text + "'";
    return nullptr;
  }
  auto t = std::make_shared<TensorData>(*dtype, ParseShape(text.substr(sp + 1, close - sp)));
  std::string body = text.substr(lb + 1, text.rfind(']') - lb - 1);
  std::stringstream ss(body);
  std::string item;
  int64_t i = 0;
  while (std::getline(ss, item, ',')) {
    size_t b = item.find_first_not_of(' '), e = item.find_last_not_of(' ');
    if (b == std::string::npos) continue;
    if (i >= t->num_elements()) break;
    SetElement(*t, i++, item.substr(b, e - b + 1));
  }
  if (i != t->num_elements()) *error = "value count does not match the shape in '" + text + "'";
  return t;
}

namespace {

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

std::string CompareTensor(const OpCase& c, const TensorData& want, const Value& got_v) {
  if (!got_v.is_tensor()) return "got a " + std::string(ValueKindName(got_v.kind())) + ", not a tensor";
  const TensorData& got = *got_v.tensor();
  if (got.dtype() != want.dtype()) {
    return "dtype " + std::string(DataTypeName(got.dtype())) + ", expected " + std::string(DataTypeName(want.dtype()));
  }
  if (got.shape() != want.shape()) return "shape differs: got " + FormatValue(Value::FromShape(got.shape()));
  std::istringstream mode(c.compare);
  std::string kind;
  mode >> kind;
  double a = 0, b = 0;
  mode >> a >> b;
  for (int64_t i = 0; i < want.num_elements(); ++i) {
    bool ok;
    if (!IsFloat(want.dtype())) {
      ok = got.GetInt(i) == want.GetInt(i);
    } else {
      double g = got.GetDouble(i), w = want.GetDouble(i);
      if (std::isnan(w) || std::isnan(g)) ok = std::isnan(w) && std::isnan(g);
      else if (std::isinf(w) || std::isinf(g)) ok = g == w;
      else if (kind == "ulp") ok = std::llabs(OrderedBits(got, i) - OrderedBits(want, i)) <= static_cast<int64_t>(a);
      else if (kind == "tol") ok = std::fabs(g - w) <= a + b * std::fabs(w);
      else ok = g == w && std::signbit(g) == std::signbit(w);
    }
    if (!ok) {
      return "element " + std::to_string(i) + " is " + FormatElement(got, i) + ", expected " +
             FormatElement(want, i) + " (" + c.compare + "); got " + FormatValue(got_v);
    }
  }
  return "";
}

}  // namespace

std::vector<OpCase> ReadCaseFile(const std::string& path, std::string* error) {
  std::ifstream in(path);
  std::vector<OpCase> out;
  OpCase cur;
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    size_t sp = line.find(' ');
    std::string word = line.substr(0, sp), rest = sp == std::string::npos ? "" : line.substr(sp + 1);
    std::string err;
    if (word == "case") {
      cur = OpCase{};
      cur.name = rest;
      cur.line = lineno;
    } else if (word == "call") {
      cur.call = rest;
    } else if (word == "spec") {
      std::istringstream ss(rest);
      std::string id;
      while (ss >> id) cur.spec.push_back(id);
    } else if (word == "input") {
      CaseInput inp;
      size_t a = rest.find(' ');
      inp.name = rest.substr(0, a);
      std::string more = rest.substr(a + 1);
      if (more.rfind("prim ", 0) == 0) {
        std::istringstream ss(more.substr(5));
        std::string dt, v;
        ss >> dt >> v;
        inp.kind = CaseInput::kPrim;
        inp.tensor = ParseTensor(dt + " () [" + v + "]", &err);
      } else if (more.rfind("shape ", 0) == 0) {
        inp.kind = CaseInput::kShape;
        inp.shape = ParseShape(more.substr(6));
      } else {
        inp.tensor = ParseTensor(more, &err);
      }
      cur.inputs.push_back(std::move(inp));
    } else if (word == "sig") {
      size_t a = rest.find(' ');
      for (auto& inp : cur.inputs) {
        if (inp.name == rest.substr(0, a)) inp.sig = rest.substr(a + 1);
      }
    } else if (word == "expect") {
      cur.expect.push_back(ParseTensor(rest, &err));
    } else if (word == "expect_error") {
      cur.expect_error = rest;
    } else if (word == "compare") {
      cur.compare = rest;
    } else if (word == "end") {
      out.push_back(cur);
    } else {
      err = "unknown line '" + line + "'";
    }
    if (!err.empty()) {
      *error = path + ":" + std::to_string(lineno) + ": " + err;
      return out;
    }
  }
  return out;
}

std::string CaseModuleText(const OpCase& c) {
  std::string params;
  for (const CaseInput& in : c.inputs) {
    if (!params.empty()) params += ", ";
    if (in.kind == CaseInput::kPrim) {
      params += in.name + ": R.Prim(\"" + std::string(DataTypeName(in.tensor->dtype())) + "\")";
    } else if (in.kind == CaseInput::kShape) {
      std::string dims;
      for (size_t i = 0; i < in.shape.size(); ++i) dims += (i ? ", " : "") + std::to_string(in.shape[i]);
      params += in.name + ": R.Shape([" + dims + "])";
    } else {
      std::string shape = in.sig;
      if (shape.empty()) {
        shape = "(";
        for (size_t i = 0; i < in.tensor->shape().size(); ++i) {
          shape += (i ? ", " : "") + std::to_string(in.tensor->shape()[i]);
        }
        shape += in.tensor->shape().size() == 1 ? ",)" : ")";
      }
      params += in.name + ": R.Tensor(" + shape + ", \"" + std::string(DataTypeName(in.tensor->dtype())) + "\")";
    }
  }
  return "from tvm.script import ir as I, relax as R, tir as T\n\n\n@I.ir_module\nclass Case:\n"
         "    @R.function\n    def main(" + params + "):\n        result = " + c.call +
         "\n        return result\n";
}

std::vector<Value> CaseArguments(const OpCase& c) {
  std::vector<Value> args;
  for (const CaseInput& in : c.inputs) {
    if (in.kind == CaseInput::kShape) {
      args.push_back(Value::FromShape(in.shape));
    } else if (in.kind == CaseInput::kPrim) {
      const TensorData& t = *in.tensor;
      args.push_back(Value::FromPrim(IsFloat(t.dtype()) ? PrimScalar::Float(t.GetDouble(0), t.dtype())
                                                        : PrimScalar::Int(t.GetInt(0), t.dtype())));
    } else {
      args.push_back(Value::FromTensor(std::make_shared<TensorData>(*in.tensor)));
    }
  }
  return args;
}

std::string CompareResult(const OpCase& c, const Value& got) {
  // One expect line also matches a 1-field tuple (split into one part).
  if (c.expect.size() == 1 && !(got.is_tuple() && got.tuple().size() == 1)) {
    return CompareTensor(c, *c.expect[0], got);
  }
  if (!got.is_tuple() || got.tuple().size() != c.expect.size()) {
    return "expected a tuple of " + std::to_string(c.expect.size()) + " tensors, got " + FormatValue(got);
  }
  for (size_t i = 0; i < c.expect.size(); ++i) {
    std::string why = CompareTensor(c, *c.expect[i], got.tuple()[i]);
    if (!why.empty()) return "field " + std::to_string(i) + ": " + why;
  }
  return "";
}

}  // namespace rlx::interp::testing
