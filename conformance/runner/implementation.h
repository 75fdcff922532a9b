// An implementation under test: anything that answers adapter-protocol requests
// (conformance/ADAPTER.md). rlx in process (InProcessImplementation) and an external command
// (ExternalImplementation) are the two kinds.
#pragma once

#include <string>

#include "conformance/runner/protocol.h"

namespace rlx::conform {

class Implementation {
 public:
  virtual ~Implementation() = default;
  /// Answers one request. Never throws: failures of the implementation itself are answered as
  /// errors with phase "adapter".
  virtual Response Handle(const Request& request) = 0;
  /// How a person reruns one assertion against this implementation (appended to `rlx conform`).
  virtual std::string ReproOptions() const { return ""; }
};

}  // namespace rlx::conform
