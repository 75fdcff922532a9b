// The text of runtime values (spec eval.print.*): what R.print writes and `rlx run` shows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/value.h"

namespace rlx::runtime {

/// eval.print.value: an empty tensor whose text would hold more innermost lists "[]" than this
/// (ir/base/nested_list.h, EmptyListCount) is written by its shape,
/// "<empty tensor of shape (4611686018427387904, 0)>", so its text stays short.
inline constexpr int64_t kMaxEmptyLists = 65536;

/// One value's text: tensors as nested lists ([[1.0, 2.5], [3.0, 4.0]]), a 0-d tensor as its
/// element, tuples (a, b), shapes R.shape([2, 3]), strings as their characters, ...
std::string FormatValue(const Value& v);
/// One element of a tensor: floats in the shortest text that reads back to the same value of
/// the dtype, with ".0" when integral; nan, inf, -inf, -0.0; bools True/False.
std::string FormatElement(const TensorData& t, int64_t i);
/// R.print's line (without the newline): the values joined by spaces when `format` is empty,
/// else `format` with each {} replaced by the next value ({{ and }} are braces). Returns false
/// with `why` set when the placeholders and the values do not match.
bool FormatPrint(const std::string& format, const std::vector<Value>& values, std::string* out,
                 std::string* why);

}  // namespace rlx::runtime
