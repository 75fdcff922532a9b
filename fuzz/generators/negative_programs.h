// Negative programs: a valid module mutated into an ill-formed one whose expected diagnostic
// is known (issue 6): a use before definition, a dataflow variable escaping its block, a shape
// variable used before it is bound, an impure call in a dataflow block or a pure function.
#pragma once

#include <optional>
#include <string>

#include "fuzz/generators/chooser.h"
#include "ir/base/diagnostic.h"
#include "ir/module.h"

namespace rlx::fuzz {

struct NegativeProgram {
  Ref<IRModule> module;
  ErrorCode code;
  std::string rule;      // the spec rule the checker must name
  std::string mutation;  // which mutation made it
};

/// A negative variant of `m` (its "main" mutated), or nullopt when no mutation applies.
std::optional<NegativeProgram> MakeNegative(Chooser& c, const Ref<IRModule>& m);

}  // namespace rlx::fuzz
