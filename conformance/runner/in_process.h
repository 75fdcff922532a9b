// rlx itself as the implementation under test: each verb runs the parser, the checker, the
// printer, the reference interpreter or the shape prover in this process. `rlx adapter` serves
// the same answers over the protocol.
#pragma once

#include "conformance/runner/implementation.h"

namespace rlx::conform {

class InProcessImplementation : public Implementation {
 public:
  Response Handle(const Request& request) override;
};

}  // namespace rlx::conform
