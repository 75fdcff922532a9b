#include "runtime/packed_registry.h"

namespace rlx::runtime {

void PackedRegistry::Register(const std::string& name, Body body) {
  auto f = std::make_shared<PackedFunc>();
  f->name = name;
  f->body = std::move(body);
  funcs_[name] = std::move(f);
}

std::shared_ptr<const PackedFunc> PackedRegistry::Find(const std::string& name) const {
  auto it = funcs_.find(name);
  return it == funcs_.end() ? nullptr : it->second;
}

std::vector<std::string> PackedRegistry::Names() const {
  std::vector<std::string> out;
  for (const auto& [name, f] : funcs_) out.push_back(name);
  return out;
}

}  // namespace rlx::runtime
