#include "runtime/io/json_value.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "runtime/format.h"
#include "runtime/io/npy.h"
#include "ir/base/diagnostic.h"

namespace rlx::runtime {
namespace {

bool Element(const Json& j, TensorData& t, int64_t i, std::string* error) {
  if (j.kind() == Json::Kind::kBool) {
    t.SetInt(i, j.as_bool());
    return true;
  }
  if (j.kind() == Json::Kind::kString) {
    const std::string& s = j.as_string();
    double v;
    if (s == "nan") v = std::numeric_limits<double>::quiet_NaN();
    else if (s == "inf") v = std::numeric_limits<double>::infinity();
    else if (s == "-inf") v = -std::numeric_limits<double>::infinity();
    else {
      *error = "'" + s + "' is not a number";
      return false;
    }
    if (!IsFloat(t.dtype())) {
      *error = "'" + s + "' in an integer tensor";
      return false;
    }
    t.SetDouble(i, v);
    return true;
  }
  if (j.kind() != Json::Kind::kNumber) {
    *error = "a tensor element must be a number, true/false, \"nan\", \"inf\" or \"-inf\"";
    return false;
  }
  if (IsFloat(t.dtype())) {
    t.SetDouble(i, j.as_double());
    return true;
  }
  // An integer out of the dtype's range is an error, never wrapped (eval.value.tensor).
  if (auto v = j.as_int(); v && FitsDataType(t.dtype(), *v)) {
    t.SetInt(i, *v);
    return true;
  }
  if (t.dtype() == DataType::kUInt64 && j.number_text().find_first_not_of("0123456789") == std::string::npos) {
    errno = 0;
    const unsigned long long v = std::strtoull(j.number_text().c_str(), nullptr, 10);
    if (errno != ERANGE) {
      t.SetInt(i, static_cast<int64_t>(v));
      return true;
    }
  }
  *error = "'" + j.number_text() + "' is not " + (t.dtype() == DataType::kBool ? "a bool (0 or 1)" : "an integer of " + std::string(DataTypeName(t.dtype())));
  if (j.as_int() || j.number_text().find_first_not_of("0123456789") == std::string::npos) *error += " (out of range)";
  return false;
}

// The shape of nested arrays (every level must be rectangular).
bool NestedShape(const Json& j, std::vector<int64_t>* shape, size_t level, std::string* error) {
  if (j.kind() != Json::Kind::kArray) {
    if (level != shape->size() && !shape->empty()) {
      *error = "ragged nested arrays";
      return false;
    }
    return true;
  }
  if (level == shape->size()) shape->push_back(static_cast<int64_t>(j.items().size()));
  else if ((*shape)[level] != static_cast<int64_t>(j.items().size())) {
    *error = "ragged nested arrays";
    return false;
  }
  for (const Json& item : j.items()) {
    if (!NestedShape(item, shape, level + 1, error)) return false;
  }
  return true;
}

bool Fill(const Json& j, TensorData& t, int64_t& i, std::string* error) {
  if (j.kind() == Json::Kind::kArray) {
    for (const Json& item : j.items()) {
      if (!Fill(item, t, i, error)) return false;
    }
    return true;
  }
  if (i >= t.num_elements()) {
    *error = "more data than the shape holds";
    return false;
  }
  return Element(j, t, i++, error);
}

std::optional<Value> TensorFromJson(const Json& j, DataType dtype, std::string* error) {
  const Json* data = &j;
  std::optional<std::vector<int64_t>> shape;
  if (j.kind() == Json::Kind::kObject) {
    if (const Json* d = j.Find("dtype")) {
      auto t = d->kind() == Json::Kind::kString ? ParseDataType(d->as_string()) : std::nullopt;
      if (!t || *t == DataType::kVoid) {
        *error = "unknown dtype";
        return std::nullopt;
      }
      dtype = *t;
    }
    if (const Json* s = j.Find("shape")) {
      shape.emplace();
      for (const Json& d : s->items()) {
        auto v = d.as_int();
        if (!v || *v < 0) {
          *error = "a shape entry is not a non-negative integer";
          return std::nullopt;
        }
        shape->push_back(*v);
      }
    }
    data = j.Find("data");
    if (!data) {
      *error = "a tensor object needs \"data\"";
      return std::nullopt;
    }
  }
  if (dtype == DataType::kVoid) {
    *error = "the dtype is unknown: give {\"dtype\": ..., \"data\": ...}";
    return std::nullopt;
  }
  if (!shape) {
    shape.emplace();
    if (!NestedShape(*data, &*shape, 0, error)) return std::nullopt;
  }
  // Only the element count is bounded: an empty tensor may have a huge extent (2^62 x 0), as
  // `rlx run --result-json` and adapters write one.
  int64_t count = 1;
  bool overflow = false;
  for (int64_t d : *shape) overflow |= __builtin_mul_overflow(count, d, &count);
  if (std::find(shape->begin(), shape->end(), 0) != shape->end()) count = 0, overflow = false;
  if (overflow || count > (int64_t{1} << 28)) {
    *error = "the tensor is too large for JSON input";
    return std::nullopt;
  }
  auto t = std::make_shared<TensorData>(dtype, *shape);
  int64_t i = 0;
  if (!Fill(*data, *t, i, error)) return std::nullopt;
  if (i != t->num_elements()) {
    *error = "the data has " + std::to_string(i) + " elements, the shape needs " + std::to_string(t->num_elements());
    return std::nullopt;
  }
  return Value::FromTensor(t);
}

}  // namespace

std::optional<Value> ValueFromJson(const Json& j, const StructInfo* annotation, std::string* error) {
  const SInfoKind kind = annotation ? annotation->kind : SInfoKind::kObject;
  if (j.kind() == Json::Kind::kObject) {
    if (const Json* path = j.Find("npy")) {  // a tensor in a .npy file
      if (path->kind() != Json::Kind::kString) {
        *error = "\"npy\" must be a file name";
        return std::nullopt;
      }
      auto t = ReadNpyFile(path->as_string(), error);
      if (!t) return std::nullopt;
      return Value::FromTensor(t);
    }
    if (kind == SInfoKind::kObject) {
      if (const Json* text = j.Find("object")) {  // an opaque result: its eval.print.value text
        const Json* t = j.Find("text");
        return Value::FromString(t && t->kind() == Json::Kind::kString ? t->as_string() : text->as_string());
      }
    }
  }
  if (kind == SInfoKind::kObject && j.kind() == Json::Kind::kArray) {  // self-described tuple
    std::vector<Value> out;
    for (const Json& item : j.items()) {
      auto v = ValueFromJson(item, nullptr, error);
      if (!v) return std::nullopt;
      out.push_back(*v);
    }
    return Value::FromTuple(std::move(out));
  }
  if (kind != SInfoKind::kObject && j.kind() == Json::Kind::kObject && !j.Find("data") &&
      ((j.Find("value") && kind != SInfoKind::kPrim) || (j.Find("shape") && kind != SInfoKind::kShape) ||
       j.Find("object"))) {
    // A self-described value of another kind than the annotation says: read it as it is
    // described, so that the call's boundary check reports the mismatch (eval.call.boundary).
    return ValueFromJson(j, nullptr, error);
  }
  if (kind == SInfoKind::kTensor) {
    return TensorFromJson(j, static_cast<const TensorStructInfo*>(annotation)->dtype, error);
  }
  if (kind == SInfoKind::kPrim || (kind == SInfoKind::kObject && j.kind() != Json::Kind::kObject &&
                                   j.kind() != Json::Kind::kArray) ||
      (kind == SInfoKind::kObject && j.kind() == Json::Kind::kObject && j.Find("value"))) {
    DataType dtype = annotation && kind == SInfoKind::kPrim
                         ? static_cast<const PrimStructInfo*>(annotation)->dtype
                         : DataType::kVoid;
    const Json* v = &j;
    if (j.kind() == Json::Kind::kObject) {
      if (const Json* d = j.Find("dtype"); d && d->kind() == Json::Kind::kString) {
        dtype = ParseDataType(d->as_string()).value_or(DataType::kVoid);
      }
      v = j.Find("value");
      if (!v) {
        *error = "a prim object needs \"value\"";
        return std::nullopt;
      }
    }
    if (dtype == DataType::kVoid) {
      dtype = v->kind() == Json::Kind::kBool ? DataType::kBool
              : v->as_int()                 ? DataType::kInt64
                                            : DataType::kFloat64;
    }
    TensorData t(dtype, {});
    if (!Element(*v, t, 0, error)) return std::nullopt;
    return Value::FromPrim(IsFloat(dtype) ? PrimScalar::Float(t.GetDouble(0), dtype) : PrimScalar::Int(t.GetInt(0), dtype));
  }
  if (kind == SInfoKind::kShape || (j.kind() == Json::Kind::kObject && j.Find("shape") && !j.Find("data"))) {
    const Json* s = j.kind() == Json::Kind::kObject ? j.Find("shape") : &j;
    if (s->kind() != Json::Kind::kArray) {
      *error = "a shape must be an array of integers";
      return std::nullopt;
    }
    std::vector<int64_t> dims;
    for (const Json& d : s->items()) {
      auto v = d.as_int();  // a shape value's elements may be negative (eval.value.shape)
      if (!v) {
        *error = "a shape entry is not an int64";
        return std::nullopt;
      }
      dims.push_back(*v);
    }
    return Value::FromShape(std::move(dims));
  }
  if (kind == SInfoKind::kTuple) {
    const auto& fields = static_cast<const TupleStructInfo*>(annotation)->fields;
    if (j.kind() != Json::Kind::kArray || j.items().size() != fields.size()) {
      *error = "a tuple of " + std::to_string(fields.size()) + " fields needs an array of as many items";
      return std::nullopt;
    }
    std::vector<Value> out;
    for (size_t i = 0; i < fields.size(); ++i) {
      auto v = ValueFromJson(j.items()[i], fields[i].get(), error);
      if (!v) return std::nullopt;
      out.push_back(*v);
    }
    return Value::FromTuple(std::move(out));
  }
  return TensorFromJson(j, DataType::kVoid, error);
}

namespace {

void ElementJson(const TensorData& t, int64_t i, std::ostream& out) {
  std::string e = FormatElement(t, i);
  if (e == "True" || e == "False") out << (e == "True" ? "true" : "false");
  else if (e == "nan" || e == "inf" || e == "-inf") out << '"' << e << '"';
  else out << e;
}

// A value that is not a tuple.
void LeafJson(const Value& v, std::ostream& out) {
  switch (v.kind()) {
    case ValueKind::kTensor: {
      const TensorData& t = *v.tensor();
      out << "{\"dtype\":\"" << DataTypeName(t.dtype()) << "\",\"shape\":[";
      for (size_t d = 0; d < t.shape().size(); ++d) out << (d ? "," : "") << t.shape()[d];
      out << "],\"data\":[";
      for (int64_t i = 0; i < t.num_elements(); ++i) {
        if (i) out << ",";
        ElementJson(t, i, out);
      }
      out << "]}";
      return;
    }
    case ValueKind::kPrim: {
      const PrimScalar& p = v.prim();
      TensorData t(p.dtype, {});
      if (p.is_float()) t.SetDouble(0, p.f);
      else t.SetInt(0, p.i);
      out << "{\"dtype\":\"" << DataTypeName(p.dtype) << "\",\"value\":";
      ElementJson(t, 0, out);
      out << "}";
      return;
    }
    case ValueKind::kShape: {
      out << "{\"shape\":[";
      for (size_t d = 0; d < v.shape().size(); ++d) out << (d ? "," : "") << v.shape()[d];
      out << "]}";
      return;
    }
    default:
      out << "{\"object\":\"" << ValueKindName(v.kind()) << "\",\"text\":\"" << JsonEscape(FormatValue(v)) << "\"}";
  }
}

// Tuples as JSON arrays, without recursion: a recursive function may nest them 100,000 deep.
void ToJson(const Value& v, std::ostream& out) {
  struct Item {
    const Value* value;  // or
    const char* text;
  };
  std::vector<Item> todo{{&v, nullptr}};
  while (!todo.empty()) {
    const Item item = todo.back();
    todo.pop_back();
    if (item.text) {
      out << item.text;
    } else if (item.value->kind() != ValueKind::kTuple) {
      LeafJson(*item.value, out);
    } else {
      const std::vector<Value>& fields = item.value->tuple();
      out << "[";
      todo.push_back({nullptr, "]"});
      for (size_t i = fields.size(); i-- > 0;) {
        todo.push_back({&fields[i], nullptr});
        if (i) todo.push_back({nullptr, ","});
      }
    }
  }
}

}  // namespace

std::string ValueToJson(const Value& v) {
  std::ostringstream out;
  ToJson(v, out);
  return out.str();
}

}  // namespace rlx::runtime
