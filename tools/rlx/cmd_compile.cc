// rlx compile FILE -o LIB.so [--header FILE.h] [--prefix NAME] [-O0]: the module compiled ahead
// of time into a shared library with a C header (driver/compile_library.h, docs/cli.md).
#include <iostream>

#include "driver/compile_library.h"
#include "driver/driver.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {

int RunCompile(const std::vector<std::string>& args) {
  auto opts = ParseArgs(args, {"-O0"}, {"-o", "--header", "--prefix"});
  if (!opts) return kUsage;
  if (opts->files.size() != 1 || !opts->flags.count("-o") || opts->flags["-o"].empty()) {
    std::cerr << "rlx compile: expected one FILE and -o LIB.so\n";
    return kUsage;
  }
  std::string why;
  if (!driver::BackendAvailable(driver::Backend::kCpu, &why)) {
    std::cerr << "rlx compile: " << why << "\n";
    return kUsage;
  }
  int exit_code = kOk;
  Ref<IRModule> m = LoadCheckedFile(*opts, &exit_code);
  if (!m) return exit_code;
  driver::LibraryOptions options;
  options.library = opts->flags["-o"];
  options.header = opts->flags.count("--header") ? opts->flags["--header"] : "";
  options.prefix = opts->flags.count("--prefix") ? opts->flags["--prefix"] : "";
  options.optimize = !opts->flags.count("-O0");
  std::string error;
  if (!driver::CompileLibrary(m, options, &error)) {
    std::cerr << "rlx compile: " << error << "\n";
    return kInternal;
  }
  return kOk;
}

}  // namespace rlx::cli
