#include "checker/ops/derive_alone.h"

#include "checker/infer/infer_state.h"
#include "checker/ops/op_call.h"
#include "ir/op_table.h"

namespace rlx::checker {
namespace {

// The struct info of a leaf operand (sinfo.derive.var/constant/tuple/shape-expr/prim-value).
Ref<StructInfo> LeafSInfo(const Ref<Expr>& e, const VarLookup& var_sinfo) {
  switch (e->kind) {
    case ExprKind::kVar:
    case ExprKind::kDataflowVar: return var_sinfo(static_cast<const Var&>(*e));
    case ExprKind::kConstant: {
      auto& c = static_cast<const Constant&>(*e);
      if (!c.data) return nullptr;
      std::vector<Ref<PrimExpr>> dims;
      for (int64_t d : c.data->shape()) dims.push_back(PrimExpr::Int(d));
      return MakeTensor(std::move(dims), c.data->dtype());
    }
    case ExprKind::kTuple: {
      std::vector<Ref<StructInfo>> fields;
      for (const auto& f : static_cast<const Tuple&>(*e).fields) {
        Ref<StructInfo> s = LeafSInfo(f, var_sinfo);
        if (!s) return nullptr;
        fields.push_back(s);
      }
      return TupleStructInfo::Make(std::move(fields));
    }
    case ExprKind::kShapeExpr: return ShapeStructInfo::Make(static_cast<const ShapeExpr&>(*e).values);
    case ExprKind::kPrimValue: {
      auto& p = static_cast<const PrimValue&>(*e);
      return p.value ? PrimStructInfo::Make(p.value->dtype, p.value) : nullptr;
    }
    case ExprKind::kExternFunc: {
      auto& x = static_cast<const ExternFunc&>(*e);
      if (x.sinfo) return x.sinfo;
      return FuncStructInfo::MakeOpaque(ObjectStructInfo::Make(), false,
                                        "tvm.relax.struct_info.infer_by_sinfo_args");
    }
    default: return ObjectStructInfo::Make();
  }
}

}  // namespace

OpDerivation DeriveOpCallAlone(const Call& call, const VarLookup& var_sinfo,
                               const std::vector<Ref<PrimExpr>>& facts, prover::Prover& prover) {
  OpDerivation out;
  auto op = As<Op>(call.op);
  if (!op) {
    out.message = "not an op call";
    return out;
  }
  SourceManager sources;
  DiagnosticEngine diags(sources);
  CheckResult result;
  InferState state(diags, prover, result);
  for (const auto& f : facts) state.proofs().Assume(f);
  std::vector<Ref<StructInfo>> args;
  for (const auto& a : call.args) {
    args.push_back(LeafSInfo(a, var_sinfo));
    if (!args.back()) {
      out.message = "an operand has no struct info";
      return out;
    }
  }
  OpArgs matched = MatchOpArgs(*op->info, call);
  if (!matched.error.empty()) {
    out.message = matched.error;
    out.rule = "wf.op.signature";
    return out;
  }
  OpCall oc(call, *op->info, std::move(matched), std::move(args), state);
  Ref<StructInfo> s = GetOpRule(op->info->id)(oc);  // sinfo.derive.op
  if (diags.error_count() > 0 || !s) {
    for (const auto& d : diags.diagnostics()) {
      if (d.severity == Severity::kError) {
        out.message = d.message;
        out.rule = d.rule.empty() ? std::string(ErrorCodeRule(d.code)) : d.rule;
        break;
      }
    }
    if (out.message.empty()) out.message = "the rule derived nothing";
    return out;
  }
  if (!result.runtime_checks.empty()) {
    out.needs_runtime_check = true;
    out.message = result.runtime_checks[0].message;
    out.rule = result.runtime_checks[0].rule;
  }
  out.sinfo = s;
  return out;
}

}  // namespace rlx::checker
