// The pass pipelines: each a readable list of registered passes, in the order they run
// (spec pass.pipeline).
#pragma once

#include <string>
#include <vector>

#include "compiler/pass/pass.h"

namespace rlx::compiler {

/// The optimization levels, -O0 to -O3.
inline constexpr int kMinOptLevel = 0, kMaxOptLevel = 3, kDefaultOptLevel = 2;

/// The pipeline of an optimization level (0 to 3; spec pass.pipeline): the optimizations of that
/// level, then the lowering to the executable form. What the compiled backends run before code
/// generation.
const std::vector<const PassInfo*>& Pipeline(int opt_level);

/// The lowering pipeline alone (-O0: legalize, then lower to an executable form).
const std::vector<const PassInfo*>& LoweringPipeline();

/// The passes of the -O3 pipeline from legalize-ops up to `pass`, when `pass` is one of its steps
/// after legalize-ops (other than to-non-dataflow, whose input is any module): the form its fuzz
/// oracle feeds it (such a step has sites only in a legalized module); the whole of it from
/// legalize-ops for a loop schedule in no pipeline yet (vectorize-loops, fuse-loops). Empty
/// otherwise.
std::vector<const PassInfo*> LoweringPrefix(const PassInfo& pass);

/// Reads "-O0" ... "-O3" (or "0" ... "3"); false for anything else.
bool ParseOptLevel(const std::string& text, int* level);

}  // namespace rlx::compiler
