#include "ir/op_attrs.h"

namespace rlx {

const AttrValue* OpAttrs::Find(std::string_view name) const {
  if (const AttrValue* v = attrs_.Find(std::string(name))) return v;
  int i = op_.FindParam(name);
  return i < 0 ? nullptr : &op_.params[i].default_value;
}

int64_t OpAttrs::Int(std::string_view name) const {
  const AttrValue* v = Find(name);
  return v && v->kind() == AttrValue::Kind::kInt ? v->as_int() : 0;
}

std::optional<int64_t> OpAttrs::OptInt(std::string_view name) const {
  const AttrValue* v = Find(name);
  if (!v || v->kind() != AttrValue::Kind::kInt) return std::nullopt;
  return v->as_int();
}

bool OpAttrs::Bool(std::string_view name) const {
  const AttrValue* v = Find(name);
  return v && v->kind() == AttrValue::Kind::kBool && v->as_bool();
}

double OpAttrs::Float(std::string_view name) const {
  const AttrValue* v = Find(name);
  if (!v) return 0;
  if (v->kind() == AttrValue::Kind::kFloat) return v->as_float();
  if (v->kind() == AttrValue::Kind::kInt) return static_cast<double>(v->as_int());
  return 0;
}

std::string OpAttrs::Str(std::string_view name) const {
  const AttrValue* v = Find(name);
  return v && v->kind() == AttrValue::Kind::kString ? v->as_string() : std::string();
}

DataType OpAttrs::DType(std::string_view name) const {
  const AttrValue* v = Find(name);
  if (!v) return DataType::kVoid;
  if (v->kind() == AttrValue::Kind::kDType) return v->as_dtype();
  if (v->kind() == AttrValue::Kind::kString) {
    if (auto t = ParseDataType(v->as_string())) return *t;
  }
  return DataType::kVoid;
}

std::optional<std::vector<int64_t>> OpAttrs::IntList(std::string_view name) const {
  const AttrValue* v = Find(name);
  if (!v || v->is_none()) return std::nullopt;
  if (v->kind() == AttrValue::Kind::kInt) return std::vector<int64_t>{v->as_int()};
  std::vector<int64_t> out;
  if (v->kind() == AttrValue::Kind::kList) {
    for (const auto& x : v->as_list()) {
      if (x.kind() == AttrValue::Kind::kInt) out.push_back(x.as_int());
    }
  }
  return out;
}

}  // namespace rlx
