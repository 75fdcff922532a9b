// PrimExpr: scalar arithmetic on shape variables and immediates (spec §1.3). Used for
// symbolic dimensions, ShapeExpr values, PrimValue payloads and PrimStructInfo values.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "ir/base/source.h"
#include "ir/dtype.h"
#include "ir/ref.h"

namespace rlx {

/// The kinds of PrimExpr, in the order of spec §1.3.
enum class PrimKind : uint8_t {
  kIntImm,
  kFloatImm,
  kVar,
  kAdd,
  kSub,
  kMul,
  kFloorDiv,
  kFloorMod,
  kTruncDiv,
  kTruncMod,
  kMin,
  kMax,
  kEQ,
  kNE,
  kLT,
  kLE,
  kGT,
  kGE,
  kAnd,
  kOr,
  kNot,
  kSelect,
};

/// Number of PrimKind values.
inline constexpr int kNumPrimKinds = 22;

/// A scalar expression node. One class for every kind: the algebra is small and uniform.
class PrimExpr {
 public:
  PrimKind kind;
  DataType dtype;
  Span span;
  /// kIntImm: the value (uint64 values are stored as their two's-complement bits).
  int64_t int_value = 0;
  /// kFloatImm: the value.
  double float_value = 0;
  /// kVar: the name hint (identity is the node itself).
  std::string name;
  /// Operands: two for binary kinds, one for kNot, three for kSelect (cond, then, else).
  std::array<Ref<PrimExpr>, 3> operands;

  bool is_var() const { return kind == PrimKind::kVar; }
  bool is_int() const { return kind == PrimKind::kIntImm; }
  /// Number of operands used by this kind.
  int arity() const;

  /// An integer immediate of the given dtype (int64 by default).
  static Ref<PrimExpr> Int(int64_t value, DataType dtype = DataType::kInt64, Span span = {});
  /// A floating-point immediate; the value is rounded to `dtype`.
  static Ref<PrimExpr> Float(double value, DataType dtype = DataType::kFloat32, Span span = {});
  /// A fresh variable (a shape variable when its dtype is int64).
  static Ref<PrimExpr> Var(std::string name, DataType dtype = DataType::kInt64, Span span = {});
  /// A binary node; the dtype is bool for comparisons and logic, else the operands' dtype.
  static Ref<PrimExpr> Binary(PrimKind kind, Ref<PrimExpr> a, Ref<PrimExpr> b, Span span = {});
  /// Logical negation.
  static Ref<PrimExpr> Not(Ref<PrimExpr> a, Span span = {});
  /// cond ? a : b.
  static Ref<PrimExpr> Select(Ref<PrimExpr> cond, Ref<PrimExpr> a, Ref<PrimExpr> b, Span span = {});
  /// A copy of a node with new operands (same kind, payload and span).
  static Ref<PrimExpr> WithOperands(const PrimExpr& e, Ref<PrimExpr> a, Ref<PrimExpr> b,
                                    Ref<PrimExpr> c);
};

/// Equality as terms of one expression: the same variables (by node, not up to renaming, unlike
/// StructuralEqual), kinds, dtypes, immediates and operands. What a rewrite inside one query
/// or scope must use: min(k, m) and min(k, n) are different terms.
bool SameTerm(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b);

/// True for + - * floordiv floormod truncdiv truncmod min max.
bool IsArithmeticKind(PrimKind k);
/// True for == != < <= > >=.
bool IsComparisonKind(PrimKind k);
/// The name used in messages and in spec text, e.g. "floordiv".
const char* PrimKindName(PrimKind k);

}  // namespace rlx
