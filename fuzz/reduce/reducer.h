// The IR reducer (as Binaryen's wasm-reduce): shrinks a failing module step by step while a
// predicate ("the same oracle still fails") holds. Steps: drop unused module functions, drop
// bindings (replacing their uses by an operand, or dropping them when unused), return a
// parameter instead of a computed result, make shapes smaller (every shape variable 0, 1 or 2)
// and argument data simpler (all zeros, all ones).
#pragma once

#include <functional>
#include <vector>

#include "runtime/value.h"
#include "ir/module.h"

namespace rlx::fuzz {

/// A module with its entry's arguments.
struct Reproducer {
  Ref<IRModule> module;
  std::vector<runtime::Value> args;
};

/// True when the candidate still shows the failure.
using StillFails = std::function<bool(const Reproducer&)>;

/// Arguments for `module`'s main with every shape variable at most `max_extent` (the
/// reducer's "smaller shapes" step), or an empty vector when there are none.
using SmallerInputs = std::function<std::vector<runtime::Value>(const IRModule& module, int max_extent)>;

/// The smallest reproducer found within `max_attempts` predicate calls.
Reproducer Reduce(Reproducer start, const StillFails& still_fails, int max_attempts = 400,
                  const SmallerInputs& smaller_inputs = {});

/// The number of bindings of a module (its size for the reducer).
int CountBindings(const IRModule& m);

}  // namespace rlx::fuzz
