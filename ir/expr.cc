#include "ir/expr.h"

#include <mutex>
#include <unordered_map>

#include "ir/base/check.h"

namespace rlx {

const char* ExprKindName(ExprKind k) {
  switch (k) {
#define RLX_EXPR_KIND(name, desc) \
  case ExprKind::k##name:         \
    return #name;
#include "ir/expr_kinds.def"
#undef RLX_EXPR_KIND
  }
  return "?";
}

Ref<Constant> Constant::Make(std::shared_ptr<const TensorData> data, Span span) {
  RLX_CHECK(data) << "Constant needs data";
  auto n = std::make_shared<Constant>(span);
  n->data = std::move(data);
  return n;
}

Ref<Var> Var::Make(std::string name, Ref<StructInfo> annotation, Span span) {
  auto n = std::make_shared<Var>(ExprKind::kVar, span);
  n->name = std::move(name);
  n->annotation = std::move(annotation);
  return n;
}

Ref<Var> Var::MakeDataflow(std::string name, Ref<StructInfo> annotation, Span span) {
  auto n = std::make_shared<Var>(ExprKind::kDataflowVar, span);
  n->name = std::move(name);
  n->annotation = std::move(annotation);
  return n;
}

Ref<Var> Var::MakeOfKind(bool dataflow, std::string name, Ref<StructInfo> annotation, Span span) {
  return dataflow ? MakeDataflow(std::move(name), std::move(annotation), span)
                  : Make(std::move(name), std::move(annotation), span);
}

Ref<GlobalVar> GlobalVar::Make(std::string name, Span span) {
  auto n = std::make_shared<GlobalVar>(span);
  n->name = std::move(name);
  return n;
}

Ref<Tuple> Tuple::Make(std::vector<Ref<Expr>> fields, Span span) {
  for (const auto& f : fields) RLX_CHECK(f) << "null tuple field";
  auto n = std::make_shared<Tuple>(span);
  n->fields = std::move(fields);
  return n;
}

Ref<TupleGetItem> TupleGetItem::Make(Ref<Expr> tuple, int index, Span span) {
  RLX_CHECK(tuple) << "null tuple";
  auto n = std::make_shared<TupleGetItem>(span);
  n->tuple = std::move(tuple);
  n->index = index;
  return n;
}

Binding Binding::VarBinding(Ref<Var> var, Ref<Expr> value, Span span) {
  RLX_CHECK(var && value) << "binding needs a var and a value";
  return Binding{std::move(var), std::move(value), nullptr, span};
}

Binding Binding::MatchCast(Ref<Var> var, Ref<Expr> value, Ref<StructInfo> sinfo, Span span) {
  RLX_CHECK(var && value && sinfo) << "match_cast needs a var, a value and struct info";
  return Binding{std::move(var), std::move(value), std::move(sinfo), span};
}

// norm.blocks: no empty block, no two adjacent blocks of one kind.
std::vector<BindingBlock> MergeBlocks(std::vector<BindingBlock> blocks) {
  std::vector<BindingBlock> out;
  out.reserve(blocks.size());
  for (auto& b : blocks) {
    if (b.bindings.empty()) continue;
    if (!out.empty() && out.back().is_dataflow == b.is_dataflow) {
      auto& into = out.back().bindings;
      into.insert(into.end(), std::make_move_iterator(b.bindings.begin()), std::make_move_iterator(b.bindings.end()));
    } else {
      out.push_back(std::move(b));
    }
  }
  return out;
}

Ref<SeqExpr> SeqExpr::Make(std::vector<BindingBlock> blocks, Ref<Expr> body, Span span) {
  RLX_CHECK(body) << "SeqExpr needs a body";
  auto n = std::make_shared<SeqExpr>(span);
  n->blocks = std::move(blocks);
  n->body = std::move(body);
  return n;
}

Ref<Function> Function::Make(std::vector<Ref<Var>> params, Ref<Expr> body,
                             Ref<StructInfo> ret_sinfo, bool is_pure, Attrs attrs, Span span) {
  RLX_CHECK(body) << "Function needs a body";
  auto n = std::make_shared<Function>(span);
  n->params = std::move(params);
  n->body = std::move(body);
  n->ret_sinfo = std::move(ret_sinfo);
  n->is_pure = is_pure;
  n->attrs = std::move(attrs);
  return n;
}

Ref<If> If::Make(Ref<Expr> cond, Ref<Expr> true_branch, Ref<Expr> false_branch, Span span) {
  RLX_CHECK(cond && true_branch && false_branch) << "If needs three parts";
  auto n = std::make_shared<If>(span);
  n->cond = std::move(cond);
  n->true_branch = std::move(true_branch);
  n->false_branch = std::move(false_branch);
  return n;
}

Ref<Call> Call::Make(Ref<Expr> op, std::vector<Ref<Expr>> args, Attrs attrs,
                     std::vector<Ref<StructInfo>> sinfo_args, Span span) {
  RLX_CHECK(op) << "Call needs a callee";
  for (const auto& a : args) RLX_CHECK(a) << "null call argument";
  auto n = std::make_shared<Call>(span);
  n->op = std::move(op);
  n->args = std::move(args);
  n->attrs = std::move(attrs);
  n->sinfo_args = std::move(sinfo_args);
  return n;
}

Ref<Op> Op::Get(const OpInfo& info) {
  // One shared node per op: ops are compared by identity of their table entry.
  static std::mutex mu;
  static std::unordered_map<const OpInfo*, Ref<Op>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[&info];
  if (!slot) slot = std::make_shared<Op>(&info, Span{});
  return slot;
}

Ref<ExternFunc> ExternFunc::Make(std::string symbol, Ref<StructInfo> sinfo, Span span) {
  auto n = std::make_shared<ExternFunc>(span);
  n->symbol = std::move(symbol);
  n->sinfo = std::move(sinfo);
  return n;
}

Ref<ShapeExpr> ShapeExpr::Make(std::vector<Ref<PrimExpr>> values, Span span) {
  for (const auto& v : values) RLX_CHECK(v) << "null shape value";
  auto n = std::make_shared<ShapeExpr>(span);
  n->values = std::move(values);
  return n;
}

Ref<PrimValue> PrimValue::Make(Ref<PrimExpr> value, Span span) {
  RLX_CHECK(value) << "PrimValue needs a value";
  auto n = std::make_shared<PrimValue>(span);
  n->value = std::move(value);
  return n;
}

Ref<StringImm> StringImm::Make(std::string value, Span span) {
  auto n = std::make_shared<StringImm>(span);
  n->value = std::move(value);
  return n;
}

Ref<DataTypeImm> DataTypeImm::Make(DataType value, Span span) {
  auto n = std::make_shared<DataTypeImm>(span);
  n->value = value;
  return n;
}

bool IsLeaf(const Ref<Expr>& e) {
  if (!e) return false;
  switch (e->kind) {
    case ExprKind::kVar:
    case ExprKind::kDataflowVar:
    case ExprKind::kGlobalVar:
    case ExprKind::kConstant:
    case ExprKind::kShapeExpr:
    case ExprKind::kPrimValue:
    case ExprKind::kStringImm:
    case ExprKind::kDataTypeImm:
    case ExprKind::kExternFunc:
    case ExprKind::kOp: return true;
    default: return false;
  }
}

bool IsLeafOrTuple(const Ref<Expr>& e) {
  if (IsLeaf(e)) return true;
  auto t = As<Tuple>(e);
  if (!t) return false;
  for (const auto& f : t->fields) {
    if (!IsLeafOrTuple(f)) return false;
  }
  return true;
}

}  // namespace rlx
