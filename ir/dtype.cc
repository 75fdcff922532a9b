#include "ir/dtype.h"

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
