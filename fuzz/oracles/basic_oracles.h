// The built-in oracles (issue 6, oracles 1-4); oracle_registry.cc lists them all.
#pragma once

#include <memory>

#include "fuzz/oracles/oracle.h"

namespace rlx::fuzz {

/// 1: print -> parse is structurally equal, and printing is idempotent.
std::unique_ptr<Oracle> RoundTrip();
/// 2: the checker accepts the program, and rejects a negative variant with the expected rule.
std::unique_ptr<Oracle> CheckerVerdict();
/// 3: every run-time value conforms to its binding's static struct info.
std::unique_ptr<Oracle> Soundness();
/// 4: random shape claims: proofs hold on valuations, counterexamples falsify, the fast
/// paths and Z3 agree.
std::unique_ptr<Oracle> ProverSoundness();

}  // namespace rlx::fuzz
