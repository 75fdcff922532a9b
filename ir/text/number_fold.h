// The lexer's compact form of large numeric list displays (token.h NumberList): number literals
// between '[' and ']' are folded into one kNumbers token as they are lexed, and unfolded into
// the exact tokens they stand for as soon as the list turns out to hold anything else.
#pragma once

#include <string_view>
#include <vector>

#include "ir/text/token.h"

namespace rlx::text {

/// Called after the lexer appended `out.back()`, whose text spans the source bytes
/// [src_begin, src_end); `clean` is false when lexing it reported an error (such a literal is
/// never folded). Folds it into an open kNumbers token, opens one, closes one at ']' (or unfolds
/// it when it has fewer than NumberList::kMinElements elements), or unfolds an open one that
/// the new token does not continue.
void FoldNumbers(std::vector<Token>& out, std::string_view src, uint32_t file, size_t src_begin,
                 size_t src_end, bool clean);

/// Unfolds a kNumbers token still open at the end of the input (an unclosed list).
void UnfoldOpenNumbers(std::vector<Token>& out, std::string_view src, uint32_t file);

}  // namespace rlx::text
