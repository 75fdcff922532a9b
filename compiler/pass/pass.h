// A pass: one documented function, module in, module out, plus its contract (spec chapter 8,
// pass.contract). passes.def lists every pass, one line each.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/module.h"

namespace rlx::compiler {

/// A property of a module's IR form that a pass may require, establish or destroy
/// (pass.contract.forms). A bit set of these is an IR form.
enum IRProperty : uint32_t {
  kNoDataflow = 1u << 0,  // no dataflow block anywhere (what to-non-dataflow produces)
};
/// Every property, for listing and checking.
inline constexpr uint32_t kAllProperties = kNoDataflow;

/// The name of one property ("no-dataflow").
const char* IRPropertyName(IRProperty p);
/// The properties of a bit set, comma separated ("" for none).
std::string IRPropertyNames(uint32_t properties);
/// The properties `m` actually has.
uint32_t PropertiesOf(const IRModule& m);

/// What a pass needs and promises (pass.contract).
struct PassContract {
  uint32_t requires_form = 0;   // properties the input must have
  uint32_t establishes = 0;     // properties the output has
  uint32_t invalidates = 0;     // properties the output may lose
  bool changes_signatures = false;  // may change the struct info of module functions
  bool needs_struct_info = false;   // reads derived struct info (so the input must check)
  /// May give the variables it keeps other struct info that the checker derives from the facts
  /// in force (inline-local: an inlined body's); without it, every variable kept keeps its
  /// struct info, or gets a more precise one (pass.preserves).
  bool refines_struct_info = false;
};

/// A pass rewrites a module the checker accepts into one it accepts and that computes the same
/// (pass.preserves); it returns `m` itself when nothing changed.
using PassFunction = Ref<IRModule> (*)(const Ref<IRModule>& m);

/// One registered pass (a line of passes.def).
struct PassInfo {
  const char* name;     // the name on the command line ("to-non-dataflow")
  PassFunction run;
  PassContract contract;
  const char* rule;     // its spec rule (pass.to-non-dataflow)
  const char* summary;  // one line, for `rlx opt --list-passes`
};

/// Runs `pass` on `m` (a module the checker accepts). The functions that carry no struct info are
/// normalized before a pass that reads struct info, and the functions the pass rebuilt after it
/// (checker::NormalizeModule, sinfo.normalize), so modules between passes carry struct info.
/// Every caller of a pass (the pass manager, the fuzz oracles) runs it through here.
Ref<IRModule> RunPass(const PassInfo& pass, const Ref<IRModule>& m);

/// Every registered pass, in passes.def order.
const std::vector<PassInfo>& AllPasses();
/// The pass named `name`, or nullptr.
const PassInfo* FindPass(const std::string& name);

}  // namespace rlx::compiler
