#include "ir/text/literal_format.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "ir/base/float_bits.h"

namespace rlx::text {

std::string FormatFloat(double v, DataType dtype) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[64];
  std::to_chars_result r;
  if (dtype == DataType::kFloat16 || dtype == DataType::kBFloat16 || IsFloat8(dtype)) {
    // The fewest significant digits that read back as the same 16- or 8-bit value.
    double shortest = v;
    for (int digits = 1; digits <= 9; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*g", digits, v);
      shortest = std::strtod(buf, nullptr);
      if (RoundToFloatDType(shortest, dtype) == v) break;
    }
    // Written in the notation of the other dtypes: the double nearest those few digits prints
    // as exactly them, in the shorter of fixed and scientific notation.
    r = std::to_chars(buf, buf + sizeof buf, shortest);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return s;
  }
  if (dtype == DataType::kFloat64) {
    r = std::to_chars(buf, buf + sizeof buf, v);
  } else {
    // float16/bfloat16 values are exact in float32, and the shortest float32 decimal is
    // close enough to read back to the same 16-bit value.
    r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
  }
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string FormatFloatExpr(double v, DataType dtype) {
  if (std::isnan(v)) return std::signbit(v) ? "-float(\"nan\")" : "float(\"nan\")";
  if (std::isinf(v)) return v < 0 ? "-float(\"inf\")" : "float(\"inf\")";
  return FormatFloat(v, dtype);
}

std::string QuoteString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 0x20 || u == 0x7f) {
          static const char* hex = "0123456789abcdef";
          out += "\\x";
          out.push_back(hex[u >> 4]);
          out.push_back(hex[u & 15]);
        } else {
          out.push_back(c);
        }
    }
  }
  out += "\"";
  return out;
}

}  // namespace rlx::text
