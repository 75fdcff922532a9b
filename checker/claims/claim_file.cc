#include "checker/claims/claim_file.h"

#include <limits>

#include <map>

#include "ir/text/lexer.h"
#include "ir/text/py_parser.h"

namespace rlx::checker {
namespace {

using PyKind = text::py::ExprKind;
using PyExpr = text::py::Expr;

class ClaimParser {
 public:
  explicit ClaimParser(DiagnosticEngine& diags) : diags_(diags) {}

  std::optional<Claim> ParseClaim(const text::py::Stmt& def) {
    Claim c;
    c.name = def.name;
    c.span = def.name_span;
    vars_.clear();
    ok_ = true;
    for (const auto& d : def.decorators) ReadDecorator(*d, &c);
    for (const auto& p : def.params) {
      DataType dt = DataType::kInt64;
      if (p.annotation) dt = ParamDType(*p.annotation);
      auto v = PrimExpr::Var(p.name, dt, p.span);
      vars_[p.name] = v;
      c.vars.push_back(v);
    }
    for (const auto& s : def.body) {
      if (s->kind == text::py::StmtKind::kPass) continue;
      if (s->kind == text::py::StmtKind::kExpr && s->value->kind == PyKind::kString) continue;  // a docstring
      if (s->kind == text::py::StmtKind::kExpr && IsCallOf(*s->value, "assume")) {
        if (s->value->elts.size() != 1) {
          Error(ErrorCode::kArgumentCount, s->span, "T.assume takes one boolean expression");
          continue;
        }
        if (auto e = Bool(*s->value->elts[0])) c.assumptions.push_back(e);
        continue;
      }
      if (s->kind == text::py::StmtKind::kReturn && s->value) {
        if (c.claim) Error(ErrorCode::kInvalidStatement, s->span, "a claim returns one expression");
        c.claim = Bool(*s->value);
        continue;
      }
      Error(ErrorCode::kInvalidStatement, s->span,
            "a claim's body holds T.assume(...) statements and one return of the claimed expression");
    }
    if (!c.claim && ok_) Error(ErrorCode::kInvalidStatement, def.span, "claim '" + c.name + "' returns nothing");
    if (!ok_) return std::nullopt;
    return c;
  }

 private:
  void Error(ErrorCode code, Span span, std::string message) {
    diags_.Error(code, span, std::move(message));
    ok_ = false;
  }

  static bool IsCallOf(const PyExpr& e, const char* name) {
    return e.kind == PyKind::kCall && e.value && e.value->kind == PyKind::kAttribute && e.value->text == name &&
           e.value->value && e.value->value->kind == PyKind::kName && e.value->value->text == "T";
  }

  void ReadDecorator(const PyExpr& d, Claim* c) {
    const PyExpr* callee = d.kind == PyKind::kCall ? d.value.get() : &d;
    if (!callee || callee->kind != PyKind::kName || callee->text != "claim") {
      Error(ErrorCode::kInvalidDecorator, d.span, "a claim is decorated with @claim or @claim(expect=\"...\")");
      return;
    }
    if (d.kind != PyKind::kCall) return;
    for (const auto& k : d.keywords) {
      if (k.name != "expect" || k.value->kind != PyKind::kString) {
        Error(ErrorCode::kInvalidDecorator, k.name_span, "@claim takes only expect=\"proven\", \"disproven\" or \"unknown\"");
        continue;
      }
      const std::string& v = k.value->text;
      if (v == "proven") c->expect = prover::Answer::kProven;
      else if (v == "disproven") c->expect = prover::Answer::kDisproven;
      else if (v == "unknown") c->expect = prover::Answer::kUnknown;
      else Error(ErrorCode::kInvalidDecorator, k.value->span, "expect must be \"proven\", \"disproven\" or \"unknown\"");
    }
  }

  DataType ParamDType(const PyExpr& a) {
    if (a.kind == PyKind::kAttribute && a.value && a.value->kind == PyKind::kName && a.value->text == "T") {
      if (auto t = ParseDataType(a.text); t && (IsInteger(*t) || *t == DataType::kBool)) return *t;
    }
    Error(ErrorCode::kInvalidDType, a.span, "a claim variable is T.int64, T.int32, T.int16, T.int8, T.bool or unsigned");
    return DataType::kInt64;
  }

  Ref<PrimExpr> Bool(const PyExpr& e) {
    Ref<PrimExpr> r = Convert(e);
    if (r && r->dtype != DataType::kBool) {
      Error(ErrorCode::kInvalidPrimExpr, e.span, "expected a boolean expression (a comparison)");
      return nullptr;
    }
    return r;
  }

  // Brings an integer literal to the other operand's dtype.
  static Ref<PrimExpr> Retype(const Ref<PrimExpr>& lit, DataType dt) {
    if (lit->is_int() && lit->dtype != dt && dt != DataType::kBool) return PrimExpr::Int(lit->int_value, dt, lit->span);
    return lit;
  }

  Ref<PrimExpr> Binary(PrimKind k, Ref<PrimExpr> a, Ref<PrimExpr> b, const Span& span) {
    if (!a || !b) return nullptr;
    if (a->is_int() && !b->is_int()) a = Retype(a, b->dtype);
    if (b->is_int() && !a->is_int()) b = Retype(b, a->dtype);
    bool logic = k == PrimKind::kAnd || k == PrimKind::kOr;
    if (logic && (a->dtype != DataType::kBool || b->dtype != DataType::kBool)) {
      Error(ErrorCode::kInvalidOperands, span, "'and' and 'or' need boolean operands");
      return nullptr;
    }
    if (!logic && (a->dtype == DataType::kBool || b->dtype == DataType::kBool) && k != PrimKind::kEQ && k != PrimKind::kNE) {
      Error(ErrorCode::kInvalidOperands, span, "arithmetic needs integer operands, not booleans");
      return nullptr;
    }
    if (a->dtype != b->dtype) {
      Error(ErrorCode::kInvalidOperands, span,
            "operands of different dtypes " + std::string(DataTypeName(a->dtype)) + " and " +
                std::string(DataTypeName(b->dtype)));
      return nullptr;
    }
    return PrimExpr::Binary(k, std::move(a), std::move(b), span);
  }

  Ref<PrimExpr> Convert(const PyExpr& e) {
    switch (e.kind) {
      case PyKind::kInt:
        if (e.int_overflow || e.int_value > static_cast<uint64_t>(INT64_MAX)) {
          Error(ErrorCode::kIntegerRange, e.span, "integer literal out of the int64 range");
          return nullptr;
        }
        return PrimExpr::Int(static_cast<int64_t>(e.int_value), DataType::kInt64, e.span);
      case PyKind::kBool: return PrimExpr::Int(e.bool_value ? 1 : 0, DataType::kBool, e.span);
      case PyKind::kName: {
        auto it = vars_.find(e.text);
        if (it == vars_.end()) {
          Error(ErrorCode::kUnknownName, e.span, "undefined name '" + e.text + "' (claim variables are parameters)");
          return nullptr;
        }
        return it->second;
      }
      case PyKind::kUnary: {
        Ref<PrimExpr> a = Convert(*e.value);
        if (!a) return nullptr;
        if (e.text == "not") {
          if (a->dtype != DataType::kBool) {
            Error(ErrorCode::kInvalidOperands, e.span, "'not' needs a boolean operand");
            return nullptr;
          }
          return PrimExpr::Not(a, e.span);
        }
        if (e.text == "-") {
          if (a->is_int() && a->int_value != INT64_MIN) return PrimExpr::Int(-a->int_value, a->dtype, e.span);
          return Binary(PrimKind::kSub, PrimExpr::Int(0, a->dtype), a, e.span);
        }
        if (e.text == "+") return a;
        break;
      }
      case PyKind::kBinary: {
        static const std::map<std::string, PrimKind> kOps = {
            {"+", PrimKind::kAdd}, {"-", PrimKind::kSub}, {"*", PrimKind::kMul},
            {"//", PrimKind::kFloorDiv}, {"%", PrimKind::kFloorMod}};
        auto it = kOps.find(e.text);
        if (it == kOps.end()) break;
        return Binary(it->second, Convert(*e.value), Convert(*e.index), e.span);
      }
      case PyKind::kCompare: {
        static const std::map<std::string, PrimKind> kOps = {
            {"==", PrimKind::kEQ}, {"!=", PrimKind::kNE}, {"<", PrimKind::kLT},
            {"<=", PrimKind::kLE}, {">", PrimKind::kGT}, {">=", PrimKind::kGE}};
        auto it = kOps.find(e.text);
        if (it == kOps.end()) break;
        return Binary(it->second, Convert(*e.value), Convert(*e.index), e.span);
      }
      case PyKind::kBoolOp:
        return Binary(e.text == "and" ? PrimKind::kAnd : PrimKind::kOr, Convert(*e.value), Convert(*e.index), e.span);
      case PyKind::kCall: return ConvertCall(e);
      default: break;
    }
    Error(ErrorCode::kInvalidPrimExpr, e.span,
          "not shape arithmetic: use integers, claim variables, + - * // %, comparisons, and/or/not, "
          "T.floordiv, T.floormod, T.truncdiv, T.truncmod, T.min, T.max, T.Select");
    return nullptr;
  }

  Ref<PrimExpr> ConvertCall(const PyExpr& e) {
    static const std::map<std::string, PrimKind> kBinary = {
        {"floordiv", PrimKind::kFloorDiv}, {"floormod", PrimKind::kFloorMod}, {"truncdiv", PrimKind::kTruncDiv},
        {"truncmod", PrimKind::kTruncMod}, {"min", PrimKind::kMin}, {"max", PrimKind::kMax}};
    const PyExpr* callee = e.value.get();
    bool t_member = callee && callee->kind == PyKind::kAttribute && callee->value &&
                    callee->value->kind == PyKind::kName && callee->value->text == "T";
    if (!t_member || !e.keywords.empty()) {
      Error(ErrorCode::kInvalidPrimExpr, e.span, "only T.floordiv, T.floormod, T.truncdiv, T.truncmod, T.min, T.max and T.Select may be called");
      return nullptr;
    }
    const std::string& f = callee->text;
    if (auto it = kBinary.find(f); it != kBinary.end()) {
      if (e.elts.size() != 2) {
        Error(ErrorCode::kArgumentCount, e.span, "T." + f + " takes two arguments");
        return nullptr;
      }
      return Binary(it->second, Convert(*e.elts[0]), Convert(*e.elts[1]), e.span);
    }
    if (f == "Select" || f == "if_then_else") {
      if (e.elts.size() != 3) {
        Error(ErrorCode::kArgumentCount, e.span, "T." + f + " takes three arguments");
        return nullptr;
      }
      Ref<PrimExpr> c = Bool(*e.elts[0]), a = Convert(*e.elts[1]), b = Convert(*e.elts[2]);
      if (!c || !a || !b) return nullptr;
      if (a->is_int() && !b->is_int()) a = Retype(a, b->dtype);
      if (b->is_int() && !a->is_int()) b = Retype(b, a->dtype);
      if (a->dtype != b->dtype) {
        Error(ErrorCode::kInvalidOperands, e.span, "T." + f + " branches have different dtypes");
        return nullptr;
      }
      return PrimExpr::Select(c, a, b, e.span);
    }
    if (auto t = ParseDataType(f); t && IsInteger(*t)) {  // T.int32(5)
      if (e.elts.size() == 1 && e.elts[0]->kind == PyKind::kInt && !e.elts[0]->int_overflow) {
        return PrimExpr::Int(static_cast<int64_t>(e.elts[0]->int_value), *t, e.span);
      }
    }
    Error(ErrorCode::kInvalidPrimExpr, e.span, "T." + f + " is not shape arithmetic");
    return nullptr;
  }

  DiagnosticEngine& diags_;
  std::map<std::string, Ref<PrimExpr>> vars_;
  bool ok_ = true;
};

}  // namespace

std::vector<Claim> ParseClaimFile(uint32_t file_id, DiagnosticEngine& diags) {
  std::vector<Claim> out;
  auto tokens = text::Lex(file_id, diags);
  if (diags.has_errors()) return out;
  text::py::File file = text::ParseSyntax(tokens, diags);
  if (diags.has_errors()) return out;
  ClaimParser p(diags);
  for (const auto& s : file.body) {
    if (s->kind == text::py::StmtKind::kImport) continue;
    if (s->kind == text::py::StmtKind::kFunctionDef) {
      if (auto c = p.ParseClaim(*s)) out.push_back(std::move(*c));
      continue;
    }
    if (s->kind == text::py::StmtKind::kExpr && s->value->kind == PyKind::kString) continue;
    diags.Error(ErrorCode::kInvalidStatement, s->span, "a claim file holds imports and @claim functions");
  }
  return out;
}

bool LooksLikeClaimFile(const std::string& text) {
  return text.find("@claim") != std::string::npos && text.find("@R.function") == std::string::npos &&
         text.find("@I.ir_module") == std::string::npos;
}

prover::ProverOptions ClaimProverOptions() {
  prover::ProverOptions options;
  options.z3_max_limit_hits = std::numeric_limits<int>::max();
  options.z3_max_queries = std::numeric_limits<int>::max();
  return options;
}

}  // namespace rlx::checker
