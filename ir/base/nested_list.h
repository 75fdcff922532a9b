// Writes a tensor's elements as nested lists ("[[1, 2], [3, 4]]") without recursion, so that a
// tensor of any rank prints in constant stack space (spec eval.print.value; the text format's
// R.const literals).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rlx {

/// The number of innermost lists "[]" that the nested-list text of an empty tensor of `shape`
/// holds: the product of the extents before its first 0, saturated at INT64_MAX. The text of
/// such a tensor is about 4 characters per list.
inline int64_t EmptyListCount(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d == 0) return n;
    if (__builtin_mul_overflow(n, d, &n)) return INT64_MAX;
  }
  return n;
}

/// Visits the nested-list text of a tensor of `shape` (rank >= 1) in order, without recursion:
/// `bracket(c)` writes '[' or ']', `element(i)` the element at flat row-major index i (in
/// increasing order), `separator(level)` what separates two items of a list at `level` (0: the
/// outermost list; rank - 1: the lists of elements).
template <class Bracket, class Element, class Separator>
void VisitNestedList(const std::vector<int64_t>& shape, Bracket&& bracket, Element&& element,
                     Separator&& separator) {
  const size_t rank = shape.size();
  if (rank == 0) return;
  std::vector<int64_t> k(rank, 0);  // the position of the open sublist within each level
  int64_t next = 0;
  size_t d = 0;
  bracket('[');
  for (;;) {
    if (shape[d] > 0 && d + 1 < rank) {  // descend into the first sublist
      k[d] = 0;
      ++d;
      bracket('[');
      continue;
    }
    if (d + 1 == rank) {
      for (int64_t j = 0; j < shape[d]; ++j) {
        if (j) separator(d);
        element(next++);
      }
    }
    bracket(']');
    // Close lists until one has a next sublist.
    for (;;) {
      if (d == 0) return;
      --d;
      if (++k[d] < shape[d]) {
        separator(d);
        ++d;
        bracket('[');
        break;
      }
      bracket(']');
    }
  }
}

/// Appends the nested-list text of a tensor of `shape` (rank >= 1) to `out`, items separated by
/// ", ", calling `element(i)` for the text of the element at flat row-major index i.
template <class F>
void WriteNestedList(const std::vector<int64_t>& shape, std::string& out, F&& element) {
  VisitNestedList(
      shape, [&](char c) { out += c; }, [&](int64_t i) { out += element(i); },
      [&](size_t) { out += ", "; });
}

}  // namespace rlx
