// The one-line text of argument and expected values used by the op cases and the conformance
// suite (conformance/FORMAT.md), and the comparison modes of expected results:
//
//   float32 (2, 3) [1.0, nan, -0.0, inf, -inf, 2.5]   a tensor: dtype, shape, row-major values
//   prim int64 7                                       a PrimValue
//   shape (2, 3)                                       a shape value
//
// Parsing never throws: malformed text gives nullopt and a reason.
#pragma once

#include <optional>
#include <string>

#include "runtime/value.h"

namespace rlx::runtime {

/// Parses "(2, 3)", "(3,)" or "()"; nullopt with `error` set when malformed or negative.
std::optional<std::vector<int64_t>> ParseShapeText(const std::string& text, std::string* error);

/// Parses one value in the forms above. Tensors are limited to `max_elements` elements.
std::optional<Value> ParseValueText(const std::string& text, std::string* error,
                                    int64_t max_elements = int64_t{1} << 24);

/// The text of a tensor, PrimValue or shape value in the forms above (ParseValueText reads it
/// back to the same value; floats in their shortest round-tripping form); nullopt for other
/// kinds of value.
std::optional<std::string> ValueText(const Value& v);

/// How a result is compared with its expectation (conformance/FORMAT.md "compare").
struct Comparison {
  enum class Kind { kExact, kUlp, kTol } kind = Kind::kExact;
  double a = 0;  // ulp: the distance; tol: the absolute tolerance
  double b = 0;  // tol: the relative tolerance
};

/// Parses "exact", "ulp N" or "tol ABS REL".
std::optional<Comparison> ParseComparison(const std::string& text, std::string* error);
std::string ComparisonText(const Comparison& c);

/// "" when `got` matches `want` under `c`, else what differs (the first differing element).
/// Tensors: same dtype and shape; floats compared by `c` (an expected NaN matches any NaN; exact
/// tells -0.0 from 0.0; ulp counts units in the last place of the dtype); other dtypes exactly.
/// Tuples field by field, prims and shapes exactly (prims of a float dtype by `c`).
std::string CompareValues(const Value& want, const Value& got, const Comparison& c);

}  // namespace rlx::runtime
