// The kernel of every op. The switch lists every op of ops.def and has no default: an op added
// without a kernel does not compile (-Werror=switch; docs/contributing.md).
#include "interpreter/runtime_names.h"
#include "interpreter/kernels/kernels.h"
#include "ir/base/check.h"

namespace rlx::interp {

OpKernel GetOpKernel(OpId id) {
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
    case OpId::kSilu: return UnaryKernel;
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
    case OpId::kRightShift: return BinaryKernel;
    case OpId::kWhere: return WhereKernel;
    case OpId::kClip: return ClipKernel;
    case OpId::kAstype: return AstypeKernel;
    case OpId::kSum:
    case OpId::kProd:
    case OpId::kMean:
    case OpId::kMax:
    case OpId::kMin:
    case OpId::kVariance:
    case OpId::kStd: return ReductionKernel;
    case OpId::kArgmax:
    case OpId::kArgmin: return SearchKernel;
    case OpId::kCumsum:
    case OpId::kCumprod: return ScanKernel;
    case OpId::kMatmul: return MatmulKernel;
    case OpId::kReshape:
    case OpId::kPermuteDims:
    case OpId::kExpandDims:
    case OpId::kSqueeze:
    case OpId::kFlatten:
    case OpId::kConcat:
    case OpId::kStack:
    case OpId::kSplit: return ManipulateKernel;
    case OpId::kStridedSlice:
    case OpId::kTake: return IndexKernel;
    case OpId::kBroadcastTo:
    case OpId::kTile:
    case OpId::kRepeat:
    case OpId::kFlip:
    case OpId::kTril:
    case OpId::kTriu: return ManipulateKernel;
    case OpId::kZeros:
    case OpId::kOnes:
    case OpId::kFull:
    case OpId::kZerosLike:
    case OpId::kOnesLike:
    case OpId::kFullLike:
    case OpId::kArange:
    case OpId::kEye: return CreateKernel;
    case OpId::kSoftmax:
    case OpId::kLogSoftmax:
    case OpId::kLayerNorm:
    case OpId::kRmsNorm:
    case OpId::kBatchNorm: return NNKernel;
    case OpId::kConv2d:
    case OpId::kMaxPool2d:
    case OpId::kAvgPool2d:
    case OpId::kAdaptiveAvgPool2d: return ConvPoolKernel;
    case OpId::kPad: return NNKernel;
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
    case OpId::kSetDimensionSize: return IntrinsicKernel;
    case OpId::kBuiltinAllocTensor:
    case OpId::kMemoryAllocStorage:
    case OpId::kMemoryAllocTensor:
    case OpId::kMemoryKillStorage:
    case OpId::kMemoryKillTensor:
    case OpId::kVMAllocStorage:
    case OpId::kVMAllocTensor:
    case OpId::kVMKillObject: return MemoryKernel;
  }
  RLX_UNREACHABLE("an OpId outside ops.def");
}

}  // namespace rlx::interp
