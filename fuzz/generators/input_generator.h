// Arguments for a generated program's entry: shape variables get values that satisfy the
// signature (0- and 1-sized extents included, within declared bounds), and tensors get data
// with edge values (±0, ±inf, NaN, subnormals, integer extremes), or, in the finite mode,
// values away from the domains where ops produce NaN (positive floats, no extremes).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "fuzz/generators/chooser.h"
#include "runtime/value.h"
#include "ir/expr.h"

namespace rlx::fuzz {

struct InputOptions {
  bool finite = false;    // no NaN, inf or negative floats, no integer extremes
  int max_extent = 4;     // the largest value a shape variable takes
  int edge_percent = 12;  // how often an element is an edge value (when not finite)
};

struct GeneratedInputs {
  std::vector<runtime::Value> args;
  /// The values chosen for the signature's shape variables, by name.
  std::vector<std::pair<std::string, int64_t>> shape_vars;
  std::string error;  // set when no arguments could be made (then args is empty)
};

/// Arguments for `f`'s parameters.
GeneratedInputs GenerateInputs(Chooser& c, const Function& f, const InputOptions& options = {});

}  // namespace rlx::fuzz
