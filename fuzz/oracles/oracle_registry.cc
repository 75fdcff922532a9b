// Every oracle of `rlx fuzz`, in the order they run. A new comparison is one line here:
// Differential(...) for implementation A vs B, PassPreserves(...) for before vs after a
// rewrite. Every registered compiler pass (compiler/pass/passes.def) gets its before/after
// oracle, named after the pass, with no line here (pass.preserves).
#include "compiler/pass/pass.h"
#include "compiler/pass/pipelines.h"
#include "fuzz/oracles/basic_oracles.h"
#include "fuzz/oracles/op_identities.h"

namespace rlx::fuzz {

std::vector<std::unique_ptr<Oracle>> AllOracles() {
  std::vector<std::unique_ptr<Oracle>> o;
  o.push_back(CheckerVerdict());
  o.push_back(RoundTrip());
  o.push_back(Soundness());
  o.push_back(ProverSoundness());
  o.push_back(Differential("determinism", Interpret, Interpret));
  o.push_back(Differential("recorded-checks", InterpretRecordedChecks, Interpret));
  for (const compiler::PassInfo& pass : compiler::AllPasses()) {
    const compiler::PassInfo* p = &pass;
    // A lowering step sees the module lowered up to it (compiler/pass/pipelines.h).
    std::vector<const compiler::PassInfo*> prefix = compiler::LoweringPrefix(pass);
    o.push_back(PassPreserves(pass.name, [p, prefix](const Ref<IRModule>& m, uint64_t) -> Ref<IRModule> {
      Ref<IRModule> in = m;
      for (const compiler::PassInfo* q : prefix) in = compiler::RunPass(*q, in);
      if (p->contract.requires_form & ~compiler::PropertiesOf(*in)) return nullptr;
      Ref<IRModule> out = compiler::RunPass(*p, in);
      return out == in ? nullptr : out;  // no site for the pass in this module
    }, nullptr, /*keeps_sinfo=*/!p->contract.refines_struct_info));
  }
  o.push_back(PassPreserves("op-identities", ApplyOpIdentities));
  // The CPU code generator's kernels against the TIR interpreter, on the legalized program.
  o.push_back(Differential("cpu-kernels-O0", RunCpuKernelsO0, InterpretLegalized));
  o.push_back(Differential("cpu-kernels", RunCpuKernels, InterpretLegalized));
  // The whole program compiled (lowering, kernels, Relax functions) against the reference.
  o.push_back(Differential("cpu-O0", RunCpuO0, Interpret));
  o.push_back(Differential("cpu", RunCpu, Interpret));  // -O2, the default
  o.push_back(Differential("cpu-O3", RunCpuO3, Interpret));
  return o;
}

}  // namespace rlx::fuzz
