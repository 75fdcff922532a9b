// A fuzz failure as a conformance file (conformance/FORMAT.md): the shrunk module, its
// arguments and what the reference interpreter does with it, and the witness module (the
// rewritten or negative program) when the oracle had one. `rlx conform FILE` replays it.
#pragma once

#include <string>

#include "fuzz/oracles/oracle.h"
#include "fuzz/reduce/reducer.h"

namespace rlx::fuzz {

/// The text of the regression file for a failure of `oracle` on case `seed`.
std::string RegressionFile(uint64_t seed, const std::string& oracle, const Verdict& verdict, const Reproducer& r);

}  // namespace rlx::fuzz
