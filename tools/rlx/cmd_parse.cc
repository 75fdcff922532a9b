// rlx parse FILE...: reads TVMScript files and reports every diagnostic (docs/cli.md).
#include <iostream>
#include <utility>

#include "ir/text/printer.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {

int RunParse(const std::vector<std::string>& args) {
  auto opts = ParseArgs(args, {"--print"}, {"--spelling"});
  if (!opts) return kUsage;
  if (opts->files.empty()) {
    std::cerr << "rlx parse: expected at least one FILE (or - for stdin)\n";
    return kUsage;
  }
  auto print = PrintOptionsOf(*opts);
  if (!print) return kUsage;
  SourceManager sources;
  DiagnosticEngine diags(sources);
  bool ok = true;
  for (const auto& path : opts->files) {
    auto text = ReadSource(path, *opts);
    if (!text) return kUsage;
    Ref<IRModule> m = LoadModule(path, std::move(*text), *opts, sources, diags);
    if (!m) {
      ok = false;
      continue;
    }
    if (opts->flags.count("--print")) {
      std::cout << text::PrintModule(*m, *print);
    } else if (!opts->json) {
      std::cout << path << ": ok (" << m->globals.size() << " global"
                << (m->globals.size() == 1 ? "" : "s") << ")\n";
    }
  }
  if (opts->json || !diags.diagnostics().empty()) EmitDiagnostics(diags, *opts);
  return ok ? kOk : kRejected;
}

}  // namespace rlx::cli
