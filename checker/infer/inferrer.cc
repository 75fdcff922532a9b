#include "checker/infer/inferrer.h"

#include "checker/ops/op_call.h"
#include "checker/wf/well_formed.h"
#include "ir/op_table.h"
#include "ir/text/printer.h"
#include "ir/tir/prim_func.h"

namespace rlx::checker {

// ---- the module ----

ModuleInferrer::ModuleInferrer(const IRModule& m, DiagnosticEngine& diags, prover::Prover& prover,
                               CheckResult& out, bool record_bindings)
    : module_(m), diags_(diags), prover_(prover), out_(out), record_bindings_(record_bindings) {}

void ModuleInferrer::Run() {
  // scope.var.global: a function with a return annotation is known by its signature before
  // any body is derived, so functions may call each other in any order and recursively.
  for (const auto& g : module_.globals) {
    auto f = As<Function>(g.value);
    if (f && f->ret_sinfo) {
      FunctionInferrer fi(*this, g.name);
      out_.global_sinfo[g.name] = fi.SignatureSInfo(*f);
    }
  }
  for (const auto& g : module_.globals) {
    auto f = As<Function>(g.value);
    if (!f) {
      GlobalSInfo(g.name);
      continue;
    }
    if (state_[g.name] != State::kPending) continue;
    state_[g.name] = State::kInProgress;
    FunctionInferrer fi(*this, g.name);
    Ref<StructInfo> s = fi.InferFunction(*f);
    if (!f->ret_sinfo) out_.global_sinfo[g.name] = s;
    state_[g.name] = State::kDone;
  }
}

// tir.func.sinfo: an opaque impure callable returning the empty tuple (a direct call writes its
// tensors in place, tir.eval.direct-call).
static Ref<StructInfo> PrimFuncSInfo() {
  return FuncStructInfo::MakeOpaque(TupleStructInfo::Make({}), false, "");
}

Ref<StructInfo> ModuleInferrer::GlobalSInfo(const std::string& name) {
  if (auto it = out_.global_sinfo.find(name); it != out_.global_sinfo.end()) return it->second;
  const GlobalDef* def = module_.Find(name);
  if (!def) return nullptr;
  if (auto x = As<ExternFunc>(def->value)) {                                // sinfo.extern
    Ref<StructInfo> s = x->sinfo ? x->sinfo
                                 : FuncStructInfo::MakeOpaque(ObjectStructInfo::Make(), false,
                                                              "tvm.relax.struct_info.infer_by_sinfo_args");
    out_.global_sinfo[name] = s;
    return s;
  }
  if (As<tir::PrimFunc>(def->value)) {  // tir.func.sinfo
    Ref<StructInfo> s = PrimFuncSInfo();
    out_.global_sinfo[name] = s;
    return s;
  }
  auto f = As<Function>(def->value);
  if (!f || state_[name] != State::kPending) return nullptr;  // a cycle (wf.recursion.annotation)
  // A function without a return annotation: derive it now.
  state_[name] = State::kInProgress;
  FunctionInferrer fi(*this, name);
  Ref<StructInfo> s = fi.InferFunction(*f);
  out_.global_sinfo[name] = s;
  state_[name] = State::kDone;
  return s;
}

const Function* ModuleInferrer::GlobalFunction(const std::string& name) const {
  auto f = module_.FindFunction(name);
  return f.get();
}

const ShapeVarBound* ModuleInferrer::BoundOf(const PrimExpr* v) const {
  auto it = bounds_.find(v);
  return it == bounds_.end() ? nullptr : &it->second;
}

// ---- functions ----

FunctionInferrer::FunctionInferrer(ModuleInferrer& module, const std::string& global_name)
    : module_(module), global_(global_name), state_(module.diags(), module.prover(), module.out()) {
  state_.set_module(&module.ir_module());
}

Ref<StructInfo> FunctionInferrer::InferFunction(const Function& f) { return DeriveFunction(f); }

Ref<StructInfo> FunctionInferrer::RenameSignature(const Function& f, const std::vector<Ref<PrimExpr>>& own,
                                                  std::vector<Ref<StructInfo>> params, Ref<StructInfo> ret) {
  ShapeVarMap fresh;
  for (const auto& v : own) {
    Ref<PrimExpr> copy = PrimExpr::Var(v->name, v->dtype, v->span);
    fresh[v.get()] = copy;
    ShapeVarBound b = GetShapeVarBound(f, v->name);
    if (b.lower || b.upper) module_.SetBound(copy.get(), b);
  }
  for (auto& p : params) p = Substitute(p, fresh);
  return FuncStructInfo::Make(std::move(params), Substitute(ret, fresh), f.is_pure, f.span);
}

Ref<StructInfo> FunctionInferrer::SignatureSInfo(const Function& f) {
  std::vector<Ref<PrimExpr>> positions, own;
  std::vector<Ref<StructInfo>> params;
  for (const auto& p : f.params) {
    Ref<StructInfo> s = p && p->annotation ? p->annotation : ObjectStructInfo::Make();
    BindingPositions(s, &positions);
    params.push_back(s);
  }
  for (const auto& v : positions) {
    if (!state_.ShapeVarInScope(v.get())) own.push_back(v);
  }
  Ref<StructInfo> ret = f.ret_sinfo ? f.ret_sinfo : ObjectStructInfo::Make();
  // sinfo.inv.tensor-shape: a result shaped by a Shape parameter takes its rank (the
  // parameters' struct info is recorded again when the body is derived).
  for (const auto& p : f.params) {
    if (p && p->annotation) state_.SetVarSInfo(*p, p->annotation);
  }
  ret = WithShapeVarRank(ret);
  return RenameSignature(f, own, std::move(params), ret);
}

// sinfo.prove.assumptions (2): a shape variable bound at a tensor extent is >= 0.
void FunctionInferrer::AssumeExtents(const Ref<StructInfo>& s, const std::unordered_set<const PrimExpr*>& vars) {
  if (!s) return;
  if (auto t = As<TensorStructInfo>(s)) {
    if (const auto* d = t->dims()) {
      for (const auto& v : *d) {
        if (v->is_var() && vars.count(v.get())) {
          state_.proofs().Assume(PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(0)));
        }
      }
    }
  } else if (auto tu = As<TupleStructInfo>(s)) {
    for (const auto& f : tu->fields) AssumeExtents(f, vars);
  }
}

// After a successful cast, what the cast states equals what the value has (sinfo.prove.assumptions).
void FunctionInferrer::AssumeMatch(const Ref<StructInfo>& cast, const Ref<StructInfo>& value) {
  if (!cast || !value || cast->kind != value->kind) return;
  auto eq = [this](const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
    if (a && b && a != b && a->dtype == b->dtype) state_.proofs().AssumeIfConsistent(PrimExpr::Binary(PrimKind::kEQ, a, b));
  };
  auto eq_all = [&](const std::vector<Ref<PrimExpr>>* a, const std::vector<Ref<PrimExpr>>* b) {
    if (!a || !b || a->size() != b->size()) return;
    for (size_t i = 0; i < a->size(); ++i) eq((*a)[i], (*b)[i]);
  };
  switch (cast->kind) {
    case SInfoKind::kPrim:
      eq(static_cast<const PrimStructInfo&>(*cast).value, static_cast<const PrimStructInfo&>(*value).value);
      return;
    case SInfoKind::kShape: {
      auto& x = static_cast<const ShapeStructInfo&>(*cast);
      auto& y = static_cast<const ShapeStructInfo&>(*value);
      if (x.values && y.values) eq_all(&*x.values, &*y.values);
      return;
    }
    case SInfoKind::kTensor:
      eq_all(TensorDims(static_cast<const TensorStructInfo&>(*cast), state_),
             TensorDims(static_cast<const TensorStructInfo&>(*value), state_));
      return;
    case SInfoKind::kTuple: {
      auto& x = static_cast<const TupleStructInfo&>(*cast);
      auto& y = static_cast<const TupleStructInfo&>(*value);
      if (x.fields.size() != y.fields.size()) return;
      for (size_t i = 0; i < x.fields.size(); ++i) AssumeMatch(x.fields[i], y.fields[i]);
      return;
    }
    default: return;
  }
}

void FunctionInferrer::RecordCheck(RuntimeCheck::Kind kind, const std::string& rule, const Span& span,
                                   const Var* var, const Function* fn, Ref<StructInfo> expected,
                                   std::string message) {
  RuntimeCheck c;
  c.kind = kind;
  c.rule = rule;
  c.span = state_.Where(span);
  c.var = var;
  c.function = fn;
  c.expected = std::move(expected);
  c.message = std::move(message);
  state_.AddRuntimeCheck(std::move(c));
}

// sinfo.inv.tensor-shape: a tensor shape given by a variable needs a Shape of its rank.
void FunctionInferrer::CheckShapeVarsOf(const Ref<StructInfo>& s, const Span& span) {
  InferState& st = state_;
  if (!s) return;
  if (auto t = As<TensorStructInfo>(s)) {
    auto v = As<Var>(t->shape);
    if (!v) return;
    Ref<StructInfo> vs = st.VarSInfo(*v);
    if (!vs) return;
    auto sh = As<ShapeStructInfo>(vs);
    if (!sh) {
      st.Error(ErrorCode::kShapeVarNotShape, span,
               "the shape of this tensor is variable '" + v->name + "', whose struct info is " +
                   text::PrintStructInfo(vs) + ", not R.Shape");
    } else if (sh->ndim != kUnknownNdim && t->ndim != kUnknownNdim && sh->ndim != t->ndim) {
      st.Error(ErrorCode::kShapeVarNotShape, span,
               "the tensor has ndim " + std::to_string(t->ndim) + " but its shape variable '" + v->name +
                   "' has " + std::to_string(sh->ndim) + " dimensions");
    }
  } else if (auto tu = As<TupleStructInfo>(s)) {
    for (const auto& f : tu->fields) CheckShapeVarsOf(f, span);
  } else if (auto f = As<FuncStructInfo>(s)) {
    if (f->params) {
      for (const auto& p : *f->params) CheckShapeVarsOf(p, span);
    }
    CheckShapeVarsOf(f->ret, span);
  }
}

// sinfo.inv.tensor-shape: a tensor whose shape is a variable takes the variable's rank.
Ref<StructInfo> FunctionInferrer::WithShapeVarRank(const Ref<StructInfo>& s) {
  if (auto t = As<TensorStructInfo>(s)) {
    auto v = As<Var>(t->shape);
    if (!v || t->ndim != kUnknownNdim) return s;
    auto sh = As<ShapeStructInfo>(state_.VarSInfo(*v));
    if (!sh || sh->ndim == kUnknownNdim) return s;
    return TensorStructInfo::Make(t->shape, t->dtype, sh->ndim, t->vdevice, t->span);
  }
  if (auto tu = As<TupleStructInfo>(s)) {
    std::vector<Ref<StructInfo>> fields;
    bool changed = false;
    for (const auto& f : tu->fields) {
      fields.push_back(WithShapeVarRank(f));
      changed |= fields.back() != f;
    }
    return changed ? TupleStructInfo::Make(std::move(fields), tu->span) : s;
  }
  return s;
}

Ref<StructInfo> FunctionInferrer::DeriveFunction(const Function& f) {
  OpenedFunction o = OpenFunction(f);
  Ref<StructInfo> body;
  if (auto seq = As<SeqExpr>(f.body)) body = DeriveSeqExpr(*seq);
  return CloseFunction(f, o, body);
}

FunctionInferrer::OpenedFunction FunctionInferrer::OpenFunction(const Function& f) {
  OpenedFunction o;
  o.saved_site = state_.site();
  if (f.span.known()) state_.set_site(f.span);
  functions_.push_back(&f);
  state_.PushScope();
  // scope.shape-var.param: the function binds the binding positions of its parameters that
  // are not in scope at its definition.
  std::vector<Ref<PrimExpr>> positions;
  for (const auto& p : f.params) {
    if (p) BindingPositions(p->annotation, &positions);
  }
  for (const auto& v : positions) {
    if (state_.ShapeVarInScope(v.get())) continue;
    o.own.push_back(v);
    o.own_set.insert(v.get());
    state_.DefineShapeVar(v.get());
  }
  for (const auto& p : f.params) {
    if (!p) continue;
    Ref<StructInfo> s = p->annotation ? p->annotation : ObjectStructInfo::Make();
    CheckShapeVarsOf(s, p->span);
    s = WithShapeVarRank(s);
    state_.SetVarSInfo(*p, s);
    state_.DefineVar(p.get());
    AssumeExtents(s, o.own_set);
    o.params.push_back(s);
  }
  for (const auto& v : o.own) {                                               // sinfo.bound.assume
    ShapeVarBound b = GetShapeVarBound(f, v->name);
    if (b.lower) state_.proofs().Assume(PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(*b.lower)));
    if (b.upper) state_.proofs().Assume(PrimExpr::Binary(PrimKind::kLE, v, PrimExpr::Int(*b.upper)));
  }
  CheckShapeVarsOf(f.ret_sinfo, f.span);
  const AttrValue* fp = f.attrs.Find("relax.force_pure");
  bool force_pure = fp && fp->kind() == AttrValue::Kind::kBool && fp->as_bool();
  purity_.push_back({f.is_pure && !force_pure, false});                      // wf.purity.function
  return o;
}

Ref<StructInfo> FunctionInferrer::CloseFunction(const Function& f, OpenedFunction& o, const Ref<StructInfo>& body) {
  Ref<StructInfo> ret = WithShapeVarRank(f.ret_sinfo);                      // sinfo.inv.tensor-shape
  if (ret && body) {                                                         // sinfo.check.return
    BaseCheckResult r = BaseCheck(ret, body, state_.proofs(), state_.Lookup());
    if (r.level == Level::kFailL0) {
      auto& d = state_.Error(ErrorCode::kReturnMismatch, f.span,
                             "the function returns " + text::PrintStructInfo(body) +
                                 ", which can never match its return annotation " + text::PrintStructInfo(ret) +
                                 " (" + r.why + ")");
      state_.NoteCounterexample(d, r.evidence, f.span);
    } else if (r.level != Level::kPass) {
      RecordCheck(RuntimeCheck::Kind::kReturn, "sinfo.check.return", f.span, nullptr, &f, ret,
                  std::string("the result is checked against the return annotation (") + LevelName(r.level) +
                      ": " + r.why + ")");
    }
  }
  purity_.pop_back();
  state_.PopScope();
  functions_.pop_back();
  state_.set_site(o.saved_site);
  if (!ret) {
    // sinfo.erase.*: the result may mention the function's own shape variables (renamed
    // below) but no parameter.
    ret = body ? state_.EraseToScope(body, {}, &o.own_set) : ObjectStructInfo::Make();
  }
  Ref<StructInfo> s = RenameSignature(f, o.own, std::move(o.params), ret);
  state_.SetExprSInfo(f, s);
  return s;
}

Ref<StructInfo> FunctionInferrer::DeriveSeqExpr(const SeqExpr& seq) {
  state_.PushScope();
  for (const auto& block : seq.blocks) {
    std::vector<const Var*> bound;
    for (const auto& b : block.bindings) {
      DeriveBinding(b, block.is_dataflow);
      if (b.var) bound.push_back(b.var.get());
    }
    if (!block.is_dataflow) continue;
    // scope.dataflow: the block's dataflow variables end here; its outputs forget them.
    for (const Var* v : bound) {
      if (v->is_dataflow()) state_.RemoveVar(v);
    }
    for (const Var* v : bound) {
      if (!v->is_dataflow()) state_.SetVarSInfo(*v, state_.EraseToScope(state_.VarSInfo(*v)));
    }
  }
  Ref<StructInfo> body = DeriveExpr(seq.body);
  state_.SetExprSInfo(seq, body);
  state_.PopScope();
  return state_.EraseToScope(body);                                          // sinfo.erase.*
}

void FunctionInferrer::DeriveBinding(const Binding& b, bool in_dataflow) {
  Span saved_site = state_.site();
  if (b.span.known()) state_.set_site(b.span);
  bool saved_df = purity_.back().in_dataflow;
  purity_.back().in_dataflow = in_dataflow;
  if (b.is_match_cast()) {
    DeriveMatchCast(b);
  } else if (b.var) {
    BindingRecord rec;
    if (module_.record_bindings()) {
      rec.global = global_;
      rec.binding = &b;
      rec.facts = state_.proofs().facts();
      rec.diag_begin = state_.diags().diagnostics().size();
      rec.check_begin = state_.out().runtime_checks.size();
    }
    const Var& v = *b.var;
    auto fn = As<Function>(b.value);
    if (fn) {
      // A local function may call itself: its variable is known by its signature first.
      if (v.annotation) {
        state_.SetVarSInfo(v, v.annotation);
      } else if (fn->ret_sinfo) {
        state_.SetVarSInfo(v, SignatureSInfo(*fn));
      }
      state_.DefineVar(&v);
    }
    Ref<StructInfo> s = DeriveExpr(b.value);
    if (b.value) state_.SetExprSInfo(*b.value, s);
    if (module_.record_bindings()) {
      rec.derived = s;
      rec.diag_end = state_.diags().diagnostics().size();
      rec.check_end = state_.out().runtime_checks.size();
      state_.out().bindings.push_back(std::move(rec));
    }
    if (v.annotation) {
      CheckShapeVarsOf(v.annotation, b.span);
      if (s) {                                                               // sinfo.check.annotation
        BaseCheckResult r = BaseCheck(v.annotation, s, state_.proofs(), state_.Lookup());
        if (r.level == Level::kFailL0) {
          auto& d = state_.Error(ErrorCode::kAnnotationMismatch, b.span,
                                 "'" + v.name + "' is annotated " + text::PrintStructInfo(v.annotation) +
                                     " but its value is " + text::PrintStructInfo(s) + " (" + r.why + ")");
          state_.NoteCounterexample(d, r.evidence, b.span);
        } else if (r.level != Level::kPass) {
          RecordCheck(RuntimeCheck::Kind::kAnnotation, "sinfo.check.annotation", b.span, &v, nullptr,
                      v.annotation,
                      std::string("the value is checked against the annotation (") + LevelName(r.level) + ": " +
                          r.why + ")");
        }
      }
      state_.SetVarSInfo(v, WithShapeVarRank(v.annotation));
    } else {
      state_.SetVarSInfo(v, s);
    }
    state_.DefineVar(&v);
    // Facts established by an assertion hold after it (sinfo.prove.assumptions).
    if (auto call = As<Call>(b.value); call && IsOpCall(*call, OpId::kAssertOp) && !call->args.empty()) {
      if (auto p = As<PrimValue>(call->args[0]); p && p->value && p->value->dtype == DataType::kBool) {
        state_.proofs().AssumeIfConsistent(p->value);
      } else if (auto cv = As<Var>(call->args[0])) {
        if (auto ps = As<PrimStructInfo>(state_.VarSInfo(*cv)); ps && ps->value) state_.proofs().AssumeIfConsistent(ps->value);
      }
    }
  }
  purity_.back().in_dataflow = saved_df;
  state_.set_site(saved_site);
}

// sinfo.check.match-cast, scope.shape-var.match-cast
void FunctionInferrer::DeriveMatchCast(const Binding& b) {
  Ref<StructInfo> value = DeriveExpr(b.value);
  if (b.value) state_.SetExprSInfo(*b.value, value);
  CheckShapeVarsOf(b.match_sinfo, b.span);
  const Ref<StructInfo> cast = WithShapeVarRank(b.match_sinfo);
  std::vector<Ref<PrimExpr>> positions;
  BindingPositions(cast, &positions);
  std::unordered_set<const PrimExpr*> fresh;
  for (const auto& v : positions) {
    if (!state_.ShapeVarInScope(v.get())) fresh.insert(v.get());
  }
  bool always_fails = false;
  if (value) {
    ShapeVarMap theta;
    BaseCheckResult r = BaseCheck(cast, value, state_.proofs(), state_.Lookup(), &fresh, &theta);
    if (r.level == Level::kFailL0) {
      always_fails = true;
      auto& d = state_.Warning(ErrorCode::kCastAlwaysFails, b.span,
                               "this match_cast can never succeed: the value is " + text::PrintStructInfo(value) +
                                   " (" + r.why + "); it traps when reached");
      state_.NoteCounterexample(d, r.evidence, b.span);
    }
    if (r.level != Level::kPass) {
      RecordCheck(RuntimeCheck::Kind::kMatchCast, "sinfo.check.match-cast", b.span, b.var.get(), nullptr, cast,
                  std::string("the cast is checked at run time (") + LevelName(r.level) + ": " + r.why + ")");
    }
  }
  for (const auto* v : fresh) state_.DefineShapeVar(v);
  AssumeExtents(cast, fresh);
  if (!always_fails) AssumeMatch(cast, value);
  if (b.var) {
    state_.SetVarSInfo(*b.var, cast);
    state_.DefineVar(b.var.get());
  }
}

// ---- expressions ----

Ref<StructInfo> FunctionInferrer::DeriveExpr(const Ref<Expr>& e) {
  if (!e) return nullptr;
  switch (e->kind) {
    case ExprKind::kVar:
    case ExprKind::kDataflowVar: return state_.VarSInfo(static_cast<const Var&>(*e));  // sinfo.derive.var
    case ExprKind::kGlobalVar: return module_.GlobalSInfo(static_cast<const GlobalVar&>(*e).name);
    case ExprKind::kConstant: {                                              // sinfo.derive.constant
      auto& c = static_cast<const Constant&>(*e);
      if (!c.data) return nullptr;
      std::vector<Ref<PrimExpr>> dims;
      for (int64_t d : c.data->shape()) dims.push_back(PrimExpr::Int(d));
      return MakeTensor(std::move(dims), c.data->dtype());
    }
    case ExprKind::kTuple: {                                                 // sinfo.derive.tuple
      std::vector<Ref<StructInfo>> fields;
      for (const auto& f : static_cast<const Tuple&>(*e).fields) {
        Ref<StructInfo> s = DeriveExpr(f);
        if (!s) return nullptr;
        fields.push_back(s);
      }
      return TupleStructInfo::Make(std::move(fields));
    }
    case ExprKind::kTupleGetItem: return DeriveTupleGetItem(static_cast<const TupleGetItem&>(*e));
    case ExprKind::kShapeExpr:                                               // sinfo.derive.shape-expr
      return ShapeStructInfo::Make(static_cast<const ShapeExpr&>(*e).values);
    case ExprKind::kPrimValue: {                                             // sinfo.derive.prim-value
      auto& p = static_cast<const PrimValue&>(*e);
      if (!p.value) return nullptr;
      return PrimStructInfo::Make(p.value->dtype, p.value);
    }
    case ExprKind::kStringImm:
    case ExprKind::kDataTypeImm: return ObjectStructInfo::Make();           // sinfo.derive.object
    case ExprKind::kExternFunc: {                                            // sinfo.extern
      auto& x = static_cast<const ExternFunc&>(*e);
      if (x.sinfo) return x.sinfo;
      return FuncStructInfo::MakeOpaque(ObjectStructInfo::Make(), false, "tvm.relax.struct_info.infer_by_sinfo_args");
    }
    case ExprKind::kIf: return DeriveIf(static_cast<const If&>(*e));
    case ExprKind::kPrimFunc: return PrimFuncSInfo();
    case ExprKind::kCall: return DeriveCall(static_cast<const Call&>(*e));
    case ExprKind::kFunction: return DeriveFunction(static_cast<const Function&>(*e));
    case ExprKind::kSeqExpr: return DeriveSeqExpr(static_cast<const SeqExpr&>(*e));
    case ExprKind::kOp: return nullptr;  // wf.op.callee-only
  }
  return nullptr;
}

// sinfo.derive.tuple-get-item
Ref<StructInfo> FunctionInferrer::DeriveTupleGetItem(const TupleGetItem& e) {
  Ref<StructInfo> t = DeriveExpr(e.tuple);
  if (!t) return nullptr;
  auto tu = As<TupleStructInfo>(t);
  if (!tu) {
    state_.Error(ErrorCode::kTupleIndex, e.span, "a projection [" + std::to_string(e.index) +
                                                     "] of a value that is not a tuple: " + text::PrintStructInfo(t));
    return nullptr;
  }
  if (e.index < 0 || e.index >= static_cast<int>(tu->fields.size())) {
    state_.Error(ErrorCode::kTupleIndex, e.span,
                 "index " + std::to_string(e.index) + " is out of range for a tuple of " +
                     std::to_string(tu->fields.size()) + " fields");
    return nullptr;
  }
  return tu->fields[e.index];
}

// sinfo.derive.if-cond, sinfo.lub.*
Ref<StructInfo> FunctionInferrer::DeriveIf(const If& e) {
  Ref<StructInfo> c = DeriveExpr(e.cond);
  Ref<PrimExpr> fact;
  if (c) {
    auto p = As<PrimStructInfo>(c);
    auto t = As<TensorStructInfo>(c);
    if (p && p->dtype == DataType::kBool) {
      fact = p->value;
    } else if (t && (t->dtype == DataType::kBool || t->dtype == DataType::kVoid) &&
               (t->ndim == 0 || t->ndim == kUnknownNdim)) {
      if (t->dtype == DataType::kVoid || t->ndim == kUnknownNdim) {
        RecordCheck(RuntimeCheck::Kind::kIfCondition, "sinfo.derive.if-cond", e.span, nullptr, nullptr,
                    MakeTensor({}, DataType::kBool), "the condition must be a 0-d bool tensor");
      }
    } else {
      state_.Error(ErrorCode::kIfCondition, e.span,
                   "the condition of an If must be R.Prim(\"bool\") or a 0-d bool tensor, got " +
                       text::PrintStructInfo(c));
    }
  }
  Ref<StructInfo> branch[2];
  for (int i = 0; i < 2; ++i) {
    auto seq = As<SeqExpr>(i == 0 ? e.true_branch : e.false_branch);
    if (!seq) continue;
    state_.PushScope();
    // A branch whose condition contradicts the facts is never taken; it is derived without
    // the condition (sinfo.derive.if, sinfo.prove.assumptions).
    if (fact) state_.proofs().AssumeIfConsistent(i == 0 ? fact : PrimExpr::Not(fact));
    branch[i] = DeriveSeqExpr(*seq);
    state_.PopScope();
  }
  if (!branch[0] || !branch[1]) return nullptr;
  return Lub(branch[0], branch[1], state_.proofs());
}

}  // namespace rlx::checker
