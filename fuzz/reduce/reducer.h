// The IR reducer (as Binaryen's wasm-reduce): shrinks a failing module step by step while a
// predicate ("the same oracle still fails") holds. Steps: drop unused module functions, drop
// bindings (replacing their uses by an operand of the same struct info, or dropping them
// when unused), return a parameter instead of a computed result, and make argument tensors
// smaller in value (all zeros, all ones).
#pragma once

#include <functional>
#include <vector>

#include "interpreter/value.h"
#include "ir/module.h"

namespace rlx::fuzz {

/// A module with its entry's arguments.
struct Reproducer {
  Ref<IRModule> module;
  std::vector<interp::Value> args;
};

/// True when the candidate still shows the failure.
using StillFails = std::function<bool(const Reproducer&)>;

/// The smallest reproducer found within `max_attempts` predicate calls.
Reproducer Reduce(Reproducer start, const StillFails& still_fails, int max_attempts = 400);

/// The number of bindings of a module (its size for the reducer).
int CountBindings(const IRModule& m);

}  // namespace rlx::fuzz
