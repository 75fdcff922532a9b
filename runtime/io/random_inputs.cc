#include "runtime/io/random_inputs.h"

#include "runtime/allocator.h"

namespace rlx::runtime {

RandomInputs::RandomInputs(std::function<std::optional<int64_t>(const std::string&)> defined,
                           uint64_t seed, int64_t default_extent, int64_t max_bytes)
    : defined_(std::move(defined)), rng_(seed), default_extent_(default_extent), max_bytes_(max_bytes) {}

std::optional<Value> RandomInputs::Make(const StructInfo& s, std::string* error) {
  if (auto* t = dynamic_cast<const TensorStructInfo*>(&s)) {
    const auto* dims = t->dims();
    if (!dims || t->dtype == DataType::kVoid) {
      *error = "needs a tensor annotation with a shape and a dtype";
      return std::nullopt;
    }
    std::vector<int64_t> shape;
    for (const auto& d : *dims) {
      auto v = Dim(d, error);
      if (!v) return std::nullopt;
      if (*v < 0) {
        *error = "an extent of the annotation is negative";
        return std::nullopt;
      }
      shape.push_back(*v);
    }
    const int64_t bytes = TensorBytes(t->dtype, shape);
    if (bytes < 0 || bytes > max_bytes_) {
      *error = "the tensor would be larger than " + std::to_string(max_bytes_) + " bytes";
      return std::nullopt;
    }
    auto data = std::make_shared<TensorData>(t->dtype, shape);
    for (int64_t i = 0; i < data->num_elements(); ++i) {
      if (IsFloat(t->dtype)) data->SetDouble(i, std::uniform_real_distribution<double>(-1, 1)(rng_));
      else if (t->dtype == DataType::kBool) data->SetInt(i, static_cast<int64_t>(rng_() & 1));
      else if (IsUnsignedInt(t->dtype)) data->SetInt(i, static_cast<int64_t>(rng_() % 11));
      else data->SetInt(i, static_cast<int64_t>(rng_() % 21) - 10);
    }
    return Value::FromTensor(data);
  }
  if (auto* p = dynamic_cast<const PrimStructInfo*>(&s)) {
    const DataType dtype = p->dtype == DataType::kVoid ? DataType::kInt64 : p->dtype;
    if (p->value) {
      auto v = Dim(p->value, error);
      if (!v) return std::nullopt;
      return Value::FromPrim(IsFloat(dtype) ? PrimScalar::Float(static_cast<double>(*v), dtype)
                                            : PrimScalar::Int(*v, dtype));
    }
    if (IsFloat(dtype)) return Value::FromPrim(PrimScalar::Float(0.5, dtype));
    return Value::FromPrim(PrimScalar::Int(1, dtype));
  }
  if (auto* sh = dynamic_cast<const ShapeStructInfo*>(&s)) {
    if (!sh->values) {
      *error = "needs a shape annotation with values";
      return std::nullopt;
    }
    std::vector<int64_t> dims;
    for (const auto& d : *sh->values) {
      auto v = Dim(d, error);
      if (!v) return std::nullopt;
      dims.push_back(*v);
    }
    return Value::FromShape(dims);
  }
  if (auto* tu = dynamic_cast<const TupleStructInfo*>(&s)) {
    std::vector<Value> fields;
    for (const auto& f : tu->fields) {
      auto v = Make(*f, error);
      if (!v) return std::nullopt;
      fields.push_back(*v);
    }
    return Value::FromTuple(fields);
  }
  *error = "cannot make a value of this kind";
  return std::nullopt;
}

std::optional<int64_t> RandomInputs::Dim(const Ref<PrimExpr>& e, std::string* error) {
  // Every variable of the expression gets a value first: the defined one, else the default.
  Bind(e);
  auto v = EvalPrim(*e, values_);
  if (!v) *error = "cannot evaluate a dimension of the annotation";
  return v;
}

void RandomInputs::Bind(const Ref<PrimExpr>& e) {
  if (!e) return;
  if (e->is_var()) {
    if (!values_.count(e.get())) values_[e.get()] = defined_(e->name).value_or(default_extent_);
    return;
  }
  for (int i = 0; i < e->arity(); ++i) Bind(e->operands[i]);
}

}  // namespace rlx::runtime
