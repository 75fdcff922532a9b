// Op identities (oracle op-identities): op calls replaced by equal computations and values
// passed through identity chains (op_identities.cc lists them). Exact, so they catch kernel bugs
// that every run repeats. A rewrite of the fuzz harness, not a compiler pass: it is random.
#pragma once

#include <cstdint>

#include "ir/module.h"

namespace rlx::fuzz {

/// The rewritten module, or nullptr when the checker rejects `m` or nothing was rewritten.
Ref<IRModule> ApplyOpIdentities(const Ref<IRModule>& m, uint64_t seed);

}  // namespace rlx::fuzz
