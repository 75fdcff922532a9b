// The registry of packed functions (spec eval.packed.*): the builtins rlx documents, and the
// API through which embedders register their own. An unknown name is a runtime error (E3009).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/value.h"

namespace rlx::interp {

class PackedRegistry {
 public:
  using Body = std::function<Value(CallContext&, const std::vector<Value>&)>;

  /// An empty registry.
  PackedRegistry() = default;
  /// A registry holding every builtin (docs/interpreter.md lists them).
  static PackedRegistry WithBuiltins();

  /// Registers (or replaces) `name`.
  void Register(const std::string& name, Body body);
  /// The function, or nullptr.
  std::shared_ptr<const PackedFunc> Find(const std::string& name) const;
  /// Every registered name, sorted.
  std::vector<std::string> Names() const;

 private:
  std::map<std::string, std::shared_ptr<const PackedFunc>> funcs_;
};

/// Registers the builtins into `r` (used by WithBuiltins).
void RegisterBuiltins(PackedRegistry& r);

}  // namespace rlx::interp
