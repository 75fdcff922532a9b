// The JSON reader (ir/base/json.h): values, exact integers, escapes, errors with positions.
#include <gtest/gtest.h>

#include "ir/base/diagnostic.h"
#include "ir/base/json.h"

namespace rlx {
namespace {

TEST(Json, ParsesEveryKind) {
  std::string error;
  auto j = Json::Parse(R"({"a": [1, -2.5e3, true, false, null], "b": "x\"\u00e9\n", "c": {}})", &error);
  ASSERT_TRUE(j) << error;
  ASSERT_EQ(j->kind(), Json::Kind::kObject);
  const Json* a = j->Find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->items().size(), 5u);
  EXPECT_EQ(a->items()[0].as_int(), 1);
  EXPECT_EQ(a->items()[1].as_double(), -2500.0);
  EXPECT_FALSE(a->items()[1].as_int().has_value());
  EXPECT_TRUE(a->items()[2].as_bool());
  EXPECT_TRUE(a->items()[4].is_null());
  EXPECT_EQ(j->Find("b")->as_string(), "x\"\xc3\xa9\n");
  EXPECT_EQ(j->Find("c")->members().size(), 0u);
  EXPECT_EQ(j->Find("missing"), nullptr);
}

// A character beyond the Basic Multilingual Plane is escaped as a surrogate pair (as Python's
// json.dumps writes it): it reads as one 4-byte UTF-8 character.
TEST(Json, SurrogatePairsAreOneCharacter) {
  std::string error;
  auto j = Json::Parse(R"(["\ud83d\ude00", "\u263A"])", &error);
  ASSERT_TRUE(j) << error;
  EXPECT_EQ(j->items()[0].as_string(), "\xF0\x9F\x98\x80");
  EXPECT_EQ(j->items()[1].as_string(), "\xE2\x98\xBA");
  for (const char* bad : {R"("\ud83d")", R"("\ude00")", R"("\ud83d\u0041")", R"("\uZZZZ")", R"("\u+123")",
                          R"("\u12")"}) {
    EXPECT_FALSE(Json::Parse(bad, &error).has_value()) << bad;
  }
}

// JSON output is valid UTF-8: invalid bytes (quoted from a malformed file) become U+FFFD.
TEST(Json, EscapeKeepsUtf8AndReplacesInvalidBytes) {
  EXPECT_EQ(JsonEscape("a\xC3\xA9\xF0\x9F\x98\x80\"\n"), "a\xC3\xA9\xF0\x9F\x98\x80\\\"\\n");
  const std::string replacement = "\xEF\xBF\xBD";  // U+FFFD
  EXPECT_EQ(JsonEscape("x\xFFy\xC3"), "x" + replacement + "y" + replacement);
  EXPECT_EQ(JsonEscape("\xED\xA0\x80"), replacement + replacement + replacement);  // an encoded surrogate
}

TEST(Json, KeepsLargeIntegersExact) {
  std::string error;
  auto j = Json::Parse("[9223372036854775807, 18446744073709551615]", &error);
  ASSERT_TRUE(j) << error;
  EXPECT_EQ(j->items()[0].as_int(), INT64_MAX);
  EXPECT_FALSE(j->items()[1].as_int().has_value());  // beyond int64: the text is kept
  EXPECT_EQ(j->items()[1].number_text(), "18446744073709551615");
}

TEST(Json, RejectsMalformedInputWithAPosition) {
  for (const char* bad : {"", "[1, 2", "{\"a\" 1}", "[1,]", "01x", "\"abc", "{\"a\": tru}", "[1] 2",
                          "\"\\q\"", "[-]", "[1.]", "[1e]"}) {
    std::string error;
    EXPECT_FALSE(Json::Parse(bad, &error).has_value()) << bad;
    EXPECT_NE(error.find("line 1 col"), std::string::npos) << bad << ": " << error;
  }
  std::string deep(10000, '['), error;
  EXPECT_FALSE(Json::Parse(deep, &error).has_value());
  EXPECT_NE(error.find("deeply"), std::string::npos) << error;
}

}  // namespace
}  // namespace rlx
