// Every op of ops.def and its struct-info rule. The switch lists every op and has no default:
// an op added to ops.def without a rule does not compile (-Werror=switch; docs/contributing.md).
#include "checker/ops/op_rules.h"
#include "ir/base/check.h"

namespace rlx::checker {

OpRule GetOpRule(OpId id) {
  using namespace ops;
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
    case OpId::kSilu: return Unary;
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
    case OpId::kRightShift: return Binary;
    case OpId::kWhere: return Where;
    case OpId::kClip: return Clip;
    case OpId::kAstype: return Astype;
    case OpId::kSum:
    case OpId::kProd:
    case OpId::kMean:
    case OpId::kMax:
    case OpId::kMin:
    case OpId::kVariance:
    case OpId::kStd: return Reduce;
    case OpId::kArgmax:
    case OpId::kArgmin: return ArgReduce;
    case OpId::kCumsum:
    case OpId::kCumprod: return Scan;
    case OpId::kMatmul: return Matmul;
    case OpId::kReshape: return Reshape;
    case OpId::kPermuteDims: return PermuteDims;
    case OpId::kExpandDims: return ExpandDims;
    case OpId::kSqueeze: return Squeeze;
    case OpId::kFlatten: return Flatten;
    case OpId::kConcat: return Concat;
    case OpId::kStack: return Stack;
    case OpId::kSplit: return Split;
    case OpId::kStridedSlice: return StridedSlice;
    case OpId::kTake: return Take;
    case OpId::kBroadcastTo: return BroadcastTo;
    case OpId::kTile: return Tile;
    case OpId::kRepeat: return Repeat;
    case OpId::kFlip: return Flip;
    case OpId::kTril:
    case OpId::kTriu: return Trilu;
    case OpId::kZeros:
    case OpId::kOnes:
    case OpId::kFull: return Fill;
    case OpId::kZerosLike:
    case OpId::kOnesLike:
    case OpId::kFullLike: return FillLike;
    case OpId::kArange: return Arange;
    case OpId::kEye: return Eye;
    case OpId::kSoftmax:
    case OpId::kLogSoftmax: return Softmax;
    case OpId::kLayerNorm: return LayerNorm;
    case OpId::kRmsNorm: return RmsNorm;
    case OpId::kBatchNorm: return BatchNorm;
    case OpId::kConv2d: return Conv2d;
    case OpId::kMaxPool2d:
    case OpId::kAvgPool2d: return Pool2d;
    case OpId::kAdaptiveAvgPool2d: return AdaptiveAvgPool2d;
    case OpId::kPad: return Pad;
    case OpId::kShapeOf: return ShapeOf;
    case OpId::kTensorToShape: return TensorToShape;
    case OpId::kShapeToTensor: return ShapeToTensor;
    case OpId::kCallPurePacked: return CallPurePacked;
    case OpId::kCallTir: return CallTir;
    case OpId::kCallTirInplace: return CallTirInplace;
    case OpId::kCallDpsPacked: return CallDpsPacked;
    case OpId::kPrint: return Print;
    case OpId::kAssertOp: return AssertOp;
    case OpId::kNullValue: return NullValue;
    case OpId::kToVDevice: return ToVDevice;
    case OpId::kGetDimensionSize: return GetDimensionSize;
    case OpId::kSetDimensionSize: return SetDimensionSize;
    case OpId::kBuiltinAllocTensor: return BuiltinAllocTensor;
    case OpId::kMemoryAllocStorage: return AllocStorage;
    case OpId::kMemoryAllocTensor: return AllocTensorInStorage;
    case OpId::kMemoryKillStorage:
    case OpId::kMemoryKillTensor: return Kill;
    case OpId::kVMAllocStorage: return AllocStorage;
    case OpId::kVMAllocTensor: return AllocTensorInStorage;
    case OpId::kVMKillObject: return Kill;
  }
  RLX_UNREACHABLE("an OpId outside ops.def");
}

}  // namespace rlx::checker
