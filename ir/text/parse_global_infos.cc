// I.module_global_infos({"vdevice": [I.vdevice(target, vdevice_id=0, memory_scope="global"), ...]})
// (spec text.module.global-infos): the module's virtual devices.
#include "ir/text/parser_state.h"

namespace rlx::text {

std::vector<VDeviceInfo> RelaxParser::ParseGlobalInfos(const py::Expr& call) {
  const char* usage = "I.module_global_infos takes one dict {\"vdevice\": [I.vdevice(...), ...]}";
  if (call.elts.size() != 1 || !call.keywords.empty()) Abort(ErrorCode::kArgumentCount, call.span, usage);
  const py::Expr& dict = *call.elts[0];
  if (dict.kind != py::ExprKind::kDict) Abort(ErrorCode::kArgumentType, dict.span, usage);
  std::vector<VDeviceInfo> out;
  for (size_t k = 0; k < dict.elts.size(); ++k) {
    const py::Expr& key = *dict.elts[k];
    if (key.kind != py::ExprKind::kString || key.text != "vdevice") {
      Abort(ErrorCode::kUnsupportedFeature, key.span, "rlx supports only the \"vdevice\" global info");
    }
    const py::Expr& list = *dict.values[k];
    if (list.kind != py::ExprKind::kList && list.kind != py::ExprKind::kTuple) {
      Abort(ErrorCode::kArgumentType, list.span, "the \"vdevice\" global info is a list of I.vdevice(...)");
    }
    for (const auto& item : list.elts) {
      Value callee = item->kind == py::ExprKind::kCall ? Check(Eval(*item->value)) : Value{};
      if (callee.kind != Value::Kind::kBuiltin || callee.builtin != Builtin::kVDevice) {
        Abort(ErrorCode::kArgumentType, item->span, "the \"vdevice\" global info is a list of I.vdevice(...)");
      }
      std::vector<Value> args;
      for (const auto& a : item->elts) args.push_back(Check(Eval(*a)));
      std::vector<KwValue> kws;
      for (const auto& kw : item->keywords) kws.push_back({kw.name, kw.name_span, Check(Eval(*kw.value))});
      std::vector<std::optional<Value>> a;
      if (!BindArguments("I.vdevice", {"target", "vdevice_id", "memory_scope"}, 1, args, kws, item->span, &a)) {
        throw StmtAbort{};
      }
      VDeviceInfo d;
      // The target: a string ("llvm", "cuda -arch=sm_80") or TVM's exported target dict.
      if (a[0]->kind != Value::Kind::kStr && a[0]->kind != Value::Kind::kDict) {
        Abort(ErrorCode::kArgumentType, a[0]->span, "an I.vdevice target is a string or a dict");
      }
      auto target = ToAttrValue(*a[0], "an I.vdevice target");
      if (!target) throw StmtAbort{};
      d.target = std::move(*target);
      if (a[1]) {
        if (a[1]->kind != Value::Kind::kInt || a[1]->i < 0 || a[1]->i > INT32_MAX) {
          Abort(ErrorCode::kArgumentType, a[1]->span, "an I.vdevice id is a non-negative int");
        }
        d.vdevice_id = static_cast<int64_t>(a[1]->i);
      }
      if (a[2]) {
        if (a[2]->kind != Value::Kind::kStr || a[2]->s.empty()) {
          Abort(ErrorCode::kArgumentType, a[2]->span, "an I.vdevice memory scope is a non-empty string");
        }
        d.memory_scope = a[2]->s;
      }
      out.push_back(std::move(d));
    }
  }
  return out;
}

}  // namespace rlx::text
