// Loads the code generators' shared library (compiler/codegen/codegen_library.h) on first use.
#pragma once

#include <string>

#include "compiler/codegen/codegen_library.h"

namespace rlx::driver {

/// The code generators, loaded once per process: from $RLX_CODEGEN_LIBRARY when set, else from
/// where the build put librlx_codegen.so. Null with `*error` saying why when the library is
/// missing, does not load, or is of another build (its table's abi differs).
const compiler::codegen::CodegenLibrary* LoadCodegen(std::string* error);

}  // namespace rlx::driver
