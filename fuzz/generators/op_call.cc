#include "fuzz/generators/op_call.h"

#include <algorithm>

namespace rlx::fuzz {

Ref<Call> MakeCall(OpId id, const NamedArgs& args, const AttrDict& given, std::vector<Ref<StructInfo>> sinfo_args) {
  const OpInfo& op = GetOp(id);
  std::vector<Ref<Expr>> call_args;
  AttrDict attrs;
  for (const OpParam& p : op.params) {
    if (p.kind == ParamKind::kSInfoArgs) continue;
    if (p.is_arg()) {
      bool found = false;
      for (const auto& [name, e] : args) {
        if (name == p.name) {
          call_args.push_back(e);
          found = true;
        }
      }
      if (found || !p.has_default || p.default_value.is_none()) continue;
      if (p.kind == ParamKind::kPrim) {
        const AttrValue& d = p.default_value;
        call_args.push_back(PrimValue::Make(d.kind() == AttrValue::Kind::kFloat ? PrimExpr::Float(d.as_float())
                                                                                  : PrimExpr::Int(d.as_int())));
      } else if (p.kind == ParamKind::kStr) {
        call_args.push_back(StringImm::Make(p.default_value.as_string()));
      }
      continue;
    }
    auto it = std::find_if(given.begin(), given.end(), [&](const auto& kv) { return kv.first == p.name; });
    if (it != given.end()) {
      attrs.push_back(*it);
      continue;
    }
    AttrValue d = p.default_value;
    if (p.kind == ParamKind::kDType && d.kind() == AttrValue::Kind::kString) {
      d = AttrValue::DType(ParseDataType(d.as_string()).value_or(DataType::kVoid));
    } else if (p.kind == ParamKind::kIntList && d.kind() == AttrValue::Kind::kInt) {
      d = AttrValue::List({d});
    } else if (p.kind == ParamKind::kFloat && d.kind() == AttrValue::Kind::kInt) {
      d = AttrValue::Float(static_cast<double>(d.as_int()));
    }
    attrs.emplace_back(p.name, d);
  }
  return Call::Make(Op::Get(op), std::move(call_args), Attrs(std::move(attrs)), std::move(sinfo_args));
}

AttrValue IntList(const std::vector<int64_t>& v) {
  AttrList l;
  for (int64_t x : v) l.push_back(AttrValue::Int(x));
  return AttrValue::List(l);
}

}  // namespace rlx::fuzz
