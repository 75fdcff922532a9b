#include "driver/aot/aot_runtime.h"

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "checker/checker.h"
#include "compiler/codegen/host_layout.h"
#include "compiler/codegen/kernel_call.h"
#include "interpreter/interpreter.h"
#include "ir/text/relax_parser.h"

namespace rlx::driver {
namespace {

using runtime::Value;

// An image loaded: its module, its compiled functions and kernels.
struct Loaded {
  Ref<IRModule> module;
  std::shared_ptr<runtime::HostProgram> program;
  std::unordered_map<std::string, compiler::codegen::KernelFn> kernels;
  std::string error;
};

std::unique_ptr<Loaded> LoadImage(const RlxAotImage& image) {
  auto l = std::make_unique<Loaded>();
  SourceManager sources;
  DiagnosticEngine diags(sources);
  l->module = text::ParseModuleText(image.module_text, "compiled.py", sources, diags);
  if (l->module && !diags.has_errors()) checker::CheckModule(*l->module, diags);
  if (!l->module || diags.has_errors()) {
    l->error = "E0001: the compiled module's text does not load: " + diags.RenderAll();
    return l;
  }
  compiler::codegen::HostLayout layout = compiler::codegen::LayoutModule(l->module, nullptr);
  if (layout.program.functions.size() != static_cast<size_t>(*image.num_functions) ||
      compiler::codegen::LayoutFingerprint(layout) != *image.layout) {
    l->error = "E0001: the compiled module's functions do not match its text (another rlx built it?)";
    return l;
  }
  l->program = std::make_shared<runtime::HostProgram>(std::move(layout.program));
  for (size_t i = 0; i < l->program->functions.size(); ++i) {
    l->program->functions[i].code = reinterpret_cast<runtime::HostFunction>(image.functions[i]);
  }
  for (int64_t i = 0; i < *image.num_kernels; ++i) {
    l->kernels[image.kernel_names[i]] = reinterpret_cast<compiler::codegen::KernelFn>(image.kernels[i]);
  }
  return l;
}

const Loaded& Load(const RlxAotImage* image) {
  static std::mutex mutex;
  static auto* loaded = new std::map<const RlxAotImage*, std::unique_ptr<Loaded>>();  // never freed
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = (*loaded)[image];
  if (!slot) slot = LoadImage(*image);
  return *slot;
}

std::optional<DataType> FromDLPack(DLDataType t) {
  if (t.lanes != 1) return std::nullopt;
  switch (t.code) {
    case kDLInt: return ParseDataType("int" + std::to_string(t.bits));
    case kDLUInt: return t.bits == 1 ? std::optional<DataType>(DataType::kBool) : ParseDataType("uint" + std::to_string(t.bits));
    case kDLFloat: return ParseDataType("float" + std::to_string(t.bits));
    case kDLBfloat: return t.bits == 16 ? std::optional<DataType>(DataType::kBFloat16) : std::nullopt;
    default: return std::nullopt;
  }
}

std::optional<DLDataType> ToDLPack(DataType t) {
  const uint8_t bits = static_cast<uint8_t>(DataTypeBits(t));
  if (t == DataType::kBool) return DLDataType{kDLUInt, 1, 1};
  if (t == DataType::kBFloat16) return DLDataType{kDLBfloat, 16, 1};
  if (IsFloat8(t)) return std::nullopt;
  if (IsFloat(t)) return DLDataType{kDLFloat, bits, 1};
  if (IsSignedInt(t)) return DLDataType{kDLInt, bits, 1};
  if (IsInteger(t)) return DLDataType{kDLUInt, bits, 1};
  return std::nullopt;
}

// A DLTensor's elements as a tensor (copied; CPU and compact only).
runtime::Tensor TensorOf(const DLTensor& t, size_t index) {
  auto fail = [&](const std::string& why) {
    runtime::Fail(ErrorCode::kArgumentFailed, "input " + std::to_string(index) + ": " + why);
  };
  if (t.device.device_type != kDLCPU) fail("not on the CPU");
  std::optional<DataType> dtype = FromDLPack(t.dtype);
  if (!dtype) fail("a data type rlx does not have");
  if (t.ndim < 0) fail("a negative rank");
  std::vector<int64_t> shape(t.shape, t.shape + t.ndim);
  int64_t expect = 1;
  for (int k = t.ndim - 1; k >= 0; --k) {
    if (shape[static_cast<size_t>(k)] < 0) fail("a negative extent");
    if (t.strides && shape[static_cast<size_t>(k)] > 1 && t.strides[k] != expect) fail("not compact (row-major)");
    expect *= shape[static_cast<size_t>(k)];
  }
  auto tensor = std::make_shared<TensorData>(*dtype, shape);
  if (tensor->nbytes() > 0) std::memcpy(tensor->mutable_data(), static_cast<const uint8_t*>(t.data) + t.byte_offset, tensor->nbytes());
  return tensor;
}

// An input as the value parameter `p` takes (eval.entry).
Value Argument(const DLTensor& t, const Var& p, size_t index) {
  runtime::Tensor tensor = TensorOf(t, index);
  if (As<PrimStructInfo>(p.annotation)) {
    if (tensor->ndim() != 0) runtime::Fail(ErrorCode::kArgumentFailed, "input " + std::to_string(index) + ": a prim value is a 0-d tensor");
    runtime::PrimScalar s;
    s.dtype = tensor->dtype();
    if (IsFloat(s.dtype)) s.f = tensor->GetDouble(0);
    else s.i = tensor->GetInt(0);
    return Value::FromPrim(s);
  }
  if (As<ShapeStructInfo>(p.annotation)) {
    if (tensor->ndim() != 1 || tensor->dtype() != DataType::kInt64) {
      runtime::Fail(ErrorCode::kArgumentFailed, "input " + std::to_string(index) + ": a shape is a 1-d int64 tensor");
    }
    std::vector<int64_t> dims;
    for (int64_t i = 0; i < tensor->num_elements(); ++i) dims.push_back(tensor->GetInt(i));
    return Value::FromShape(dims);
  }
  return Value::FromTensor(tensor);
}

struct Managed {
  DLManagedTensor dl;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;
};

DLManagedTensor* Export(const TensorData& t) {
  auto* m = new Managed();
  m->shape = t.shape();
  m->bytes.assign(t.data(), t.data() + t.nbytes());
  m->dl.dl_tensor.data = m->bytes.data();
  m->dl.dl_tensor.device = DLDevice{kDLCPU, 0};
  m->dl.dl_tensor.ndim = t.ndim();
  m->dl.dl_tensor.dtype = *ToDLPack(t.dtype());
  m->dl.dl_tensor.shape = m->shape.data();
  m->dl.dl_tensor.strides = nullptr;
  m->dl.dl_tensor.byte_offset = 0;
  m->dl.manager_ctx = m;
  m->dl.deleter = [](DLManagedTensor* self) { delete static_cast<Managed*>(self->manager_ctx); };
  return &m->dl;
}

// The result's tensors, flattened (a prim value as a 0-d tensor, a shape as a 1-d int64 one).
void Flatten(const Value& v, std::vector<runtime::Tensor>& out) {
  if (v.is_tensor()) {
    if (!ToDLPack(v.tensor()->dtype())) runtime::Fail(ErrorCode::kInvalidValue, "a result's data type has no DLPack code");
    out.push_back(v.tensor());
  } else if (v.is_tuple()) {
    for (const Value& f : v.tuple()) Flatten(f, out);
  } else if (v.is_prim()) {
    auto t = std::make_shared<TensorData>(v.prim().dtype, std::vector<int64_t>{});
    if (IsFloat(v.prim().dtype)) t->SetDouble(0, v.prim().f);
    else t->SetInt(0, v.prim().i);
    out.push_back(t);
  } else if (v.is_shape()) {
    auto t = std::make_shared<TensorData>(DataType::kInt64, std::vector<int64_t>{static_cast<int64_t>(v.shape().size())});
    for (size_t i = 0; i < v.shape().size(); ++i) t->SetInt(static_cast<int64_t>(i), v.shape()[i]);
    out.push_back(t);
  } else {
    runtime::Fail(ErrorCode::kInvalidValue, std::string("a result of kind ") + runtime::ValueKindName(v.kind()) +
                                                " has no DLPack form");
  }
}

thread_local std::string last_error;

int Failed(const std::string& message, const char** error) {
  last_error = message;
  if (error) *error = last_error.c_str();
  return 1;
}

}  // namespace
}  // namespace rlx::driver

extern "C" int rlx_aot_run(const RlxAotImage* image, const char* function, const DLTensor* inputs, int num_inputs,
                           DLManagedTensor** outputs, int max_outputs, int* num_outputs, const char** error) {
  using namespace rlx;
  using namespace rlx::driver;
  const Loaded& l = Load(image);
  if (!l.error.empty()) return Failed(l.error, error);
  Ref<Function> f = l.module->FindFunction(function);
  if (!f) return Failed(std::string("E0901: the module has no function '") + function + "'", error);
  std::vector<runtime::Tensor> results;
  try {
    if (num_inputs < 0 || static_cast<size_t>(num_inputs) != f->params.size()) {
      runtime::Fail(ErrorCode::kArgumentFailed, std::string("'") + function + "' takes " +
                                                    std::to_string(f->params.size()) + " arguments, got " +
                                                    std::to_string(num_inputs));
    }
    std::vector<runtime::Value> args;
    for (size_t i = 0; i < f->params.size(); ++i) args.push_back(Argument(inputs[i], *f->params[i], i));
    interp::InterpreterOptions o;
    o.host = l.program;
    const Loaded* loaded = &l;
    o.compile_prim_func = [loaded](const Ref<tir::PrimFunc>& prim, const std::string& name) -> interp::PrimFuncRunner {
      auto it = loaded->kernels.find(name);
      if (it == loaded->kernels.end()) return {};
      compiler::codegen::KernelFn fn = it->second;
      return [fn, prim, name](runtime::CallContext& ctx, const std::vector<runtime::Value>& a) {
        compiler::codegen::CallKernel(fn, prim->params, name, ctx, a);
      };
    };
    interp::Interpreter interpreter(l.module, std::move(o));
    interp::RunResult r = interpreter.Run(function, std::move(args));
    if (!r.ok()) return Failed(std::string(ErrorCodeString(r.error->code)) + ": " + r.error->message, error);
    Flatten(r.value, results);
  } catch (const runtime::Trap& t) {
    return Failed(std::string(ErrorCodeString(t.code())) + ": " + t.message(), error);
  }
  if (static_cast<int>(results.size()) > max_outputs) {
    return Failed("the result has " + std::to_string(results.size()) + " tensors, room for " + std::to_string(max_outputs), error);
  }
  for (size_t i = 0; i < results.size(); ++i) outputs[i] = Export(*results[i]);
  *num_outputs = static_cast<int>(results.size());
  return 0;
}
