#include "compiler/codegen/cpu_object.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Host.h>

#include "compiler/codegen/host_layout.h"
#include "compiler/codegen/llvm/host_emitter.h"
#include "compiler/codegen/llvm/jit.h"
#include "compiler/codegen/llvm/tir_emitter.h"
#include "ir/text/printer.h"

namespace rlx::compiler::codegen {
namespace {

// A constant array of pointers named `name`, and its length as an int64 `count_name`.
void PointerTable(llvm::Module& m, const std::string& name, const std::string& count_name,
                  const std::vector<llvm::Constant*>& items) {
  llvm::LLVMContext& ctx = m.getContext();
  auto* ptr = llvm::PointerType::get(ctx, 0);
  auto* type = llvm::ArrayType::get(ptr, items.size());
  new llvm::GlobalVariable(m, type, true, llvm::GlobalValue::ExternalLinkage, llvm::ConstantArray::get(type, items), name);
  auto* i64 = llvm::Type::getInt64Ty(ctx);
  new llvm::GlobalVariable(m, i64, true, llvm::GlobalValue::ExternalLinkage,
                           llvm::ConstantInt::get(i64, items.size()), count_name);
}

llvm::Constant* CStringConstant(llvm::Module& m, const std::string& text, const std::string& name) {
  llvm::Constant* data = llvm::ConstantDataArray::getString(m.getContext(), text, true);
  auto linkage = name.empty() ? llvm::GlobalValue::PrivateLinkage : llvm::GlobalValue::ExternalLinkage;
  return new llvm::GlobalVariable(m, data->getType(), true, linkage, data, name);
}

// A target machine for position-independent code for the host.
std::unique_ptr<llvm::TargetMachine> PicTargetMachine(std::string* error) {
  const std::string triple = llvm::sys::getProcessTriple();
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, *error);
  if (!target) return nullptr;
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  std::string feature_text;
  for (const auto& f : features) feature_text += (f.second ? "+" : "-") + f.first().str() + ",";
  llvm::TargetOptions options;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, llvm::sys::getHostCPUName(), feature_text, options, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
}

}  // namespace

bool CompileCpuObject(const Ref<IRModule>& module, const std::string& path, const KernelOptions& options,
                      ObjectFormat format, std::string* error) {
  GetJit();  // the native target initialized
  std::unique_ptr<llvm::TargetMachine> tm = PicTargetMachine(error);
  if (!tm) return false;
  llvm::LLVMContext ctx;
  llvm::Module m("rlx_aot", ctx);
  m.setDataLayout(tm->createDataLayout());
  m.setTargetTriple(tm->getTargetTriple().str());
  // The kernels.
  std::vector<llvm::Constant*> kernels, names;
  EmittedKernels natives;
  for (const GlobalDef& g : module->globals) {
    auto f = As<tir::PrimFunc>(g.value);
    if (!f) continue;
    const std::string symbol = KernelSymbol("rlx_aot_kernel_", kernels.size(), g.name);
    TirEmitter emitter(m, g.name);
    if (!emitter.Emit(*f, symbol, error)) return false;
    kernels.push_back(m.getFunction(symbol));
    natives[f.get()] = m.getFunction(symbol);
    names.push_back(CStringConstant(m, g.name, ""));
  }
  PointerTable(m, "rlx_aot_kernels", "rlx_aot_num_kernels", kernels);
  PointerTable(m, "rlx_aot_kernel_names", "rlx_aot_num_kernel_names", names);
  // The Relax functions.
  HostLayout layout = LayoutModule(module, nullptr);
  EmitHostFunctions(layout, "rlx_aot_host", natives, m);
  std::vector<llvm::Constant*> functions;
  for (size_t i = 0; i < layout.program.functions.size(); ++i) functions.push_back(m.getFunction(HostSymbol("rlx_aot_host", i)));
  PointerTable(m, "rlx_aot_functions", "rlx_aot_num_functions", functions);
  CStringConstant(m, text::PrintModule(*module), "rlx_aot_module_text");
  auto* i64 = llvm::Type::getInt64Ty(ctx);
  new llvm::GlobalVariable(m, i64, true, llvm::GlobalValue::ExternalLinkage,
                           llvm::ConstantInt::get(i64, static_cast<uint64_t>(LayoutFingerprint(layout))), "rlx_aot_layout");
  std::string broken;
  llvm::raw_string_ostream why(broken);
  if (llvm::verifyModule(m, &why)) {
    *error = "the compiled module is not valid LLVM IR: " + why.str();
    return false;
  }
  if (options.optimize) Optimize(m, tm.get());
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    *error = "cannot write " + path + ": " + ec.message();
    return false;
  }
  if (format == ObjectFormat::kLlvmIr) {
    m.print(out, nullptr);
    return true;
  }
  llvm::legacy::PassManager pm;
  auto file_type = format == ObjectFormat::kAssembly ? llvm::CodeGenFileType::AssemblyFile : llvm::CodeGenFileType::ObjectFile;
  if (tm->addPassesToEmitFile(pm, out, nullptr, file_type)) {
    *error = "LLVM cannot emit an object file for " + tm->getTargetTriple().str();
    return false;
  }
  pm.run(m);
  out.flush();
  return true;
}

}  // namespace rlx::compiler::codegen
