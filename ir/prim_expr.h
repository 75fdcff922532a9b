// PrimExpr: scalar arithmetic on shape variables and immediates (spec §1.3). Used for
// symbolic dimensions, ShapeExpr values, PrimValue payloads and PrimStructInfo values, and, with
// the kinds after kSelect, as the expressions of TIR (spec §7.3: buffer loads, casts, intrinsic
// calls, let, vectors), which only appear inside PrimFuncs.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include <vector>

#include "ir/base/source.h"
#include "ir/dtype.h"
#include "ir/ref.h"
#include "ir/tir/intrinsic.h"

namespace rlx {

namespace tir {
class Buffer;
}

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
  // TIR only (spec §7.3): never in shapes, struct info or Relax prim values.
  // (Float division is kTruncDiv on float operands, as in Relax prim values: TVM's tir.Div.)
  kCast,        // T.Cast(dtype, a)
  kCall,        // T.<intrinsic>(args...)
  kBufferLoad,  // buffer[args...]
  kLet,         // T.Let(body, where={var: value}): operands var, value, body
  kRamp,        // T.Ramp(base, stride, lanes)
  kBroadcast,   // T.Broadcast(value, lanes)
};

/// Number of PrimKind values.
inline constexpr int kNumPrimKinds = 28;

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
  /// Operands: two for binary kinds, one for kNot and kCast, three for kSelect (cond, then,
  /// else) and kLet (var, value, body), base and stride for kRamp, the value for kBroadcast.
  std::array<Ref<PrimExpr>, 3> operands;
  /// kCall: the arguments; kBufferLoad: the indices.
  std::vector<Ref<PrimExpr>> args;
  /// kBufferLoad: the buffer read.
  Ref<tir::Buffer> buffer;
  /// kCall: the intrinsic called.
  tir::Intrinsic intrinsic = tir::Intrinsic::kExp;
  /// Vector lanes of the value (kRamp, kBroadcast and what computes on them); 1 for scalars.
  int lanes = 1;

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
  /// T.Cast(dtype, a).
  static Ref<PrimExpr> Cast(DataType dtype, Ref<PrimExpr> a, Span span = {});
  /// An intrinsic call; its dtype follows the intrinsic's result rule (intrinsics.def).
  static Ref<PrimExpr> Call(tir::Intrinsic op, std::vector<Ref<PrimExpr>> args, Span span = {});
  /// buffer[indices...] (the dtype is the buffer's).
  static Ref<PrimExpr> Load(Ref<tir::Buffer> buffer, std::vector<Ref<PrimExpr>> indices,
                            Span span = {});
  /// let var = value in body.
  static Ref<PrimExpr> Let(Ref<PrimExpr> var, Ref<PrimExpr> value, Ref<PrimExpr> body,
                           Span span = {});
  /// [base, base + stride, ..., base + (lanes - 1) * stride].
  static Ref<PrimExpr> Ramp(Ref<PrimExpr> base, Ref<PrimExpr> stride, int lanes, Span span = {});
  /// `lanes` copies of value.
  static Ref<PrimExpr> Broadcast(Ref<PrimExpr> value, int lanes, Span span = {});
  /// True for the TIR-only kinds (kCast and after).
  bool is_tir_only() const { return kind >= PrimKind::kCast; }
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
