#include "ir/builder/ir_builder.h"

#include <unordered_set>

#include "ir/analysis/mutator.h"
#include "ir/base/check.h"
#include "ir/base/pointer_set.h"

namespace rlx {

// A SeqExpr under construction: its blocks and, when open, the dataflow block.
struct IRBuilder::Scope {
  std::vector<BindingBlock> blocks;
  bool dataflow_open = false;
  size_t dataflow_start = 0;                     // first binding of the open dataflow section
  PointerSet<Var> dataflow_vars;  // DataflowVars bound in the open section
};

struct IRBuilder::Frame {
  enum Kind { kModule, kFunction, kIf, kBody };
  Kind kind;
  Span span;
  // kModule
  std::string module_name;
  std::vector<GlobalDef> globals;
  Attrs module_attrs;
  std::vector<VDeviceInfo> vdevices;
  // kFunction
  std::vector<Ref<Var>> params;
  Ref<StructInfo> ret;
  bool pure = true;
  Attrs func_attrs;
  // kFunction, kIf (the current branch), kBody
  Scope scope;
  // kIf
  Ref<Expr> cond;
  Ref<SeqExpr> then_branch;
  bool in_else = false;
};

namespace {

// Replaces dataflow outputs by ordinary vars inside a block section. A replacement is made
// where the output is defined, after its annotation has itself been rewritten (it may
// mention earlier outputs).
class OutputReplacer : public ExprMutator {
 public:
  explicit OutputReplacer(const std::vector<Ref<Var>>& outputs) {
    for (const auto& o : outputs) outputs_.insert(o.get());
  }
  Ref<Var> VisitVarDef(const Ref<Var>& v) override {
    if (!outputs_.count(v.get())) return ExprMutator::VisitVarDef(v);
    Ref<StructInfo> ann = v->annotation ? VisitStructInfo(v->annotation) : nullptr;
    Ref<Var> nv = Var::Make(v->name, ann, v->span);
    var_remap_[v.get()] = nv;
    return nv;
  }
  Ref<Var> Replacement(const Ref<Var>& v) const { return var_remap_.at(v.get()); }

 private:
  std::unordered_set<const Var*> outputs_;
};

}  // namespace

IRBuilder::IRBuilder() = default;
IRBuilder::~IRBuilder() = default;

IRBuilder::Frame& IRBuilder::Top(int kind, const char* what) {
  RLX_CHECK(!frames_.empty() && frames_.back()->kind == kind) << "no open " << what << " frame";
  return *frames_.back();
}

IRBuilder::Scope& IRBuilder::CurrentScope() {
  RLX_CHECK(!frames_.empty() && frames_.back()->kind != Frame::kModule)
      << "bindings need an open function";
  return frames_.back()->scope;
}

const IRBuilder::Scope* IRBuilder::CurrentScopeOrNull() const {
  if (frames_.empty() || frames_.back()->kind == Frame::kModule) return nullptr;
  return &frames_.back()->scope;
}

// ---- modules ----

void IRBuilder::BeginModule(std::string name, Span span) {
  auto f = std::make_unique<Frame>();
  f->kind = Frame::kModule;
  f->module_name = std::move(name);
  f->span = span;
  frames_.push_back(std::move(f));
}

void IRBuilder::AddGlobal(std::string name, Ref<Expr> value, Span span) {
  Frame& m = Top(Frame::kModule, "module");
  for (const auto& g : m.globals) RLX_CHECK(g.name != name) << "duplicate global " << name;
  m.globals.push_back({std::move(name), std::move(value), span});
}

void IRBuilder::SetModuleAttrs(Attrs attrs) {
  Top(Frame::kModule, "module").module_attrs = attrs;
}

void IRBuilder::SetModuleVDevices(std::vector<VDeviceInfo> vdevices) {
  Top(Frame::kModule, "module").vdevices = std::move(vdevices);
}

Ref<IRModule> IRBuilder::EndModule(bool standalone) {
  Frame& m = Top(Frame::kModule, "module");
  auto mod = IRModule::Make(std::move(m.globals), std::move(m.module_attrs),
                            std::move(m.module_name), m.span, standalone, std::move(m.vdevices));
  frames_.pop_back();
  return mod;
}

// ---- functions ----

void IRBuilder::BeginFunction(Span span) {
  auto f = std::make_unique<Frame>();
  f->kind = Frame::kFunction;
  f->span = span;
  frames_.push_back(std::move(f));
}

Ref<Var> IRBuilder::AddParam(std::string name, Ref<StructInfo> annotation, Span span) {
  Frame& f = Top(Frame::kFunction, "function");
  RLX_CHECK(f.scope.blocks.empty()) << "parameters must come before bindings";
  Ref<Var> v = Var::Make(std::move(name), std::move(annotation), span);
  f.params.push_back(v);
  return v;
}

void IRBuilder::SetReturnStructInfo(Ref<StructInfo> sinfo) {
  Top(Frame::kFunction, "function").ret = std::move(sinfo);
}

void IRBuilder::SetPure(bool pure) {
  Top(Frame::kFunction, "function").pure = pure;
}

void IRBuilder::SetFunctionAttrs(Attrs attrs) {
  Top(Frame::kFunction, "function").func_attrs = std::move(attrs);
}

Ref<Function> IRBuilder::EndFunction(Ref<Expr> result, Span span) {
  Frame& f = Top(Frame::kFunction, "function");
  RLX_CHECK(!f.scope.dataflow_open) << "function ended inside a dataflow block";
  Ref<SeqExpr> body = FinishScope(f.scope, std::move(result), span);
  bool observed = ObservedScope();
  auto fn = Function::Make(std::move(f.params), body, std::move(f.ret), f.pure,
                           std::move(f.func_attrs), f.span);
  frames_.pop_back();
  if (observed) {
    if (!observing_function_) observer_->OnFunctionBegin(fn->params, fn->is_pure, fn->attrs);
    observer_->OnFunctionEnd(fn);
    observing_function_ = false;
  }
  return fn;
}

// ---- bindings ----

Ref<Var> IRBuilder::FreshVar(std::string name, Ref<StructInfo> annotation, Span span) {
  const Scope* s = CurrentScopeOrNull();
  if (s && s->dataflow_open) return Var::MakeDataflow(std::move(name), std::move(annotation), span);
  return Var::Make(std::move(name), std::move(annotation), span);
}

// True when the current scope is the body of the outermost function (what the observer sees).
bool IRBuilder::ObservedScope() const {
  if (!observer_ || frames_.empty() || frames_.back()->kind != Frame::kFunction) return false;
  for (size_t i = 0; i + 1 < frames_.size(); ++i) {
    if (frames_[i]->kind != Frame::kModule) return false;
  }
  return true;
}

void IRBuilder::Append(Binding b) {
  if (ObservedScope()) {
    const Frame& f = *frames_.back();
    if (!observing_function_) observer_->OnFunctionBegin(f.params, f.pure, f.func_attrs);
    observing_function_ = true;
    observer_->OnBinding(b, f.scope.dataflow_open);
  }
  Scope& s = CurrentScope();
  if (s.dataflow_open) {
    if (b.var->is_dataflow()) s.dataflow_vars.insert(b.var.get());
    s.blocks.back().bindings.push_back(std::move(b));
    return;
  }
  if (s.blocks.empty() || s.blocks.back().is_dataflow) {
    BindingBlock block;
    block.span = b.span;
    s.blocks.push_back(std::move(block));
  }
  s.blocks.back().bindings.push_back(std::move(b));
}

Ref<Var> IRBuilder::Emit(Ref<Expr> value, std::string name, Ref<StructInfo> annotation, Span span) {
  RLX_CHECK(value) << "Emit of a null value";
  Ref<Expr> v = NormalizeValue(std::move(value));
  Ref<Var> var = FreshVar(std::move(name), std::move(annotation), span);
  Append(Binding::VarBinding(var, v, span));
  return var;
}

void IRBuilder::EmitWithVar(Ref<Var> var, Ref<Expr> value, Span span) {
  RLX_CHECK(var && value) << "EmitWithVar needs a var and a value";
  Ref<Expr> v = NormalizeValue(std::move(value));
  Append(Binding::VarBinding(std::move(var), v, span));
}

Ref<Var> IRBuilder::EmitMatchCast(Ref<Expr> value, Ref<StructInfo> sinfo, std::string name,
                                  Span span) {
  RLX_CHECK(value && sinfo) << "EmitMatchCast needs a value and struct info";
  Ref<Expr> v = NormalizeArg(std::move(value));
  Ref<Var> var = FreshVar(std::move(name), sinfo, span);
  Append(Binding::MatchCast(var, v, std::move(sinfo), span));
  return var;
}

// ---- normalization ----

Ref<Expr> IRBuilder::NormalizeArg(Ref<Expr> e) {
  if (IsLeaf(e)) return e;
  if (auto t = As<Tuple>(e)) {
    std::vector<Ref<Expr>> fields;
    bool changed = false;
    for (const auto& f : t->fields) {
      fields.push_back(NormalizeArg(f));
      changed |= fields.back() != f;
    }
    return changed ? Tuple::Make(std::move(fields), t->span) : e;
  }
  Span span = e->span;
  return Emit(std::move(e), "lv", nullptr, span);
}

Ref<Expr> IRBuilder::NormalizeValue(Ref<Expr> e) {
  switch (e->kind) {
    case ExprKind::kCall: {
      auto c = As<Call>(e);
      Ref<Expr> op = NormalizeArg(c->op);
      std::vector<Ref<Expr>> args;
      bool changed = op != c->op;
      for (const auto& a : c->args) {
        args.push_back(NormalizeArg(a));
        changed |= args.back() != a;
      }
      if (!changed) return e;
      return Call::Make(op, std::move(args), c->attrs, c->sinfo_args, c->span);
    }
    case ExprKind::kTuple: return NormalizeArg(e);
    case ExprKind::kTupleGetItem: {
      auto t = As<TupleGetItem>(e);
      Ref<Expr> tuple = NormalizeArg(t->tuple);
      if (tuple == t->tuple) return e;
      return TupleGetItem::Make(tuple, t->index, t->span);
    }
    case ExprKind::kIf: {
      auto i = As<If>(e);
      Ref<Expr> cond = NormalizeArg(i->cond);
      if (As<Tuple>(cond)) cond = Emit(cond, "lv", nullptr, cond->span);
      Ref<SeqExpr> t = NormalizeBody(i->true_branch);
      Ref<SeqExpr> f = NormalizeBody(i->false_branch);
      if (cond == i->cond && t == i->true_branch && f == i->false_branch) return e;
      return If::Make(cond, t, f, i->span);
    }
    case ExprKind::kSeqExpr: {
      // norm.seq-flatten: a SeqExpr in binding position contributes its bindings here.
      auto s = As<SeqExpr>(e);
      for (const auto& block : s->blocks) {
        bool reopen = block.is_dataflow && !CurrentScope().dataflow_open;
        if (reopen) BeginDataflow(block.span);
        for (const auto& b : block.bindings) {
          Ref<Expr> v = b.is_match_cast() ? NormalizeArg(b.value) : NormalizeValue(b.value);
          Append(Binding{b.var, v, b.match_sinfo, b.span});
        }
        if (reopen) {
          // Keep the block's own variables as they are: no outputs are renamed here.
          Scope& sc = CurrentScope();
          sc.dataflow_open = false;
          sc.dataflow_vars.clear();
          if (sc.blocks.back().bindings.empty()) sc.blocks.pop_back();
        }
      }
      return NormalizeValue(s->body);
    }
    case ExprKind::kFunction: {
      auto f = As<Function>(e);
      Ref<SeqExpr> body = NormalizeBody(f->body);
      if (body == f->body) return e;
      return Function::Make(f->params, body, f->ret_sinfo, f->is_pure, f->attrs, f->span);
    }
    default: return e;
  }
}

Ref<SeqExpr> IRBuilder::NormalizeBody(Ref<Expr> body) {
  // Fast path: a SeqExpr already in normal form is returned as is.
  auto frame = std::make_unique<Frame>();
  frame->kind = Frame::kBody;
  frames_.push_back(std::move(frame));
  Scope& scope = frames_.back()->scope;
  Ref<Expr> result = body;
  Span span = body->span;
  if (auto s = As<SeqExpr>(body)) {
    for (const auto& block : s->blocks) {
      // One scope block per block; FinishScope merges them (MergeBlocks).
      BindingBlock nb;
      nb.is_dataflow = block.is_dataflow;
      nb.span = block.span;
      scope.blocks.push_back(std::move(nb));
      scope.dataflow_open = block.is_dataflow;
      for (const auto& b : block.bindings) {
        Ref<Expr> v = b.is_match_cast() ? NormalizeArg(b.value) : NormalizeValue(b.value);
        scope.blocks.back().bindings.push_back(Binding{b.var, v, b.match_sinfo, b.span});
      }
      scope.dataflow_open = false;
    }
    result = s->body;
  }
  Ref<SeqExpr> seq = FinishScope(scope, result, span);
  frames_.pop_back();
  if (auto s = As<SeqExpr>(body)) {
    // Keep the original node when normalization changed nothing.
    bool same = s->body == seq->body && s->blocks.size() == seq->blocks.size();
    for (size_t i = 0; same && i < s->blocks.size(); ++i) {
      const auto& x = s->blocks[i].bindings;
      const auto& y = seq->blocks[i].bindings;
      same = x.size() == y.size() && s->blocks[i].is_dataflow == seq->blocks[i].is_dataflow;
      for (size_t k = 0; same && k < x.size(); ++k) same = x[k].value == y[k].value;
    }
    if (same) return s;
  }
  return seq;
}

Ref<SeqExpr> IRBuilder::FinishScope(Scope& scope, Ref<Expr> result, Span span) {
  RLX_CHECK(result) << "a body needs a result";
  Ref<Expr> body = NormalizeArg(std::move(result));
  std::vector<BindingBlock> blocks = MergeBlocks(std::move(scope.blocks));
  scope.blocks.clear();
  return SeqExpr::Make(std::move(blocks), body, span);
}

Ref<Expr> IRBuilder::Normalize(const Ref<Expr>& e) {
  IRBuilder b;
  if (auto f = As<Function>(e)) {
    b.BeginFunction(f->span);
    Ref<Expr> out = b.NormalizeValue(e);
    b.frames_.pop_back();
    return out;
  }
  return b.NormalizeBody(e);
}

// ---- dataflow ----

void IRBuilder::BeginDataflow(Span span) {
  Scope& s = CurrentScope();
  RLX_CHECK(!s.dataflow_open) << "dataflow blocks do not nest";
  if (s.blocks.empty() || !s.blocks.back().is_dataflow) {
    BindingBlock block;
    block.is_dataflow = true;
    block.span = span;
    s.blocks.push_back(std::move(block));
  }
  s.dataflow_open = true;
  s.dataflow_start = s.blocks.back().bindings.size();
  s.dataflow_vars.clear();
}

bool IRBuilder::in_dataflow() const {
  const Scope* s = CurrentScopeOrNull();
  return s && s->dataflow_open;
}

bool IRBuilder::IsBoundInDataflow(const Var& v) const {
  const Scope* s = CurrentScopeOrNull();
  return s && s->dataflow_open && s->dataflow_vars.count(&v);
}

std::vector<Ref<Var>> IRBuilder::EndDataflow(const std::vector<Ref<Var>>& outputs) {
  Scope& s = CurrentScope();
  RLX_CHECK(s.dataflow_open) << "no open dataflow block";
  for (const auto& out : outputs) {
    RLX_CHECK(out && s.dataflow_vars.count(out.get())) << "output is not bound in the block";
  }
  std::vector<Ref<Var>> result;
  BindingBlock& block = s.blocks.back();
  if (!outputs.empty()) {
    OutputReplacer replacer(outputs);
    for (size_t i = s.dataflow_start; i < block.bindings.size(); ++i) {
      Binding old = block.bindings[i];
      block.bindings[i] = replacer.RewriteBinding(old);
      // A rewritten value computes what the old one did: it keeps its derived struct info.
      if (block.bindings[i].value != old.value) block.bindings[i].value->set_struct_info(old.value->struct_info());
    }
    std::vector<std::pair<Ref<Var>, Ref<Var>>> replaced;
    for (const auto& out : outputs) {
      result.push_back(replacer.Replacement(out));
      replaced.emplace_back(out, result.back());
    }
    if (ObservedScope()) observer_->OnOutputs(replaced);
  }
  if (ObservedScope()) {
    std::vector<Ref<Var>> vars;
    for (size_t i = s.dataflow_start; i < block.bindings.size(); ++i) vars.push_back(block.bindings[i].var);
    observer_->OnDataflowBlockEnd(vars);
  }
  if (block.bindings.empty()) s.blocks.pop_back();
  s.dataflow_open = false;
  s.dataflow_vars.clear();
  return result;
}

// ---- if/else ----

void IRBuilder::BeginIf(Ref<Expr> cond, Span span) {
  RLX_CHECK(cond) << "if needs a condition";
  Ref<Expr> c = NormalizeArg(std::move(cond));
  if (As<Tuple>(c)) c = Emit(c, "lv", nullptr, c->span);
  auto f = std::make_unique<Frame>();
  f->kind = Frame::kIf;
  f->span = span;
  f->cond = c;
  frames_.push_back(std::move(f));
}

void IRBuilder::BeginElse(Ref<Expr> then_result) {
  Frame& f = Top(Frame::kIf, "if");
  RLX_CHECK(!f.in_else) << "else opened twice";
  f.then_branch = FinishScope(f.scope, std::move(then_result), f.span);
  f.in_else = true;
}

Ref<Var> IRBuilder::EndIf(Ref<Expr> else_result, std::string name, Ref<StructInfo> annotation,
                          Span span) {
  Frame& f = Top(Frame::kIf, "if");
  RLX_CHECK(f.in_else) << "if ended without an else branch";
  Ref<SeqExpr> else_branch = FinishScope(f.scope, std::move(else_result), f.span);
  Ref<Expr> node = If::Make(f.cond, f.then_branch, else_branch, f.span);
  frames_.pop_back();
  Ref<Var> var = FreshVar(std::move(name), std::move(annotation), span);
  Append(Binding::VarBinding(var, node, span));
  return var;
}

}  // namespace rlx
