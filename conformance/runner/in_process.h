// rlx itself as the implementation under test: each verb runs the parser, the checker, the
// printer, the reference interpreter or the shape prover in this process. `rlx adapter` serves
// the same answers over the protocol.
#pragma once

#include <string>
#include <vector>

#include "conformance/runner/implementation.h"
#include "driver/driver.h"

namespace rlx::conform {

class InProcessImplementation : public Implementation {
 public:
  /// `timeout_s` > 0: a run request without its own max_seconds limit gets this wall-clock
  /// limit (eval.limit.time), as an adapter is given `rlx conform --timeout`; 0: none.
  explicit InProcessImplementation(int timeout_s = 0) : timeout_s_(timeout_s) {}
  /// Runs `passes` (compiler/pass/passes.def names, verified after each) on every module before
  /// a run request runs it: the suite's run assertions then judge the passes (`rlx conform
  /// --passes=legalize-ops`).
  void SetPasses(std::vector<std::string> passes) { passes_ = std::move(passes); }
  /// Runs run requests on `backend` (driver/driver.h; `rlx conform --backend cpu-kernels`). A
  /// backend other than the interpreter runs a lowered program, so runs with limits are
  /// unsupported on it, as after passes, except the limits the lowering keeps the meaning of
  /// (driver::LimitNamesKeptByLowering: the call depth).
  void SetBackend(driver::Backend backend) { backend_ = backend; }
  /// The compiled backends' optimization level, -O0 to -O3 (default -O2).
  void SetOptLevel(int level) { opt_level_ = level; }
  Response Handle(const Request& request) override;
  std::string ReproOptions() const override;

 private:
  int timeout_s_;
  std::vector<std::string> passes_;
  driver::Backend backend_ = driver::Backend::kInterpreter;
  int opt_level_ = 2;
};

}  // namespace rlx::conform
