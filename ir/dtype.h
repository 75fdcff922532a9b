// Data types of tensors and primitive values (spec §1.2 "Data types").
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rlx {

/// The data types rlx knows; kVoid means "unknown" (TVM's Void).
enum class DataType : uint8_t {
  kVoid,
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kUInt8,
  kUInt16,
  kUInt32,
  kUInt64,
  kFloat16,
  kBFloat16,
  kFloat32,
  kFloat64,
  kFloat8E4M3FN,  // OCP FP8 E4M3 (finite: no infinities)
  kFloat8E5M2,    // OCP FP8 E5M2 (IEEE-like)
};

/// Number of DataType values (kVoid included).
inline constexpr int kNumDataTypes = 16;

/// The TVMScript name, e.g. "float32"; kVoid prints as "void".
std::string_view DataTypeName(DataType t);
/// Parses a TVMScript dtype name ("float32", "int64", "bool", "void", "" for void).
/// Accepts TVM's short aliases ("float" = float32, "int" = int32, "uint" = uint32).
std::optional<DataType> ParseDataType(std::string_view name);
/// Bit width (bool: 1, void: 0).
int DataTypeBits(DataType t);
/// Storage size in bytes (bool: 1, void: 0).
int DataTypeBytes(DataType t);
/// A floating-point dtype: float16, bfloat16, float32, float64 and the two float8 dtypes.
bool IsFloat(DataType t);
/// float8_e4m3fn or float8_e5m2.
bool IsFloat8(DataType t);
/// `v` rounded once to the nearest value of the float dtype `t` (v itself for float64).
double RoundToFloatDType(double v, DataType t);
/// The integer `bits` (an int64, or a uint64's bits when not `is_signed`) converted to the float
/// dtype `t` with one rounding (eval.num.astype), as the double holding the result. For the
/// dtypes with few significant bits the magnitude is rounded exactly first, so that converting
/// through double does not round twice.
double IntToFloatDType(int64_t bits, bool is_signed, DataType t);
bool IsSignedInt(DataType t);
bool IsUnsignedInt(DataType t);
/// Signed or unsigned integer (bool excluded).
inline bool IsInteger(DataType t) {
  return IsSignedInt(t) || IsUnsignedInt(t);
}
/// True when `v` is a value of the integer or bool dtype `t` (bool: 0 or 1; uint64: the
/// non-negative int64 values, larger ones are checked by their callers). Inputs out of their
/// dtype's range are rejected, never wrapped: a value holds one value of its dtype (spec
/// eval.value.prim, eval.value.tensor).
bool FitsDataType(DataType t, int64_t v);

}  // namespace rlx
