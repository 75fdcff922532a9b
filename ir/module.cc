#include "ir/module.h"

#include "ir/base/check.h"

namespace rlx {

Ref<IRModule> IRModule::Make(std::vector<GlobalDef> globals, Attrs attrs, std::string name,
                             Span span, bool standalone, std::vector<VDeviceInfo> vdevices) {
  for (const auto& g : globals) {
    RLX_CHECK(g.value && (Function::Is(g.value->kind) || ExternFunc::Is(g.value->kind) ||
                          g.value->kind == ExprKind::kPrimFunc))
        << "module member " << g.name << " must be a Function, an ExternFunc or a PrimFunc";
  }
  auto m = std::make_shared<IRModule>();
  m->globals = std::move(globals);
  m->attrs = std::move(attrs);
  m->name = std::move(name);
  m->span = span;
  m->standalone = standalone;
  m->vdevices = std::move(vdevices);
  return m;
}

const GlobalDef* IRModule::Find(const std::string& n) const {
  for (const auto& g : globals) {
    if (g.name == n) return &g;
  }
  return nullptr;
}

Ref<Function> IRModule::FindFunction(const std::string& n) const {
  const GlobalDef* g = Find(n);
  return g ? As<Function>(g->value) : nullptr;
}

// The kind of a target: the first word of a target string ("llvm -mcpu=x"), or the "kind" of
// an exported target dict.
static std::string TargetKind(const AttrValue& target) {
  if (target.kind() == AttrValue::Kind::kString) {
    const std::string& t = target.as_string();
    return t.substr(0, t.find(' '));
  }
  if (target.kind() == AttrValue::Kind::kDict) {
    for (const auto& [k, v] : target.as_dict()) {
      if (k == "kind" && v.kind() == AttrValue::Kind::kString) return v.as_string();
    }
  }
  return "";
}

Ref<IRModule> IRModule::WithGlobals(std::vector<GlobalDef> new_globals) const {
  return Make(std::move(new_globals), attrs, name, span, standalone, vdevices);
}

const VDeviceInfo* IRModule::FindVDevice(const std::string& vdevice) const {
  size_t colon = vdevice.find(':');
  std::string kind = vdevice.substr(0, colon);
  int64_t index = 0;
  if (colon != std::string::npos) {
    size_t end = vdevice.find(':', colon + 1);
    std::string digits = vdevice.substr(colon + 1, end == std::string::npos ? std::string::npos : end - colon - 1);
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return nullptr;
    index = std::stoll(digits);
  }
  for (const VDeviceInfo& d : vdevices) {
    if (TargetKind(d.target) == kind && index-- == 0) return &d;
  }
  return nullptr;
}

}  // namespace rlx
