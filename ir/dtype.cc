#include "ir/dtype.h"

#include <cmath>
#include <string>

#include "ir/base/float_bits.h"

namespace rlx {

std::string_view DataTypeName(DataType t) {
  switch (t) {
    case DataType::kVoid: return "void";
    case DataType::kBool: return "bool";
    case DataType::kInt8: return "int8";
    case DataType::kInt16: return "int16";
    case DataType::kInt32: return "int32";
    case DataType::kInt64: return "int64";
    case DataType::kUInt8: return "uint8";
    case DataType::kUInt16: return "uint16";
    case DataType::kUInt32: return "uint32";
    case DataType::kUInt64: return "uint64";
    case DataType::kFloat16: return "float16";
    case DataType::kBFloat16: return "bfloat16";
    case DataType::kFloat32: return "float32";
    case DataType::kFloat64: return "float64";
    case DataType::kFloat8E4M3FN: return "float8_e4m3fn";
    case DataType::kFloat8E5M2: return "float8_e5m2";
  }
  return "void";
}

std::optional<DataType> ParseDataType(std::string_view name) {
  if (name.empty()) return DataType::kVoid;
  for (int i = 0; i < kNumDataTypes; ++i) {
    DataType t = static_cast<DataType>(i);
    if (DataTypeName(t) == name) return t;
  }
  // TVM's runtime DataType accepts these shorthands.
  if (name == "float") return DataType::kFloat32;
  if (name == "int") return DataType::kInt32;
  if (name == "uint") return DataType::kUInt32;
  // TVM's names for the float8 dtypes before v0.20 (text.dtype).
  if (name == "e4m3_float8") return DataType::kFloat8E4M3FN;
  if (name == "e5m2_float8") return DataType::kFloat8E5M2;
  return std::nullopt;
}

int DataTypeBits(DataType t) {
  switch (t) {
    case DataType::kVoid: return 0;
    case DataType::kBool: return 1;
    case DataType::kInt8:
    case DataType::kUInt8:
    case DataType::kFloat8E4M3FN:
    case DataType::kFloat8E5M2: return 8;
    case DataType::kInt16:
    case DataType::kUInt16:
    case DataType::kFloat16:
    case DataType::kBFloat16: return 16;
    case DataType::kInt32:
    case DataType::kUInt32:
    case DataType::kFloat32: return 32;
    case DataType::kInt64:
    case DataType::kUInt64:
    case DataType::kFloat64: return 64;
  }
  return 0;
}

int DataTypeBytes(DataType t) {
  if (t == DataType::kBool) return 1;
  return DataTypeBits(t) / 8;
}

bool IsFloat(DataType t) {
  return t == DataType::kFloat16 || t == DataType::kBFloat16 || t == DataType::kFloat32 ||
         t == DataType::kFloat64 || IsFloat8(t);
}

bool IsFloat8(DataType t) { return t == DataType::kFloat8E4M3FN || t == DataType::kFloat8E5M2; }

double RoundToFloatDType(double v, DataType t) {
  switch (t) {
    case DataType::kFloat16: return HalfBitsToDouble(DoubleToHalfBits(v));
    case DataType::kBFloat16: return BFloat16BitsToDouble(DoubleToBFloat16Bits(v));
    case DataType::kFloat32: return static_cast<float>(v);
    case DataType::kFloat8E4M3FN: return Float8E4M3FNBitsToDouble(DoubleToFloat8E4M3FNBits(v));
    case DataType::kFloat8E5M2: return Float8E5M2BitsToDouble(DoubleToFloat8E5M2Bits(v));
    default: return v;
  }
}

double IntToFloatDType(int64_t bits, bool is_signed, DataType t) {
  const double exact = is_signed ? static_cast<double>(bits) : static_cast<double>(static_cast<uint64_t>(bits));
  if (t == DataType::kFloat32 || t == DataType::kFloat64) return RoundToFloatDType(exact, t);  // one hardware rounding
  const bool neg = is_signed && bits < 0;
  const unsigned __int128 m = neg ? static_cast<unsigned __int128>(-static_cast<__int128>(bits))
                                  : static_cast<unsigned __int128>(static_cast<uint64_t>(bits));
  // Below 2^24 the double is exact, so it rounds once.
  if (m < (static_cast<unsigned __int128>(1) << 24)) return RoundToFloatDType(exact, t);
  // Otherwise round the magnitude to the dtype's significant bits first, exactly.
  const int keep = t == DataType::kFloat16 ? 11 : t == DataType::kBFloat16 ? 8 : t == DataType::kFloat8E4M3FN ? 4 : 3;
  int top = 127;
  while (!((m >> top) & 1)) --top;
  const int drop = top + 1 - keep;
  unsigned __int128 q = m >> drop;
  const unsigned __int128 rem = m & ((static_cast<unsigned __int128>(1) << drop) - 1);
  const unsigned __int128 half = static_cast<unsigned __int128>(1) << (drop - 1);
  if (rem > half || (rem == half && (q & 1))) ++q;
  const double r = std::ldexp(static_cast<double>(static_cast<uint64_t>(q)), drop);
  return RoundToFloatDType(neg ? -r : r, t);
}

bool IsSignedInt(DataType t) {
  return t == DataType::kInt8 || t == DataType::kInt16 || t == DataType::kInt32 ||
         t == DataType::kInt64;
}

bool IsUnsignedInt(DataType t) {
  return t == DataType::kUInt8 || t == DataType::kUInt16 || t == DataType::kUInt32 ||
         t == DataType::kUInt64;
}

bool FitsDataType(DataType t, int64_t v) {
  if (t == DataType::kBool) return v == 0 || v == 1;
  const int bits = DataTypeBits(t);
  if (IsUnsignedInt(t)) return v >= 0 && (bits >= 64 || v < (int64_t{1} << bits));
  if (IsSignedInt(t)) return bits >= 64 || (v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1)));
  return true;
}

}  // namespace rlx
