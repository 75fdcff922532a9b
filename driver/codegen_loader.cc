#include "driver/codegen_loader.h"

#include <dlfcn.h>

#include <cstdlib>

namespace rlx::driver {
namespace {

struct Loaded {
  const compiler::codegen::CodegenLibrary* library = nullptr;
  std::string error;
};

Loaded Load() {
  Loaded r;
  const char* env = std::getenv("RLX_CODEGEN_LIBRARY");
  std::string path = env && *env ? env : RLX_CODEGEN_LIBRARY;
  // RTLD_LOCAL: LLVM's symbols stay private to the library; the library's references to rlx's
  // own libraries resolve to the copies this process already has.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    r.error = "cannot load the code generators (" + path + "): " + (why ? why : "unknown error");
    return r;
  }
  using Entry = const compiler::codegen::CodegenLibrary* (*)();
  auto entry = reinterpret_cast<Entry>(dlsym(handle, "rlx_codegen_library"));
  const compiler::codegen::CodegenLibrary* library = entry ? entry() : nullptr;
  if (!library || library->abi != compiler::codegen::CodegenLibrary::kAbi) {
    r.error = "the code generators at " + path + " are of another build of rlx";
    return r;  // the handle stays open: nothing of it is called
  }
  r.library = library;
  return r;
}

}  // namespace

const compiler::codegen::CodegenLibrary* LoadCodegen(std::string* error) {
  static const Loaded loaded = Load();  // once per process, thread-safe
  if (!loaded.library && error) *error = loaded.error;
  return loaded.library;
}

}  // namespace rlx::driver
