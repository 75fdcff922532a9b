#include "runtime/value.h"

namespace rlx::runtime {

Value Value::FromStorage(Tensor bytes) {
  Value v;
  v.kind_ = ValueKind::kStorage;
  v.tensor_ = std::move(bytes);
  return v;
}

Value Value::FromTensor(Tensor t) {
  Value v;
  v.kind_ = ValueKind::kTensor;
  v.tensor_ = std::move(t);
  return v;
}

namespace {

// Frees a tuple's fields without recursion: a tuple nested 100,000 deep (a recursive function
// may build one) would otherwise be destroyed one C++ frame per level and overflow the stack.
// The fields of a tuple freed while another is being freed wait in a list on this thread.
void DeleteTupleFields(const std::vector<Value>* fields) {
  thread_local std::vector<const std::vector<Value>*> pending;
  thread_local bool draining = false;
  if (draining) {
    pending.push_back(fields);
    return;
  }
  draining = true;
  delete fields;
  while (!pending.empty()) {
    const std::vector<Value>* next = pending.back();
    pending.pop_back();
    delete next;  // may add its own fields' tuples to `pending`
  }
  draining = false;
}

}  // namespace

Value Value::FromTuple(std::vector<Value> fields) {
  Value v;
  v.kind_ = ValueKind::kTuple;
  v.tuple_ = std::shared_ptr<const std::vector<Value>>(new std::vector<Value>(std::move(fields)),
                                                       DeleteTupleFields);
  return v;
}

Value Value::FromShape(std::vector<int64_t> dims) {
  Value v;
  v.kind_ = ValueKind::kShape;
  v.shape_ = std::make_shared<const std::vector<int64_t>>(std::move(dims));
  return v;
}

Value Value::FromPrim(PrimScalar p) {
  Value v;
  v.kind_ = ValueKind::kPrim;
  v.prim_ = p;
  return v;
}

Value Value::FromString(std::string s) {
  Value v;
  v.kind_ = ValueKind::kString;
  v.str_ = std::make_shared<const std::string>(std::move(s));
  return v;
}

Value Value::FromDType(DataType t) {
  Value v;
  v.kind_ = ValueKind::kDType;
  v.prim_.dtype = t;
  return v;
}

Value Value::FromClosure(std::shared_ptr<const Closure> c) {
  Value v;
  v.kind_ = ValueKind::kClosure;
  v.closure_ = std::move(c);
  return v;
}

Value Value::FromPacked(std::shared_ptr<const PackedFunc> f) {
  Value v;
  v.kind_ = ValueKind::kPacked;
  v.packed_ = std::move(f);
  return v;
}

std::optional<bool> AsBoolScalar(const Value& v) {
  if (v.is_tensor() && v.tensor()->ndim() == 0 && v.tensor()->dtype() == DataType::kBool) {
    return v.tensor()->GetInt(0) != 0;
  }
  if (v.is_prim() && v.prim().dtype == DataType::kBool) return v.prim().i != 0;
  return std::nullopt;
}

const char* ValueKindName(ValueKind k) {
  switch (k) {
    case ValueKind::kNull: return "null";
    case ValueKind::kTensor: return "tensor";
    case ValueKind::kTuple: return "tuple";
    case ValueKind::kShape: return "shape";
    case ValueKind::kPrim: return "prim";
    case ValueKind::kString: return "string";
    case ValueKind::kDType: return "dtype";
    case ValueKind::kClosure: return "closure";
    case ValueKind::kPacked: return "packed";
    case ValueKind::kStorage: return "storage";
  }
  return "?";
}

}  // namespace rlx::runtime
