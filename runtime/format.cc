#include "runtime/format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "ir/base/float_bits.h"
#include "ir/base/nested_list.h"

namespace rlx::runtime {
namespace {

// eval.print.float: the fewest significant digits that read back (rounded to `dtype`) to v,
// in fixed or exponent notation, whichever is shorter (fixed on a tie), as std::to_chars.
std::string ShortestFloat(double v, DataType dtype) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  char buf[64];
  int prec = 1;
  for (; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
    double back = std::strtod(buf, nullptr);
    if (RoundToFloatDType(back, dtype) == v) break;
  }
  // buf is "-d.ddde+XX": split into the digits and the decimal exponent.
  std::string text = buf;
  const bool neg = text[0] == '-';
  if (neg) text = text.substr(1);
  const size_t e_pos = text.find('e');
  const int exp10 = std::atoi(text.c_str() + e_pos + 1);
  std::string digits;
  for (size_t i = 0; i < e_pos; ++i) {
    if (text[i] != '.') digits += text[i];
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int n = static_cast<int>(digits.size());
  std::string fixed;
  if (exp10 >= n - 1) {
    fixed = digits + std::string(static_cast<size_t>(exp10 - n + 1), '0');
  } else if (exp10 >= 0) {
    fixed = digits.substr(0, exp10 + 1) + "." + digits.substr(exp10 + 1);
  } else {
    fixed = "0." + std::string(static_cast<size_t>(-exp10 - 1), '0') + digits;
  }
  char ebuf[16];
  std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
  std::string sci = digits.substr(0, 1) + (n > 1 ? "." + digits.substr(1) : "") + ebuf;
  std::string out = fixed.size() <= sci.size() ? fixed : sci;
  if (out.find_first_of(".e") == std::string::npos) out += ".0";
  return (neg ? "-" : "") + out;
}

void FormatTensor(const TensorData& t, std::string& out) {
  if (t.ndim() == 0) {
    out += FormatElement(t, 0);
    return;
  }
  // eval.print.value: the text of a huge empty tensor is its shape.
  if (t.num_elements() == 0 && EmptyListCount(t.shape()) > kMaxEmptyLists) {
    out += "<empty tensor of shape (";
    for (size_t d = 0; d < t.shape().size(); ++d)
      out += (d ? ", " : "") + std::to_string(t.shape()[d]);
    out += t.shape().size() == 1 ? ",)>" : ")>";
    return;
  }
  WriteNestedList(t.shape(), out, [&](int64_t i) { return FormatElement(t, i); });
}

}  // namespace

std::string FormatElement(const TensorData& t, int64_t i) {
  DataType d = t.dtype();
  if (d == DataType::kBool) return t.GetInt(i) ? "True" : "False";
  if (IsFloat(d)) return ShortestFloat(t.GetDouble(i), d);
  if (d == DataType::kUInt64) return std::to_string(static_cast<uint64_t>(t.GetInt(i)));
  return std::to_string(t.GetInt(i));
}

namespace {

// The text of a value that is not a tuple.
std::string FormatLeaf(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kTensor: {
      std::string out;
      FormatTensor(*v.tensor(), out);
      return out;
    }
    case ValueKind::kTuple: break;  // FormatValue
    case ValueKind::kShape: {
      std::string out = "R.shape([";
      for (size_t i = 0; i < v.shape().size(); ++i) out += (i ? ", " : "") + std::to_string(v.shape()[i]);
      return out + "])";
    }
    case ValueKind::kPrim: {
      TensorData t(v.prim().dtype, {});
      if (v.prim().is_float()) t.SetDouble(0, v.prim().f);
      else t.SetInt(0, v.prim().i);
      return FormatElement(t, 0);
    }
    case ValueKind::kString: return v.str();
    case ValueKind::kDType: return std::string(DataTypeName(v.dtype()));
    case ValueKind::kClosure: return "<function " + v.closure()->name + ">";
    case ValueKind::kPacked: return "<packed " + v.packed()->name + ">";
    case ValueKind::kStorage: return "<storage " + std::to_string(v.tensor()->nbytes()) + " bytes>";
    case ValueKind::kNull: return "None";
  }
  return "?";
}

}  // namespace

std::string FormatValue(const Value& v) {
  // Tuples without recursion: a recursive function may nest them 100,000 deep.
  struct Item {
    const Value* value;  // or
    const char* text;
  };
  std::string out;
  std::vector<Item> todo{{&v, nullptr}};
  while (!todo.empty()) {
    const Item item = todo.back();
    todo.pop_back();
    if (item.text) {
      out += item.text;
    } else if (item.value->kind() != ValueKind::kTuple) {
      out += FormatLeaf(*item.value);
    } else {
      const std::vector<Value>& fields = item.value->tuple();
      out += "(";
      todo.push_back({nullptr, fields.size() == 1 ? ",)" : ")"});
      for (size_t i = fields.size(); i-- > 0;) {
        todo.push_back({&fields[i], nullptr});
        if (i) todo.push_back({nullptr, ", "});
      }
    }
  }
  return out;
}

bool FormatPrint(const std::string& format, const std::vector<Value>& values, std::string* out,
                 std::string* why) {
  out->clear();
  if (format.empty()) {
    for (size_t i = 0; i < values.size(); ++i) *out += (i ? " " : "") + FormatValue(values[i]);
    return true;
  }
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if ((c == '{' || c == '}') && i + 1 < format.size() && format[i + 1] == c) {
      *out += c;
      ++i;
    } else if (c == '{' && i + 1 < format.size() && format[i + 1] == '}') {
      if (next >= values.size()) {
        *why = "the format has more {} than the " + std::to_string(values.size()) + " values";
        return false;
      }
      *out += FormatValue(values[next++]);
      ++i;
    } else if (c == '{' || c == '}') {
      *why = std::string("a single '") + c + "' in the format (write {{ or }})";
      return false;
    } else {
      *out += c;
    }
  }
  if (next != values.size()) {
    *why = "the format has " + std::to_string(next) + " {} for " + std::to_string(values.size()) + " values";
    return false;
  }
  return true;
}

}  // namespace rlx::runtime
