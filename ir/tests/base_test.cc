// Diagnostics rendering, error codes, data types and 16-bit float conversions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>

#include "ir/base/diagnostic.h"
#include "ir/base/float_bits.h"
#include "ir/dtype.h"

namespace rlx {
namespace {

TEST(Diagnostics, RenderWithSourceLineAndCaret) {
  SourceManager sm;
  uint32_t f = sm.Add("prog.py", "line one\n  y = bad(x)\n");
  DiagnosticEngine d(sm);
  auto& e = d.Error(ErrorCode::kUnknownName, Span{f, {2, 7}, {2, 10}}, "undefined name 'bad'");
  e.notes.push_back({Span{f, {1, 1}, {1, 5}}, "see here"});
  EXPECT_EQ(d.RenderAll(),
            "prog.py:2:7: error[E0201]: undefined name 'bad'\n"
            "      y = bad(x)\n"
            "          ^~~\n"
            "prog.py:1:1: note: see here\n"
            "    line one\n"
            "    ^~~~\n");
  EXPECT_TRUE(d.has_errors());
  EXPECT_EQ(d.error_count(), 1u);
}

TEST(Diagnostics, CaretCountsCharactersAndKeepsTabs) {
  SourceManager sm;
  uint32_t f = sm.Add("u.py", "\t\xe2\x88\x80 = x\n");
  DiagnosticEngine d(sm);
  d.Error(ErrorCode::kInvalidCharacter, Span{f, {1, 2}, {1, 3}}, "bad");
  EXPECT_NE(d.RenderAll().find("\n    \t^\n"), std::string::npos) << d.RenderAll();
}

TEST(Diagnostics, JsonOutput) {
  SourceManager sm;
  uint32_t f = sm.Add("a \"b\".py", "x\n");
  DiagnosticEngine d(sm);
  d.Error(ErrorCode::kUnexpectedToken, Span{f, {1, 1}, {1, 2}}, "bad \"thing\"\n");
  EXPECT_EQ(
      d.RenderJson(),
      "{\"diagnostics\":[{\"severity\":\"error\",\"code\":\"E0101\",\"rule\":"
      "\"text.syntax.token\",\"message\":\"bad \\\"thing\\\"\\n\",\"file\":\"a \\\"b\\\".py\","
      "\"line\":1,\"column\":1,\"end_line\":1,\"end_column\":2,\"notes\":[]}],\"errors\":1}");
  EXPECT_EQ(JsonEscape(std::string("\x01", 1)), "\\u0001");
}

TEST(Diagnostics, ErrorLimit) {
  SourceManager sm;
  DiagnosticEngine d(sm, 3);
  for (int i = 0; i < 10; ++i) d.Error(ErrorCode::kUnknownName, {}, "e" + std::to_string(i));
  EXPECT_EQ(d.error_count(), 10u);
  ASSERT_EQ(d.diagnostics().size(), 4u);
  EXPECT_EQ(d.diagnostics()[3].code, ErrorCode::kTooManyErrors);
}

TEST(ErrorCodes, AreUniqueAndDocumented) {
  std::set<std::string> codes;
  for (ErrorCode c : AllErrorCodes()) {
    std::string s(ErrorCodeString(c));
    EXPECT_TRUE(codes.insert(s).second) << "duplicate code " << s;
    EXPECT_EQ(s.size(), 5u);
    EXPECT_EQ(s[0], 'E');
    EXPECT_FALSE(ErrorCodeRule(c).empty());
    EXPECT_FALSE(ErrorCodeSummary(c).empty());
  }
}

TEST(DataTypes, NamesRoundTrip) {
  for (int i = 0; i < kNumDataTypes; ++i) {
    DataType t = static_cast<DataType>(i);
    EXPECT_EQ(ParseDataType(DataTypeName(t)), t);
  }
  EXPECT_EQ(ParseDataType(""), DataType::kVoid);
  EXPECT_EQ(ParseDataType("float"), DataType::kFloat32);
  EXPECT_FALSE(ParseDataType("float8").has_value());
  EXPECT_EQ(ParseDataType("float8_e4m3fn"), DataType::kFloat8E4M3FN);
  EXPECT_EQ(ParseDataType("e5m2_float8"), DataType::kFloat8E5M2);  // TVM before v0.20
  EXPECT_EQ(DataTypeBytes(DataType::kFloat8E5M2), 1);
  EXPECT_TRUE(IsFloat(DataType::kFloat8E4M3FN));
  EXPECT_EQ(DataTypeBits(DataType::kBFloat16), 16);
  EXPECT_EQ(DataTypeBytes(DataType::kBool), 1);
  EXPECT_TRUE(IsUnsignedInt(DataType::kUInt64));
  EXPECT_FALSE(IsInteger(DataType::kBool));
}

TEST(FloatBits, EveryHalfValueRoundTrips) {
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    double v = HalfBitsToDouble(static_cast<uint16_t>(bits));
    if (std::isnan(v)) continue;
    EXPECT_EQ(DoubleToHalfBits(v), bits) << bits;
    double b = BFloat16BitsToDouble(static_cast<uint16_t>(bits));
    if (!std::isnan(b)) {
      EXPECT_EQ(DoubleToBFloat16Bits(b), bits) << bits;
    }
  }
}

TEST(FloatBits, RoundingIsToNearestEven) {
  EXPECT_EQ(HalfBitsToDouble(DoubleToHalfBits(1.0 + std::ldexp(1, -11))), 1.0);  // tie: even
  EXPECT_EQ(HalfBitsToDouble(DoubleToHalfBits(1.0 + 3 * std::ldexp(1, -11))),
            1.0 + std::ldexp(1, -9));  // tie: up to even
  EXPECT_EQ(HalfBitsToDouble(DoubleToHalfBits(1.0 + std::ldexp(1, -11) + std::ldexp(1, -30))),
            1.0 + std::ldexp(1, -10));
  EXPECT_EQ(HalfBitsToDouble(DoubleToHalfBits(65504.0)), 65504.0);
  EXPECT_TRUE(std::isinf(HalfBitsToDouble(DoubleToHalfBits(65520.0))));
  EXPECT_EQ(HalfBitsToDouble(DoubleToHalfBits(65519.99)), 65504.0);
  EXPECT_EQ(HalfBitsToDouble(DoubleToHalfBits(std::ldexp(1, -24))), std::ldexp(1, -24));
  EXPECT_EQ(HalfBitsToDouble(DoubleToHalfBits(std::ldexp(1, -25))), 0.0);  // tie to even 0
  EXPECT_EQ(HalfBitsToDouble(DoubleToHalfBits(std::ldexp(3, -26))), std::ldexp(1, -24));
  EXPECT_TRUE(std::signbit(HalfBitsToDouble(DoubleToHalfBits(-0.0))));
  EXPECT_EQ(DoubleToHalfBits(NAN) & 0x7c00, 0x7c00);
  EXPECT_EQ(BFloat16BitsToDouble(DoubleToBFloat16Bits(1.0 + std::ldexp(1, -8))), 1.0);
  EXPECT_EQ(BFloat16BitsToDouble(DoubleToBFloat16Bits(3.0e38)), std::ldexp(226, 120));
  EXPECT_TRUE(std::isinf(BFloat16BitsToDouble(DoubleToBFloat16Bits(3.4e38))));
}

// syntax.dtype.float8: every 8-bit pattern reads as its value and that value rounds back to it;
// the values of the OCP 8-bit formats at their edges.
TEST(FloatBits, EveryFloat8ValueRoundTrips) {
  int nans_e4m3 = 0, nans_e5m2 = 0;
  for (uint32_t bits = 0; bits < 256; ++bits) {
    double a = Float8E4M3FNBitsToDouble(static_cast<uint8_t>(bits));
    if (std::isnan(a)) ++nans_e4m3;
    else EXPECT_EQ(DoubleToFloat8E4M3FNBits(a), bits) << bits;
    double b = Float8E5M2BitsToDouble(static_cast<uint8_t>(bits));
    if (std::isnan(b)) ++nans_e5m2;
    else EXPECT_EQ(DoubleToFloat8E5M2Bits(b), bits) << bits;
  }
  EXPECT_EQ(nans_e4m3, 2);  // 0x7F and 0xFF only
  EXPECT_EQ(nans_e5m2, 6);  // exponent all ones with a non-zero mantissa
}

TEST(FloatBits, Float8EdgesAndRounding) {
  auto e4m3 = [](double v) { return Float8E4M3FNBitsToDouble(DoubleToFloat8E4M3FNBits(v)); };
  auto e5m2 = [](double v) { return Float8E5M2BitsToDouble(DoubleToFloat8E5M2Bits(v)); };
  EXPECT_EQ(e4m3(448.0), 448.0);
  EXPECT_EQ(e4m3(464.0), 448.0);             // the tie between 448 and 480 goes to even 448
  EXPECT_TRUE(std::isnan(e4m3(465.0)));      // beyond: no infinity, NaN
  EXPECT_TRUE(std::isnan(e4m3(INFINITY)));
  EXPECT_EQ(e4m3(std::ldexp(1, -9)), std::ldexp(1, -9));  // the smallest subnormal
  EXPECT_EQ(e4m3(std::ldexp(1, -10)), 0.0);               // a tie to even 0
  EXPECT_EQ(e4m3(std::ldexp(15, -10)), std::ldexp(1, -6));  // 7.5 quanta round to the smallest normal
  EXPECT_EQ(e4m3(0.1), 0.1015625);
  EXPECT_TRUE(std::signbit(e4m3(-0.0)));
  EXPECT_EQ(e5m2(57344.0), 57344.0);
  EXPECT_EQ(e5m2(61439.0), 57344.0);
  EXPECT_TRUE(std::isinf(e5m2(61440.0)));    // the tie goes to even: infinity
  EXPECT_EQ(e5m2(std::ldexp(1, -16)), std::ldexp(1, -16));
  EXPECT_EQ(e5m2(1.2), 1.25);
  EXPECT_EQ(RoundToFloatDType(300.0, DataType::kFloat8E4M3FN), 288.0);
}

}  // namespace
}  // namespace rlx
