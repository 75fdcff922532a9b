// The pass pipelines: each a readable list of registered passes, in the order they run.
#pragma once

#include <string>
#include <vector>

#include "compiler/pass/pass.h"

namespace rlx::compiler {

/// The lowering pipeline (spec chapter 8: legalize, then lower to an executable form): what the
/// compiled backends run before code generation.
const std::vector<const PassInfo*>& LoweringPipeline();

/// The passes of the lowering pipeline before `pass`, when `pass` is one of its lowering steps
/// (after legalize-ops and to-non-dataflow, whose input is any module): the form its fuzz oracle
/// feeds it (a lowering step has sites only in a lowered module). Empty otherwise.
std::vector<const PassInfo*> LoweringPrefix(const PassInfo& pass);

}  // namespace rlx::compiler
