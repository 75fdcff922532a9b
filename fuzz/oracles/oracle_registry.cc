// Every oracle of `rlx fuzz`, in the order they run. A new comparison is one line here:
// Differential(...) for implementation A vs B, PassPreserves(...) for before vs after a pass.
#include "fuzz/oracles/basic_oracles.h"
#include "fuzz/oracles/rewrites.h"

namespace rlx::fuzz {

std::vector<std::unique_ptr<Oracle>> AllOracles() {
  std::vector<std::unique_ptr<Oracle>> o;
  o.push_back(CheckerVerdict());
  o.push_back(RoundTrip());
  o.push_back(Soundness());
  o.push_back(ProverSoundness());
  o.push_back(Differential("determinism", Interpret, Interpret));
  o.push_back(PassPreserves("rename", RenameVariables));
  o.push_back(PassPreserves("dead-bindings", AddDeadBindings));
  o.push_back(PassPreserves("dissolve-dataflow", DissolveDataflow));
  o.push_back(PassPreserves("inline-local", InlineLocalFunction));
  o.push_back(PassPreserves("reassociate-tuple", ReassociateTuples));
  o.push_back(PassPreserves("op-identities", ApplyOpIdentities));
  return o;
}

}  // namespace rlx::fuzz
