// rlx compile FILE -o LIB.so [--header FILE.h] [--prefix NAME] [-O0] [--emit lib|obj|llvm|asm]:
// the module compiled ahead of time into a shared library with a C header, or into one file to
// read (driver/compile_library.h, docs/cli.md).
#include <iostream>
#include <map>

#include "driver/compile_library.h"
#include "driver/driver.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {

int RunCompile(const std::vector<std::string>& args) {
  auto opts = ParseArgs(args, kOptLevelFlags, {"-o", "--header", "--prefix", "--emit"});
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
  static const std::map<std::string, driver::EmitKind> kEmit = {{"lib", driver::EmitKind::kLibrary},
                                                                {"obj", driver::EmitKind::kObject},
                                                                {"llvm", driver::EmitKind::kLlvmIr},
                                                                {"asm", driver::EmitKind::kAssembly}};
  const std::string emit = opts->flags.count("--emit") ? opts->flags["--emit"] : "lib";
  if (!kEmit.count(emit)) {
    std::cerr << "rlx compile: --emit takes lib, obj, llvm or asm, not '" << emit << "'\n";
    return kUsage;
  }
  int exit_code = kOk;
  Ref<IRModule> m = LoadCheckedFile(*opts, &exit_code);
  if (!m) return exit_code;
  driver::LibraryOptions options;
  options.library = opts->flags["-o"];
  options.header = opts->flags.count("--header") ? opts->flags["--header"] : "";
  options.prefix = opts->flags.count("--prefix") ? opts->flags["--prefix"] : "";
  options.opt_level = OptLevelOf(*opts);
  options.emit = kEmit.at(emit);  // codegen.cpu.aot: --emit writes the compiled module alone
  std::string error;
  if (!driver::CompileLibrary(m, options, &error)) {
    std::cerr << "rlx compile: " << error << "\n";
    return kInternal;
  }
  return kOk;
}

}  // namespace rlx::cli
