// The registry of packed functions (spec eval.packed.*): what the builtins are registered in
// (interpreter/builtins.h), and the API through which embedders register their own. An unknown name is a runtime error (E3009).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/value.h"

namespace rlx::runtime {

class PackedRegistry {
 public:
  using Body = std::function<Value(CallContext&, const std::vector<Value>&)>;

  /// An empty registry.
  PackedRegistry() = default;
  /// Registers (or replaces) `name`.
  void Register(const std::string& name, Body body);
  /// The function, or nullptr.
  std::shared_ptr<const PackedFunc> Find(const std::string& name) const;
  /// Every registered name, sorted.
  std::vector<std::string> Names() const;

 private:
  std::map<std::string, std::shared_ptr<const PackedFunc>> funcs_;
};

}  // namespace rlx::runtime
