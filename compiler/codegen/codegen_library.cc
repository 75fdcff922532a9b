// The table of librlx_codegen.so's entry points (codegen_library.h).
#include "compiler/codegen/codegen_library.h"

#include <list>
#include <mutex>

#include "compiler/codegen/cpu_host.h"
#include "compiler/codegen/cpu_kernel.h"
#include "compiler/codegen/cpu_object.h"
#include "ir/analysis/structural_equal.h"

namespace rlx::compiler::codegen {
namespace {

// Kernels compiled before, by the PrimFunc's structure, its name (trap messages name it) and the
// options: the conformance suite and the fuzzer compile the same lowerings again and again, and
// LLVM's O3 costs tens of milliseconds a kernel. The most recently used kCapacity stay compiled.
class KernelCache {
 public:
  static constexpr size_t kCapacity = 256;

  std::shared_ptr<const CpuKernel> Find(const Ref<tir::PrimFunc>& f, const std::string& name, bool optimize,
                                        size_t hash) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->hash != hash || it->optimize != optimize || it->name != name) continue;
      if (!StructuralEqual(Ref<Expr>(it->func), Ref<Expr>(f))) continue;
      entries_.splice(entries_.begin(), entries_, it);  // most recently used first
      return entries_.front().kernel;
    }
    return nullptr;
  }

  void Add(const Ref<tir::PrimFunc>& f, const std::string& name, bool optimize, size_t hash,
           std::shared_ptr<const CpuKernel> kernel) {
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.push_front({f, name, optimize, hash, std::move(kernel)});
    if (entries_.size() > kCapacity) entries_.pop_back();
  }

 private:
  struct Entry {
    Ref<tir::PrimFunc> func;
    std::string name;
    bool optimize;
    size_t hash;
    std::shared_ptr<const CpuKernel> kernel;
  };
  std::mutex mutex_;
  std::list<Entry> entries_;
};

KernelCache& Cache() {
  static KernelCache* cache = new KernelCache();  // never destroyed: kernels outlive static destruction
  return *cache;
}

KernelRunner CompileCpuKernel(const Ref<tir::PrimFunc>& f, const std::string& name, const KernelOptions& options,
                              std::string* error) {
  const size_t hash = StructuralHash(Ref<Expr>(f));
  std::shared_ptr<const CpuKernel> kernel = Cache().Find(f, name, options.optimize, hash);
  if (!kernel) {
    kernel = CpuKernel::Compile(*f, name, options, error);
    if (!kernel) return {};
    Cache().Add(f, name, options.optimize, hash, kernel);
  }
  return [kernel](runtime::CallContext& ctx, const std::vector<runtime::Value>& args) { kernel->Run(ctx, args); };
}

}  // namespace
}  // namespace rlx::compiler::codegen

extern "C" const rlx::compiler::codegen::CodegenLibrary* rlx_codegen_library() {
  static const rlx::compiler::codegen::CodegenLibrary library = [] {
    rlx::compiler::codegen::CodegenLibrary l;
    l.compile_cpu_kernel = rlx::compiler::codegen::CompileCpuKernel;
    l.compile_cpu_host = rlx::compiler::codegen::CompileCpuHost;
    l.compile_cpu_object = rlx::compiler::codegen::CompileCpuObject;
    return l;
  }();
  return &library;
}
