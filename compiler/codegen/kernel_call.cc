// Calling a compiled kernel (kernel_call.h): its arguments bound as the TIR interpreter binds
// them (tir.eval.bind), its trap rethrown.
#include "compiler/codegen/kernel_call.h"

#include <cstring>

#include "compiler/codegen/llvm/kernel_runtime.h"
#include "ir/base/float_bits.h"

namespace rlx::compiler::codegen {
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

void CallKernel(KernelFn fn, const std::vector<tir::Param>& params, const std::string& name, runtime::CallContext& ctx,
                const std::vector<runtime::Value>& args) {
  auto mismatch = [&](size_t i, const std::string& why) {
    runtime::Fail(ErrorCode::kArgumentFailed,
                  "argument " + std::to_string(i) + " of PrimFunc '" + name + "' does not match parameter '" +
                      params[i].var->name + "': " + why,
                  "tir.eval.bind");
  };
  if (args.size() != params.size()) {
    runtime::Fail(ErrorCode::kArgumentFailed,
                  "PrimFunc '" + name + "' takes " + std::to_string(params.size()) + " arguments, got " +
                      std::to_string(args.size()),
                  "tir.eval.bind");
  }
  std::vector<RlxKernelArg> packed(params.size(), RlxKernelArg{nullptr, nullptr, 0});
  for (size_t i = 0; i < params.size(); ++i) {
    const runtime::Value& v = args[i];
    if (params[i].is_handle()) {
      const tir::Buffer& b = *params[i].buffer;
      if (!v.is_tensor()) mismatch(i, std::string("expected a tensor, got ") + runtime::ValueKindName(v.kind()));
      TensorData& t = *v.tensor();
      if (t.dtype() != b.dtype) {
        mismatch(i, "buffer '" + b.name + "' holds " + std::string(DataTypeName(b.dtype)) + ", the tensor " +
                        std::string(DataTypeName(t.dtype())));
      }
      if (static_cast<size_t>(t.ndim()) != b.ndim()) {
        mismatch(i, "buffer '" + b.name + "' has rank " + std::to_string(b.ndim()) + ", the tensor " +
                        std::to_string(t.ndim()));
      }
      packed[i].data = t.mutable_data();
      packed[i].shape = t.shape().data();
      continue;
    }
    if (!v.is_prim()) mismatch(i, std::string("expected a scalar, got ") + runtime::ValueKindName(v.kind()));
    const runtime::PrimScalar& s = v.prim();
    const DataType t = params[i].var->dtype;
    if (IsFloat(t)) {
      double d = s.is_float() ? s.f : static_cast<double>(s.i);
      d = RoundToFloatDType(d, t);  // as BindScalar: the value of t nearest
      std::memcpy(&packed[i].scalar, &d, sizeof d);
    } else {
      if (s.is_float() || !Fits(t, s.i)) mismatch(i, "the value is not a " + std::string(DataTypeName(t)));
      packed[i].scalar = s.i;
    }
  }
  RlxKernelCall call;
  call.ctx = &ctx;
  call.name = name;
  RlxKernelCounters counters;
  if (fn(packed.data(), &call, &counters) != 0) {
    if (!call.trap) runtime::Fail(ErrorCode::kTirIllFormed, "kernel '" + name + "' failed without a trap");
    throw runtime::Trap(*call.trap);
  }
}

}  // namespace rlx::compiler::codegen
