#include "ir/text/number_fold.h"

#include <cstdint>

namespace rlx::text {
namespace {

bool IsNumber(const Token& t) {
  return ((t.kind == Tok::kInt && !t.int_overflow) || t.kind == Tok::kFloat) &&
         t.span.begin.line == t.span.end.line;
}

// The kNumbers token still open among the first `end` tokens of `out`: the last of them, or one
// followed only by a ',' and a '-' that may continue it (a closed one is followed by its ']').
size_t OpenRun(const std::vector<Token>& out, size_t end) {
  size_t i = end;
  for (int back = 0; back < 3 && i > 0; ++back) {
    const Token& t = out[--i];
    if (t.kind == Tok::kNumbers) return i;
    if (!t.IsPunct(",") && !t.IsPunct("-")) break;
  }
  return SIZE_MAX;
}

// The element for number token `num` (source bytes [src_begin, src_end)), negated by `minus`
// when not null; false when it cannot be kept compactly (a '-' far from it or on another line).
bool Literal(const Token& num, size_t src_begin, size_t src_end, const Token* minus,
             NumberLiteral* l) {
  if (src_end > UINT32_MAX || src_end - src_begin > UINT16_MAX ||
      num.span.end.col - num.span.begin.col != src_end - src_begin) {
    return false;
  }
  l->is_float = num.kind == Tok::kFloat;
  if (l->is_float) {
    __builtin_memcpy(&l->bits, &num.float_value, sizeof l->bits);
  } else {
    l->bits = num.int_value;
  }
  l->src_begin = static_cast<uint32_t>(src_begin);
  l->line = num.span.begin.line;
  l->col = num.span.begin.col;
  l->length = static_cast<uint16_t>(src_end - src_begin);
  if (minus) {
    if (minus->span.begin.line != l->line || minus->span.begin.col >= l->col ||
        l->col - minus->span.begin.col > 255) {
      return false;
    }
    l->minus_back = static_cast<uint8_t>(l->col - minus->span.begin.col);
  }
  return true;
}

// Records the ',' after element `l`; false when it is not on the literal's line near its end.
bool SetComma(NumberLiteral* l, const Token& comma) {
  const SourcePos end = l->end();
  if (comma.span.begin.line != end.line || comma.span.begin.col < end.col ||
      comma.span.begin.col - end.col >= NumberLiteral::kNoComma) {
    return false;
  }
  l->comma_gap = static_cast<uint8_t>(comma.span.begin.col - end.col);
  return true;
}

Token Punct(const char* text, uint32_t file, SourcePos at) {
  Token t;
  t.kind = Tok::kPunct;
  t.text = text;
  t.span = Span{file, at, {at.line, at.col + 1}};
  return t;
}

// Replaces the kNumbers token at `i` by the tokens it stands for.
void Unfold(std::vector<Token>& out, size_t i, std::string_view src, uint32_t file) {
  std::shared_ptr<NumberList> list = std::move(out[i].numbers);
  std::vector<Token> tail(std::make_move_iterator(out.begin() + static_cast<std::ptrdiff_t>(i) + 1),
                          std::make_move_iterator(out.end()));
  out.resize(i);
  for (const NumberLiteral& l : list->elems) {
    if (l.negated()) out.push_back(Punct("-", file, l.minus()));
    Token t;
    t.kind = l.is_float ? Tok::kFloat : Tok::kInt;
    for (char c : src.substr(l.src_begin, l.length)) {
      if (c != '_') t.text.push_back(c);
    }
    if (l.is_float) {
      t.float_value = l.float_value();
    } else {
      t.int_value = l.int_value();
    }
    t.span = Span{file, l.begin(), l.end()};
    out.push_back(std::move(t));
    if (l.has_comma()) out.push_back(Punct(",", file, l.comma()));
  }
  for (Token& t : tail) out.push_back(std::move(t));
}

}  // namespace

void FoldNumbers(std::vector<Token>& out, std::string_view src, uint32_t file, size_t src_begin,
                 size_t src_end, bool clean) {
  const size_t n = out.size();
  const Token& t = out.back();
  auto punct = [&](size_t back, const char* p) { return n > back && out[n - 1 - back].IsPunct(p); };
  auto run = [&](size_t back) { return n > back && out[n - 1 - back].kind == Tok::kNumbers; };
  NumberLiteral l;
  const bool negated = punct(1, "-");
  if (clean && IsNumber(t) && Literal(t, src_begin, src_end, negated ? &out[n - 2] : nullptr, &l)) {
    if (punct(1, "[") || (negated && punct(2, "["))) {  // the first element: open a list
      auto list = std::make_shared<NumberList>();
      list->elems.push_back(l);
      list->any_negated = negated;
      Token folded;
      folded.kind = Tok::kNumbers;
      folded.span = negated ? Span::Cover(out[n - 2].span, t.span) : t.span;
      folded.numbers = std::move(list);
      out.resize(negated ? n - 2 : n - 1);
      out.push_back(std::move(folded));
      return;
    }
    const size_t comma = negated ? 2 : 1;
    if (punct(comma, ",") && run(comma + 1)) {  // a further element
      Token& folded = out[n - 2 - comma];
      NumberList& list = *folded.numbers;
      if (SetComma(&list.elems.back(), out[n - 1 - comma])) {
        list.elems.push_back(l);
        list.any_negated |= negated;
        folded.span = Span::Cover(folded.span, t.span);
        out.resize(n - 1 - comma);
        return;
      }
    }
  }
  if (t.IsPunct("]")) {
    size_t i = SIZE_MAX;
    if (run(1)) {
      i = n - 2;
    } else if (punct(1, ",") && run(2)) {  // a trailing comma
      i = n - 3;
      if (!SetComma(&out[i].numbers->elems.back(), out[n - 2])) {
        Unfold(out, i, src, file);
        return;
      }
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(n - 2));
    }
    if (i != SIZE_MAX && out[i].numbers->elems.size() < NumberList::kMinElements)
      Unfold(out, i, src, file);
    if (i != SIZE_MAX) return;
  }
  // Anything else continues an open list only as its ',' or a '-' after the ','.
  const size_t k = OpenRun(out, n - 1);
  if (k == SIZE_MAX) return;
  const bool pending =
      (k == n - 2 && t.IsPunct(",")) || (k == n - 3 && punct(1, ",") && t.IsPunct("-"));
  if (!pending) Unfold(out, k, src, file);
}

void UnfoldOpenNumbers(std::vector<Token>& out, std::string_view src, uint32_t file) {
  const size_t i = OpenRun(out, out.size());
  if (i != SIZE_MAX) Unfold(out, i, src, file);
}

}  // namespace rlx::text
