// Large numeric list displays (token.h NumberList, spec text.limit.size): the lexer folds them
// into one token, and what the parser builds from them is exactly what the unfolded tokens
// build, errors included.
#include <gtest/gtest.h>

#include "ir/tests/test_util.h"
#include "ir/text/lexer.h"

namespace rlx {
namespace {

using testing_util::Parse;
using testing_util::ParseOk;

std::vector<text::Token> LexText(const std::string& text, SourceManager& sm,
                                 DiagnosticEngine& diags) {
  return text::Lex(sm.Add("t.py", text), diags);
}

// "a0, a1, ..." for n elements made by `element(i)`.
template <class F>
std::string Elements(int n, F element) {
  std::string s;
  for (int i = 0; i < n; ++i) s += std::string(i ? ", " : "") + std::string(element(i));
  return s;
}

TEST(NumberList, LongListsFoldIntoOneTokenShortOnesDoNot) {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  auto toks =
      LexText("x = [" + Elements(20, [](int i) { return std::to_string(i); }) + "]\n", sm, diags);
  ASSERT_FALSE(diags.has_errors());
  ASSERT_EQ(toks.size(), 7u);  // x = [ NUMBERS ] NEWLINE END
  EXPECT_EQ(toks[3].kind, text::Tok::kNumbers);
  EXPECT_EQ(toks[3].numbers->elems.size(), 20u);
  // A short list stays tokens, with their exact text and spans.
  toks = LexText("x = [1_0, -2.50, 3e1]\n", sm, diags);
  ASSERT_EQ(toks.size(), 12u);  // x = [ 10 , - 2.50 , 3e1 ] NEWLINE END
  EXPECT_EQ(toks[3].text, "10");
  EXPECT_EQ(toks[3].span.begin.col, 6u);
  EXPECT_EQ(toks[3].span.end.col, 9u);
  EXPECT_EQ(toks[5].text, "-");
  EXPECT_EQ(toks[6].text, "2.50");
  EXPECT_EQ(toks[6].kind, text::Tok::kFloat);
}

// A list that turns out to hold something else is unfolded into the very tokens it stands for.
TEST(NumberList, ListsThatHoldAnythingElseAreUnfolded) {
  for (const char* tail : {", x]", " - 1]", ", (2)]", ", 2 ** 3]", ", 1j]", ", 08]",
                           ", 99999999999999999999]", ", , 1]", " 5]", ", -x]", ", - - 1]"}) {
    SourceManager sm;
    DiagnosticEngine diags(sm);
    const std::string head =
        "x = [" + Elements(20, [](int i) { return std::to_string(i) + (i % 2 ? ".5" : ""); });
    auto toks = LexText(head + tail + "\n", sm, diags);
    for (const auto& t : toks) EXPECT_NE(t.kind, text::Tok::kNumbers) << tail;
    // The first 20 numbers are there, each with its text and column.
    int numbers = 0;
    uint32_t col = 6;
    for (const auto& t : toks) {
      if ((t.kind == text::Tok::kInt || t.kind == text::Tok::kFloat) && numbers < 20) {
        EXPECT_EQ(t.text, std::to_string(numbers) + (numbers % 2 ? ".5" : "")) << tail;
        EXPECT_EQ(t.span.begin.col, col) << tail;
        col += static_cast<uint32_t>(t.text.size()) + 2;
        ++numbers;
      }
    }
    EXPECT_EQ(numbers, 20) << tail;
  }
}

// A constant from folded numbers equals the constant the same numbers make unfolded (a
// parenthesized first element keeps a list from folding).
TEST(NumberList, ConstantsAreThoseOfTheUnfoldedList) {
  auto module = [](const std::string& data, const std::string& dtype) {
    return "@R.function\ndef main() -> R.Tensor:\n    c = R.const(" + data +
           (dtype.empty() ? "" : ", \"" + dtype + "\"") + ")\n    return c\n";
  };
  const std::vector<std::string> lists = {
      "[" + Elements(20, [](int i) { return std::to_string(i * 37 - 300); }) + "]",
      "[" + Elements(20, [](int i) { return (i % 3 ? "-" : "") + std::to_string(i) + ".25"; }) +
          "]",
      "[" +
          Elements(18,
                   [](int i) { return i % 2 ? std::to_string(i) : std::to_string(i) + "e-3"; }) +
          ", -0.0, 1.0,]",
      "[[" + Elements(16, [](int i) { return std::to_string(i); }) + "], [" +
          Elements(16, [](int i) { return std::to_string(-i); }) + "]]",
      "[" + Elements(20, [](int i) { return std::to_string(i + 1) + "922337203685477580"; }) + "]",
      "[" +
          Elements(20, [](int i) { return i ? "-9223372036854775808" : "18446744073709551615"; }) +
          "]",
  };
  for (const std::string& list : lists) {
    std::string unfolded = list;
    const size_t first = unfolded.find_first_of("-0123456789");
    const size_t end = unfolded.find_first_of(",]", first);
    unfolded = unfolded.substr(0, first) + "(" + unfolded.substr(first, end - first) + ")" +
               unfolded.substr(end);
    for (const std::string dtype :
         {"", "float32", "float16", "int8", "int32", "int64", "uint64", "bool"}) {
      for (const std::string& form : std::vector<std::string>{"%", "np.array(%)", "value=%"}) {
        auto make = [&](const std::string& data) {
          std::string c = form;
          c.replace(c.find('%'), 1, data);
          return module(c, dtype);
        };
        auto a = Parse(make(list));
        auto b = Parse(make(unfolded));
        ASSERT_EQ(a.module == nullptr, b.module == nullptr)
            << list << " " << dtype << " " << form << "\n"
            << a.diags->RenderAll() << b.diags->RenderAll();
        if (a.module) {
          EXPECT_EQ(text::PrintModule(*a.module), text::PrintModule(*b.module))
              << list << " " << dtype;
        } else {
          EXPECT_EQ(a.diags->diagnostics().at(0).code, b.diags->diagnostics().at(0).code)
              << list << " " << dtype;
        }
      }
    }
  }
}

// Folded numbers anywhere else read as the values they stand for: a shape, a subscript, a
// target, an error in the middle of the list.
TEST(NumberList, FoldedNumbersElsewhereReadAsTheirValues) {
  const std::string twenty = Elements(20, [](int i) { return std::to_string(i + 1); });
  auto bad_target = Parse("[" + twenty + "] = f()\n");
  EXPECT_EQ(bad_target.module, nullptr);
  EXPECT_TRUE(bad_target.diags->has_errors());
  auto subscript = Parse("@R.function\ndef main(x: R.Tuple(R.Prim(\"int64\"))):\n    y = x[" +
                         twenty + "]\n    return y\n");
  EXPECT_EQ(subscript.module, nullptr);
  auto shape = ParseOk("@R.function\ndef main() -> R.Shape:\n    s = R.shape([" + twenty +
                       "])\n    return s\n");
  ASSERT_NE(shape, nullptr);
  EXPECT_NE(text::PrintModule(*shape).find("R.shape([1, 2, 3"), std::string::npos)
      << text::PrintModule(*shape);
  const std::string line = "x = [" + twenty + " 21]\n";
  auto missing_comma = Parse(line);
  ASSERT_TRUE(missing_comma.diags->has_errors());
  EXPECT_EQ(missing_comma.diags->diagnostics().at(0).span.begin.col, line.find(" 21]") + 2);
}

}  // namespace
}  // namespace rlx
