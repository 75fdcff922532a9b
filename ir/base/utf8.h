// UTF-8: validating a sequence and encoding a code point (the lexer, the JSON reader and writer).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace rlx {

/// The length of the valid UTF-8 sequence at s[i], or 0 when it is invalid (a stray or
/// truncated byte, an overlong encoding, a surrogate, a value past U+10FFFF).
size_t Utf8Length(std::string_view s, size_t i);

/// Appends the UTF-8 encoding of code point `cp` (at most U+10FFFF).
void AppendUtf8(std::string& out, uint32_t cp);

}  // namespace rlx
