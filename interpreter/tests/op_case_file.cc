#include "interpreter/runtime_names.h"
#include "interpreter/tests/op_case_file.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "runtime/format.h"
#include "runtime/io/value_text.h"

namespace rlx::interp::testing {

std::vector<int64_t> ParseShape(const std::string& s) {
  std::string error;
  return ParseShapeText(s, &error).value_or(std::vector<int64_t>{});
}

// "DTYPE (SHAPE) [V, ...]" -> a tensor.
std::shared_ptr<TensorData> ParseTensor(const std::string& text, std::string* error) {
  auto v = ParseValueText(text, error);
  if (!v || !v->is_tensor()) {
    if (error->empty()) *error = "malformed tensor '" + text + "'";
    return nullptr;
  }
  return v->tensor();
}

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
  std::string error;
  auto mode = ParseComparison(c.compare, &error);
  if (!mode) return error;
  std::vector<Value> want;
  for (const auto& t : c.expect) want.push_back(Value::FromTensor(t));
  // One expect line also matches a 1-field tuple (split into one part).
  if (want.size() == 1 && !(got.is_tuple() && got.tuple().size() == 1)) return CompareValues(want[0], got, *mode);
  return CompareValues(Value::FromTuple(want), got, *mode);
}

}  // namespace rlx::interp::testing
