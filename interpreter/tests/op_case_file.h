// The op-case format of interpreter/tests/op_cases (README.md there): reading a .cases file,
// building each case's module, and comparing results by the case's comparison mode.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interpreter/runtime_names.h"
#include "runtime/value.h"

namespace rlx::interp::testing {

struct CaseInput {
  std::string name;
  enum Kind { kTensor, kPrim, kShape } kind = kTensor;
  std::shared_ptr<TensorData> tensor;  // kTensor, and kPrim as a 0-d tensor
  std::vector<int64_t> shape;          // kShape
  std::string sig;                     // annotation shape override ("" = the exact shape)
};

struct OpCase {
  std::string name;
  int line = 0;
  std::string call;
  std::vector<std::string> spec;
  std::vector<CaseInput> inputs;
  std::vector<std::shared_ptr<TensorData>> expect;  // several: a tuple result
  std::string expect_error;                         // an error code instead
  std::string compare = "exact";                    // "exact", "ulp N" or "tol A R"
};

/// Parses "DTYPE (SHAPE) [V, ...]" (the op-case value format); sets `error` when malformed.
std::shared_ptr<TensorData> ParseTensor(const std::string& text, std::string* error);
/// Parses "(2, 3)" / "(3,)" / "()".
std::vector<int64_t> ParseShape(const std::string& text);

/// Reads a .cases file; `error` is set (with the line) on a malformed file.
std::vector<OpCase> ReadCaseFile(const std::string& path, std::string* error);

/// The TVMScript module of a case (the text casecheck.py builds).
std::string CaseModuleText(const OpCase& c);

/// The case's inputs as values.
std::vector<Value> CaseArguments(const OpCase& c);

/// "" when `got` matches the case's expectations, else what differs.
std::string CompareResult(const OpCase& c, const Value& got);

}  // namespace rlx::interp::testing
