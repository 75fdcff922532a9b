// A compiled kernel's arguments bound as the TIR interpreter binds them (tir.eval.bind).
#include <cstring>

#include "ir/base/float_bits.h"
#include "runtime/kernel_abi.h"

namespace rlx::runtime {
namespace {

// True when v is a value of the integer or bool dtype t.
bool Fits(DataType t, int64_t v) {
  if (t == DataType::kBool) return v == 0 || v == 1;
  const int bits = DataTypeBits(t);
  if (bits >= 64) return true;
  if (IsSignedInt(t)) return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1));
  return v >= 0 && v < (int64_t{1} << bits);
}

}  // namespace

void PackKernelArgs(const std::vector<tir::Param>& params, const std::string& name, const std::vector<Value>& args,
                    RlxKernelArg* out) {
  auto mismatch = [&](size_t i, const std::string& why) {
    Fail(ErrorCode::kArgumentFailed,
         "argument " + std::to_string(i) + " of PrimFunc '" + name + "' does not match parameter '" +
             params[i].var->name + "': " + why,
         "tir.eval.bind");
  };
  if (args.size() != params.size()) {
    Fail(ErrorCode::kArgumentFailed,
         "PrimFunc '" + name + "' takes " + std::to_string(params.size()) + " arguments, got " +
             std::to_string(args.size()),
         "tir.eval.bind");
  }
  for (size_t i = 0; i < params.size(); ++i) {
    const Value& v = args[i];
    out[i] = RlxKernelArg{nullptr, nullptr, 0};
    if (params[i].is_handle()) {
      const tir::Buffer& b = *params[i].buffer;
      if (!v.is_tensor()) mismatch(i, std::string("expected a tensor, got ") + ValueKindName(v.kind()));
      TensorData& t = *v.tensor();
      if (t.dtype() != b.dtype) {
        mismatch(i, "buffer '" + b.name + "' holds " + std::string(DataTypeName(b.dtype)) + ", the tensor " +
                        std::string(DataTypeName(t.dtype())));
      }
      if (static_cast<size_t>(t.ndim()) != b.ndim()) {
        mismatch(i, "buffer '" + b.name + "' has rank " + std::to_string(b.ndim()) + ", the tensor " +
                        std::to_string(t.ndim()));
      }
      out[i].data = t.mutable_data();
      out[i].shape = t.shape().data();
      continue;
    }
    if (!v.is_prim()) mismatch(i, std::string("expected a scalar, got ") + ValueKindName(v.kind()));
    const PrimScalar& s = v.prim();
    const DataType t = params[i].var->dtype;
    if (IsFloat(t)) {
      double d = s.is_float() ? s.f : static_cast<double>(s.i);
      d = RoundToFloatDType(d, t);  // as BindScalar: the value of t nearest
      std::memcpy(&out[i].scalar, &d, sizeof d);
    } else {
      if (s.is_float() || !Fits(t, s.i)) mismatch(i, "the value is not a " + std::string(DataTypeName(t)));
      out[i].scalar = s.i;
    }
  }
}

}  // namespace rlx::runtime
