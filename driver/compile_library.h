// `rlx compile FILE -o lib.so` (spec codegen.cpu.aot): a checked module lowered, compiled ahead
// of time (compiler/codegen/cpu_object.h) and linked with the C compiler into a shared library
// against rlx's runtime (driver/aot/aot_runtime.h), with a generated C header whose entry
// points take DLPack tensors.
#pragma once

#include <string>

#include "ir/module.h"

namespace rlx::driver {

/// What `rlx compile --emit` writes: the shared library and its header, or for reading, the
/// compiled module alone as an object file, LLVM IR (after optimization) or assembly.
enum class EmitKind { kLibrary, kObject, kLlvmIr, kAssembly };

struct LibraryOptions {
  std::string library;  // the shared library (or, by `emit`, the file) to write
  EmitKind emit = EmitKind::kLibrary;
  std::string header;   // its C header ("" : the library's path with .h for .so)
  std::string prefix;   // the entry points' prefix ("" : the library's file name, less lib and .so)
  int opt_level = 2;    // -O0 to -O3: the pass pipeline, and LLVM's O3 pipeline above -O0
};

/// The C identifier `rlx compile` derives from a library path: "build/libmlp.so" -> "mlp".
std::string LibraryPrefix(const std::string& library);

/// Compiles `module` (accepted by the checker) into the library and its header (or the one file
/// `options.emit` names). False with
/// `*error` set when the code generators cannot be loaded, the module cannot be compiled, or
/// the C compiler fails.
bool CompileLibrary(const Ref<IRModule>& module, const LibraryOptions& options, std::string* error);

}  // namespace rlx::driver
