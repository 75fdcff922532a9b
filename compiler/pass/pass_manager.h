// The pass manager (spec pass.manager): runs a list of registered passes over a module, checking
// each pass's contract, and on request verifies, prints and times every step.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "compiler/pass/pass.h"
#include "ir/text/printer.h"

namespace rlx::compiler {

struct PassManagerOptions {
  /// After each pass: the module must check (well-formedness and struct info derived afresh from
  /// its printed text), the struct info its variables carry must not contradict what derivation gives,
  /// it must have the IR form the contract promises, and keep every function's signature unless
  /// the contract says the pass changes signatures (pass.manager.verify).
  bool verify_each = false;
  bool print_after_all = false;  // print the module after every pass
  bool print_changed = false;    // print the module after every pass that changed it
  bool time_passes = false;      // a table of the time each pass took, at the end
  text::PrintOptions print;      // how modules are printed
};

/// One pass run.
struct PassRecord {
  const PassInfo* pass = nullptr;
  double seconds = 0;
  bool changed = false;
};

struct PassRunResult {
  Ref<IRModule> module;            // the last module produced (the result when ok)
  std::vector<PassRecord> records;  // one per pass run, in order
  /// Empty when every pass ran and verified; else what went wrong. A contract the pipeline
  /// breaks (a pass run on a form it does not accept) is the user's mistake (`usage_error`);
  /// a pass that breaks verification is a bug of the pass.
  std::string error;
  bool usage_error = false;
};

/// Splits "a,b,c" into registered passes; false (with `error` set) on an unknown name.
bool ParsePassList(const std::string& list, std::vector<const PassInfo*>* passes, std::string* error);

/// Runs `passes` in order on `m`, which the checker accepts. Printing (--print-after-all,
/// --print-changed) and the timing table go to `log`.
PassRunResult RunPasses(const Ref<IRModule>& m, const std::vector<const PassInfo*>& passes,
                        const PassManagerOptions& options, std::ostream& log);

/// Why `after` (the output of `pass` on `before`) breaks the pass's contract, or "" when it
/// keeps it: it must check, have the promised form and keep the signatures (pass.manager.verify).
std::string VerifyPassResult(const PassInfo& pass, const IRModule& before, const IRModule& after);

}  // namespace rlx::compiler
