// rlx opt FILE --passes=a,b,c | -O0..-O3 [--verify-each] [--print-after-all] [--print-changed]
// [--time-passes]: runs registered passes, or a level's pipeline, and prints the result
// (docs/cli.md).
// rlx opt --update FILE...: refreshes the expectations of pass test files.
// rlx opt --list-passes: the registry.
#include <iostream>

#include "compiler/pass/pass_manager.h"
#include "compiler/pass/pass_test_file.h"
#include "compiler/pass/pipelines.h"
#include "driver/driver.h"
#include "ir/base/file_io.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {
namespace {

int ListPasses() {
  for (const auto& p : compiler::AllPasses()) {
    std::cout << p.name << "  " << p.summary << "  [" << p.rule;
    const auto& c = p.contract;
    if (c.requires_form) std::cout << "; requires " << compiler::IRPropertyNames(c.requires_form);
    if (c.establishes) std::cout << "; establishes " << compiler::IRPropertyNames(c.establishes);
    if (c.invalidates) std::cout << "; invalidates " << compiler::IRPropertyNames(c.invalidates);
    if (c.changes_signatures) std::cout << "; changes signatures";
    std::cout << "]\n";
  }
  return kOk;
}

int UpdateTests(const CommonOptions& opts) {
  int result = kOk;
  for (const auto& path : opts.files) {
    auto text = ReadFile(path);
    if (!text) return kUsage;
    compiler::PassTestFile file;
    std::string error;
    if (!compiler::ParsePassTestFile(*text, &file, &error)) {
      std::cerr << path << ": " << error << "\n";
      result = kRejected;
      continue;
    }
    std::string updated = compiler::WithExpectation(file, compiler::RunPassTest(file));
    if (updated == *text) continue;
    if (!ReplaceFileAtomically(path, updated, &error)) {
      std::cerr << "rlx opt: " << error << "\n";
      return kUsage;
    }
    std::cout << "updated " << path << "\n";
  }
  return result;
}

}  // namespace

int RunOpt(const std::vector<std::string>& args) {
  std::vector<std::string> switches = {"--verify-each", "--print-after-all", "--print-changed", "--time-passes",
                                      "--list-passes", "--update"};
  switches.insert(switches.end(), kOptLevelFlags.begin(), kOptLevelFlags.end());
  auto opts = ParseArgs(args, switches, {"--passes", "--spelling"});
  if (!opts) return kUsage;
  if (opts->flags.count("--list-passes")) return ListPasses();
  if (opts->flags.count("--update")) return UpdateTests(*opts);
  auto print = PrintOptionsOf(*opts);
  if (!print) return kUsage;
  if (opts->files.size() != 1) {
    std::cerr << "rlx opt: expected one FILE (or - for stdin)\n";
    return kUsage;
  }
  std::vector<const compiler::PassInfo*> passes;
  std::string error;
  auto list = opts->flags.find("--passes");
  bool level_given = false;
  for (const std::string& flag : kOptLevelFlags) level_given |= opts->flags.count(flag) > 0;
  if (level_given && list != opts->flags.end()) {
    std::cerr << "rlx opt: give --passes=a,b,c or an optimization level -O0..-O3, not both\n";
    return kUsage;
  }
  if (level_given) {
    passes = compiler::Pipeline(OptLevelOf(*opts));  // spec pass.pipeline
  } else if (list == opts->flags.end() || !compiler::ParsePassList(list->second, &passes, &error)) {
    std::cerr << "rlx opt: " << (error.empty() ? "--passes=a,b,c or -O0..-O3 is required" : error) << "\n";
    return kUsage;
  }
  int exit_code = kOk;
  Ref<IRModule> m = LoadCheckedFile(*opts, &exit_code);
  if (!m) return exit_code;
  compiler::PassManagerOptions options;
  options.verify_each = opts->flags.count("--verify-each");
  options.print_after_all = opts->flags.count("--print-after-all");
  options.print_changed = opts->flags.count("--print-changed");
  options.time_passes = opts->flags.count("--time-passes");
  options.print = *print;
  compiler::PassRunResult r = compiler::RunPasses(m, passes, options, std::cerr);
  if (!r.error.empty()) {
    if (r.usage_error) {
      std::cerr << "rlx opt: " << r.error << "\n";
      return kUsage;
    }
    // A pass that breaks its contract is a bug of rlx (pass.manager.verify).
    std::cerr << "rlx opt: internal error: " << r.error << "\n";
    return kInternal;
  }
  std::cout << text::PrintModule(*r.module, *print);
  return kOk;
}

}  // namespace rlx::cli
