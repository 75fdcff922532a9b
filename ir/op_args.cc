#include "ir/op_args.h"

#include <algorithm>

namespace rlx {
namespace {

bool IsRestKind(ParamKind k) { return k == ParamKind::kVariadic || k == ParamKind::kExprList; }

// The argument kinds that must be a literal of one expression kind (or a variable holding
// such a value, which the struct-info rules check).
std::string CheckArgKind(const OpParam& p, const Ref<Expr>& e) {
  auto is_var = [&] { return As<Var>(e) != nullptr; };
  switch (p.kind) {
    case ParamKind::kShape:
      if (As<ShapeExpr>(e) || is_var()) return {};
      return "'" + p.name + "' must be a shape expression";
    case ParamKind::kPrim:
      if (As<PrimValue>(e) || is_var()) return {};
      return "'" + p.name + "' must be a primitive value";
    case ParamKind::kPrimTuple: {
      if (is_var()) return {};
      auto t = As<Tuple>(e);
      if (!t) return "'" + p.name + "' must be a tuple of primitive values";
      for (const auto& f : t->fields) {
        if (!As<PrimValue>(f) && !As<Var>(f)) {
          return "'" + p.name + "' must be a tuple of primitive values";
        }
      }
      return {};
    }
    case ParamKind::kTuple:
      if (As<Tuple>(e) || is_var()) return {};
      return "'" + p.name + "' must be a tuple";
    case ParamKind::kStr:
      if (As<StringImm>(e)) return {};
      return "'" + p.name + "' must be a string";
    case ParamKind::kExtern:
      if (As<ExternFunc>(e)) return {};
      return "'" + p.name + "' must be an extern function";
    default: return {};
  }
}

bool IsIntList(const AttrValue& v) {
  if (v.kind() != AttrValue::Kind::kList) return false;
  for (const auto& x : v.as_list()) {
    if (x.kind() != AttrValue::Kind::kInt) return false;
  }
  return true;
}

std::string CheckAttrKind(const OpParam& p, const AttrValue& v) {
  if (v.is_none()) return p.nullable ? "" : "attribute '" + p.name + "' cannot be None";
  bool ok = false;
  switch (p.kind) {
    case ParamKind::kInt: ok = v.kind() == AttrValue::Kind::kInt; break;
    case ParamKind::kBool: ok = v.kind() == AttrValue::Kind::kBool; break;
    case ParamKind::kFloat:
      ok = v.kind() == AttrValue::Kind::kFloat || v.kind() == AttrValue::Kind::kInt;
      break;
    case ParamKind::kString: ok = v.kind() == AttrValue::Kind::kString; break;
    case ParamKind::kDType: ok = v.kind() == AttrValue::Kind::kDType; break;
    case ParamKind::kIntList: ok = IsIntList(v); break;
    case ParamKind::kIntOrList: ok = v.kind() == AttrValue::Kind::kInt || IsIntList(v); break;
    default: break;
  }
  if (ok) return {};
  return "attribute '" + p.name + "' must be " + std::string(ParamKindName(p.kind));
}

}  // namespace

// wf.op.signature
OpArgs MatchOpArgs(const OpInfo& op, const Call& call) {
  OpArgs out;
  out.by_param.resize(op.params.size());
  const size_t n = call.args.size();
  int rest = -1;
  size_t fixed = 0, nullable = 0;
  for (size_t i = 0; i < op.params.size(); ++i) {
    const OpParam& p = op.params[i];
    if (!p.is_arg()) continue;
    if (IsRestKind(p.kind)) {
      rest = static_cast<int>(i);
    } else {
      ++fixed;
      if (p.nullable) ++nullable;
    }
  }
  auto plural = [](size_t k) { return std::to_string(k) + (k == 1 ? " argument" : " arguments"); };
  // How many optional arguments are absent: the last ones first.
  size_t absent = 0;
  if (rest < 0) {
    if (n > fixed || n + nullable < fixed) {
      out.error = "R." + op.name + " takes " +
                  (nullable ? plural(fixed - nullable) + " to " + std::to_string(fixed)
                            : plural(fixed)) +
                  ", got " + std::to_string(n);
      return out;
    }
    absent = fixed - n;
  } else if (n + nullable < fixed) {
    out.error = "R." + op.name + " takes at least " + plural(fixed - nullable) + ", got " +
                std::to_string(n);
    return out;
  } else if (n < fixed) {
    absent = fixed - n;
  }
  std::vector<bool> skip(op.params.size(), false);
  for (size_t i = op.params.size(); i-- > 0 && absent > 0;) {
    if (op.params[i].is_arg() && op.params[i].nullable && !IsRestKind(op.params[i].kind)) {
      skip[i] = true;
      --absent;
    }
  }
  size_t after_rest = 0;
  if (rest >= 0) {
    for (size_t i = rest + 1; i < op.params.size(); ++i) {
      if (op.params[i].is_arg() && !skip[i]) ++after_rest;
    }
  }
  size_t next = 0;
  for (size_t i = 0; i < op.params.size(); ++i) {
    const OpParam& p = op.params[i];
    if (!p.is_arg() || skip[i]) continue;
    if (static_cast<int>(i) == rest) {
      size_t end = n - after_rest;
      for (; next < end; ++next) out.by_param[i].push_back(call.args[next]);
      continue;
    }
    const Ref<Expr>& a = call.args[next++];
    if (std::string e = CheckArgKind(p, a); !e.empty()) {
      out.error = "R." + op.name + " argument " + e;
      return out;
    }
    out.by_param[i].push_back(a);
  }
  // Attributes: exactly the op's attribute parameters (a missing one takes its default).
  for (const auto& [key, value] : call.attrs.entries()) {
    int pi = op.FindParam(key);
    if (pi < 0 || !op.params[pi].is_attr()) {
      out.error = "R." + op.name + " has no attribute '" + key + "'";
      return out;
    }
    if (std::string e = CheckAttrKind(op.params[pi], value); !e.empty()) {
      out.error = "R." + op.name + " " + e;
      return out;
    }
  }
  for (const OpParam& p : op.params) {
    if (p.is_attr() && !p.has_default && !call.attrs.Find(p.name)) {
      out.error = "R." + op.name + " is missing its attribute '" + p.name + "'";
      return out;
    }
  }
  if (!op.takes_sinfo_args() && !call.sinfo_args.empty()) {
    out.error = "R." + op.name + " takes no sinfo_args";
  }
  return out;
}

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

}  // namespace rlx
