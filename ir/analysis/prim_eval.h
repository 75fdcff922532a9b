// Evaluation of PrimExprs on integers (spec chapter 4): the meaning of shape arithmetic that
// the prover reasons about and that the interpreter computes.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "ir/prim_expr.h"

namespace rlx {

/// Values of variables, by their node.
using PrimAssignment = std::unordered_map<const PrimExpr*, int64_t>;

/// Why an evaluation has no value.
enum class PrimEvalError { kNone, kUnbound, kDivisionByZero, kOverflow, kNotInteger };

/// The value of an integer or bool PrimExpr (bool as 0/1) under `values`, with the exact
/// semantics of spec §4: floor and trunc division as defined for each kind, every
/// intermediate result within its dtype (a result outside it is kOverflow, never a wrap),
/// division by zero an error. Float expressions are kNotInteger. A uint64 value (of a variable,
/// an immediate or the result) is its 64-bit pattern in the int64.
std::optional<int64_t> EvalPrim(const PrimExpr& e, const PrimAssignment& values,
                                PrimEvalError* error = nullptr);

/// Floor division and modulo on int64 (b != 0, no overflow: INT64_MIN / -1 excluded).
int64_t FloorDiv(int64_t a, int64_t b);
int64_t FloorMod(int64_t a, int64_t b);

}  // namespace rlx
