// The lowering column of the op table (pass.legalize-ops): every op names its lowering, or is
// kept. The switch has no default, so an op added to ops.def without an entry here does not
// compile (-Werror=switch); a test walks the table and lowers a call of every lowered op.
#include "compiler/legalize/lowering.h"

namespace rlx::compiler::legalize {

LowerFn LoweringOf(OpId id) {
  switch (id) {
    case OpId::kAbs:
    case OpId::kNegative:
    case OpId::kSign:
    case OpId::kSquare:
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
    case OpId::kFloor:
    case OpId::kCeil:
    case OpId::kRound:
    case OpId::kTrunc:
    case OpId::kIsNan:
    case OpId::kIsInf:
    case OpId::kIsFinite:
    case OpId::kLogicalNot:
    case OpId::kBitwiseNot:
    case OpId::kRelu:
    case OpId::kGelu:
    case OpId::kGeluTanh:
    case OpId::kSilu:
      return LowerUnary;
    case OpId::kAdd:
    case OpId::kSubtract:
    case OpId::kMultiply:
    case OpId::kDivide:
    case OpId::kFloorDivide:
    case OpId::kFloorMod:
    case OpId::kMod:
    case OpId::kPower:
    case OpId::kMaximum:
    case OpId::kMinimum:
    case OpId::kEqual:
    case OpId::kNotEqual:
    case OpId::kLess:
    case OpId::kLessEqual:
    case OpId::kGreater:
    case OpId::kGreaterEqual:
    case OpId::kLogicalAnd:
    case OpId::kLogicalOr:
    case OpId::kLogicalXor:
    case OpId::kBitwiseAnd:
    case OpId::kBitwiseOr:
    case OpId::kBitwiseXor:
    case OpId::kLeftShift:
    case OpId::kRightShift:
      return LowerBinary;
    case OpId::kWhere:
      return LowerWhere;
    case OpId::kClip:
      return LowerClip;
    case OpId::kAstype:
      return LowerAstype;
    case OpId::kSum:
    case OpId::kProd:
    case OpId::kMean:
    case OpId::kMax:
    case OpId::kMin:
    case OpId::kVariance:
    case OpId::kStd:
    case OpId::kArgmax:
    case OpId::kArgmin:
    case OpId::kCumsum:
    case OpId::kCumprod:
      return LowerReduction;
    case OpId::kMatmul:
      return LowerMatmul;
    case OpId::kReshape:
    case OpId::kPermuteDims:
    case OpId::kExpandDims:
    case OpId::kSqueeze:
    case OpId::kFlatten:
    case OpId::kConcat:
    case OpId::kStack:
    case OpId::kSplit:
    case OpId::kStridedSlice:
    case OpId::kTake:
    case OpId::kBroadcastTo:
    case OpId::kTile:
    case OpId::kRepeat:
    case OpId::kFlip:
    case OpId::kTril:
    case OpId::kTriu:
      return LowerManipulation;
    case OpId::kZeros:
    case OpId::kOnes:
    case OpId::kFull:
    case OpId::kZerosLike:
    case OpId::kOnesLike:
    case OpId::kFullLike:
    case OpId::kArange:
    case OpId::kEye:
      return LowerCreation;
    case OpId::kSoftmax:
    case OpId::kLogSoftmax:
    case OpId::kLayerNorm:
    case OpId::kRmsNorm:
    case OpId::kBatchNorm:
    case OpId::kConv2d:
    case OpId::kMaxPool2d:
    case OpId::kAvgPool2d:
    case OpId::kAdaptiveAvgPool2d:
    case OpId::kPad:
      return LowerNN;
    case OpId::kShapeOf:
    case OpId::kTensorToShape:
    case OpId::kShapeToTensor:
    case OpId::kCallPurePacked:
    case OpId::kCallTir:
    case OpId::kCallTirInplace:
    case OpId::kCallDpsPacked:
    case OpId::kPrint:
    case OpId::kAssertOp:
    case OpId::kNullValue:
    case OpId::kToVDevice:
    case OpId::kGetDimensionSize:
    case OpId::kSetDimensionSize:
    case OpId::kBuiltinAllocTensor:
    case OpId::kMemoryAllocStorage:
    case OpId::kMemoryAllocTensor:
    case OpId::kMemoryKillStorage:
    case OpId::kMemoryKillTensor:
    case OpId::kVMAllocStorage:
    case OpId::kVMAllocTensor:
    case OpId::kVMKillObject:
      // Not computations, or values the runtime provides: kept as they are.
      return nullptr;
  }
  return nullptr;
}

Ref<StructInfo> OutSInfo(const Lowered& l) {
  return l.outputs.size() == 1 ? l.outputs[0] : TupleStructInfo::Make(l.outputs);
}

Ref<Expr> LowerRequest::Arg(std::string_view param) const {
  const int i = op.FindParam(param);
  if (i < 0 || args.by_param[i].empty()) return nullptr;
  return args.by_param[i][0];
}

const std::vector<Ref<Expr>>& LowerRequest::Args(std::string_view param) const {
  static const std::vector<Ref<Expr>> kNone;
  const int i = op.FindParam(param);
  return i < 0 ? kNone : args.by_param[i];
}

namespace {

const TensorStructInfo* KnownTensor(const Ref<StructInfo>& s) {
  auto t = s ? As<TensorStructInfo>(s) : nullptr;
  if (!t || t->dtype == DataType::kVoid || t->ndim < 0) return nullptr;
  return t.get();
}

}  // namespace

Ref<StructInfo> SInfoOf(const Ref<Expr>& e) {
  if (!e) return nullptr;
  if (e->struct_info()) return e->struct_info();
  // Leaves carry no struct info on their nodes (only variables and bound values do).
  if (auto c = As<Constant>(e)) {
    std::vector<Ref<PrimExpr>> dims;
    for (int64_t d : c->data->shape()) dims.push_back(PrimExpr::Int(d));
    return TensorStructInfo::MakeDims(std::move(dims), c->data->dtype());
  }
  if (auto p = As<PrimValue>(e)) return PrimStructInfo::Make(p->value->dtype, p->value);
  if (auto t = As<Tuple>(e)) {
    std::vector<Ref<StructInfo>> fields;
    for (const auto& f : t->fields) fields.push_back(SInfoOf(f));
    return TupleStructInfo::Make(std::move(fields));
  }
  return nullptr;
}

const TensorStructInfo* LowerRequest::Tensor(std::string_view param) const {
  return TensorOf(Arg(param));
}

Ref<StructInfo> LowerRequest::SInfo(const Ref<Expr>& e) const {
  if (!e) return nullptr;
  if (auto v = As<Var>(e); v && var_sinfo) return var_sinfo(*v);
  if (auto t = As<Tuple>(e); t && var_sinfo) {
    std::vector<Ref<StructInfo>> fields;
    for (const auto& f : t->fields) fields.push_back(SInfo(f));
    return TupleStructInfo::Make(std::move(fields));
  }
  return SInfoOf(e);
}

Ref<PrimExpr> LowerRequest::PrimValueOf(const Ref<Expr>& arg) const {
  auto p = arg ? As<PrimStructInfo>(SInfo(arg)) : nullptr;
  return p ? p->value : nullptr;
}

const TensorStructInfo* LowerRequest::TensorOf(const Ref<Expr>& e) const {
  Ref<StructInfo> s = SInfo(e);
  derived_.push_back(s);  // a leaf's derived struct info lives as long as the request
  return KnownTensor(s);
}

const TensorStructInfo* LowerRequest::ResultTensor() const {
  const TensorStructInfo* t = KnownTensor(result);
  if (!t) return nullptr;
  if (t->dims()) return t;
  if (t->ndim != 0) return nullptr;
  // A 0-d result without a shape expression (a reduction of a tensor of unknown extents): ().
  derived_.push_back(TensorStructInfo::MakeDims({}, t->dtype, t->span));
  return static_cast<const TensorStructInfo*>(derived_.back().get());
}

}  // namespace rlx::compiler::legalize
