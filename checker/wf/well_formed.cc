#include "checker/wf/well_formed.h"

#include <unordered_map>
#include <unordered_set>

#include "ir/op_args.h"
#include "ir/tir/prim_func.h"
#include "checker/sinfo/algebra.h"
#include "checker/wf/call_graph.h"
#include "checker/wf/sinfo_invariants.h"
#include "ir/op_table.h"
#include "ir/text/printer.h"

namespace rlx::checker {
namespace {

// Which rule a shape variable use outside its scope breaks, by where the use is.
enum class SInfoSite { kUse, kSignature, kReturn };

class WellFormedChecker {
 public:
  WellFormedChecker(const IRModule& m, DiagnosticEngine& diags)
      : module_(m), diags_(diags), graph_(m) {}

  bool Run() {
    bool any_public = false;
    for (const auto& g : module_.globals) {
      site_ = g.span;
      if (auto pf = As<tir::PrimFunc>(g.value)) {
        any_public |= pf->attrs.Find("global_symbol") != nullptr;
        continue;  // TIR has its own checker (tir.wf.*)
      }
      auto f = As<Function>(g.value);
      if (!f) {  // an ExternFunc (syntax.module: IRModule::Make admits nothing else)
        current_global_ = g.name;
        UseLeaf(g.value, g.span);  // its struct info (sinfo.extern, wf.sinfo.invariants)
        continue;
      }
      if (const AttrValue* sym = f->attrs.Find("global_symbol")) {         // wf.global.symbol
        any_public = true;
        if (sym->kind() != AttrValue::Kind::kString) {
          Report(ErrorCode::kGlobalSymbolMismatch, Where(f->span),
                 "the global_symbol of '" + g.name + "' must be a string");
        } else if (sym->as_string() != g.name && !module_.standalone) {  // TVM checks it in modules only
          Report(ErrorCode::kGlobalSymbolMismatch, Where(f->span),
                 "function '" + g.name + "' has global_symbol \"" + sym->as_string() +
                     "\"; a public function is exported under its own name");
        }
      }
      if (graph_.IsRecursive(g.name) && !f->ret_sinfo) {                  // wf.recursion.annotation
        Report(ErrorCode::kRecursionNeedsAnnotation, Where(f->span),
               "function '" + g.name +
                   "' is recursive (it calls itself, directly or through other functions), so it "
                   "needs a return annotation");
      }
      current_global_ = g.name;
      VisitFunction(*f, nullptr, true);
    }
    if (!any_public && !module_.globals.empty()) {                          // wf.module.entry
      auto& d = diags_.Warning(ErrorCode::kNoPublicFunction, module_.span,
                               "the module has no public function (every function is private)");
      d.rule = std::string(ErrorCodeRule(ErrorCode::kNoPublicFunction));
    }
    return errors_ == 0;
  }

 private:
  struct VarState {
    int function_depth;  // the function nesting level of the binding
  };

  // ---- reporting ----
  Span Where(const Span& s) const { return s.known() ? s : site_; }
  void Report(ErrorCode code, Span span, std::string message, std::string rule = {}) {
    auto& d = diags_.Error(code, Where(span), std::move(message));
    d.rule = rule.empty() ? std::string(ErrorCodeRule(code)) : std::move(rule);
    ++errors_;
  }

  // ---- scopes ----
  void PushScope() {
    var_marks_.push_back(var_log_.size());
    shape_marks_.push_back(shape_log_.size());
  }
  void PopScope() {
    while (var_log_.size() > var_marks_.back()) {
      in_scope_.erase(var_log_.back());
      var_log_.pop_back();
    }
    var_marks_.pop_back();
    while (shape_log_.size() > shape_marks_.back()) {
      shape_scope_.erase(shape_log_.back());
      shape_log_.pop_back();
    }
    shape_marks_.pop_back();
  }
  void DefineShapeVar(const PrimExpr* v) {
    if (shape_scope_.insert(v).second) shape_log_.push_back(v);
  }
  bool ShapeVarInScope(const PrimExpr* v) const { return shape_scope_.count(v) > 0; }

  // scope.var.once, wf.dataflow-var.block: a new variable definition.
  void DefineVar(const Ref<Var>& v, bool is_param, const Span& span) {
    if (!v) return;
    if (v->is_dataflow() && (is_param || !in_dataflow_)) {
      Report(ErrorCode::kDataflowVarOutsideBlock, span,
             "dataflow variable '" + v->name + "' is bound " +
                 (is_param ? "as a parameter" : "outside a dataflow block"));
    }
    if (!ever_bound_.insert(v.get()).second) {
      Report(ErrorCode::kVarBoundTwice, span, "variable '" + v->name + "' is bound more than once");
    }
    in_scope_[v.get()] = {function_depth_};
    var_log_.push_back(v.get());
    if (v->is_dataflow() && in_dataflow_) block_dataflow_vars_.push_back(v.get());
  }

  // ---- shape variables and struct info ----
  void UseShapeVar(const PrimExpr* v, const Span& span, SInfoSite where) {
    if (!current_global_.empty()) {                                          // wf.shape-var.function-local
      auto [it, fresh] = shape_owner_.emplace(v, current_global_);
      if (!fresh && it->second != current_global_ && reported_shared_.insert(v).second) {
        Report(ErrorCode::kShapeVarShared, span,
               "shape variable '" + v->name + "' is used by both '" + it->second + "' and '" +
                   current_global_ + "'; each module function has its own shape variables");
      }
    }
    if (ShapeVarInScope(v) || !reported_.insert(v).second) return;
    switch (where) {
      case SInfoSite::kSignature:                                            // wf.shape-var.signature
        Report(ErrorCode::kShapeVarNotBound, span,
               "shape variable '" + v->name +
                   "' of the signature is never bound: it must appear alone as a dimension of "
                   "some parameter's annotation");
        return;
      case SInfoSite::kReturn:                                               // scope.shape-var.ret
        Report(ErrorCode::kReturnShapeVarOutOfScope, span,
               "the return annotation uses shape variable '" + v->name +
                   "', which the parameters do not bind");
        return;
      case SInfoSite::kUse:                                                  // scope.shape-var.use
        Report(ErrorCode::kShapeVarOutOfScope, span,
               "shape variable '" + v->name + "' is used outside its scope (not bound by the "
               "signature or by an earlier match_cast)");
        return;
    }
  }

  void UsePrimExpr(const Ref<PrimExpr>& e, const Span& span, SInfoSite where) {
    if (!e) return;
    if (e->is_var()) {
      UseShapeVar(e.get(), span, where);
      return;
    }
    for (int i = 0; i < e->arity(); ++i) UsePrimExpr(e->operands[i], span, where);
  }

  // Checks the invariants and the scoping of a written struct info.
  void UseSInfo(const Ref<StructInfo>& s, const Span& span, SInfoSite where) {
    if (!s) return;
    if (++depth_ > kMaxCheckerDepth) {
      TooDeep(span);
    } else {
      if (auto problem = FindInvariantViolation(*s); !problem.rule.empty()) {
        Report(ErrorCode::kInvalidStructInfo, Where(s->span).known() ? s->span : span,
               problem.message, problem.rule);
      }
      UseSInfoParts(s, span, where);
    }
    --depth_;
  }

  void UseSInfoParts(const Ref<StructInfo>& s, const Span& span, SInfoSite where) {
    switch (s->kind) {
      case SInfoKind::kObject: return;
      case SInfoKind::kPrim: UsePrimExpr(static_cast<const PrimStructInfo&>(*s).value, span, where); return;
      case SInfoKind::kShape: {
        auto& x = static_cast<const ShapeStructInfo&>(*s);
        if (x.values) {
          for (const auto& v : *x.values) UsePrimExpr(v, span, where);
        }
        return;
      }
      case SInfoKind::kTensor: {
        auto& x = static_cast<const TensorStructInfo&>(*s);
        if (const auto* d = x.dims()) {
          for (const auto& v : *d) UsePrimExpr(v, span, where);
        } else if (auto v = As<Var>(x.shape)) {
          UseVar(*v, span);
        }
        return;
      }
      case SInfoKind::kTuple:
        for (const auto& f : static_cast<const TupleStructInfo&>(*s).fields) UseSInfo(f, span, where);
        return;
      case SInfoKind::kFunc: {
        // scope.shape-var.callable: binding positions of the params that are not in scope
        // are the Callable's own signature variables.
        auto& f = static_cast<const FuncStructInfo&>(*s);
        PushScope();
        if (f.params) {
          std::vector<Ref<PrimExpr>> own;
          for (const auto& p : *f.params) BindingPositions(p, &own);
          for (const auto& v : own) DefineShapeVar(v.get());
          for (const auto& p : *f.params) UseSInfo(p, span, where);
        }
        UseSInfo(f.ret, span, where);
        PopScope();
        return;
      }
    }
  }

  // ---- variables ----
  void UseVar(const Var& v, const Span& span) {
    auto it = in_scope_.find(&v);
    if (it == in_scope_.end()) {
      if (!reported_vars_.insert(&v).second) return;
      if (v.is_dataflow() && ever_bound_.count(&v)) {                       // scope.dataflow
        Report(ErrorCode::kDataflowVarEscapes, span,
               "dataflow variable '" + v.name + "' is used outside its dataflow block");
      } else {                                                               // wf.var.in-scope
        Report(ErrorCode::kVarOutOfScope, span,
               "variable '" + v.name + "' is used " +
                   (ever_bound_.count(&v) ? "outside its scope" : "before it is bound"));
      }
      return;
    }
    if (v.is_dataflow() && it->second.function_depth != function_depth_) {  // scope.dataflow
      Report(ErrorCode::kDataflowVarEscapes, span,
             "dataflow variable '" + v.name + "' is captured by a nested function");
    }
    for (auto& d : defining_) {
      if (d.var == &v) d.referenced = true;
    }
  }

  // A leaf or a tuple of leaves in a use position.
  void UseLeaf(const Ref<Expr>& e, const Span& span) {
    if (!e) return;
    Span here = e->span.known() ? e->span : span;
    switch (e->kind) {
      case ExprKind::kVar:
      case ExprKind::kDataflowVar: UseVar(static_cast<const Var&>(*e), here); return;
      case ExprKind::kGlobalVar: {
        auto& g = static_cast<const GlobalVar&>(*e);
        if (!module_.Find(g.name)) {                                         // scope.var.global
          Report(ErrorCode::kUndefinedGlobal, here, "module has no function '" + g.name + "'");
        }
        return;
      }
      case ExprKind::kTuple:
        for (const auto& f : static_cast<const Tuple&>(*e).fields) UseLeaf(f, here);
        return;
      case ExprKind::kOp:                                                    // wf.op.callee-only
        Report(ErrorCode::kOpAsValue, here,
               "operator R." + static_cast<const Op&>(*e).info->name +
                   " is used as a value; an op may only be called");
        return;
      case ExprKind::kShapeExpr:
        for (const auto& v : static_cast<const ShapeExpr&>(*e).values) {
          if (v && v->dtype != DataType::kInt64) {                          // syntax.expr.shape-expr
            Report(ErrorCode::kShapeExprDType, here,
                   "shape element " + text::PrintPrimExpr(v) + " has dtype " +
                       std::string(DataTypeName(v->dtype)) + "; shape elements are int64");
          }
          UsePrimExpr(v, here, SInfoSite::kUse);
        }
        return;
      case ExprKind::kPrimValue: {
        auto& p = static_cast<const PrimValue&>(*e);
        if (p.value && p.value->dtype == DataType::kVoid) {                 // syntax.expr.prim-value
          Report(ErrorCode::kPrimValueDType, here, "a primitive value cannot have dtype void");
        }
        UsePrimExpr(p.value, here, SInfoSite::kUse);
        return;
      }
      case ExprKind::kExternFunc: {
        auto& x = static_cast<const ExternFunc&>(*e);
        if (x.sinfo && x.sinfo->kind != SInfoKind::kFunc) {                 // sinfo.extern
          Report(ErrorCode::kInvalidStructInfo, here,
                 "the struct info of extern function \"" + x.symbol + "\" must be a Callable",
                 "sinfo.extern");
        }
        UseSInfo(x.sinfo, here, SInfoSite::kUse);
        return;
      }
      case ExprKind::kConstant:
      case ExprKind::kStringImm:
      case ExprKind::kDataTypeImm: return;
      default:                                                               // norm.anf
        Report(ErrorCode::kNotNormalForm, here,
               std::string("a nested ") + ExprKindName(e->kind) +
                   " where the normal form requires a variable or a constant");
        return;
    }
  }

  void RequireLeafOrTuple(const Ref<Expr>& e, const Span& span, const char* what) {
    if (e && !IsLeafOrTuple(e)) {                                            // norm.anf
      Report(ErrorCode::kNotNormalForm, e->span.known() ? e->span : span,
             std::string(what) + " is a " + ExprKindName(e->kind) +
                 "; the normal form requires a variable, a constant or a tuple of them");
      return;
    }
    UseLeaf(e, span);
  }

  // ---- expressions ----
  void VisitFunction(const Function& f, const Var* self, bool top_level) {
    if (++depth_ > kMaxCheckerDepth) {
      TooDeep(f.span);
      --depth_;
      return;
    }
    Span saved_site = site_;
    if (f.span.known()) site_ = f.span;
    bool saved_top = is_top_level_function_, saved_df = in_dataflow_;
    is_top_level_function_ = top_level;
    in_dataflow_ = false;
    auto saved_block_vars = std::move(block_dataflow_vars_);
    block_dataflow_vars_.clear();
    ++function_depth_;
    PushScope();

    if (const AttrValue* fp = f.attrs.Find("relax.force_pure")) {           // wf.purity.force-pure
      if (fp->kind() != AttrValue::Kind::kBool) {
        Report(ErrorCode::kForcePureImpure, f.span, "relax.force_pure must be a bool");
      } else if (fp->as_bool() && !f.is_pure) {
        Report(ErrorCode::kForcePureImpure, f.span,
               "relax.force_pure is set on an impure function; force_pure requires pure=True");
      }
    }
    if (!top_level && f.attrs.Find("global_symbol")) {                      // wf.global.symbol
      Report(ErrorCode::kGlobalSymbolMismatch, f.span,
             "a local function cannot have a global_symbol");
    }
    // scope.shape-var.param: the binding positions of all parameters bind first.
    std::vector<Ref<PrimExpr>> bound;
    for (const auto& p : f.params) {
      if (p) BindingPositions(p->annotation, &bound);
    }
    std::vector<Ref<PrimExpr>> own;
    for (const auto& v : bound) {
      if (!ShapeVarInScope(v.get())) {
        own.push_back(v);
        DefineShapeVar(v.get());
      }
    }
    for (const auto& p : f.params) {
      if (!p) continue;
      Span ps = p->span.known() ? p->span : f.span;
      UseSInfo(p->annotation, ps, SInfoSite::kSignature);
      DefineVar(p, true, ps);
    }
    CheckBounds(f, own);
    UseSInfo(f.ret_sinfo, f.span, SInfoSite::kReturn);

    if (auto body = As<SeqExpr>(f.body)) {
      VisitSeqExpr(*body);
    } else if (f.body) {                                                     // norm.seq-position
      Report(ErrorCode::kSeqExprPosition, f.body->span, "a function body must be a SeqExpr");
    }

    PopScope();
    --function_depth_;
    block_dataflow_vars_ = std::move(saved_block_vars);
    in_dataflow_ = saved_df;
    is_top_level_function_ = saved_top;
    site_ = saved_site;
    --depth_;
    (void)self;
  }

  // sinfo.bound.attrs
  void CheckBounds(const Function& f, const std::vector<Ref<PrimExpr>>& own) {
    std::unordered_map<std::string, int> names;
    for (const auto& v : own) ++names[v->name];
    std::unordered_map<std::string, std::pair<bool, int64_t>> lower;
    for (const char* attr : {"tir_var_lower_bound", "tir_var_upper_bound"}) {
      const AttrValue* dict = f.attrs.Find(attr);
      if (!dict) continue;
      if (dict->kind() != AttrValue::Kind::kDict) {
        Report(ErrorCode::kInvalidBoundAttr, f.span,
               std::string(attr) + " must be a dictionary from shape-variable names to integers");
        continue;
      }
      bool is_lower = std::string(attr) == "tir_var_lower_bound";
      for (const auto& [name, value] : dict->as_dict()) {
        auto it = names.find(name);
        if (it == names.end()) {
          Report(ErrorCode::kInvalidBoundAttr, f.span,
                 std::string(attr) + " names '" + name +
                     "', which is not a shape variable bound by the function's parameters");
          continue;
        }
        if (it->second > 1) {
          Report(ErrorCode::kInvalidBoundAttr, f.span,
                 std::string(attr) + " names '" + name +
                     "', which names more than one shape variable of the signature");
          continue;
        }
        int64_t b = 0;
        if (value.kind() == AttrValue::Kind::kInt) {
          b = value.as_int();
        } else if (value.kind() == AttrValue::Kind::kPrim && value.as_prim()->is_int()) {
          b = value.as_prim()->int_value;
        } else {
          Report(ErrorCode::kInvalidBoundAttr, f.span,
                 std::string(attr) + " entry '" + name + "' must be an integer");
          continue;
        }
        if (is_lower) {
          lower[name] = {true, b};
        } else if (auto lo = lower.find(name); lo != lower.end() && lo->second.second > b) {
          Report(ErrorCode::kInvalidBoundAttr, f.span,
                 "shape variable '" + name + "' has lower bound " +
                     std::to_string(lo->second.second) + " above its upper bound " +
                     std::to_string(b));
        }
      }
    }
  }

  void VisitSeqExpr(const SeqExpr& seq) {
    PushScope();
    for (const auto& block : seq.blocks) {
      bool saved = in_dataflow_;
      in_dataflow_ = block.is_dataflow;
      for (const auto& b : block.bindings) VisitBinding(b);
      // scope.dataflow: the block's dataflow variables end with it.
      for (const Var* v : block_dataflow_vars_) in_scope_.erase(v);
      block_dataflow_vars_.clear();
      in_dataflow_ = saved;
    }
    Span s = seq.span.known() ? seq.span : site_;
    if (seq.body && !IsLeafOrTuple(seq.body)) {                              // norm.seq-position
      Report(ErrorCode::kSeqExprPosition, seq.body->span.known() ? seq.body->span : s,
             "the body of a SeqExpr must be a variable, a constant or a tuple of them");
    } else {
      UseLeaf(seq.body, s);
    }
    PopScope();
  }

  void VisitBinding(const Binding& b) {
    Span saved_site = site_;
    if (b.span.known()) site_ = b.span;
    if (b.is_match_cast()) {
      RequireLeafOrTuple(b.value, site_, "the value of a match_cast");
      // scope.shape-var.match-cast: its new binding positions are in scope from here on.
      std::vector<Ref<PrimExpr>> positions;
      BindingPositions(b.match_sinfo, &positions);
      for (const auto& v : positions) DefineShapeVar(v.get());
      UseSInfo(b.match_sinfo, site_, SInfoSite::kUse);
    } else if (auto f = As<Function>(b.value)) {
      // scope.var.once: a local function may refer to itself.
      if (b.var) {
        in_scope_[b.var.get()] = {function_depth_};
        defining_.push_back({b.var.get(), false});
      }
      VisitFunction(*f, b.var.get(), false);
      if (b.var) {
        in_scope_.erase(b.var.get());
        bool recursive = defining_.back().referenced;
        defining_.pop_back();
        if (recursive && !f->ret_sinfo && !b.var->annotation) {           // wf.recursion.annotation
          Report(ErrorCode::kRecursionNeedsAnnotation, b.span,
                 "local function '" + b.var->name +
                     "' calls itself, so it needs a return annotation");
        }
      }
    } else {
      VisitValue(b.value);
    }
    if (b.var) {
      UseSInfo(b.var->annotation, site_, SInfoSite::kUse);
      DefineVar(b.var, false, site_);
    }
    site_ = saved_site;
  }

  void VisitValue(const Ref<Expr>& e) {
    if (!e) return;
    Span here = e->span.known() ? e->span : site_;
    switch (e->kind) {
      case ExprKind::kCall: VisitCall(static_cast<const Call&>(*e), here); return;
      case ExprKind::kTupleGetItem:
        RequireLeafOrTuple(static_cast<const TupleGetItem&>(*e).tuple, here, "the operand of a projection");
        return;
      case ExprKind::kIf: {
        auto& x = static_cast<const If&>(*e);
        if (in_dataflow_) {                                                  // wf.dataflow.no-if
          Report(ErrorCode::kIfInDataflowBlock, here, "an If cannot appear inside a dataflow block");
        }
        if (x.cond && (!IsLeaf(x.cond) || As<Tuple>(x.cond))) {            // norm.anf
          Report(ErrorCode::kNotNormalForm, here, "the condition of an If must be a variable or a constant");
        } else {
          UseLeaf(x.cond, here);
        }
        if (++depth_ > kMaxCheckerDepth) {
          TooDeep(here);
        } else {
          for (const auto& branch : {x.true_branch, x.false_branch}) {
            if (auto seq = As<SeqExpr>(branch)) {
              bool saved = in_dataflow_;
              in_dataflow_ = false;
              VisitSeqExpr(*seq);
              in_dataflow_ = saved;
            } else if (branch) {                                             // norm.seq-position
              Report(ErrorCode::kSeqExprPosition, here, "the branches of an If must be SeqExprs");
            }
          }
        }
        --depth_;
        return;
      }
      case ExprKind::kSeqExpr:                                               // norm.seq-position
        Report(ErrorCode::kSeqExprPosition, here,
               "a SeqExpr can only be a function body or an If branch");
        return;
      case ExprKind::kFunction: VisitFunction(static_cast<const Function&>(*e), nullptr, false); return;
      default: RequireLeafOrTuple(e, here, "the value"); return;
    }
  }

  void VisitCall(const Call& call, const Span& here) {
    if (call.op && call.op->kind == ExprKind::kOp) {
      const OpInfo& op = *static_cast<const Op&>(*call.op).info;
      OpArgs args = MatchOpArgs(op, call);
      if (!args.error.empty()) Report(ErrorCode::kOpSignature, here, args.error);  // wf.op.signature
    } else if (call.op && IsLeaf(call.op)) {
      UseLeaf(call.op, here);
      CheckRecursionInDataflow(call, here);
    } else if (call.op) {                                                    // norm.anf
      Report(ErrorCode::kNotNormalForm, here,
             std::string("the callee is a ") + ExprKindName(call.op->kind) +
                 "; the normal form requires a variable, a global or an op");
    }
    for (const auto& a : call.args) RequireLeafOrTuple(a, here, "a call argument");
    for (const auto& s : call.sinfo_args) UseSInfo(s, here, SInfoSite::kUse);
    for (const auto& [key, value] : call.attrs.entries()) UseAttr(value, here);
  }

  void UseAttr(const AttrValue& v, const Span& here) {
    switch (v.kind()) {
      case AttrValue::Kind::kPrim: UsePrimExpr(v.as_prim(), here, SInfoSite::kUse); return;
      case AttrValue::Kind::kList:
        for (const auto& x : v.as_list()) UseAttr(x, here);
        return;
      case AttrValue::Kind::kDict:
        for (const auto& [k, x] : v.as_dict()) UseAttr(x, here);
        return;
      default: return;
    }
  }

  // wf.dataflow.no-recursion
  void CheckRecursionInDataflow(const Call& call, const Span& here) {
    if (!in_dataflow_) return;
    if (auto g = As<GlobalVar>(call.op)) {
      if (graph_.SameComponent(current_global_, g->name)) {
        Report(ErrorCode::kRecursionInDataflow, here,
               "a dataflow block cannot call '" + g->name + "', which is recursive with '" +
                   current_global_ + "'");
      }
      return;
    }
    if (auto v = As<Var>(call.op)) {
      for (const auto& d : defining_) {
        if (d.var == v.get()) {
          Report(ErrorCode::kRecursionInDataflow, here,
                 "a dataflow block cannot call the enclosing function '" + v->name + "'");
        }
      }
    }
  }

  void TooDeep(const Span& span) {
    if (too_deep_reported_) return;
    too_deep_reported_ = true;
    Report(ErrorCode::kCheckerLimit, span,
           "the program nests functions, branches or struct info deeper than " +
               std::to_string(kMaxCheckerDepth) + " levels");
  }

  struct Defining {
    const Var* var;
    bool referenced;
  };

  const IRModule& module_;
  DiagnosticEngine& diags_;
  CallGraph graph_;
  int errors_ = 0;
  Span site_;
  std::string current_global_;
  bool is_top_level_function_ = false;
  bool in_dataflow_ = false;
  int function_depth_ = 0;
  int depth_ = 0;
  bool too_deep_reported_ = false;

  std::unordered_map<const Var*, VarState> in_scope_;
  std::vector<const Var*> var_log_;
  std::vector<size_t> var_marks_;
  std::unordered_set<const Var*> ever_bound_;
  std::unordered_set<const Var*> reported_vars_;
  std::vector<const Var*> block_dataflow_vars_;
  std::vector<Defining> defining_;

  std::unordered_set<const PrimExpr*> shape_scope_;
  std::vector<const PrimExpr*> shape_log_;
  std::vector<size_t> shape_marks_;
  std::unordered_map<const PrimExpr*, std::string> shape_owner_;
  std::unordered_set<const PrimExpr*> reported_;
  std::unordered_set<const PrimExpr*> reported_shared_;
};

}  // namespace

bool CheckWellFormed(const IRModule& m, DiagnosticEngine& diags) {
  WellFormedChecker c(m, diags);
  return c.Run();
}

}  // namespace rlx::checker
