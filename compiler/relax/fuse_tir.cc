// fuse-tir (pass.fuse-tir): every call of a Primitive Relax function (what fuse-ops makes) whose
// body is a dataflow block of R.call_tir bindings becomes one R.call_tir of a PrimFunc that runs
// the members' loop nests in order, the intermediate tensors as buffers of its root block.
#include <unordered_map>
#include <unordered_set>

#include "checker/prover/prover.h"
#include "compiler/pass/rewrite_module.h"
#include "compiler/relax/passes.h"
#include "compiler/tir/op_pattern.h"
#include "ir/analysis/mutator.h"
#include "ir/op_table.h"
#include "ir/tir/substitute.h"

namespace rlx::compiler {
namespace {

// True when two extents are the same for every value of their variables.
bool ProvablySameExtent(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
  if (SameTerm(a, b)) return true;
  thread_local prover::Prover prover;
  return prover.Prove({}, PrimExpr::Binary(PrimKind::kEQ, a, b)).answer == prover::Answer::kProven;
}

// The fused PrimFunc of one Primitive function, built member by member.
class FusedPrimFuncBuilder {
 public:
  explicit FusedPrimFuncBuilder(const IRModule& m) : module_(m) {}

  // The PrimFunc computing what `f` computes, or nullptr when `f` is not a chain of call_tir
  // bindings whose PrimFuncs take exactly their tensors, on extents that provably agree.
  Ref<tir::PrimFunc> Build(const Function& f) {
    auto body = As<SeqExpr>(f.body);
    if (!body || body->blocks.size() != 1) return nullptr;
    auto result = As<Var>(body->body);
    if (!result) return nullptr;
    for (const auto& p : f.params) {
      auto t = As<TensorStructInfo>(p->annotation);
      if (!t || !t->dims() || t->dtype == DataType::kVoid) return nullptr;
      relax_buffer_[p.get()] = Param(p->name, *t);
      if (!relax_buffer_[p.get()]) return nullptr;
    }
    const std::vector<Binding>& bindings = body->blocks[0].bindings;
    std::vector<Ref<tir::Stmt>> stages;
    for (size_t i = 0; i < bindings.size(); ++i) {
      const bool last = i + 1 == bindings.size();
      if (last && bindings[i].var != result) return nullptr;
      Ref<tir::Stmt> stage = Member(bindings[i], last);
      if (!stage) return nullptr;
      // One sequence of loop nests (a member's own sequence flattened into it).
      if (auto seq = tir::As<tir::SeqStmt>(stage)) {
        stages.insert(stages.end(), seq->seq.begin(), seq->seq.end());
      } else {
        stages.push_back(stage);
      }
    }
    tir::Block root({});
    root.name = "root";
    root.alloc_buffers = allocs_;
    root.body = stages.size() == 1 ? stages[0] : tir::SeqStmt::Make(std::move(stages));
    std::vector<tir::Param> params = params_;
    Attrs attrs = Attrs().With("tir.noalias", AttrValue::Bool(true));
    auto pattern = static_cast<int64_t>(pattern_);
    attrs = attrs.With("op_pattern", AttrValue::Int(pattern));
    return tir::PrimFunc::Make(std::move(params), tir::Block::MakeFull(std::move(root)), attrs);
  }

 private:
  // An extent of the Relax function in PrimFunc terms: a lone shape variable not seen yet is
  // defined here (tir.func.buffer-map); nullptr when it mentions one no buffer defined before.
  Ref<PrimExpr> Extent(const Ref<PrimExpr>& d, bool may_define) {
    if (d->is_var()) {
      auto it = vars_.find(d.get());
      if (it != vars_.end()) return it->second;
      if (!may_define || d->dtype != DataType::kInt64) return nullptr;
      Ref<PrimExpr> v = PrimExpr::Var(d->name, DataType::kInt64);
      vars_[d.get()] = v;
      return v;
    }
    if (d->is_int()) return d;
    Ref<PrimExpr> ops[3];
    for (int i = 0; i < d->arity(); ++i) {
      ops[i] = Extent(d->operands[i], false);
      if (!ops[i]) return nullptr;
    }
    if (!d->args.empty() || d->buffer) return nullptr;
    return PrimExpr::WithOperands(*d, ops[0], ops[1], ops[2]);
  }

  Ref<tir::Buffer> BufferFor(const std::string& name, const TensorStructInfo& t, bool may_define) {
    std::vector<Ref<PrimExpr>> shape;
    for (const auto& d : *t.dims()) {
      // Lone variables first, so that a later extent may use one an earlier axis defines.
      if (d->is_var()) {
        shape.push_back(Extent(d, may_define));
        if (!shape.back()) return nullptr;
      } else {
        shape.push_back(nullptr);
      }
    }
    for (size_t i = 0; i < shape.size(); ++i) {
      if (!shape[i]) shape[i] = Extent((*t.dims())[i], false);
      if (!shape[i]) return nullptr;
    }
    return tir::Buffer::Make(name, t.dtype, std::move(shape));
  }

  Ref<tir::Buffer> Param(const std::string& name, const TensorStructInfo& t) {
    Ref<tir::Buffer> b = BufferFor(name, t, true);
    if (b) params_.push_back({PrimExpr::Var("var_" + name, DataType::kVoid), b});
    return b;
  }

  // The statement of one member `v = R.call_tir(g, (args...), out_sinfo=T)`: g's body with its
  // buffers the fused function's and its extents in the fused function's variables.
  Ref<tir::Stmt> Member(const Binding& b, bool last) {
    auto call = As<Call>(b.value);
    if (b.is_match_cast() || !call || !IsOpCall(*call, OpId::kCallTir) || call->args.size() != 2 ||
        call->sinfo_args.size() != 1) {
      return nullptr;
    }
    auto gv = As<GlobalVar>(call->args[0]);
    auto tuple = As<Tuple>(call->args[1]);
    auto out = As<TensorStructInfo>(call->sinfo_args[0]);
    const GlobalDef* def = gv ? module_.Find(gv->name) : nullptr;
    auto g = def ? As<tir::PrimFunc>(def->value) : nullptr;
    if (!g || !tuple || !out || !out->dims() || g->params.size() != tuple->fields.size() + 1) return nullptr;
    std::vector<Ref<tir::Buffer>> actual;
    for (const auto& a : tuple->fields) {
      auto v = As<Var>(a);
      auto it = v ? relax_buffer_.find(v.get()) : relax_buffer_.end();
      if (it == relax_buffer_.end()) return nullptr;
      actual.push_back(it->second);
    }
    Ref<tir::Buffer> output = last ? Param(b.var->name, *out) : BufferFor(b.var->name, *out, false);
    if (!output) return nullptr;
    if (!last) allocs_.push_back(output);
    relax_buffer_[b.var.get()] = output;
    actual.push_back(output);
    tir::Substituter sub;
    for (size_t i = 0; i < g->params.size(); ++i) {
      const tir::Param& p = g->params[i];
      if (!p.is_handle() || !Bind(*p.buffer, *actual[i], sub)) return nullptr;
      sub.MapBuffer(p.buffer.get(), actual[i]);
    }
    OpPattern pg = RecordedOpPattern(*g);
    if (static_cast<int>(pg) > static_cast<int>(pattern_)) pattern_ = pg;
    // The member's root block: its scratch buffers join the fused root's.
    auto root = tir::As<tir::Block>(g->body);
    if (!root || !root->is_root()) return sub.SubstStmt(g->body);
    for (const auto& a : root->alloc_buffers) {
      Ref<tir::Buffer> copy = tir::Buffer::MakeFull(*sub.SubstBuffer(a));
      sub.MapBuffer(a.get(), copy);
      allocs_.push_back(copy);
    }
    return sub.SubstStmt(root->body);
  }

  // Binds the member's parameter buffer to the fused buffer: the same dtype and rank, a plain
  // layout, each extent a variable of the member (defined here if it is the first) or an
  // expression that provably equals the fused extent (so the member's buffer binding could not
  // have trapped, tir.eval.bind).
  static bool Bind(const tir::Buffer& param, const tir::Buffer& actual, tir::Substituter& sub) {
    if (param.dtype != actual.dtype || param.ndim() != actual.ndim() || !param.is_plain()) return false;
    for (size_t i = 0; i < param.ndim(); ++i) {
      const Ref<PrimExpr>& d = param.shape[i];
      Ref<PrimExpr> mapped = sub.SubstExpr(d);
      if (d->is_var() && mapped == d) {
        sub.MapVar(d.get(), actual.shape[i]);
        continue;
      }
      if (!ProvablySameExtent(mapped, actual.shape[i])) return false;
    }
    return true;
  }

  const IRModule& module_;
  std::vector<tir::Param> params_;
  std::vector<Ref<tir::Buffer>> allocs_;
  std::unordered_map<const PrimExpr*, Ref<PrimExpr>> vars_;        // Relax shape variable -> TIR
  std::unordered_map<const Var*, Ref<tir::Buffer>> relax_buffer_;  // Relax tensor -> buffer
  OpPattern pattern_ = OpPattern::kElemWise;
};

bool IsPrimitive(const Function& f) {
  const AttrValue* a = f.attrs.Find("Primitive");
  return a && ((a->kind() == AttrValue::Kind::kInt && a->as_int() != 0) ||
               (a->kind() == AttrValue::Kind::kBool && a->as_bool()));
}

// Replaces each call of a fused Primitive function by R.call_tir of its PrimFunc.
class FusedCallRewriter : public ExprMutator {
 public:
  explicit FusedCallRewriter(const std::unordered_map<std::string, std::string>& fused) : fused_(fused) {}

  Ref<Expr> VisitCall(const Ref<Call>& e) override {
    Ref<Expr> out = ExprMutator::VisitCall(e);
    auto call = As<Call>(out);
    auto gv = call ? As<GlobalVar>(call->op) : nullptr;
    auto it = gv ? fused_.find(gv->name) : fused_.end();
    if (it == fused_.end()) return out;
    if (!e->struct_info()) {
      incomplete = true;  // cannot say what out_sinfo is: the module is left as it was
      return out;
    }
    return Call::Make(Op::Get(GetOp(OpId::kCallTir)), {GlobalVar::Make(it->second), Tuple::Make(call->args)}, {},
                      {e->struct_info()}, e->span);
  }

  bool incomplete = false;

 private:
  const std::unordered_map<std::string, std::string>& fused_;
};

}  // namespace

Ref<IRModule> FuseTir(const Ref<IRModule>& m) {
  std::unordered_map<std::string, std::string> fused;  // Primitive function -> its PrimFunc
  std::vector<GlobalDef> globals;
  std::vector<GlobalDef> prim_funcs;
  for (const GlobalDef& g : m->globals) {
    auto f = As<Function>(g.value);
    if (!f || !IsPrimitive(*f) || f->attrs.Find("global_symbol")) continue;
    FusedPrimFuncBuilder builder(*m);
    Ref<tir::PrimFunc> pf = builder.Build(*f);
    if (!pf) continue;  // left as a Relax function: it still computes the same
    fused[g.name] = g.name;  // the PrimFunc takes the name of the function it replaces
    prim_funcs.push_back(GlobalDef{g.name, pf, g.span});
  }
  if (fused.empty()) return m;
  FusedCallRewriter rewriter(fused);
  Ref<IRModule> out = RewriteModule(rewriter, m);
  if (rewriter.incomplete) return m;
  // The Primitive functions are replaced everywhere: their PrimFuncs take their places.
  size_t next = 0;
  for (const GlobalDef& g : out->globals) globals.push_back(fused.count(g.name) ? prim_funcs[next++] : g);
  return out->WithGlobals(std::move(globals));
}

}  // namespace rlx::compiler
