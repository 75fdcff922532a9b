// The driver of `rlx fuzz`: generates programs and inputs from consecutive seeds, runs every
// selected oracle on each, shrinks each failure with the reducer and saves it as a conformance
// file (fuzz/regressions/), with a live progress line.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "fuzz/generators/input_generator.h"
#include "fuzz/generators/program_generator.h"

namespace rlx::fuzz {

struct FuzzOptions {
  uint64_t seed = 1;        // case i uses seed + i
  double seconds = 0;       // stop after this long (0: no time limit)
  int64_t count = 0;        // stop after this many programs (0: no count limit)
  std::vector<std::string> oracles;  // empty: every oracle
  int jobs = 1;
  int max_failures = 20;    // stop after this many failures
  std::string save_dir;     // where failures are saved ("" : not saved)
  bool reduce = true;
  bool progress = true;     // the live progress line (on stderr)
  bool print_programs = false;  // write each program and its arguments to the log
  ProgramOptions program;
  InputOptions inputs;
};

struct FuzzFailure {
  uint64_t seed;
  std::string oracle;
  std::string message;
  std::string saved;  // the regression file written, if any
  int bindings_before = 0, bindings_after = 0;
};

struct FuzzStats {
  int64_t programs = 0;
  int64_t accepted = 0;
  int64_t returned = 0, trapped = 0, exhausted = 0;
  std::map<std::string, int64_t> checks;  // oracle -> cases it checked
  std::vector<FuzzFailure> failures;
  Coverage coverage;
  double seconds = 0;
  int64_t parallel_regions = 0;  // parallel loops that compiled kernels ran in chunks
};

/// Runs the fuzzer; progress and failures are written to `log`.
FuzzStats RunFuzz(const FuzzOptions& options, std::ostream& log);

/// The names of the oracles, in order, with their descriptions.
std::vector<std::pair<std::string, std::string>> OracleList();

/// The coverage report: how often each op, construct and struct-info kind appeared, and the
/// ops of the core set that never did (an empty list is the goal).
std::string CoverageReport(const Coverage& c);

}  // namespace rlx::fuzz
