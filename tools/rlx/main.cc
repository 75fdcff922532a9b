// rlx: the command-line entry point. Subcommands live in cmd_*.cc (docs/cli.md).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "ir/base/check.h"
#include "tools/rlx/cli_common.h"

namespace {

constexpr const char* kUsage = R"(usage: rlx <command> [options] FILE...

Commands:
  parse FILE...          read TVMScript files and report every diagnostic
                         (--print: print the parsed module in canonical form)
  fmt FILE...            print files in canonical TVMScript
                         (--check: exit 1 if a file is not canonical; -i: rewrite in place)
  check FILE...          check well-formedness and struct info; report every violation
                         (--print-struct-info: print the module with every binding
                         annotated; --struct-info-of FUNC:VAR: one binding's;
                         --runtime-checks: list the checks left to run time;
                         --stats: prover counters)
  prove FILE...          decide shape claims: @claim identities of a claim file, or the
                         op calls and annotated results of a TVMScript module
                         (--smt2: print each identity's SMT-LIB2 query; --stats)
  run FILE               evaluate a function with the reference interpreter
                         (--entry NAME (default main); --backend interpreter|cpu-kernels|cpu;
                         -O0|-O1|-O2|-O3: the compiled backends' pipeline (default -O2);
                         --input NAME=FILE.npy, repeatable;
                         --inputs FILE.json: inputs by name (docs/cli.md);
                         --random-inputs [--seed S]: inputs from the annotations, shape
                         variables from -D or 4; -D NAME=VALUE also passes a Prim argument;
                         --output-dir DIR: write output*.npy instead of printing;
                         --result-json FILE: write the result as JSON (conformance/ADAPTER.md);
                         --limit max_steps|max_call_depth|max_tensor_bytes|max_live_bytes|
                         max_work|max_seconds=N)
  opt FILE --passes=a,b  run compiler passes and print the result (or -O0..-O3: that
                         level's pipeline, spec pass.pipeline;
                         (--verify-each: check the module after every pass;
                         --print-after-all | --print-changed: print it after each pass
                         (on stderr); --time-passes; --list-passes; --spelling;
                         --update FILE...: refresh pass test files' expectations)
  conform [PATH[:LINE]...] run the conformance suite (conformance/) against rlx, or against
                         another implementation: --impl CMD (an adapter, conformance/ADAPTER.md);
                         --passes=a,b: run assertions run the module after these passes;
                         --backend cpu-kernels|cpu [-O0..-O3]: run assertions run on that
                         backend at that level;
                         --filter GLOB (ids or rule tags); --shard I/N; --expect FILE
                         [--update]; --junit FILE; --jsonl FILE; --timeout S; --verbose;
                         --max-failures N;
                         --list; --coverage (rules without assertions); --op-status
  compile FILE -o LIB.so the module compiled ahead of time: a shared library and its C header,
                         whose entry points take DLPack tensors (--header FILE.h;
                         --prefix NAME of the entry points; -O0..-O3 (default -O2);
                         --emit obj|llvm|asm: the compiled module alone, to read)
  adapter --serve|REQ    rlx's own conformance adapter (JSON lines on stdin/stdout;
                         --backend cpu-kernels|cpu [-O0..-O3] first: run requests on that
                         backend at that level)
  fuzz                   generate well-typed programs and check them against every oracle
                         (--seed S; --time 60s | --count N; --oracle NAME,...; --jobs N;
                         --save DIR (default fuzz/regressions) | --no-save; --no-reduce;
                         --coverage; --finite; --max-failures N; --max-steps N; --quiet;
                         --print (each program and its arguments);
                         --list-oracles)
  help                   show this message

Options for every command:
  -D NAME=VALUE          bind a captured value (int, float, True/False, None, or string)
  --json                 print diagnostics as JSON on stdout
  --help, --version

Exit codes: 0 ok, 1 input rejected, 2 usage error, 3 internal error,
            4 runtime error (trap), 5 limit exhausted (run).
See docs/cli.md for details.
)";

// Runs one command; the exit code.
int Dispatch(const std::vector<std::string>& args) {
  if (args.empty()) {
    std::cerr << kUsage;
    return rlx::cli::kUsage;
  }
  const std::string cmd = args[0];
  std::vector<std::string> rest(args.begin() + 1, args.end());
  for (const auto& a : rest) {
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return rlx::cli::kOk;
    }
  }
  try {
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      std::cout << kUsage;
      return rlx::cli::kOk;
    }
    if (cmd == "--version") {
      std::cout << "rlx " << RLX_VERSION << "\n";
      return rlx::cli::kOk;
    }
    if (cmd == "parse") return rlx::cli::RunParse(rest);
    if (cmd == "fmt") return rlx::cli::RunFmt(rest);
    if (cmd == "check") return rlx::cli::RunCheck(rest);
    if (cmd == "prove") return rlx::cli::RunProve(rest);
    if (cmd == "run") return rlx::cli::RunRun(rest);
    if (cmd == "conform") return rlx::cli::RunConform(rest);
    if (cmd == "fuzz") return rlx::cli::RunFuzz(rest);
    if (cmd == "opt") return rlx::cli::RunOpt(rest);
    if (cmd == "compile") return rlx::cli::RunCompile(rest);
    if (cmd == "adapter") return rlx::cli::RunAdapter(rest);
    std::cerr << "rlx: unknown command '" << cmd << "'\n" << kUsage;
    return rlx::cli::kUsage;
  } catch (const rlx::InternalError& e) {
    std::cerr << "rlx: internal error: " << e.what()
              << "\nThis is a bug in rlx; please report it with the input that caused it.\n";
    return rlx::cli::kInternal;
  } catch (const std::exception& e) {
    std::cerr << "rlx: internal error: " << e.what() << "\n";
    return rlx::cli::kInternal;
  }
}

}  // namespace

int main(int argc, char** argv) {
  int code = Dispatch(std::vector<std::string>(argv + 1, argv + argc));
  // Every command's output ends here: what could not be written to standard output (a full
  // disk, a closed pipe) is an error, never a silent success (docs/cli.md, exit codes).
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int err = errno;
  if (!std::cout || !flushed || std::ferror(stdout)) {
    std::cerr << "rlx: error writing to standard output"
              << (err ? std::string(": ") + std::strerror(err) : "") << "\n";
    if (code != rlx::cli::kInternal) code = rlx::cli::kUsage;
  }
  return code;
}
