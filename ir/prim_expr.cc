#include "ir/prim_expr.h"

#include <algorithm>
#include <cstring>

#include "ir/base/check.h"
#include "ir/base/float_bits.h"
#include "ir/tir/buffer.h"

namespace rlx {

int PrimExpr::arity() const {
  switch (kind) {
    case PrimKind::kIntImm:
    case PrimKind::kFloatImm:
    case PrimKind::kVar: return 0;
    case PrimKind::kCall:
    case PrimKind::kBufferLoad: return 0;  // their operands are `args`
    case PrimKind::kNot:
    case PrimKind::kCast:
    case PrimKind::kBroadcast: return 1;
    case PrimKind::kSelect:
    case PrimKind::kLet: return 3;
    default: return 2;
  }
}

Ref<PrimExpr> PrimExpr::Int(int64_t value, DataType dtype, Span span) {
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kIntImm;
  e->dtype = dtype;
  e->span = span;
  e->int_value = value;
  return e;
}

Ref<PrimExpr> PrimExpr::Float(double value, DataType dtype, Span span) {
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kFloatImm;
  e->dtype = dtype;
  e->span = span;
  // The value is kept rounded to its dtype, so an immediate means one value of that type.
  e->float_value = RoundToFloatDType(value, dtype);
  return e;
}

Ref<PrimExpr> PrimExpr::Var(std::string name, DataType dtype, Span span) {
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kVar;
  e->dtype = dtype;
  e->span = span;
  e->name = std::move(name);
  return e;
}

Ref<PrimExpr> PrimExpr::Binary(PrimKind kind, Ref<PrimExpr> a, Ref<PrimExpr> b, Span span) {
  RLX_CHECK(a && b) << "binary PrimExpr needs two operands";
  bool to_bool = IsComparisonKind(kind) || kind == PrimKind::kAnd || kind == PrimKind::kOr;
  RLX_CHECK(to_bool || IsArithmeticKind(kind)) << "not a binary kind: " << PrimKindName(kind);
  auto e = std::make_shared<PrimExpr>();
  e->kind = kind;
  e->dtype = to_bool ? DataType::kBool : a->dtype;
  e->span = span;
  e->lanes = std::max(a->lanes, b->lanes);
  e->operands = {std::move(a), std::move(b), nullptr};
  return e;
}

Ref<PrimExpr> PrimExpr::Not(Ref<PrimExpr> a, Span span) {
  RLX_CHECK(a) << "not needs an operand";
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kNot;
  e->dtype = DataType::kBool;
  e->span = span;
  e->operands = {std::move(a), nullptr, nullptr};
  return e;
}

Ref<PrimExpr> PrimExpr::Select(Ref<PrimExpr> cond, Ref<PrimExpr> a, Ref<PrimExpr> b, Span span) {
  RLX_CHECK(cond && a && b) << "select needs three operands";
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kSelect;
  e->dtype = a->dtype;
  e->span = span;
  e->operands = {std::move(cond), std::move(a), std::move(b)};
  return e;
}

Ref<PrimExpr> PrimExpr::Cast(DataType dtype, Ref<PrimExpr> a, Span span) {
  RLX_CHECK(a) << "a cast needs an operand";
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kCast;
  e->dtype = dtype;
  e->lanes = a->lanes;
  e->span = span;
  e->operands = {std::move(a), nullptr, nullptr};
  return e;
}

Ref<PrimExpr> PrimExpr::Call(tir::Intrinsic op, std::vector<Ref<PrimExpr>> args, Span span) {
  const tir::IntrinsicInfo& info = tir::GetIntrinsic(op);
  RLX_CHECK(static_cast<int>(args.size()) == info.arity && !args.empty() && args.back())
      << "T." << info.name << " takes " << info.arity << " arguments";
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kCall;
  e->intrinsic = op;
  e->dtype = info.result == tir::IntrinsicResult::kBool ? DataType::kBool : args.back()->dtype;
  e->lanes = args.back()->lanes;
  e->span = span;
  e->args = std::move(args);
  return e;
}

Ref<PrimExpr> PrimExpr::Load(Ref<tir::Buffer> buffer, std::vector<Ref<PrimExpr>> indices,
                             Span span) {
  RLX_CHECK(buffer) << "a load needs a buffer";
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kBufferLoad;
  e->dtype = buffer->dtype;
  for (const auto& i : indices) e->lanes = std::max(e->lanes, i ? i->lanes : 1);
  e->span = span;
  e->buffer = std::move(buffer);
  e->args = std::move(indices);
  return e;
}

Ref<PrimExpr> PrimExpr::Let(Ref<PrimExpr> var, Ref<PrimExpr> value, Ref<PrimExpr> body,
                            Span span) {
  RLX_CHECK(var && var->is_var() && value && body) << "a let needs a variable, a value, a body";
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kLet;
  e->dtype = body->dtype;
  e->lanes = body->lanes;
  e->span = span;
  e->operands = {std::move(var), std::move(value), std::move(body)};
  return e;
}

Ref<PrimExpr> PrimExpr::Ramp(Ref<PrimExpr> base, Ref<PrimExpr> stride, int lanes, Span span) {
  RLX_CHECK(base && stride && lanes >= 1) << "a ramp needs a base, a stride and lanes";
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kRamp;
  e->dtype = base->dtype;
  e->lanes = lanes;
  e->span = span;
  e->operands = {std::move(base), std::move(stride), nullptr};
  return e;
}

Ref<PrimExpr> PrimExpr::Broadcast(Ref<PrimExpr> value, int lanes, Span span) {
  RLX_CHECK(value && lanes >= 1) << "a broadcast needs a value and lanes";
  auto e = std::make_shared<PrimExpr>();
  e->kind = PrimKind::kBroadcast;
  e->dtype = value->dtype;
  e->lanes = lanes;
  e->span = span;
  e->operands = {std::move(value), nullptr, nullptr};
  return e;
}

Ref<PrimExpr> PrimExpr::WithOperands(const PrimExpr& e, Ref<PrimExpr> a, Ref<PrimExpr> b,
                                     Ref<PrimExpr> c) {
  auto copy = std::make_shared<PrimExpr>(e);
  copy->operands = {std::move(a), std::move(b), std::move(c)};
  if (copy->kind == PrimKind::kSelect || IsArithmeticKind(copy->kind)) {
    copy->dtype =
        copy->kind == PrimKind::kSelect ? copy->operands[1]->dtype : copy->operands[0]->dtype;
  }
  if (copy->kind == PrimKind::kLet) copy->dtype = copy->operands[2]->dtype;
  return copy;
}

bool IsArithmeticKind(PrimKind k) {
  switch (k) {
    case PrimKind::kAdd:
    case PrimKind::kSub:
    case PrimKind::kMul:
    case PrimKind::kFloorDiv:
    case PrimKind::kFloorMod:
    case PrimKind::kTruncDiv:
    case PrimKind::kTruncMod:
    case PrimKind::kMin:
    case PrimKind::kMax: return true;
    default: return false;
  }
}

bool SameTerm(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || a->dtype != b->dtype) return false;
  switch (a->kind) {
    case PrimKind::kVar: return false;  // distinct nodes are distinct variables
    case PrimKind::kIntImm: return a->int_value == b->int_value;
    case PrimKind::kFloatImm: return std::memcmp(&a->float_value, &b->float_value, sizeof(double)) == 0;
    case PrimKind::kCall:
      if (a->intrinsic != b->intrinsic) return false;
      break;
    case PrimKind::kBufferLoad:
      if (a->buffer != b->buffer) return false;
      break;
    default: break;
  }
  if (a->lanes != b->lanes || a->args.size() != b->args.size()) return false;
  for (int i = 0; i < a->arity(); ++i) {
    if (!SameTerm(a->operands[i], b->operands[i])) return false;
  }
  for (size_t i = 0; i < a->args.size(); ++i) {
    if (!SameTerm(a->args[i], b->args[i])) return false;
  }
  return true;
}

bool IsComparisonKind(PrimKind k) {
  switch (k) {
    case PrimKind::kEQ:
    case PrimKind::kNE:
    case PrimKind::kLT:
    case PrimKind::kLE:
    case PrimKind::kGT:
    case PrimKind::kGE: return true;
    default: return false;
  }
}

const char* PrimKindName(PrimKind k) {
  switch (k) {
    case PrimKind::kIntImm: return "int";
    case PrimKind::kFloatImm: return "float";
    case PrimKind::kVar: return "var";
    case PrimKind::kAdd: return "add";
    case PrimKind::kSub: return "sub";
    case PrimKind::kMul: return "mul";
    case PrimKind::kFloorDiv: return "floordiv";
    case PrimKind::kFloorMod: return "floormod";
    case PrimKind::kTruncDiv: return "truncdiv";
    case PrimKind::kTruncMod: return "truncmod";
    case PrimKind::kMin: return "min";
    case PrimKind::kMax: return "max";
    case PrimKind::kEQ: return "eq";
    case PrimKind::kNE: return "ne";
    case PrimKind::kLT: return "lt";
    case PrimKind::kLE: return "le";
    case PrimKind::kGT: return "gt";
    case PrimKind::kGE: return "ge";
    case PrimKind::kAnd: return "and";
    case PrimKind::kOr: return "or";
    case PrimKind::kNot: return "not";
    case PrimKind::kSelect: return "select";
    case PrimKind::kCast: return "cast";
    case PrimKind::kCall: return "call";
    case PrimKind::kBufferLoad: return "buffer load";
    case PrimKind::kLet: return "let";
    case PrimKind::kRamp: return "ramp";
    case PrimKind::kBroadcast: return "broadcast";
  }
  return "?";
}

}  // namespace rlx
