#include "ir/op_dtype_class.h"

namespace rlx {
namespace {

// The dtype class a unary op requires (its constraint c2), if any.
enum class UnaryClass { kAny, kFloat, kNumeric, kIntegerOrBool, kToBool };

UnaryClass ClassOf(OpId id) {
  switch (id) {
    case OpId::kExp:
    case OpId::kLog:
    case OpId::kSqrt:
    case OpId::kRsqrt:
    case OpId::kSin:
    case OpId::kCos:
    case OpId::kTan:
    case OpId::kTanh:
    case OpId::kSigmoid:
    case OpId::kErf:
    case OpId::kGelu:
    case OpId::kGeluTanh:
    case OpId::kSilu: return UnaryClass::kFloat;
    case OpId::kAbs:
    case OpId::kNegative:
    case OpId::kSign:
    case OpId::kSquare:
    case OpId::kFloor:
    case OpId::kCeil:
    case OpId::kRound:
    case OpId::kTrunc:
    case OpId::kRelu: return UnaryClass::kNumeric;
    case OpId::kBitwiseNot: return UnaryClass::kIntegerOrBool;
    case OpId::kIsNan:
    case OpId::kIsInf:
    case OpId::kIsFinite: return UnaryClass::kToBool;
    // op.logical_not.c1: the result has x's dtype, as in TVM (1 where x is zero, else 0).
    case OpId::kLogicalNot: return UnaryClass::kAny;
    default: return UnaryClass::kAny;
  }
}

// The dtype class a binary op requires (its constraint c3).
enum class BinaryClass { kNumeric, kBool, kIntegerOrBool, kInteger, kCompare };

BinaryClass ClassOfBinary(OpId id) {
  switch (id) {
    case OpId::kLogicalAnd:
    case OpId::kLogicalOr:
    case OpId::kLogicalXor: return BinaryClass::kBool;
    case OpId::kBitwiseAnd:
    case OpId::kBitwiseOr:
    case OpId::kBitwiseXor: return BinaryClass::kIntegerOrBool;
    case OpId::kLeftShift:
    case OpId::kRightShift: return BinaryClass::kInteger;
    case OpId::kEqual:
    case OpId::kNotEqual:
    case OpId::kLess:
    case OpId::kLessEqual:
    case OpId::kGreater:
    case OpId::kGreaterEqual: return BinaryClass::kCompare;
    default: return BinaryClass::kNumeric;
  }
}

bool FitsClass(BinaryClass k, DataType t) {
  if (t == DataType::kVoid) return true;
  switch (k) {
    case BinaryClass::kNumeric: return t != DataType::kBool;
    case BinaryClass::kBool: return t == DataType::kBool;
    case BinaryClass::kIntegerOrBool: return IsInteger(t) || t == DataType::kBool;
    case BinaryClass::kInteger: return IsInteger(t);
    case BinaryClass::kCompare: return true;
  }
  return true;
}

const char* ClassName(BinaryClass k) {
  switch (k) {
    case BinaryClass::kNumeric: return "a numeric (non-bool) dtype";
    case BinaryClass::kBool: return "dtype bool";
    case BinaryClass::kIntegerOrBool: return "an integer or bool dtype";
    case BinaryClass::kInteger: return "an integer dtype";
    case BinaryClass::kCompare: return "any dtype";
  }
  return "";
}

std::string DTypeStr(DataType t) { return std::string(DataTypeName(t)); }

}  // namespace

std::string DTypeClassViolation(const OpInfo& op, DataType t) {
  if (t == DataType::kVoid) return "";
  if (op.family == OpFamily::kUnary) {
    UnaryClass k = ClassOf(op.id);
    if (k == UnaryClass::kFloat && !IsFloat(t)) return "R." + op.name + " requires a float tensor, got dtype " + DTypeStr(t);
    if (k == UnaryClass::kNumeric && t == DataType::kBool) return "R." + op.name + " is not defined on bool tensors";
    if (k == UnaryClass::kIntegerOrBool && !IsInteger(t) && t != DataType::kBool) {
      return "R." + op.name + " requires an integer or bool tensor, got dtype " + DTypeStr(t);
    }
    return "";
  }
  BinaryClass k = ClassOfBinary(op.id);
  return FitsClass(k, t) ? "" : "R." + op.name + " requires " + ClassName(k) + ", got " + DTypeStr(t);
}

bool ResultIsBool(const OpInfo& op) {
  if (op.family == OpFamily::kUnary) return ClassOf(op.id) == UnaryClass::kToBool;
  BinaryClass k = ClassOfBinary(op.id);
  return k == BinaryClass::kCompare || k == BinaryClass::kBool;
}

}  // namespace rlx
