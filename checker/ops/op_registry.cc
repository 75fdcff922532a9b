// Every op of ops.def and its struct-info rule.
#include "checker/ops/op_rules.h"

namespace rlx::checker {

OpRule GetOpRule(OpId id) {
  using namespace ops;
  switch (GetOp(id).family) {
    case OpFamily::kUnary: return Unary;
    case OpFamily::kBinary: return Binary;
    case OpFamily::kReduction: return Reduce;
    case OpFamily::kSearch: return ArgReduce;
    case OpFamily::kScan: return Scan;
    case OpFamily::kLinalg: return Matmul;
    default: break;
  }
  switch (id) {
    case OpId::kWhere: return Where;
    case OpId::kClip: return Clip;
    case OpId::kAstype: return Astype;
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
    case OpId::kPrint: return Print;
    case OpId::kAssertOp: return AssertOp;
    case OpId::kNullValue: return NullValue;
    case OpId::kToVDevice: return ToVDevice;
    case OpId::kBuiltinAllocTensor: return BuiltinAllocTensor;
    case OpId::kMemoryAllocStorage:
    case OpId::kVMAllocStorage: return AllocStorage;
    case OpId::kMemoryAllocTensor:
    case OpId::kVMAllocTensor: return AllocTensorInStorage;
    case OpId::kMemoryKillStorage:
    case OpId::kMemoryKillTensor:
    case OpId::kVMKillObject: return Kill;
    case OpId::kGetDimensionSize: return GetDimensionSize;
    case OpId::kSetDimensionSize: return SetDimensionSize;
    default: return nullptr;
  }
}

}  // namespace rlx::checker
