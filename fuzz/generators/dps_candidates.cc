// Destination-passing calls of generated programs: R.call_tir of the PrimFunc legalize-ops
// makes for an op call the generator has just emitted (both stay: they compute the same value),
// R.call_tir_inplace of a PrimFunc that doubles a fresh copy in place, and R.call_dps_packed of
// the builtin rlx.add_into.
#include <algorithm>

#include "compiler/legalize/lowering.h"
#include "compiler/legalize/prim_func_builder.h"
#include "fuzz/generators/typed_builder.h"
#include "ir/op_args.h"

namespace rlx::fuzz {
namespace {

// The ops legalize-ops lowers.
const std::vector<const OpInfo*>& LoweredOps() {
  static const std::vector<const OpInfo*> ops = [] {
    std::vector<const OpInfo*> out;
    for (const auto& op : AllOps()) {
      if (compiler::legalize::LoweringOf(op.id)) out.push_back(&op);
    }
    return out;
  }();
  return ops;
}

bool HasDims(const TensorStructInfo& t) { return t.dims() != nullptr; }

// The statement with its outermost loops (those not inside another loop) made parallel: the
// same meaning (tir.for.kind), and compiled code may run them on the thread pool
// (codegen.cpu.parallel), which the compiled-vs-interpreter oracles then compare.
Ref<tir::Stmt> ParallelOuterLoops(const Ref<tir::Stmt>& s) {
  switch (s->kind) {
    case tir::StmtKind::kFor: {
      const auto& f = static_cast<const tir::For&>(*s);
      return tir::For::Make(f.var, f.min, f.extent, tir::ForKind::kParallel, f.body, "", f.annotations, f.span);
    }
    case tir::StmtKind::kSeq: {
      std::vector<Ref<tir::Stmt>> seq;
      for (const auto& c : static_cast<const tir::SeqStmt&>(*s).seq) seq.push_back(ParallelOuterLoops(c));
      return tir::SeqStmt::Make(std::move(seq), s->span);
    }
    case tir::StmtKind::kBlock: {
      tir::Block b = static_cast<const tir::Block&>(*s);
      b.body = ParallelOuterLoops(b.body);
      return tir::Block::MakeFull(std::move(b));
    }
    default: return s;
  }
}

Ref<tir::PrimFunc> WithParallelOuterLoops(const Ref<tir::PrimFunc>& f) {
  return tir::PrimFunc::Make(f->params, ParallelOuterLoops(f->body), f->attrs, f->span);
}

}  // namespace

bool TypedBuilder::DpsCall(OpId id) {
  switch (id) {
    case OpId::kCallTir: return CallTir();
    case OpId::kCallTirInplace: return CallTirInplace();
    case OpId::kCallDpsPacked: return CallDpsPacked();
    default: return false;
  }
}

void TypedBuilder::Forget(const Ref<Var>& v) {
  for (size_t i = pool_.size(); i-- > 0;) {
    if (pool_[i].var == v) pool_.erase(pool_.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

bool TypedBuilder::CallTir() {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const OpInfo& op = *c_.Pick(LoweredOps());
    last_call_ = nullptr;
    if (!TryOp(op) || !last_call_ || As<Op>(last_call_->op)->info != &op) continue;
    compiler::legalize::LowerRequest r{op, *last_call_, MatchOpArgs(op, *last_call_), SInfoOf(*last_var_),
                                       [this](const Var& v) { return SInfoOf(v); }, {}};
    std::optional<compiler::legalize::Lowered> l = compiler::legalize::LoweringOf(op.id)(r);
    if (!l || !l->func) continue;
    // A field of a tuple variable (concat's operands) is no call argument in normal form.
    if (!std::all_of(l->args.begin(), l->args.end(), [](const Ref<Expr>& a) { return Var::Is(a->kind) || Constant::Is(a->kind); })) continue;
    const std::string name = "tir_" + l->name.substr(l->name.rfind('.') + 1) + std::to_string(prim_funcs_.size());
    if (c_.Chance(50)) {
      l->func = WithParallelOuterLoops(l->func);
      cov_.Add("tir:parallel");
    }
    prim_funcs_.push_back({name, l->func, {}});
    NamedArgs args = {{"gvar", GlobalVar::Make(name)}, {"args", Tuple::Make(l->args)}};
    if (!l->tir_vars.empty()) args.push_back({"tir_vars", ShapeExpr::Make(l->tir_vars)});
    Emit(MakeCall(OpId::kCallTir, args, {}, {compiler::legalize::OutSInfo(*l)}), SInfoOf(*last_var_), "tir");
    cov_.Add("op:call_tir");
    return true;
  }
  return false;
}

bool TypedBuilder::CallTirInplace() {
  auto x = PickTensor([](const TensorStructInfo& t) { return HasDims(t) && t.dtype != DataType::kBool; });
  if (!x) return false;
  auto t = As<TensorStructInfo>(x->sinfo);
  // The operand is a fresh copy that nothing else uses, so writing it in place is invisible.
  Ref<Var> copy = TryEmitCall(MakeCall(OpId::kAstype, {{"x", x->var}}, {{"dtype", AttrValue::DType(t->dtype)}}));
  if (!copy) return false;
  Forget(copy);
  compiler::legalize::PrimFuncBuilder b;
  Ref<tir::Buffer> buf = b.Input("x", copy, *t);
  b.Compute("double", buf, [&](const compiler::legalize::Indices& i) {
    return compiler::legalize::Add(b.Load(buf, i), b.Load(buf, i));
  });
  compiler::legalize::Lowered l = b.Finish("double");
  if (!l.func || !l.tir_vars.empty()) return false;
  if (c_.Chance(50)) l.func = WithParallelOuterLoops(l.func);
  const std::string name = "tir_double" + std::to_string(prim_funcs_.size());
  prim_funcs_.push_back({name, l.func, {}});
  Emit(MakeCall(OpId::kCallTirInplace, {{"gvar", GlobalVar::Make(name)}, {"args", Tuple::Make({copy})}},
                {{"inplace_indices", AttrValue::Int(0)}}, {x->sinfo}),
       x->sinfo, "inplace");
  cov_.Add("op:call_tir_inplace");
  return true;
}

bool TypedBuilder::CallDpsPacked() {
  auto x = PickTensor([](const TensorStructInfo& t) { return HasDims(t) && t.dtype != DataType::kBool; });
  if (!x) return false;
  Emit(MakeCall(OpId::kCallDpsPacked, {{"func", ExternFunc::Make("rlx.add_into")}, {"args", Tuple::Make({x->var, x->var})}},
                {}, {x->sinfo}),
       x->sinfo, "dps");
  cov_.Add("op:call_dps_packed");
  return true;
}

}  // namespace rlx::fuzz
