// The well-typed program generator of the fuzz harness (issue 6). It builds random modules
// that the checker accepts by construction: every op call is a candidate that the op's own
// struct-info rule accepted without a run-time check (NNSmith-style generate-and-solve, with
// the prover deciding symbolic constraints), and every construct (match_cast, if/else,
// dataflow blocks, tuples, local functions and closures, calls between globals, bounded
// recursion, packed calls, print and assert) is emitted only where its rules hold.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "fuzz/generators/chooser.h"
#include "ir/module.h"

namespace rlx::fuzz {

/// Size knobs of a generated program.
struct ProgramOptions {
  int max_helpers = 2;    // global functions besides main (one may be recursive)
  int max_steps = 10;     // generation steps per function body
  int max_depth = 2;      // nesting of if/else and local functions
  int max_rank = 3;       // rank of parameters
  int max_extent = 4;     // constant extents
};

/// How often each op, construct and struct-info kind appeared (for the coverage report).
struct Coverage {
  std::map<std::string, int64_t> counts;
  void Add(const std::string& feature, int64_t n = 1) { counts[feature] += n; }
  void Merge(const Coverage& other) {
    for (const auto& [k, v] : other.counts) counts[k] += v;
  }
};

/// A generated module; its entry is "main".
struct GeneratedProgram {
  Ref<IRModule> module;
  Coverage coverage;
};

/// Builds one program from `chooser`'s decisions.
GeneratedProgram GenerateProgram(Chooser& chooser, const ProgramOptions& options = {});

}  // namespace rlx::fuzz
