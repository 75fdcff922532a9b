// IRModule: named global functions (and extern functions) plus module attributes.
#pragma once

#include <string>
#include <vector>

#include "ir/attrs.h"
#include "ir/expr.h"

namespace rlx {

/// One module member: a Function, an ExternFunc or a PrimFunc bound to a global name.
struct GlobalDef {
  std::string name;
  Ref<Expr> value;
  Span span;
};

/// A virtual device of the module's global infos (`I.vdevice`, spec text.module.global-infos):
/// a target (a string such as "llvm", or TVM's exported target dict), a device id and a
/// memory scope.
struct VDeviceInfo {
  AttrValue target;
  int64_t vdevice_id = 0;
  std::string memory_scope = "global";
};

/// A module. Members keep their source order; names are unique.
class IRModule {
 public:
  static Ref<IRModule> Make(std::vector<GlobalDef> globals, Attrs attrs = {},
                            std::string name = "Module", Span span = {}, bool standalone = false,
                            std::vector<VDeviceInfo> vdevices = {});

  std::vector<GlobalDef> globals;
  Attrs attrs;
  /// The virtual devices of `I.module_global_infos({"vdevice": [...]})`, in order.
  std::vector<VDeviceInfo> vdevices;
  std::string name;  // the class name in the text format (not semantically relevant)
  Span span;
  /// Written as top-level `@R.function`s rather than a class (text.module.count): its members are
  /// standalone functions, whose global_symbol need not be their name (wf.global.symbol). Not
  /// compared by structural equality; the printer keeps the form where it matters.
  bool standalone = false;

  /// This module with other members: its attributes, vdevices, name and form kept (for
  /// rewrites, which must not lose them).
  Ref<IRModule> WithGlobals(std::vector<GlobalDef> globals) const;
  /// The member with this name, or nullptr.
  const GlobalDef* Find(const std::string& name) const;
  /// The member as a Function, or nullptr.
  Ref<Function> FindFunction(const std::string& name) const;
  /// The virtual device a vdevice string "kind[:index[:scope]]" names: the index-th (default 0)
  /// of the listed vdevices whose target kind is `kind` (as TVM resolves it); nullptr if none.
  const VDeviceInfo* FindVDevice(const std::string& vdevice) const;
};

}  // namespace rlx
