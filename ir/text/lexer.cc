#include "ir/text/lexer.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string_view>
#include <unordered_set>

#include "ir/base/utf8.h"
#include "ir/text/number_fold.h"

namespace rlx::text {
namespace {

constexpr const char* kKeywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

// Longest first, so that the first match is the longest.
constexpr const char* kPuncts[] = {"**=", "//=", ">>=", "<<=", "...", "->", "**", "//", "<<", ">>",
                                   "<=",  ">=",  "==",  "!=",  ":=",  "+=", "-=", "*=", "/=", "%=",
                                   "&=",  "|=",  "^=",  "@=",  "(",   ")",  "[",  "]",  "{",  "}",
                                   ",",   ":",   ".",   ";",   "@",   "=",  "+",  "-",  "*",  "/",
                                   "%",   "<",   ">",   "~",   "&",   "|",  "^"};

// The longest punctuation token at the start of `rest`, or an empty view.
std::string_view MatchPunct(std::string_view rest) {
  static const std::vector<std::string_view> puncts(std::begin(kPuncts), std::end(kPuncts));
  for (std::string_view p : puncts) {  // longest first
    if (p[0] == rest[0] && rest.substr(0, p.size()) == p) return p;
  }
  return {};
}

bool IsIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool IsIdentChar(char c) {
  return IsIdentStart(c) || (c >= '0' && c <= '9');
}
bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

class Lexer {
 public:
  Lexer(uint32_t file, std::string_view text, DiagnosticEngine& diags, LexerLimits limits,
        SourcePos origin = {1, 1}, bool fragment = false)
      : file_(file),
        src_(text),
        diags_(diags),
        limits_(limits),
        line_(origin.line),
        col_(origin.col),
        at_line_start_(!fragment),
        errors_at_start_(diags.error_count()) {}

  std::vector<Token> Run() {
    if (src_.size() > limits_.max_source_bytes) {
      diags_.Error(ErrorCode::kSourceTooLarge, SpanAt(Here(), Here()),
                   "source is " + std::to_string(src_.size()) + " bytes; the limit is " +
                       std::to_string(limits_.max_source_bytes));
      return Finish();
    }
    if (!CheckUtf8()) return Finish();
    // A UTF-8 byte-order mark is allowed at the very start, as in Python.
    if (src_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
    while (pos_ < src_.size() && !stopped_) {
      if (at_line_start_ && brackets_.empty()) {
        if (!HandleIndentation()) continue;
      }
      const size_t start = pos_, tokens = out_.size(), errors = diags_.error_count();
      LexToken();
      if (out_.size() > tokens) FoldNumbers(out_, src_, file_, start, pos_, diags_.error_count() == errors);
    }
    return Finish();
  }

 private:
  struct OpenBracket {
    char c;
    Span span;
  };
  struct Indent {
    int tab8 = 0;  // width with tabs to the next multiple of 8
    int tab1 = 0;  // width with tabs as one column
  };

  SourcePos Here() const { return {line_, col_}; }
  Span SpanAt(SourcePos b, SourcePos e) const { return Span{file_, b, e}; }
  char Peek(size_t k = 0) const { return pos_ + k < src_.size() ? src_[pos_ + k] : '\0'; }

  void Advance() {
    char c = src_[pos_];
    if (c == '\n') {
      ++line_;
      col_ = 1;
      ++pos_;
      return;
    }
    size_t n = Utf8Length(src_, pos_);
    pos_ += n ? n : 1;
    ++col_;
  }

  bool CheckUtf8() {
    uint32_t line = 1, col = 1;
    for (size_t i = 0; i < src_.size();) {
      size_t n = Utf8Length(src_, i);
      if (n == 0) {
        diags_.Error(ErrorCode::kInvalidUtf8, SpanAt({line, col}, {line, col + 1}),
                     "invalid UTF-8 byte 0x" + Hex(static_cast<unsigned char>(src_[i])));
        return false;
      }
      if (src_[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
      i += n;
    }
    return true;
  }

  static std::string Hex(unsigned v) {
    const char* d = "0123456789abcdef";
    return std::string{d[(v >> 4) & 15], d[v & 15]};
  }

  void Emit(Tok kind, std::string text, SourcePos begin) {
    Token t;
    t.kind = kind;
    t.text = std::move(text);
    t.span = SpanAt(begin, Here());
    out_.push_back(std::move(t));
  }

  // Measures the indentation of a new line; returns false when the line is blank (skipped).
  // As in Python, indentation is measured twice, with tabs as 8 columns and as 1: when the
  // two measures order two lines differently, tabs and spaces are mixed ambiguously.
  bool HandleIndentation() {
    Indent width;
    SourcePos begin = Here();
    while (pos_ < src_.size() && (Peek() == ' ' || Peek() == '\t' || Peek() == '\f')) {
      if (Peek() == '\t') {
        width.tab8 = (width.tab8 / 8 + 1) * 8;
        width.tab1 += 1;
      } else if (Peek() == ' ') {
        width.tab8 += 1;
        width.tab1 += 1;
      }
      Advance();
    }
    char c = Peek();
    if (pos_ >= src_.size() || c == '\n' || c == '#' || (c == '\r' && Peek(1) == '\n')) {
      // Blank or comment-only line: no tokens, no indentation change.
      SkipToLineEnd();
      if (pos_ < src_.size()) Advance();
      return false;
    }
    if (c == '\\' && (Peek(1) == '\n' || (Peek(1) == '\r' && Peek(2) == '\n'))) {
      // A continuation at the start of a line keeps the line going.
      at_line_start_ = false;
      return true;
    }
    at_line_start_ = false;
    auto ambiguous = [&](const Indent& a, const Indent& b) {
      auto order = [](int x, int y) { return x < y ? -1 : x > y ? 1 : 0; };
      return order(a.tab8, b.tab8) != order(a.tab1, b.tab1);
    };
    if (ambiguous(width, indents_.back())) {
      diags_.Error(ErrorCode::kMixedIndentation, SpanAt(begin, Here()),
                   "inconsistent use of tabs and spaces in indentation");
      stopped_ = true;  // the block structure is unknowable from here on
      return true;
    }
    if (width.tab8 > indents_.back().tab8) {
      indents_.push_back(width);
      Emit(Tok::kIndent, "", Here());
    } else if (width.tab8 < indents_.back().tab8) {
      while (width.tab8 < indents_.back().tab8) {
        indents_.pop_back();
        Emit(Tok::kDedent, "", Here());
      }
      if (width.tab8 != indents_.back().tab8) {
        diags_.Error(ErrorCode::kInconsistentDedent, SpanAt(begin, Here()),
                     "unindent does not match any outer indentation level");
        indents_.push_back(width);
      }
    }
    return true;
  }

  void SkipToLineEnd() {
    while (pos_ < src_.size() && Peek() != '\n') Advance();
  }

  void EndLogicalLine() {
    if (!out_.empty() && out_.back().kind != Tok::kNewline && out_.back().kind != Tok::kIndent &&
        out_.back().kind != Tok::kDedent) {
      Emit(Tok::kNewline, "", Here());
    }
    at_line_start_ = true;
  }

  void LexToken() {
    char c = Peek();
    SourcePos begin = Here();
    if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
      Advance();
      return;
    }
    if (c == '\n') {
      if (brackets_.empty()) {
        // The NEWLINE token covers the line break itself.
        Token t;
        t.kind = Tok::kNewline;
        Advance();
        t.span = SpanAt(begin, {begin.line, begin.col + 1});
        if (!out_.empty() && out_.back().kind != Tok::kNewline) out_.push_back(t);
        at_line_start_ = true;
      } else {
        Advance();
      }
      return;
    }
    if (c == '#') {
      SkipToLineEnd();
      return;
    }
    if (c == '\\') {
      if (Peek(1) == '\n') {
        Advance();
        Advance();
      } else if (Peek(1) == '\r' && Peek(2) == '\n') {
        Advance();
        Advance();
        Advance();
      } else {
        Advance();
        diags_.Error(ErrorCode::kStrayContinuation, SpanAt(begin, Here()),
                     "a line-continuation backslash must end the line");
      }
      return;
    }
    if (IsIdentStart(c)) {
      size_t start = pos_;
      while (pos_ < src_.size() && IsIdentChar(Peek())) Advance();
      std::string word(src_.substr(start, pos_ - start));
      // String prefixes: r"..", u"..", b"..", f"..", rb"..".
      if ((Peek() == '"' || Peek() == '\'') && word.size() <= 2) {
        std::string lower;
        for (char w : word) lower.push_back(static_cast<char>(w | 0x20));
        if (lower == "r" || lower == "u" || lower == "b" || lower == "f" || lower == "rb" ||
            lower == "br" || lower == "fr" || lower == "rf") {
          LexString(begin, lower);
          return;
        }
      }
      Tok kind = IsPythonKeyword(word) ? Tok::kKeyword : Tok::kName;
      Emit(kind, std::move(word), begin);
      return;
    }
    if (IsDigit(c) || (c == '.' && IsDigit(Peek(1)))) {
      LexNumber(begin);
      return;
    }
    if (c == '"' || c == '\'') {
      LexString(begin, "");
      return;
    }
    if (std::string_view p = MatchPunct(src_.substr(pos_)); !p.empty()) {
      for (size_t k = 0; k < p.size(); ++k) Advance();
      Emit(Tok::kPunct, std::string(p), begin);
      TrackBracket(p[0], p.size(), begin);
      return;
    }
    Advance();
    std::string shown(src_.substr(pos_ - 1, 1));
    if (static_cast<unsigned char>(c) >= 0x80) {
      diags_.Error(ErrorCode::kInvalidCharacter, SpanAt(begin, Here()),
                   "non-ASCII character outside a string or comment");
    } else {
      diags_.Error(ErrorCode::kInvalidCharacter, SpanAt(begin, Here()),
                   "invalid character '" + shown + "'");
    }
  }

  void TrackBracket(char c, size_t len, SourcePos begin) {
    if (len != 1) return;
    if (c == '(' || c == '[' || c == '{') {
      if (static_cast<int>(brackets_.size()) >= limits_.max_bracket_depth) {
        diags_.Error(ErrorCode::kNestingTooDeep, SpanAt(begin, Here()),
                     "brackets nested deeper than " + std::to_string(limits_.max_bracket_depth));
        stopped_ = true;
        return;
      }
      brackets_.push_back({c, SpanAt(begin, Here())});
      return;
    }
    if (c != ')' && c != ']' && c != '}') return;
    char want = c == ')' ? '(' : c == ']' ? '[' : '{';
    if (brackets_.empty()) {
      diags_.Error(ErrorCode::kUnbalancedBracket, SpanAt(begin, Here()),
                   std::string("unmatched '") + c + "'");
      return;
    }
    if (brackets_.back().c != want) {
      auto& d = diags_.Error(
          ErrorCode::kUnbalancedBracket, SpanAt(begin, Here()),
          std::string("closing '") + c + "' does not match opening '" + brackets_.back().c + "'");
      d.notes.push_back({brackets_.back().span, "the bracket opened here"});
    }
    brackets_.pop_back();
  }

  void LexNumber(SourcePos begin) {
    size_t start = pos_;
    auto eat_digits = [&](auto is_digit) {
      bool any = false, last_underscore = false, bad = false;
      while (pos_ < src_.size() && (is_digit(Peek()) || Peek() == '_')) {
        if (Peek() == '_') {
          if (!any || last_underscore) bad = true;
          last_underscore = true;
        } else {
          any = true;
          last_underscore = false;
        }
        Advance();
      }
      return any && !bad && !last_underscore;
    };
    bool ok = true;
    bool is_float = false;
    int base = 10;
    if (Peek() == '0' && (Peek(1) == 'x' || Peek(1) == 'X' || Peek(1) == 'o' || Peek(1) == 'O' ||
                          Peek(1) == 'b' || Peek(1) == 'B')) {
      char p = static_cast<char>(Peek(1) | 0x20);
      base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
      Advance();
      Advance();
      if (Peek() == '_') Advance();  // Python allows 0x_ff
      ok = eat_digits([base](char d) {
        if (base == 16) return IsDigit(d) || ((d | 0x20) >= 'a' && (d | 0x20) <= 'f');
        if (base == 8) return d >= '0' && d <= '7';
        return d == '0' || d == '1';
      });
    } else {
      bool int_part = IsDigit(Peek()) ? eat_digits(IsDigit) : true;
      ok = int_part;
      if (Peek() == '.' && !(Peek(1) == '.' && Peek(2) == '.')) {
        is_float = true;
        Advance();
        if (IsDigit(Peek())) ok = eat_digits(IsDigit) && ok;
      }
      if (Peek() == 'e' || Peek() == 'E') {
        is_float = true;
        Advance();
        if (Peek() == '+' || Peek() == '-') Advance();
        ok = IsDigit(Peek()) && eat_digits(IsDigit) && ok;
      }
    }
    if (Peek() == 'j' || Peek() == 'J') {
      Advance();
      diags_.Error(ErrorCode::kUnsupportedLiteral, SpanAt(begin, Here()),
                   "complex literals are not supported");
      Emit(Tok::kInt, "0", begin);
      return;
    }
    if (IsIdentChar(Peek())) {
      while (pos_ < src_.size() && IsIdentChar(Peek())) Advance();
      ok = false;
    }
    std::string text;
    for (char ch : src_.substr(start, pos_ - start)) {
      if (ch != '_') text.push_back(ch);
    }
    if (!ok) {
      diags_.Error(
          ErrorCode::kInvalidNumber, SpanAt(begin, Here()),
          "invalid numeric literal '" + std::string(src_.substr(start, pos_ - start)) + "'");
      Emit(Tok::kInt, "0", begin);
      return;
    }
    if (is_float) {
      Token t;
      t.kind = Tok::kFloat;
      t.text = text;
      auto r = std::from_chars(text.data(), text.data() + text.size(), t.float_value);
      if (r.ec == std::errc::result_out_of_range) {
        // Python gives inf for overflow and 0 for underflow; from_chars reports both.
        t.float_value = text.find("e-") != std::string::npos || text.find("E-") != std::string::npos
                            ? 0.0
                            : HUGE_VAL;
      }
      t.span = SpanAt(begin, Here());
      out_.push_back(std::move(t));
      return;
    }
    if (base == 10 && text.size() > 1 && text[0] == '0') {
      for (char ch : text) {
        if (ch != '0') {
          diags_.Error(ErrorCode::kInvalidNumber, SpanAt(begin, Here()),
                       "leading zeros in a decimal integer literal are not allowed");
          break;
        }
      }
    }
    Token t;
    t.kind = Tok::kInt;
    t.text = text;
    const char* digits = text.data() + (base == 10 ? 0 : 2);
    auto r = std::from_chars(digits, text.data() + text.size(), t.int_value, base);
    if (r.ec == std::errc::result_out_of_range) t.int_overflow = true;
    t.span = SpanAt(begin, Here());
    out_.push_back(std::move(t));
  }

  void LexString(SourcePos begin, const std::string& prefix) {
    bool raw = prefix.find('r') != std::string::npos;
    bool unsupported =
        prefix.find('b') != std::string::npos || prefix.find('f') != std::string::npos;
    char quote = Peek();
    bool triple = Peek(1) == quote && Peek(2) == quote;
    Advance();
    if (triple) {
      Advance();
      Advance();
    }
    std::string value;
    bool closed = false;
    while (pos_ < src_.size()) {
      char c = Peek();
      if (c == quote && (!triple || (Peek(1) == quote && Peek(2) == quote))) {
        Advance();
        if (triple) {
          Advance();
          Advance();
        }
        closed = true;
        break;
      }
      if (c == '\n' && !triple) break;
      if (c == '\\') {
        SourcePos esc = Here();
        Advance();
        if (pos_ >= src_.size()) break;
        if (raw) {
          value.push_back('\\');
          value.push_back(Peek());
          Advance();
          continue;
        }
        LexEscape(value, esc);
        continue;
      }
      size_t n = Utf8Length(src_, pos_);
      value.append(src_.substr(pos_, n ? n : 1));
      Advance();
    }
    if (!closed) {
      diags_.Error(ErrorCode::kUnterminatedString, SpanAt(begin, Here()),
                   "unterminated string literal");
      // The rest of the file would be misread quote by quote: stop at the first one.
      stopped_ = true;
    } else if (unsupported) {
      diags_.Error(ErrorCode::kUnsupportedLiteral, SpanAt(begin, Here()),
                   prefix.find('b') != std::string::npos ? "bytes literals are not supported"
                                                         : "f-strings are not supported");
    }
    Emit(Tok::kString, std::move(value), begin);
  }

  void LexEscape(std::string& value, SourcePos esc) {
    char c = Peek();
    auto hex_escape = [&](int digits) {
      uint32_t cp = 0;
      for (int k = 0; k < digits; ++k) {
        char h = Peek();
        int d = IsDigit(h)                                 ? h - '0'
                : ((h | 0x20) >= 'a' && (h | 0x20) <= 'f') ? (h | 0x20) - 'a' + 10
                                                           : -1;
        if (d < 0) {
          diags_.Error(ErrorCode::kInvalidEscape, SpanAt(esc, Here()),
                       "truncated \\" + std::string(1, c) + " escape");
          return;
        }
        cp = cp * 16 + static_cast<uint32_t>(d);
        Advance();
      }
      if (digits == 2) {
        AppendUtf8(value, cp);
      } else if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        diags_.Error(ErrorCode::kInvalidEscape, SpanAt(esc, Here()),
                     "escape is not a valid Unicode scalar value");
      } else {
        AppendUtf8(value, cp);
      }
    };
    switch (c) {
      case '\n': Advance(); return;  // an escaped line break continues the string
      case '\\': value.push_back('\\'); break;
      case '\'': value.push_back('\''); break;
      case '"': value.push_back('"'); break;
      case 'a': value.push_back('\a'); break;
      case 'b': value.push_back('\b'); break;
      case 'f': value.push_back('\f'); break;
      case 'n': value.push_back('\n'); break;
      case 'r': value.push_back('\r'); break;
      case 't': value.push_back('\t'); break;
      case 'v': value.push_back('\v'); break;
      case 'x':
        Advance();
        hex_escape(2);
        return;
      case 'u':
        Advance();
        hex_escape(4);
        return;
      case 'U':
        Advance();
        hex_escape(8);
        return;
      case 'N':
        Advance();
        diags_.Error(ErrorCode::kInvalidEscape, SpanAt(esc, Here()),
                     "\\N{...} escapes are not supported");
        return;
      default:
        if (c >= '0' && c <= '7') {
          uint32_t v = 0;
          for (int k = 0; k < 3 && Peek() >= '0' && Peek() <= '7'; ++k) {
            v = v * 8 + static_cast<uint32_t>(Peek() - '0');
            Advance();
          }
          AppendUtf8(value, v);
          return;
        }
        // Python keeps unknown escapes as written.
        value.push_back('\\');
        size_t n = Utf8Length(src_, pos_);
        value.append(src_.substr(pos_, n ? n : 1));
        Advance();
        return;
    }
    Advance();
  }

  std::vector<Token> Finish() {
    UnfoldOpenNumbers(out_, src_, file_);
    // An unclosed bracket after another lexical error (say, an unterminated string that
    // swallowed the closing bracket) is a consequence, not a second mistake.
    bool earlier_errors = diags_.error_count() != errors_at_start_;
    for (const auto& b : brackets_) {
      if (stopped_ || earlier_errors) break;
      diags_.Error(ErrorCode::kUnclosedBracket, b.span,
                   std::string("'") + b.c + "' was never closed");
      break;  // report the outermost only; the rest follow from it
    }
    if (!out_.empty() && out_.back().kind != Tok::kNewline && out_.back().kind != Tok::kDedent &&
        out_.back().kind != Tok::kIndent) {
      Emit(Tok::kNewline, "", Here());
    }
    while (indents_.size() > 1) {
      indents_.pop_back();
      Emit(Tok::kDedent, "", Here());
    }
    Emit(Tok::kEnd, "", Here());
    return std::move(out_);
  }

  uint32_t file_;
  std::string_view src_;
  DiagnosticEngine& diags_;
  LexerLimits limits_;
  size_t pos_ = 0;
  uint32_t line_ = 1, col_ = 1;
  bool at_line_start_ = true;  // false for fragments: no indentation tokens
  bool stopped_ = false;
  size_t errors_at_start_;
  std::vector<Indent> indents_{Indent{}};
  std::vector<OpenBracket> brackets_;
  std::vector<Token> out_;
};

}  // namespace

bool IsPythonKeyword(std::string_view word) {
  static const std::unordered_set<std::string_view> keywords(std::begin(kKeywords),
                                                             std::end(kKeywords));
  return keywords.count(word) > 0;
}

std::vector<Token> Lex(uint32_t file_id, DiagnosticEngine& diags, LexerLimits limits) {
  const SourceFile* f = diags.sources().Get(file_id);
  if (!f) return {Token{}};
  return Lexer(file_id, f->text(), diags, limits).Run();
}

std::vector<Token> LexFragment(std::string_view text, uint32_t file_id, SourcePos origin,
                               DiagnosticEngine& diags) {
  return Lexer(file_id, text, diags, LexerLimits{}, origin, /*fragment=*/true).Run();
}

std::string DescribeToken(const Token& t) {
  switch (t.kind) {
    case Tok::kEnd: return "end of file";
    case Tok::kNewline: return "end of line";
    case Tok::kIndent: return "an indented block";
    case Tok::kDedent: return "the end of a block";
    case Tok::kName: return "name '" + t.text + "'";
    case Tok::kKeyword: return "keyword '" + t.text + "'";
    case Tok::kInt:
    case Tok::kFloat: return "number " + t.text;
    case Tok::kString: return "a string";
    case Tok::kPunct: return "'" + t.text + "'";
    case Tok::kNumbers: return "numbers";
  }
  return "?";
}

}  // namespace rlx::text
