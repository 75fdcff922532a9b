// Comparing and copying run results in tests: bitwise equality of values (tensors by bytes,
// tuples field by field), and fresh copies of arguments (an in-place call writes its
// arguments, so each run of a comparison gets its own).
#pragma once

#include <memory>
#include <vector>

#include "runtime/value.h"

namespace rlx::testing {

using runtime::Value;

inline bool SameValue(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  if (a.is_tensor()) return a.tensor()->SameAs(*b.tensor());
  if (a.is_tuple()) {
    if (a.tuple().size() != b.tuple().size()) return false;
    for (size_t i = 0; i < a.tuple().size(); ++i) {
      if (!SameValue(a.tuple()[i], b.tuple()[i])) return false;
    }
    return true;
  }
  if (a.is_shape()) return a.shape() == b.shape();
  return true;
}

inline Value CopyValue(const Value& v) {
  return v.is_tensor() ? Value::FromTensor(std::make_shared<TensorData>(*v.tensor())) : v;
}

inline std::vector<Value> CopyValues(const std::vector<Value>& args) {
  std::vector<Value> c;
  for (const Value& v : args) c.push_back(CopyValue(v));
  return c;
}

}  // namespace rlx::testing
