#include "ir/analysis/mutator.h"

namespace rlx {
namespace {

template <class T>
bool SameElements(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

bool SameBlocks(const std::vector<BindingBlock>& a, const std::vector<BindingBlock>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].is_dataflow != b[i].is_dataflow || a[i].bindings.size() != b[i].bindings.size()) return false;
    for (size_t k = 0; k < a[i].bindings.size(); ++k) {
      const Binding& x = a[i].bindings[k];
      const Binding& y = b[i].bindings[k];
      if (x.var != y.var || x.value != y.value || x.match_sinfo != y.match_sinfo) return false;
    }
  }
  return true;
}

}  // namespace

Ref<Expr> ExprMutator::VisitExpr(const Ref<Expr>& e) {
  if (!e) return e;
  switch (e->kind) {
    case ExprKind::kVar:
    case ExprKind::kDataflowVar: return VisitVarUse(std::static_pointer_cast<const Var>(e));
    case ExprKind::kTuple: return VisitTuple(std::static_pointer_cast<const Tuple>(e));
    case ExprKind::kTupleGetItem:
      return VisitTupleGetItem(std::static_pointer_cast<const TupleGetItem>(e));
    case ExprKind::kSeqExpr: return VisitSeqExpr(std::static_pointer_cast<const SeqExpr>(e));
    case ExprKind::kFunction: return VisitFunction(std::static_pointer_cast<const Function>(e));
    case ExprKind::kIf: return VisitIf(std::static_pointer_cast<const If>(e));
    case ExprKind::kCall: return VisitCall(std::static_pointer_cast<const Call>(e));
    case ExprKind::kExternFunc:
      return VisitExternFunc(std::static_pointer_cast<const ExternFunc>(e));
    case ExprKind::kShapeExpr: return VisitShapeExpr(std::static_pointer_cast<const ShapeExpr>(e));
    case ExprKind::kPrimValue: return VisitPrimValue(std::static_pointer_cast<const PrimValue>(e));
    case ExprKind::kConstant:
    case ExprKind::kGlobalVar:
    case ExprKind::kOp:
    case ExprKind::kStringImm:
    case ExprKind::kDataTypeImm:
    case ExprKind::kPrimFunc: return VisitLeaf(e);  // TIR is rewritten by TIR passes
  }
  return e;
}

Ref<IRModule> ExprMutator::VisitModule(const Ref<IRModule>& m) {
  std::vector<GlobalDef> globals;
  bool changed = false;
  for (const auto& g : m->globals) {
    Ref<Expr> v = VisitExpr(g.value);
    changed |= v != g.value;
    globals.push_back({g.name, v, g.span});
  }
  if (!changed) return m;
  return m->WithGlobals(std::move(globals));
}

Ref<Expr> ExprMutator::VisitVarUse(const Ref<Var>& v) {
  auto it = var_remap_.find(v.get());
  return it == var_remap_.end() ? v : it->second;
}

Ref<Expr> ExprMutator::VisitTuple(const Ref<Tuple>& e) {
  std::vector<Ref<Expr>> fields;
  for (const auto& f : e->fields) fields.push_back(VisitExpr(f));
  if (SameElements(fields, e->fields)) return e;
  return Tuple::Make(std::move(fields), e->span);
}

Ref<Expr> ExprMutator::VisitTupleGetItem(const Ref<TupleGetItem>& e) {
  Ref<Expr> t = VisitExpr(e->tuple);
  if (t == e->tuple) return e;
  return TupleGetItem::Make(t, e->index, e->span);
}

Ref<Expr> ExprMutator::VisitSeqExpr(const Ref<SeqExpr>& e) {
  std::vector<BindingBlock> blocks;
  blocks.reserve(e->blocks.size());
  ++seq_depth_;
  for (const auto& b : e->blocks) blocks.push_back(VisitBindingBlock(b));
  Ref<Expr> body = VisitExpr(e->body);
  --seq_depth_;
  blocks = MergeBlocks(std::move(blocks));
  if (body == e->body && SameBlocks(blocks, e->blocks)) return e;
  return SeqExpr::Make(std::move(blocks), body, e->span);
}

Ref<Expr> ExprMutator::VisitFunction(const Ref<Function>& e) {
  std::vector<Ref<Var>> params;
  for (const auto& p : e->params) params.push_back(VisitVarDef(p));
  Ref<StructInfo> ret = e->ret_sinfo ? VisitStructInfo(e->ret_sinfo) : nullptr;
  const bool outermost = observer_ && function_depth_ == 0;
  if (outermost) observer_->OnFunctionBegin(params, e->is_pure, e->attrs);
  ++function_depth_;
  Ref<Expr> body = VisitExpr(e->body);
  --function_depth_;
  Ref<Function> out = e;
  if (!SameElements(params, e->params) || ret != e->ret_sinfo || body != e->body) {
    out = Function::Make(std::move(params), body, ret, e->is_pure, e->attrs, e->span);
  }
  if (outermost) observer_->OnFunctionEnd(out);
  return out;
}

Ref<Expr> ExprMutator::VisitIf(const Ref<If>& e) {
  Ref<Expr> c = VisitExpr(e->cond);
  Ref<Expr> t = VisitExpr(e->true_branch);
  Ref<Expr> f = VisitExpr(e->false_branch);
  if (c == e->cond && t == e->true_branch && f == e->false_branch) return e;
  return If::Make(c, t, f, e->span);
}

Ref<Expr> ExprMutator::VisitCall(const Ref<Call>& e) {
  Ref<Expr> op = VisitExpr(e->op);
  std::vector<Ref<Expr>> args;
  for (const auto& a : e->args) args.push_back(VisitExpr(a));
  std::vector<Ref<StructInfo>> sinfo_args;
  for (const auto& s : e->sinfo_args) sinfo_args.push_back(VisitStructInfo(s));
  if (op == e->op && SameElements(args, e->args) && SameElements(sinfo_args, e->sinfo_args)) {
    return e;
  }
  return Call::Make(op, std::move(args), e->attrs, std::move(sinfo_args), e->span);
}

Ref<Expr> ExprMutator::VisitExternFunc(const Ref<ExternFunc>& e) {
  if (!e->sinfo) return e;
  Ref<StructInfo> s = VisitStructInfo(e->sinfo);
  if (s == e->sinfo) return e;
  return ExternFunc::Make(e->symbol, s, e->span);
}

Ref<Expr> ExprMutator::VisitShapeExpr(const Ref<ShapeExpr>& e) {
  std::vector<Ref<PrimExpr>> values;
  for (const auto& v : e->values) values.push_back(VisitPrimExpr(v));
  if (SameElements(values, e->values)) return e;
  return ShapeExpr::Make(std::move(values), e->span);
}

Ref<Expr> ExprMutator::VisitPrimValue(const Ref<PrimValue>& e) {
  Ref<PrimExpr> v = VisitPrimExpr(e->value);
  if (v == e->value) return e;
  return PrimValue::Make(v, e->span);
}

BindingBlock ExprMutator::VisitBindingBlock(const BindingBlock& b) {
  BindingBlock out;
  out.is_dataflow = b.is_dataflow;
  out.span = b.span;
  out.bindings.reserve(b.bindings.size());
  bool outer = in_dataflow_block_;
  in_dataflow_block_ = b.is_dataflow;
  const bool observed = Observed();
  for (const auto& binding : b.bindings) {
    const size_t first = out.bindings.size();
    VisitBinding(binding, out.bindings);
    if (!observed) continue;
    for (size_t i = first; i < out.bindings.size(); ++i) observer_->OnBinding(out.bindings[i], b.is_dataflow);
  }
  in_dataflow_block_ = outer;
  if (observed && b.is_dataflow) {
    std::vector<Ref<Var>> vars;
    for (const auto& binding : out.bindings) vars.push_back(binding.var);
    observer_->OnDataflowBlockEnd(vars);
  }
  return out;
}

void ExprMutator::VisitBinding(const Binding& b, std::vector<Binding>& out) {
  out.push_back(RewriteBinding(b));
}

Binding ExprMutator::RewriteBinding(const Binding& b) {
  Binding out = b;
  if (!b.is_match_cast() && Function::Is(b.value->kind)) {
    // A local function may call itself: its variable is in scope inside its body, so the
    // definition is rewritten first and the body sees the new variable.
    out.var = VisitVarDef(b.var);
    out.value = VisitExpr(b.value);
    return out;
  }
  out.value = VisitExpr(b.value);
  if (b.match_sinfo) out.match_sinfo = VisitStructInfo(b.match_sinfo);
  out.var = VisitVarDef(b.var);
  return out;
}

Ref<Var> ExprMutator::VisitVarDef(const Ref<Var>& v) {
  auto it = var_remap_.find(v.get());
  if (it != var_remap_.end()) return it->second;
  Ref<StructInfo> ann = v->annotation ? VisitStructInfo(v->annotation) : nullptr;
  if (ann == v->annotation) return v;
  Ref<Var> nv = v->is_dataflow() ? Var::MakeDataflow(v->name, ann, v->span)
                                 : Var::Make(v->name, ann, v->span);
  var_remap_[v.get()] = nv;
  return nv;
}

Ref<StructInfo> ExprMutator::VisitStructInfo(const Ref<StructInfo>& s) {
  if (!s) return s;
  switch (s->kind) {
    case SInfoKind::kObject: return s;
    case SInfoKind::kPrim: {
      auto p = As<PrimStructInfo>(s);
      if (!p->value) return s;
      Ref<PrimExpr> v = VisitPrimExpr(p->value);
      if (v == p->value) return s;
      return PrimStructInfo::Make(p->dtype, v, p->span);
    }
    case SInfoKind::kShape: {
      auto p = As<ShapeStructInfo>(s);
      if (!p->values) return s;
      std::vector<Ref<PrimExpr>> values;
      for (const auto& v : *p->values) values.push_back(VisitPrimExpr(v));
      if (SameElements(values, *p->values)) return s;
      return ShapeStructInfo::Make(std::move(values), p->span);
    }
    case SInfoKind::kTensor: {
      auto t = As<TensorStructInfo>(s);
      if (!t->shape) return s;
      Ref<Expr> shape = VisitExpr(t->shape);
      if (shape == t->shape) return s;
      return TensorStructInfo::Make(shape, t->dtype, t->ndim, t->vdevice, t->span);
    }
    case SInfoKind::kTuple: {
      auto t = As<TupleStructInfo>(s);
      std::vector<Ref<StructInfo>> fields;
      for (const auto& f : t->fields) fields.push_back(VisitStructInfo(f));
      if (SameElements(fields, t->fields)) return s;
      return TupleStructInfo::Make(std::move(fields), t->span);
    }
    case SInfoKind::kFunc: {
      auto f = As<FuncStructInfo>(s);
      Ref<StructInfo> ret = VisitStructInfo(f->ret);
      if (!f->params) {
        if (ret == f->ret) return s;
        return FuncStructInfo::MakeOpaque(ret, f->pure, f->derive_func, f->span);
      }
      std::vector<Ref<StructInfo>> params;
      for (const auto& p : *f->params) params.push_back(VisitStructInfo(p));
      if (ret == f->ret && SameElements(params, *f->params)) return s;
      return FuncStructInfo::Make(std::move(params), ret, f->pure, f->span);
    }
  }
  return s;
}

Ref<PrimExpr> ExprMutator::VisitPrimExpr(const Ref<PrimExpr>& e) {
  if (e && e->is_var() && !prim_var_remap_.empty()) {
    auto it = prim_var_remap_.find(e.get());
    return it == prim_var_remap_.end() ? e : it->second;
  }
  if (!e || e->arity() == 0) return e;
  Ref<PrimExpr> ops[3];
  bool changed = false;
  for (int i = 0; i < e->arity(); ++i) {
    ops[i] = VisitPrimExpr(e->operands[i]);
    changed |= ops[i] != e->operands[i];
  }
  if (!changed) return e;
  return PrimExpr::WithOperands(*e, ops[0], ops[1], ops[2]);
}

}  // namespace rlx
