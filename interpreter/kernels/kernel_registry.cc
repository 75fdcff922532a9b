// The kernel of every op, by family (ops.def lists the family of each op).
#include "interpreter/runtime_names.h"
#include "interpreter/kernels/kernels.h"

namespace rlx::interp {

OpKernel GetOpKernel(OpId id) {
  const OpInfo& op = GetOp(id);
  switch (id) {
    case OpId::kWhere: return WhereKernel;
    case OpId::kClip: return ClipKernel;
    case OpId::kConv2d:
    case OpId::kMaxPool2d:
    case OpId::kAvgPool2d:
    case OpId::kAdaptiveAvgPool2d: return ConvPoolKernel;
    case OpId::kRelu:
    case OpId::kGelu:
    case OpId::kGeluTanh:
    case OpId::kSilu: return UnaryKernel;
    default: break;
  }
  switch (op.family) {
    case OpFamily::kUnary: return UnaryKernel;
    case OpFamily::kBinary: return BinaryKernel;
    case OpFamily::kTernary: return WhereKernel;
    case OpFamily::kDatatype: return AstypeKernel;
    case OpFamily::kReduction: return ReductionKernel;
    case OpFamily::kSearch: return SearchKernel;
    case OpFamily::kScan: return ScanKernel;
    case OpFamily::kLinalg: return MatmulKernel;
    case OpFamily::kManipulate: return ManipulateKernel;
    case OpFamily::kIndex: return IndexKernel;
    case OpFamily::kCreate: return CreateKernel;
    case OpFamily::kNN: return NNKernel;
    case OpFamily::kIntrinsic: return IntrinsicKernel;
    case OpFamily::kMemory: return MemoryKernel;
  }
  return IntrinsicKernel;
}

}  // namespace rlx::interp
