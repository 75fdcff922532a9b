// The interpreter is written in terms of the runtime library's values, allocator and errors
// (runtime/): its code names them unqualified.
#pragma once

namespace rlx::runtime {}

namespace rlx::interp {
using namespace ::rlx::runtime;
}  // namespace rlx::interp
