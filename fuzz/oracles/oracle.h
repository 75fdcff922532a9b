// The oracles of the fuzz harness: each one checks one law on a fuzz case and says pass or
// fail with a one-line reason. Adding a comparison is one line in oracle_registry.cc:
//
//   Differential("compiled-vs-interpreter", RunCompiled, Interpret)   // implementation A vs B
//   PassPreserves("fold-constants", FoldConstants)                     // before vs after a pass
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/oracles/fuzz_case.h"

namespace rlx::fuzz {

/// An oracle's verdict on one case.
struct Verdict {
  bool ok = true;
  std::string message;  // why it failed
  /// The kind of failure ("checker rejects: E2008 op.ones.c3"): the reducer keeps a smaller
  /// program only when it fails the same way.
  std::string key;
  /// The spec rules the law comes from (the tags of the saved regression file).
  std::vector<std::string> rules;
  /// A second module that shows the failure, when there is one: the rewritten program of a
  /// before/after oracle (it must give the same outcome), or a negative program (it must be
  /// rejected with `expected_code`).
  Ref<IRModule> witness;
  std::string witness_note;   // what the witness is (a comment line of the regression file)
  std::string expected_code;
  /// A conformance assertion that is the whole regression, when the failure is not about a
  /// program (the prover oracle's claim, as `%% assert_disproven` with a claim function).
  std::string assertion;
  static Verdict Pass() { return {}; }
  static Verdict Fail(std::string why, std::vector<std::string> rules = {}) {
    Verdict v;
    v.ok = false;
    v.message = std::move(why);
    v.rules = std::move(rules);
    return v;
  }
};

class Oracle {
 public:
  virtual ~Oracle() = default;
  virtual const std::string& name() const = 0;
  /// What the oracle checks, for `rlx fuzz --list-oracles`.
  virtual std::string description() const = 0;
  /// True when the oracle only makes sense for modules the checker accepts (most of them).
  virtual bool needs_valid_module() const { return true; }
  virtual Verdict Check(FuzzCase& c) = 0;
};

/// A semantics-preserving module transformation: a compiler pass or a rewrite. It returns
/// nullptr when it does not apply to the module (no site to rewrite).
using Transform = std::function<Ref<IRModule>(const Ref<IRModule>& module, uint64_t seed)>;

/// Implementation A vs implementation B: both runs give the same outcome.
std::unique_ptr<Oracle> Differential(std::string name, Runner a, Runner b);
/// Before vs after a transformation: the checker accepts the result and the runner gives
/// the same outcome on it as on the original. Without a runner: the reference interpreter,
/// which also compares the values of every variable the transformation kept. With
/// `keeps_sinfo` (a compiler pass, pass.preserves), every variable kept has the struct info it
/// had, or a more precise one.
std::unique_ptr<Oracle> PassPreserves(std::string name, Transform t, Runner run = nullptr,
                                      bool keeps_sinfo = false);

/// Every oracle, in the order they run (the checker first: the others need a valid module).
std::vector<std::unique_ptr<Oracle>> AllOracles();

}  // namespace rlx::fuzz
