// `rlx compile FILE -o lib.so` (spec codegen.cpu.aot): a checked module lowered, compiled ahead
// of time (compiler/codegen/cpu_object.h) and linked with the C compiler into a shared library
// against rlx's runtime (driver/aot/aot_runtime.h), with a generated C header whose entry
// points take DLPack tensors.
#pragma once

#include <string>

#include "ir/module.h"

namespace rlx::driver {

struct LibraryOptions {
  std::string library;  // the shared library to write
  std::string header;   // its C header ("" : the library's path with .h for .so)
  std::string prefix;   // the entry points' prefix ("" : the library's file name, less lib and .so)
  bool optimize = true; // LLVM's O3 pipeline; false: O0
};

/// The C identifier `rlx compile` derives from a library path: "build/libmlp.so" -> "mlp".
std::string LibraryPrefix(const std::string& library);

/// Compiles `module` (accepted by the checker) into the library and its header. False with
/// `*error` set when the code generators cannot be loaded, the module cannot be compiled, or
/// the C compiler fails.
bool CompileLibrary(const Ref<IRModule>& module, const LibraryOptions& options, std::string* error);

}  // namespace rlx::driver
