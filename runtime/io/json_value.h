// Runtime values from JSON (`rlx run --inputs FILE.json`, the conformance adapter):
//   tensor: nested arrays of numbers ([[1, 2], [3, 4]]), with the dtype of the parameter's
//           annotation, or {"dtype": "float16", "shape": [2, 2], "data": [1, 2, 3, 4]} (data
//           flat or nested); elements are numbers, true/false, or "nan", "inf", "-inf";
//   prim:   a number, true/false, or {"dtype": "int32", "value": 5};
//   shape:  {"shape": [2, 3]} (or an array of ints for a Shape parameter);
//   tuple:  an array whose items follow the fields of a Tuple annotation (without an
//           annotation: an array of self-described values);
//   npy:    {"npy": "PATH"}: a tensor read from a .npy file;
//   other:  {"object": "closure", "text": "..."} (results only): read as a string value of the text.
// This is also the value JSON of the conformance adapter protocol (conformance/ADAPTER.md).
#pragma once

#include <optional>
#include <string>

#include "runtime/value.h"
#include "ir/base/json.h"
#include "ir/struct_info.h"

namespace rlx::runtime {

/// The value `j` denotes for a parameter annotated `annotation` (may be null: then the JSON
/// must say the dtype); nullopt with `error` set when it does not fit.
std::optional<Value> ValueFromJson(const Json& j, const StructInfo* annotation, std::string* error);

/// The self-described JSON of a value: tensors {"dtype","shape","data"} (flat), prims
/// {"dtype","value"}, shapes {"shape"}, tuples as arrays, anything else {"object","text"}.
std::string ValueToJson(const Value& v);

}  // namespace rlx::runtime
