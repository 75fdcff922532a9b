// Shared pieces of the rlx subcommands: option parsing, file reading, exit codes.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "driver/driver.h"
#include "ir/base/diagnostic.h"
#include "ir/module.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"

namespace rlx::cli {

/// Process exit codes (docs/cli.md).
enum ExitCode { kOk = 0, kRejected = 1, kUsage = 2, kInternal = 3 };

/// Options every subcommand accepts, plus the positional arguments.
struct CommonOptions {
  bool json = false;                         // --json: machine-readable diagnostics on stdout
  text::ParseOptions parse;                  // -D NAME=VALUE captures
  std::vector<std::string> files;            // positional arguments
  std::map<std::string, std::string> flags;  // subcommand flags (--check -> "")
};

/// Parses argv after the subcommand. `flags_with_value` / `flags_without_value` list the
/// subcommand's own flags. Returns nullopt (after printing to stderr) on a usage error.
std::optional<CommonOptions> ParseArgs(const std::vector<std::string>& args,
                                       const std::vector<std::string>& flags_without_value,
                                       const std::vector<std::string>& flags_with_value);

/// The optimization level flags, -O0 to -O3 (spec pass.pipeline), for a command's
/// flags_without_value.
extern const std::vector<std::string> kOptLevelFlags;
/// The level the flags give (the highest, when several are), or the default, -O2.
int OptLevelOf(const CommonOptions& opts);

/// The printer's options from `--spelling v0.23|v0.24` (text.spelling); nullopt after printing a
/// usage error.
std::optional<text::PrintOptions> PrintOptionsOf(const CommonOptions& opts);

/// The backend `name` names for `--backend` of `command` ("rlx run"), when this process can run
/// it; nullopt after printing why not (an unknown name, or a compiled backend whose code
/// generators do not load: exit 2).
std::optional<driver::Backend> BackendOption(const std::string& command, const std::string& name);

/// Reads a file ("-" is stdin) of at most `max_bytes`; nullopt after printing "cannot read"
/// (a missing file, a folder, a read error, or a larger file: exit 2, docs/cli.md).
std::optional<std::string> ReadFile(const std::string& path, uint64_t max_bytes = uint64_t{1} << 30);

/// Reads a source file as ReadFile does, refusing one beyond the parser's size limit before
/// reading it whole (text.limit.size).
std::optional<std::string> ReadSource(const std::string& path, const CommonOptions& opts);

/// Writes a whole output file; false after printing "cannot write" (a full disk included).
bool WriteOutputFile(const std::string& path, const std::string& contents);

/// Parses one file into a module, printing diagnostics (text on stderr, or JSON on stdout).
/// `diags` receives the diagnostics; nullptr when the file was rejected.
/// `text` is moved into `sources` (a large source is held once).
Ref<IRModule> LoadModule(const std::string& path, std::string text, const CommonOptions& opts,
                         SourceManager& sources, DiagnosticEngine& diags);

/// Prints the run's diagnostics as the options ask.
void EmitDiagnostics(const DiagnosticEngine& diags, const CommonOptions& opts);

/// The one FILE of `opts` read, parsed and checked, its diagnostics printed; null with
/// `*exit_code` set (kUsage: unreadable; kRejected: rejected) otherwise.
Ref<IRModule> LoadCheckedFile(const CommonOptions& opts, int* exit_code);

int RunParse(const std::vector<std::string>& args);
int RunFmt(const std::vector<std::string>& args);
int RunCheck(const std::vector<std::string>& args);
int RunProve(const std::vector<std::string>& args);
int RunRun(const std::vector<std::string>& args);
int RunConform(const std::vector<std::string>& args);
int RunAdapter(const std::vector<std::string>& args);
int RunFuzz(const std::vector<std::string>& args);
int RunOpt(const std::vector<std::string>& args);
int RunCompile(const std::vector<std::string>& args);

}  // namespace rlx::cli
