// Runtime values (spec §4.1, eval.value.*): tensors, tuples, shapes, primitive values,
// strings, data types, closures, packed functions and null.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/expr.h"
#include "ir/tensor_data.h"

namespace rlx::runtime {

class Value;
struct Closure;
struct PackedFunc;

/// A tensor value: shared by reference (eval.alias) and mutable (packed functions may write).
using Tensor = std::shared_ptr<TensorData>;

/// A primitive scalar: an integer or bool (as int64 bits; uint64 keeps its bits) or a float.
struct PrimScalar {
  DataType dtype = DataType::kInt64;
  int64_t i = 0;
  double f = 0;

  static PrimScalar Int(int64_t v, DataType t = DataType::kInt64) { return {t, v, 0}; }
  static PrimScalar Float(double v, DataType t) { return {t, 0, v}; }
  bool is_float() const { return IsFloat(dtype); }
};

/// What a Value holds.
enum class ValueKind : uint8_t {
  kNull, kTensor, kTuple, kShape, kPrim, kString, kDType, kClosure, kPacked,
  kStorage,  // a block of memory tensors are allocated in (R.memory.alloc_storage, eval.memory)
};

/// A runtime value. Cheap to copy: compound payloads are shared.
class Value {
 public:
  Value() = default;  // null
  static Value Null() { return Value(); }
  static Value FromTensor(Tensor t);
  static Value FromTuple(std::vector<Value> fields);
  static Value FromShape(std::vector<int64_t> dims);
  static Value FromPrim(PrimScalar p);
  static Value FromString(std::string s);
  static Value FromDType(DataType t);
  static Value FromClosure(std::shared_ptr<const Closure> c);
  static Value FromPacked(std::shared_ptr<const PackedFunc> f);
  /// A storage: its bytes, held as a uint8 tensor that views are made of.
  static Value FromStorage(Tensor bytes);

  ValueKind kind() const { return kind_; }
  bool is_null() const { return kind_ == ValueKind::kNull; }
  bool is_tensor() const { return kind_ == ValueKind::kTensor; }
  bool is_tuple() const { return kind_ == ValueKind::kTuple; }
  bool is_shape() const { return kind_ == ValueKind::kShape; }
  bool is_prim() const { return kind_ == ValueKind::kPrim; }

  /// The tensor (kTensor), or a storage's bytes (kStorage).
  const Tensor& tensor() const { return tensor_; }
  bool is_storage() const { return kind_ == ValueKind::kStorage; }
  const std::vector<Value>& tuple() const { return *tuple_; }
  const std::vector<int64_t>& shape() const { return *shape_; }
  const PrimScalar& prim() const { return prim_; }
  const std::string& str() const { return *str_; }
  DataType dtype() const { return prim_.dtype; }
  const std::shared_ptr<const Closure>& closure() const { return closure_; }
  const std::shared_ptr<const PackedFunc>& packed() const { return packed_; }

 private:
  ValueKind kind_ = ValueKind::kNull;
  Tensor tensor_;
  std::shared_ptr<const std::vector<Value>> tuple_;
  std::shared_ptr<const std::vector<int64_t>> shape_;
  PrimScalar prim_;  // kPrim; kDType keeps its dtype in prim_.dtype
  std::shared_ptr<const std::string> str_;
  std::shared_ptr<const Closure> closure_;
  std::shared_ptr<const PackedFunc> packed_;
};

/// The values of the Relax variables and shape variables in scope.
struct Environment {
  std::unordered_map<const Var*, Value> vars;
  std::unordered_map<const PrimExpr*, int64_t> shape_vars;
};

/// A function value (eval.function): the function and what it captured.
struct Closure {
  Ref<Function> function;
  std::string name;  // the global or variable name, for messages and stack traces
  Environment captured;
  /// The variable a local function is bound to: inside the body it denotes the closure
  /// itself (eval.closure.recursive). Null for globals and anonymous functions.
  const Var* self = nullptr;
};

class CallContext;

/// A packed function (eval.packed.*): a native function over values.
struct PackedFunc {
  std::string name;
  /// Returns the result, or throws a Trap (see runtime_error.h) on failure.
  std::function<Value(CallContext&, const std::vector<Value>&)> body;
};

/// The value of a bool scalar: a 0-d bool tensor or a bool PrimValue (eval.if, assert_op);
/// nullopt for anything else.
std::optional<bool> AsBoolScalar(const Value& v);

/// "tensor", "tuple", "shape", "prim", "string", "dtype", "closure", "packed", "null".
const char* ValueKindName(ValueKind k);

}  // namespace rlx::runtime
