#include "ir/op_table.h"

#include <charconv>
#include <unordered_map>

#include "ir/base/check.h"
#include "ir/expr.h"

namespace rlx {
namespace {

struct RawOp {
  OpId id;
  const char* name;
  OpFamily family;
  bool pure;
  bool may_trap;
  const char* signature;
};

constexpr OpFamily unary = OpFamily::kUnary, binary = OpFamily::kBinary, selection = OpFamily::kSelection,
                   reduction = OpFamily::kReduction, linalg = OpFamily::kLinalg,
                   manipulation = OpFamily::kManipulation, creation = OpFamily::kCreation, nn = OpFamily::kNN,
                   intrinsics = OpFamily::kIntrinsics, memory = OpFamily::kMemory;
struct Purity {
  bool pure, may_trap;
};
constexpr Purity pure{true, false}, traps{true, true}, impure{false, true};

const RawOp kRawOps[] = {
#define RLX_OP(id, name, family, purity, signature) {OpId::k##id, name, family, purity.pure, purity.may_trap, signature},
#include "ir/ops.def"
#undef RLX_OP
};

std::string_view Trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Splits on commas outside brackets and quotes.
std::vector<std::string_view> SplitTopLevel(std::string_view s) {
  std::vector<std::string_view> parts;
  int depth = 0;
  bool in_str = false;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') in_str = !in_str;
    if (in_str) continue;
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(Trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  std::string_view last = Trim(s.substr(start));
  if (!last.empty()) parts.push_back(last);
  return parts;
}

// Parses a default-value literal of ops.def: None, True, False, int, float, "str", [ints].
AttrValue ParseLiteral(std::string_view s, const char* op) {
  s = Trim(s);
  if (s == "None") return AttrValue();
  if (s == "True") return AttrValue::Bool(true);
  if (s == "False") return AttrValue::Bool(false);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') {
    return AttrValue::String(std::string(s.substr(1, s.size() - 2)));
  }
  if (s.size() >= 2 && s.front() == '[' && s.back() == ']') {
    AttrList items;
    for (std::string_view part : SplitTopLevel(s.substr(1, s.size() - 2))) {
      items.push_back(ParseLiteral(part, op));
    }
    return AttrValue::List(std::move(items));
  }
  bool is_float = s.find_first_of(".e") != std::string_view::npos;
  if (is_float) {
    double v = 0;
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    RLX_CHECK(r.ec == std::errc() && r.ptr == s.data() + s.size())
        << "bad float default '" << s << "' in ops.def for " << op;
    return AttrValue::Float(v);
  }
  int64_t v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  RLX_CHECK(r.ec == std::errc() && r.ptr == s.data() + s.size())
      << "bad default '" << s << "' in ops.def for " << op;
  return AttrValue::Int(v);
}

ParamKind ParseKind(std::string_view k, const char* op) {
  static const std::pair<std::string_view, ParamKind> kKinds[] = {
      {"expr", ParamKind::kExpr},
      {"shape", ParamKind::kShape},
      {"prim", ParamKind::kPrim},
      {"prim_tuple", ParamKind::kPrimTuple},
      {"tuple", ParamKind::kTuple},
      {"str_expr", ParamKind::kStr},
      {"extern", ParamKind::kExtern},
      {"*expr", ParamKind::kVariadic},
      {"expr_list", ParamKind::kExprList},
      {"sinfo_args", ParamKind::kSInfoArgs},
      {"int", ParamKind::kInt},
      {"bool", ParamKind::kBool},
      {"float", ParamKind::kFloat},
      {"str", ParamKind::kString},
      {"dtype", ParamKind::kDType},
      {"int_list", ParamKind::kIntList},
      {"int_or_list", ParamKind::kIntOrList},
  };
  for (const auto& [name, kind] : kKinds) {
    if (name == k) return kind;
  }
  RLX_CHECK(false) << "unknown parameter kind '" << k << "' in ops.def for " << op;
  return ParamKind::kExpr;
}

OpInfo BuildOp(const RawOp& raw) {
  OpInfo info;
  info.id = raw.id;
  info.name = raw.name;
  info.family = raw.family;
  info.pure = raw.pure;
  info.may_trap = raw.may_trap;
  for (std::string_view part : SplitTopLevel(raw.signature)) {
    OpParam p;
    size_t colon = part.find(':');
    RLX_CHECK(colon != std::string_view::npos) << "parameter without kind in " << raw.name;
    p.name = std::string(Trim(part.substr(0, colon)));
    std::string_view rest = part.substr(colon + 1);
    size_t eq = rest.find('=');
    std::string_view kind = Trim(rest.substr(0, eq));
    if (!kind.empty() && kind.back() == '?') {
      p.nullable = true;
      kind.remove_suffix(1);
    }
    p.kind = ParseKind(kind, raw.name);
    if (eq != std::string_view::npos) {
      p.has_default = true;
      p.default_value = ParseLiteral(rest.substr(eq + 1), raw.name);
    }
    info.params.push_back(std::move(p));
  }
  return info;
}

}  // namespace

bool IsArgKind(ParamKind k) {
  switch (k) {
    case ParamKind::kExpr:
    case ParamKind::kShape:
    case ParamKind::kPrim:
    case ParamKind::kPrimTuple:
    case ParamKind::kTuple:
    case ParamKind::kStr:
    case ParamKind::kExtern:
    case ParamKind::kVariadic:
    case ParamKind::kExprList: return true;
    default: return false;
  }
}

std::string_view ParamKindName(ParamKind k) {
  switch (k) {
    case ParamKind::kExpr: return "expr";
    case ParamKind::kShape: return "shape";
    case ParamKind::kPrim: return "prim";
    case ParamKind::kPrimTuple: return "prim_tuple";
    case ParamKind::kTuple: return "tuple";
    case ParamKind::kStr: return "str_expr";
    case ParamKind::kExtern: return "extern";
    case ParamKind::kVariadic: return "*expr";
    case ParamKind::kExprList: return "expr_list";
    case ParamKind::kSInfoArgs: return "sinfo_args";
    case ParamKind::kInt: return "int";
    case ParamKind::kBool: return "bool";
    case ParamKind::kFloat: return "float";
    case ParamKind::kString: return "str";
    case ParamKind::kDType: return "dtype";
    case ParamKind::kIntList: return "int_list";
    case ParamKind::kIntOrList: return "int_or_list";
  }
  return "?";
}

int OpInfo::FindParam(std::string_view n) const {
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].name == n) return static_cast<int>(i);
  }
  return -1;
}

bool OpInfo::takes_sinfo_args() const {
  for (const auto& p : params) {
    if (p.kind == ParamKind::kSInfoArgs) return true;
  }
  return false;
}

const std::vector<OpInfo>& AllOps() {
  static const std::vector<OpInfo> ops = [] {
    std::vector<OpInfo> v;
    for (const RawOp& raw : kRawOps) v.push_back(BuildOp(raw));
    return v;
  }();
  return ops;
}

const OpInfo& GetOp(OpId id) {
  return AllOps()[static_cast<size_t>(id)];
}

const OpInfo* FindOp(std::string_view name) {
  static const std::unordered_map<std::string_view, const OpInfo*> by_name = [] {
    std::unordered_map<std::string_view, const OpInfo*> m;
    for (const OpInfo& op : AllOps()) m.emplace(op.name, &op);
    return m;
  }();
  auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : it->second;
}

std::string_view OpFamilyName(OpFamily f) {
  switch (f) {
    case OpFamily::kUnary: return "unary";
    case OpFamily::kBinary: return "binary";
    case OpFamily::kSelection: return "selection";
    case OpFamily::kReduction: return "reduction";
    case OpFamily::kLinalg: return "linalg";
    case OpFamily::kManipulation: return "manipulation";
    case OpFamily::kCreation: return "creation";
    case OpFamily::kNN: return "nn";
    case OpFamily::kIntrinsics: return "intrinsics";
    case OpFamily::kMemory: return "memory";
  }
  return "?";
}

std::string_view OpFamilySection(OpFamily f) {
  static const char* const kSections[] = {"5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "5.9", "5.10"};
  return kSections[static_cast<int>(f)];
}

bool IsVoidStatementOp(OpId id) {
  return id == OpId::kPrint || id == OpId::kAssertOp || id == OpId::kMemoryKillStorage ||
         id == OpId::kMemoryKillTensor || id == OpId::kVMKillObject;
}

bool IsOpCall(const Expr& e, OpId id) {
  const Call* call = AsPtr<Call>(&e);
  if (!call) return false;
  const Op* op = AsPtr<Op>(call->op.get());
  return op && op->info->id == id;
}

}  // namespace rlx
