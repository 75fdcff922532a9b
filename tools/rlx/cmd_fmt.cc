// rlx fmt FILE... [--check | -i]: prints files in canonical TVMScript (docs/cli.md).
#include <iostream>

#include "ir/base/file_io.h"
#include "ir/text/printer.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {

int RunFmt(const std::vector<std::string>& args) {
  auto opts = ParseArgs(args, {"--check", "-i", "--in-place"}, {"--spelling"});
  if (!opts) return kUsage;
  auto print = PrintOptionsOf(*opts);
  if (!print) return kUsage;
  bool check = opts->flags.count("--check");
  bool in_place = opts->flags.count("-i") || opts->flags.count("--in-place");
  if (opts->files.empty()) {
    std::cerr << "rlx fmt: expected at least one FILE (or - for stdin)\n";
    return kUsage;
  }
  if (check && in_place) {
    std::cerr << "rlx fmt: --check and -i cannot be combined\n";
    return kUsage;
  }
  SourceManager sources;
  DiagnosticEngine diags(sources);
  int result = kOk;
  for (const auto& path : opts->files) {
    auto text = ReadSource(path, *opts);
    if (!text) return kUsage;
    Ref<IRModule> m = LoadModule(path, *text, *opts, sources, diags);
    if (!m) {
      result = kRejected;
      continue;
    }
    std::string formatted = text::PrintModule(*m, *print);
    if (check) {
      if (formatted != *text) {
        std::cout << path << ": not in canonical form (run rlx fmt -i " << path << ")\n";
        result = kRejected;
      }
    } else if (in_place && path != "-") {
      if (formatted != *text) {
        // A temporary file renamed over the original: a full disk never leaves it truncated.
        std::string error;
        if (!ReplaceFileAtomically(path, formatted, &error)) {
          std::cerr << "rlx fmt: " << error << "\n";
          return kUsage;
        }
      }
    } else {
      std::cout << formatted;
    }
  }
  if (opts->json || !diags.diagnostics().empty()) EmitDiagnostics(diags, *opts);
  return result;
}

}  // namespace rlx::cli
