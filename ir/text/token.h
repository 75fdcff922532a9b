// Tokens of the Python subset that TVMScript is written in (spec §6.1).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/base/source.h"

namespace rlx::text {

/// Token kinds. Keywords and punctuation are kept as text in `Token::text`.
enum class Tok : uint8_t {
  kEnd,      // end of file
  kNewline,  // end of a logical line
  kIndent,   // the start of an indented block
  kDedent,   // the end of an indented block
  kName,     // an identifier
  kKeyword,  // a Python keyword (def, class, if, None, True, ...)
  kInt,      // an integer literal
  kFloat,    // a floating-point literal
  kString,   // a string literal (text = decoded value)
  kPunct,    // an operator or delimiter
  kNumbers,  // the elements of a list display of number literals only (see NumberList)
};

/// One element of a NumberList: a number literal, negated or not, with the places of its
/// tokens, so that the list can be turned back into the exact tokens it stands for. 32 bytes: a
/// '-' and a ',' are kept as offsets on the literal's line (the lexer folds no other).
struct NumberLiteral {
  static constexpr uint8_t kNoComma = 255;
  uint64_t bits = 0;          // an int literal's value (magnitude), or a float literal's double
  uint32_t src_begin = 0;     // the literal's first byte in the source (its text: without '_')
  uint32_t line = 0, col = 0;  // where it starts
  uint16_t length = 0;        // its bytes, also its columns (number literals are ASCII)
  uint8_t minus_back = 0;     // columns from the '-' before it to the literal (0: not negated)
  uint8_t comma_gap = kNoComma;  // columns from its end to the ',' after it (kNoComma: none)
  bool is_float = false;

  uint64_t int_value() const { return bits; }
  double float_value() const {
    double d;
    static_assert(sizeof d == sizeof bits);
    __builtin_memcpy(&d, &bits, sizeof d);
    return d;
  }
  bool negated() const { return minus_back != 0; }
  SourcePos begin() const { return {line, col}; }
  SourcePos end() const { return {line, col + length}; }
  SourcePos minus() const { return {line, col - minus_back}; }
  bool has_comma() const { return comma_gap != kNoComma; }
  SourcePos comma() const { return {line, col + length + comma_gap}; }
};

/// The elements of a list display `[1, -2.5, 3, ...]` that holds only number literals (each
/// optionally negated), at least kMinElements of them. The lexer folds them into one kNumbers
/// token, so that a large constant costs a few dozen bytes per element instead of tokens,
/// syntax nodes and parser values for each (spec text.limit.size); the parser reads them back
/// exactly as the tokens would read.
struct NumberList {
  static constexpr size_t kMinElements = 16;
  std::vector<NumberLiteral> elems;
  bool any_negated = false;
};

/// One token with its source span.
struct Token {
  Tok kind = Tok::kEnd;
  std::string text;           // identifier, keyword, punctuation, or decoded string
  uint64_t int_value = 0;     // kInt: the value (magnitude)
  bool int_overflow = false;  // kInt: the literal does not fit in 64 bits
  double float_value = 0;     // kFloat: the value
  std::shared_ptr<NumberList> numbers;  // kNumbers: the elements
  Span span;

  bool Is(Tok k, const char* t) const { return kind == k && text == t; }
  bool IsPunct(const char* t) const { return Is(Tok::kPunct, t); }
  bool IsKeyword(const char* t) const { return Is(Tok::kKeyword, t); }
};

/// A human-readable description of a token for messages ("name 'x'", "newline", "')'").
std::string DescribeToken(const Token& t);

}  // namespace rlx::text
