// Functions and constructs of generated programs; op calls are in op_candidates.cc.
#include "fuzz/generators/program_generator.h"

#include <algorithm>
#include <unordered_set>

#include "checker/sinfo/proof_context.h"
#include "fuzz/generators/typed_builder.h"
#include "ir/analysis/structural_equal.h"

namespace rlx::fuzz {
namespace {

// The generator's prover decides with the fast paths only: a candidate it cannot prove is
// dropped, so it never needs Z3's time, and what it proves the checker proves too.
prover::ProverOptions GeneratorProverOptions() {
  prover::ProverOptions o;
  o.use_z3 = false;
  return o;
}

const char* const kShapeVarNames[] = {"n", "m", "k", "b", "h", "w", "s"};
const char* const kPackedPure[] = {"rlx.identity", "test.identity", "vm.builtin.copy"};

}  // namespace

TypedBuilder::TypedBuilder(Chooser& c, const ProgramOptions& o)
    : c_(c), o_(o), prover_(GeneratorProverOptions()) {}

GeneratedProgram TypedBuilder::Build() {
  b_.BeginModule("Module");
  int helpers = static_cast<int>(c_.Range(0, o_.max_helpers));
  for (int i = 0; i < helpers; ++i) {
    if (i == 0 && c_.Chance(35)) {
      RecursiveHelper(i);
    } else {
      Helper(i);
    }
  }
  Main();
  for (auto& g : prim_funcs_) b_.AddGlobal(g.name, g.value);
  GeneratedProgram out;
  out.module = b_.EndModule();
  out.coverage = std::move(cov_);
  return out;
}

void TypedBuilder::Restore(const Saved& s) {
  for (size_t i = s.pool; i < pool_.size(); ++i) sinfo_of_.erase(pool_[i].var.get());
  pool_.resize(s.pool);
  shape_vars_.resize(s.shape_vars);
  facts_.resize(s.facts);
}

// ------------------------------------------------------------------ functions

Ref<PrimExpr> TypedBuilder::NewShapeVar(const std::string& hint) {
  static_cast<void>(hint);
  int i = next_name_++;
  std::string name = kShapeVarNames[i % 7];
  if (i >= 7) name += std::to_string(i / 7);
  Ref<PrimExpr> v = PrimExpr::Var(name);
  shape_vars_.push_back(v);
  return v;
}

std::vector<Ref<Var>> TypedBuilder::Params(bool allow_bounds, const AttrDict& base_attrs) {
  std::vector<Ref<Var>> params;
  size_t first_sig_var = shape_vars_.size();
  int tensors = static_cast<int>(c_.Range(1, 3));
  for (int i = 0; i < tensors; ++i) {
    int rank = static_cast<int>(c_.Range(0, 9) < 1 ? 0 : c_.Range(1, o_.max_rank));
    DataType dt = RandomDType();
    std::vector<Ref<PrimExpr>> dims;
    for (int d = 0; d < rank; ++d) {
      if (c_.Chance(35)) {
        dims.push_back(PrimExpr::Int(c_.Chance(6) ? 0 : c_.Range(1, o_.max_extent)));
      } else if (shape_vars_.size() > first_sig_var && c_.Chance(35)) {
        dims.push_back(shape_vars_[c_.Range(static_cast<int64_t>(first_sig_var),
                                            static_cast<int64_t>(shape_vars_.size()) - 1)]);
      } else {
        Ref<PrimExpr> v = NewShapeVar("n");
        facts_.push_back(PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(0)));
        dims.push_back(v);
      }
    }
    auto s = TensorStructInfo::MakeDims(dims, dt);
    Ref<Var> p = b_.AddParam("x" + std::to_string(next_name_++), s);
    pool_.push_back({p, s});
    sinfo_of_[p.get()] = s;
    params.push_back(p);
    cov_.Add("param:tensor");
  }
  if (c_.Chance(15)) {  // a shape parameter binds its values
    std::vector<Ref<PrimExpr>> values;
    int n = static_cast<int>(c_.Range(1, 2));
    for (int i = 0; i < n; ++i) {
      // A shape value may be negative (eval.value.shape): no sign is known.
      values.push_back(NewShapeVar("s"));
    }
    auto s = ShapeStructInfo::Make(values);
    Ref<Var> p = b_.AddParam("shape" + std::to_string(next_name_++), s);
    pool_.push_back({p, s});
    sinfo_of_[p.get()] = s;
    params.push_back(p);
    cov_.Add("param:shape");
  }
  if (c_.Chance(15)) {  // a prim parameter binds its value (no sign known)
    Ref<PrimExpr> v = NewShapeVar("k");
    auto s = PrimStructInfo::Make(DataType::kInt64, v);
    Ref<Var> p = b_.AddParam("p" + std::to_string(next_name_++), s);
    pool_.push_back({p, s});
    sinfo_of_[p.get()] = s;
    params.push_back(p);
    cov_.Add("param:prim");
  }
  if (allow_bounds && shape_vars_.size() > first_sig_var && c_.Chance(25)) {
    // sinfo.bound.attrs: bounds on some signature variables (facts for the prover).
    AttrDict upper, lower;
    for (size_t i = first_sig_var; i < shape_vars_.size(); ++i) {
      const Ref<PrimExpr>& v = shape_vars_[i];
      bool is_prim_param = std::none_of(facts_.begin(), facts_.end(), [&](const Ref<PrimExpr>& f) {
        return f->arity() == 2 && f->operands[0] == v;
      });
      if (is_prim_param || !c_.Chance(60)) continue;
      int64_t ub = c_.Range(1, 6);
      upper.emplace_back(v->name, AttrValue::Int(ub));
      facts_.push_back(PrimExpr::Binary(PrimKind::kLE, v, PrimExpr::Int(ub)));
      if (c_.Chance(30)) {
        int64_t lb = c_.Range(0, ub);
        lower.emplace_back(v->name, AttrValue::Int(lb));
        facts_.push_back(PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(lb)));
      }
    }
    AttrDict attrs = base_attrs;
    if (!upper.empty()) attrs.emplace_back("tir_var_upper_bound", AttrValue::Dict(upper));
    if (!lower.empty()) attrs.emplace_back("tir_var_lower_bound", AttrValue::Dict(lower));
    if (attrs.size() > base_attrs.size()) {
      b_.SetFunctionAttrs(Attrs(attrs));
      cov_.Add("construct:bounded-dims");
    }
  }
  return params;
}

void TypedBuilder::Helper(int index) {
  Saved saved = Save();
  std::string name = "helper" + std::to_string(index);
  pure_ = c_.Chance(75);
  b_.BeginFunction();
  b_.SetPure(pure_);
  // Helpers take tensors whose every extent is its own signature variable, so any tensor of
  // the rank and dtype can be passed.
  int tensors = static_cast<int>(c_.Range(1, 2));
  std::vector<Ref<StructInfo>> param_sinfo;
  for (int i = 0; i < tensors; ++i) {
    int rank = static_cast<int>(c_.Range(0, o_.max_rank));
    std::vector<Ref<PrimExpr>> dims;
    for (int d = 0; d < rank; ++d) {
      Ref<PrimExpr> v = NewShapeVar("n");
      facts_.push_back(PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(0)));
      dims.push_back(v);
    }
    auto s = TensorStructInfo::MakeDims(dims, RandomDType());
    Ref<Var> p = b_.AddParam("x" + std::to_string(next_name_++), s);
    pool_.push_back({p, s});
    sinfo_of_[p.get()] = s;
    param_sinfo.push_back(s);
  }
  size_t sig_end = shape_vars_.size();
  Body(static_cast<int>(c_.Range(1, o_.max_steps / 2 + 1)), 1);
  Ref<StructInfo> rs;
  Ref<Var> result = Result(&rs);
  std::unordered_set<const PrimExpr*> sig;
  for (size_t i = saved.shape_vars; i < sig_end; ++i) sig.insert(shape_vars_[i].get());
  Ref<StructInfo> ret = checker::Erase(
      rs, [&](const PrimExpr* v) { return sig.count(v) > 0; }, [](const Var*) { return true; });
  b_.SetReturnStructInfo(ret);
  b_.AddGlobal(name, b_.EndFunction(result));
  helpers_.push_back({name, param_sinfo, ret, pure_, false});
  cov_.Add(pure_ ? "construct:global-function" : "construct:impure-function");
  Restore(saved);
}

// count_down(x: R.Tensor((n, ...)), d: R.Prim(value=d)) -> R.Tensor((n, ...)):
//   if d > 0: y = <elementwise op of x>; return count_down(y, d - 1) else: return x
void TypedBuilder::RecursiveHelper(int index) {
  Saved saved = Save();
  std::string name = "count_down" + std::to_string(index);
  pure_ = true;
  b_.BeginFunction();
  int rank = static_cast<int>(c_.Range(0, 2));
  std::vector<Ref<PrimExpr>> dims;
  for (int d = 0; d < rank; ++d) {
    Ref<PrimExpr> v = NewShapeVar("n");
    facts_.push_back(PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(0)));
    dims.push_back(v);
  }
  DataType dt = c_.Chance(70) ? DataType::kFloat32 : DataType::kInt32;
  auto xs = TensorStructInfo::MakeDims(dims, dt);
  Ref<Var> x = b_.AddParam("x" + std::to_string(next_name_++), xs);
  Ref<PrimExpr> depth = NewShapeVar("d");
  auto ds = PrimStructInfo::Make(DataType::kInt64, depth);
  Ref<Var> d = b_.AddParam("depth" + std::to_string(next_name_++), ds);
  b_.SetReturnStructInfo(xs);
  b_.BeginIf(PrimValue::Make(PrimExpr::Binary(PrimKind::kGT, depth, PrimExpr::Int(0))));
  static const OpId kSamePreserving[] = {OpId::kNegative, OpId::kAbs, OpId::kAdd, OpId::kMultiply,
                                         OpId::kSubtract, OpId::kSquare, OpId::kSign};
  OpId id = kSamePreserving[c_.Range(0, 6)];
  const OpInfo& op = GetOp(id);
  std::vector<Ref<Expr>> args = {x};
  if (op.family == OpFamily::kBinary) args.push_back(c_.Chance(50) ? Ref<Expr>(x) : ScalarConst(dt));
  Ref<Var> y = b_.Emit(Call::Make(Op::Get(op), args), "y" + std::to_string(next_name_++));
  cov_.Add("op:" + op.name);
  Ref<Expr> next = PrimValue::Make(PrimExpr::Binary(PrimKind::kSub, depth, PrimExpr::Int(1)));
  Ref<Var> r = b_.Emit(Call::Make(GlobalVar::Make(name), {y, next}), "r" + std::to_string(next_name_++));
  b_.BeginElse(r);
  Ref<Var> out = b_.EndIf(x, "out" + std::to_string(next_name_++));
  b_.AddGlobal(name, b_.EndFunction(out));
  helpers_.push_back({name, {xs, ds}, xs, true, true});
  cov_.Add("construct:recursion");
  Restore(saved);
}

void TypedBuilder::Main() {
  pure_ = c_.Chance(65);
  b_.BeginFunction();
  b_.SetPure(pure_);
  AttrDict attrs = {{"global_symbol", AttrValue::String("main")}};
  b_.SetFunctionAttrs(Attrs(attrs));
  Params(true, attrs);
  size_t sig_end = shape_vars_.size();
  Body(static_cast<int>(c_.Range(1, o_.max_steps)), 0);
  Ref<StructInfo> rs;
  Ref<Var> result = Result(&rs);
  if (c_.Chance(50)) {
    std::unordered_set<const PrimExpr*> sig;
    for (size_t i = 0; i < sig_end; ++i) sig.insert(shape_vars_[i].get());
    b_.SetReturnStructInfo(checker::Erase(
        rs, [&](const PrimExpr* v) { return sig.count(v) > 0; }, [](const Var*) { return true; }));
  }
  b_.AddGlobal("main", b_.EndFunction(result));
  cov_.Add(pure_ ? "construct:pure-main" : "construct:impure-main");
}

// ------------------------------------------------------------------ bodies

void TypedBuilder::Body(int steps, int depth) {
  for (int i = 0; i < steps; ++i) Step(depth);
}

void TypedBuilder::Step(int depth) {
  if (in_dataflow() && c_.Chance(12)) return CloseDataflow();
  if (!in_dataflow() && c_.Chance(12)) return OpenDataflow();
  int64_t r = c_.Range(0, 99);
  bool control = !in_dataflow() && depth < o_.max_depth;
  if (r < 52) return RandomOp();
  if (r < 61) return MatchCast();
  if (r < 66) return MakeTuple();
  if (r < 71) return GetItem();
  if (r < 78 && control) return IfElse(depth);
  if (r < 83 && control && if_depth_ == 0) return LocalFunction(depth);
  if (r < 89) return CallHelper();
  if (r < 95 && !pure_ && !in_dataflow()) return PrintOrAssert();
  if (r >= 95) return PackedCall();
  RandomOp();
}

void TypedBuilder::OpenDataflow() {
  b_.BeginDataflow();
  cur_df_ = next_df_++;
  cov_.Add("construct:dataflow");
}

void TypedBuilder::CloseDataflow() {
  if (!in_dataflow()) return;
  std::vector<size_t> members;
  for (size_t i = 0; i < pool_.size(); ++i) {
    if (pool_[i].dataflow_block == cur_df_) members.push_back(i);
  }
  std::vector<Ref<Var>> outputs;
  std::vector<size_t> kept;
  for (size_t i : members) {
    if (c_.Chance(50) || (kept.empty() && i == members.back())) {
      outputs.push_back(pool_[i].var);
      kept.push_back(i);
    }
  }
  std::vector<Ref<Var>> replaced = b_.EndDataflow(outputs);
  for (size_t k = 0; k < kept.size(); ++k) {
    Slot& s = pool_[kept[k]];
    sinfo_of_.erase(s.var.get());
    s.var = replaced[k];
    s.dataflow_block = -1;
    sinfo_of_[s.var.get()] = s.sinfo;
  }
  std::vector<Slot> rest;
  for (auto& s : pool_) {
    if (s.dataflow_block == cur_df_) {
      sinfo_of_.erase(s.var.get());
    } else {
      rest.push_back(s);
    }
  }
  pool_ = std::move(rest);
  cur_df_ = -1;
}

Ref<Var> TypedBuilder::Result(Ref<StructInfo>* sinfo) {
  CloseDataflow();
  auto values = Usable([](const Slot& s) { return s.sinfo->kind != SInfoKind::kFunc; });
  auto tensors = Usable([](const Slot& s) { return s.sinfo->kind == SInfoKind::kTensor; });
  if (c_.Chance(20) && values.size() >= 2) {
    Slot a = c_.Pick(values);
    Slot b = c_.Pick(values);
    auto s = TupleStructInfo::Make({a.sinfo, b.sinfo});
    Ref<Var> v = Emit(Tuple::Make({a.var, b.var}), s, "ret");
    cov_.Add("construct:tuple-result");
    *sinfo = s;
    return v;
  }
  Slot pick = !tensors.empty() && c_.Chance(85) ? c_.Pick(tensors) : c_.Pick(values);
  *sinfo = pick.sinfo;
  return pick.var;
}

// ------------------------------------------------------------------ constructs

void TypedBuilder::MatchCast() {
  auto cands = Usable([](const Slot& s) {
    if (auto t = As<TensorStructInfo>(s.sinfo)) return t->ndim >= 0;
    if (auto sh = As<ShapeStructInfo>(s.sinfo)) return sh->ndim >= 0;
    return false;
  });
  if (cands.empty()) return RandomOp();
  Slot src = c_.Pick(cands);
  bool fresh_ok = if_depth_ == 0;
  bool extents = src.sinfo->kind == SInfoKind::kTensor;  // tensor extents are >= 0; shape values need not be
  auto dim_for = [&](const Ref<PrimExpr>* known, std::vector<Ref<PrimExpr>>* fresh_facts) -> Ref<PrimExpr> {
    if (fresh_ok && (!known || c_.Chance(55))) {
      Ref<PrimExpr> v = NewShapeVar("m");
      if (extents) fresh_facts->push_back(PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(0)));
      if (known) fresh_facts->push_back(PrimExpr::Binary(PrimKind::kEQ, v, *known));
      return v;
    }
    return known ? *known : nullptr;
  };
  std::vector<Ref<PrimExpr>> new_facts;
  Ref<StructInfo> target;
  if (auto t = As<TensorStructInfo>(src.sinfo); t && t->dims() && c_.Chance(15)) {
    // A cast that may fail at run time (eval.match-cast traps E3001): the extents become
    // other extents in scope or constants, which the checker cannot decide. A lone shape
    // variable bound earlier is common: the cast must check it, not bind it again.
    std::vector<Ref<PrimExpr>> out;
    for (int i = 0; i < t->ndim; ++i) {
      if (c_.Chance(50)) {
        out.push_back((*t->dims())[static_cast<size_t>(i)]);
      } else {
        out.push_back(!shape_vars_.empty() && c_.Chance(50) ? c_.Pick(shape_vars_) : RandomDim(false));
      }
    }
    target = TensorStructInfo::MakeDims(out, t->dtype);
    cov_.Add("construct:match-cast-may-fail");
  } else if (auto t = As<TensorStructInfo>(src.sinfo)) {
    const auto* dims = t->dims();
    if (c_.Chance(12) || (!dims && !fresh_ok)) {
      target = TensorStructInfo::MakeNdim(t->ndim, t->dtype);
      cov_.Add("sinfo:tensor-ndim");
    } else {
      std::vector<Ref<PrimExpr>> out;
      for (int i = 0; i < t->ndim; ++i) out.push_back(dim_for(dims ? &(*dims)[i] : nullptr, &new_facts));
      target = TensorStructInfo::MakeDims(out, t->dtype);
    }
  } else {
    auto sh = As<ShapeStructInfo>(src.sinfo);
    if (!sh->values && !fresh_ok) return RandomOp();
    std::vector<Ref<PrimExpr>> out;
    for (int i = 0; i < sh->ndim; ++i) out.push_back(dim_for(sh->values ? &(*sh->values)[i] : nullptr, &new_facts));
    target = ShapeStructInfo::Make(out);
    cov_.Add("construct:match-cast-shape");
  }
  Ref<Var> v = b_.EmitMatchCast(src.var, target, "mc" + std::to_string(next_name_++));
  pool_.push_back({v, target, cur_df_});
  sinfo_of_[v.get()] = target;
  facts_.insert(facts_.end(), new_facts.begin(), new_facts.end());
  cov_.Add("construct:match-cast");
}

void TypedBuilder::MakeTuple() {
  auto values = Usable([](const Slot& s) { return s.sinfo->kind != SInfoKind::kFunc; });
  if (values.empty()) return RandomOp();
  int n = static_cast<int>(c_.Range(1, 3));
  std::vector<Ref<Expr>> fields;
  std::vector<Ref<StructInfo>> sinfo;
  for (int i = 0; i < n; ++i) {
    const Slot& s = c_.Pick(values);
    fields.push_back(s.var);
    sinfo.push_back(s.sinfo);
  }
  Emit(Tuple::Make(fields), TupleStructInfo::Make(sinfo), "tup");
  cov_.Add("construct:tuple");
}

void TypedBuilder::GetItem() {
  auto tuples = Usable([](const Slot& s) {
    auto t = As<TupleStructInfo>(s.sinfo);
    return t && !t->fields.empty();
  });
  if (tuples.empty()) return MakeTuple();
  Slot s = c_.Pick(tuples);
  auto t = As<TupleStructInfo>(s.sinfo);
  int i = static_cast<int>(c_.Range(0, static_cast<int64_t>(t->fields.size()) - 1));
  Emit(TupleGetItem::Make(s.var, i), t->fields[i], "item");
  cov_.Add("construct:tuple-get-item");
}

Ref<Expr> TypedBuilder::Condition() {
  int64_t pick = c_.Range(0, 2);
  std::vector<Ref<PrimExpr>> dims;
  for (const auto& v : shape_vars_) dims.push_back(v);
  if (pick == 0 && !dims.empty()) {
    static const PrimKind cmps[] = {PrimKind::kLT, PrimKind::kLE, PrimKind::kGT, PrimKind::kEQ, PrimKind::kNE};
    cov_.Add("construct:if-prim-condition");
    return PrimValue::Make(PrimExpr::Binary(cmps[c_.Range(0, 4)], c_.Pick(dims), PrimExpr::Int(c_.Range(0, 4))));
  }
  if (pick <= 1) {
    auto x = PickTensor([](const TensorStructInfo& t) { return IsFloat(t.dtype) || IsSignedInt(t.dtype); });
    if (x) {
      Ref<Var> s = TryEmitCall(Call::Make(Op::Get(GetOp(OpId::kSum)), {x->var},
                                          Attrs({{"axis", AttrValue()}, {"keepdims", AttrValue::Bool(false)}})));
      auto st = s ? As<TensorStructInfo>(SInfoOf(*s)) : nullptr;
      if (st) {
        Ref<Var> c = TryEmitCall(Call::Make(Op::Get(GetOp(OpId::kGreater)), {s, ScalarConst(st->dtype)}));
        if (c) {
          cov_.Add("construct:if-tensor-condition");
          return c;
        }
      }
    }
  }
  auto data = std::make_shared<TensorData>(DataType::kBool, std::vector<int64_t>{});
  data->SetInt(0, c_.Chance(50));
  return Constant::Make(data);
}

void TypedBuilder::IfElse(int depth) {
  Ref<Expr> cond = Condition();
  Saved saved = Save();
  ++if_depth_;
  // The checker assumes a prim condition in the then branch and its negation in the else
  // branch (sinfo.prove.assumptions): so does the generator, or it would emit calls whose
  // constraints never hold there.
  auto prim_cond = As<PrimValue>(cond);
  b_.BeginIf(cond);
  if (prim_cond) facts_.push_back(prim_cond->value);
  Body(static_cast<int>(c_.Range(0, 3)), depth + 1);
  Ref<StructInfo> then_s, else_s;
  Ref<Var> then_v = Result(&then_s);
  Restore(saved);
  b_.BeginElse(then_v);
  if (prim_cond) facts_.push_back(PrimExpr::Not(prim_cond->value));
  Body(static_cast<int>(c_.Range(0, 3)), depth + 1);
  Ref<Var> else_v = Result(&else_s);
  Restore(saved);
  --if_depth_;
  checker::ProofContext proofs(prover_);
  for (const auto& f : facts_) proofs.Assume(f);
  Ref<StructInfo> s = EraseHere(checker::Lub(then_s, else_s, proofs));
  Ref<Var> v = b_.EndIf(else_v, "cond" + std::to_string(next_name_++));
  pool_.push_back({v, s, -1});
  sinfo_of_[v.get()] = s;
  cov_.Add("construct:if");
  if (!StructuralEqual(then_s, else_s)) cov_.Add("construct:if-branches-differ");
}

void TypedBuilder::LocalFunction(int depth) {
  auto args = Usable([](const Slot& s) {
    auto t = As<TensorStructInfo>(s.sinfo);
    return t && t->ndim >= 0;
  });
  if (args.empty()) return RandomOp();
  std::vector<Slot> chosen = {c_.Pick(args)};
  if (c_.Chance(40)) chosen.push_back(c_.Pick(args));
  Saved saved = Save();
  bool outer_pure = pure_;
  pure_ = outer_pure || c_.Chance(60);
  b_.BeginFunction();
  b_.SetPure(pure_);
  std::vector<Ref<StructInfo>> params;
  std::vector<Ref<StructInfo>> arg_sinfo;
  std::vector<Ref<Expr>> arg_vars;
  for (const Slot& a : chosen) {
    auto t = As<TensorStructInfo>(a.sinfo);
    std::vector<Ref<PrimExpr>> dims;
    for (int i = 0; i < t->ndim; ++i) {
      Ref<PrimExpr> v = NewShapeVar("n");
      facts_.push_back(PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(0)));
      dims.push_back(v);
    }
    auto s = TensorStructInfo::MakeDims(dims, t->dtype);
    Ref<Var> p = b_.AddParam("y" + std::to_string(next_name_++), s);
    pool_.push_back({p, s});
    sinfo_of_[p.get()] = s;
    params.push_back(s);
    arg_sinfo.push_back(a.sinfo);
    arg_vars.push_back(a.var);
  }
  size_t sig_end = shape_vars_.size();
  Body(static_cast<int>(c_.Range(1, 3)), depth + 1);
  Ref<StructInfo> rs;
  Ref<Var> result = Result(&rs);
  std::unordered_set<const PrimExpr*> visible;
  for (size_t i = 0; i < sig_end; ++i) visible.insert(shape_vars_[i].get());
  Ref<StructInfo> ret = checker::Erase(
      rs, [&](const PrimExpr* v) { return visible.count(v) > 0; }, [](const Var*) { return true; });
  b_.SetReturnStructInfo(ret);
  Ref<Function> fn = b_.EndFunction(result);
  bool fn_pure = pure_;
  pure_ = outer_pure;
  Restore(saved);
  auto fs = FuncStructInfo::Make(params, ret, fn_pure);
  Ref<Var> f = Emit(fn, fs, "local");
  cov_.Add("construct:local-function");
  int calls = static_cast<int>(c_.Range(1, 2));
  for (int i = 0; i < calls; ++i) {
    Emit(Call::Make(f, arg_vars), CallResult(params, ret, arg_sinfo), "called");
    cov_.Add("construct:closure-call");
  }
}

void TypedBuilder::CallHelper() {
  std::vector<const HelperSig*> ok;
  for (const auto& h : helpers_) {
    if ((h.pure || (!pure_ && !in_dataflow()))) ok.push_back(&h);
  }
  if (ok.empty()) return RandomOp();
  const HelperSig* h = c_.Pick(ok);
  std::vector<Ref<Expr>> args;
  std::vector<Ref<StructInfo>> arg_sinfo;
  for (const auto& p : h->params) {
    if (auto pt = As<TensorStructInfo>(p)) {
      auto a = PickTensor([&](const TensorStructInfo& t) { return t.ndim == pt->ndim && t.dtype == pt->dtype; });
      if (!a) {
        // Make an argument of the parameter's rank and dtype.
        std::vector<Ref<PrimExpr>> dims;
        for (int i = 0; i < pt->ndim; ++i) dims.push_back(RandomDim(true));
        Ref<Var> made = TryEmitCall(Call::Make(Op::Get(GetOp(OpId::kOnes)), {ShapeExpr::Make(dims)},
                                               Attrs({{"dtype", AttrValue::DType(pt->dtype)}})));
        if (!made) return RandomOp();
        args.push_back(made);
        arg_sinfo.push_back(SInfoOf(*made));
        continue;
      }
      args.push_back(a->var);
      arg_sinfo.push_back(a->sinfo);
    } else {  // the recursion depth
      auto pv = PrimValue::Make(PrimExpr::Int(c_.Range(0, 3)));
      args.push_back(pv);
      arg_sinfo.push_back(PrimStructInfo::Make(DataType::kInt64, pv->value));
    }
  }
  Emit(Call::Make(GlobalVar::Make(h->name), args), CallResult(h->params, h->ret, arg_sinfo), "gcall");
  cov_.Add(h->recursive ? "construct:recursive-call" : "construct:global-call");
}

void TypedBuilder::PrintOrAssert() {
  auto values = Usable([](const Slot& s) { return s.sinfo->kind != SInfoKind::kFunc; });
  if (values.empty()) return RandomOp();
  if (c_.Chance(15)) {
    // A kill (§5.10): it ends the program's use of a value but changes nothing the program
    // computes (eval.memory), so later uses stay valid.
    static const OpId kKills[] = {OpId::kMemoryKillStorage, OpId::kMemoryKillTensor, OpId::kVMKillObject};
    const OpInfo& kill = GetOp(kKills[c_.Range(0, 2)]);
    Emit(Call::Make(Op::Get(kill), {c_.Pick(values).var}), VoidStructInfo(), "killed");
    cov_.Add("op:" + kill.name);
    return;
  }
  if (c_.Chance(60)) {
    std::vector<Ref<Expr>> args;
    int n = static_cast<int>(c_.Range(1, 2));
    std::string format;
    for (int i = 0; i < n; ++i) args.push_back(c_.Pick(values).var);
    if (c_.Chance(50)) {
      format = "values:";
      for (int i = 0; i < n; ++i) format += " {}";
    }
    args.push_back(StringImm::Make(format));
    Emit(Call::Make(Op::Get(GetOp(OpId::kPrint)), args), VoidStructInfo(), "printed");
    cov_.Add("op:print");
    return;
  }
  // An assertion that holds: a fact about extents, or a constant true.
  Ref<Expr> cond;
  if (!shape_vars_.empty() && c_.Chance(60)) {
    Ref<PrimExpr> v = c_.Pick(shape_vars_);
    bool nonneg = std::any_of(facts_.begin(), facts_.end(), [&](const Ref<PrimExpr>& f) {
      return f->kind == PrimKind::kGE && f->operands[0] == v && f->operands[1]->is_int() &&
             f->operands[1]->int_value == 0;
    });
    cond = PrimValue::Make(nonneg ? PrimExpr::Binary(PrimKind::kGE, v, PrimExpr::Int(0))
                                  : PrimExpr::Binary(PrimKind::kEQ, v, v));
  } else {
    auto data = std::make_shared<TensorData>(DataType::kBool, std::vector<int64_t>{});
    data->SetInt(0, 1);
    cond = Constant::Make(data);
  }
  std::vector<Ref<Expr>> args = {cond};
  std::string format;
  if (c_.Chance(50)) {
    args.push_back(c_.Pick(values).var);
    format = "never shown {}";
  }
  args.push_back(StringImm::Make(format));
  Emit(Call::Make(Op::Get(GetOp(OpId::kAssertOp)), args), VoidStructInfo(), "checked");
  cov_.Add("op:assert_op");
}

void TypedBuilder::PackedCall() {
  auto x = PickTensor();
  if (!x) return RandomOp();
  const char* symbol = kPackedPure[c_.Range(0, 2)];
  if (!pure_ && !in_dataflow() && c_.Chance(40)) {
    // R.call_packed: an impure call of an extern function, typed by sinfo_args.
    Emit(Call::Make(ExternFunc::Make(symbol), {x->var}, {}, {x->sinfo}), x->sinfo, "packed");
    cov_.Add("construct:call-packed");
    return;
  }
  if (TryEmitCall(Call::Make(Op::Get(GetOp(OpId::kCallPurePacked)), {ExternFunc::Make(symbol), x->var},
                             {}, {x->sinfo}),
                  "packed")) {
    cov_.Add("construct:call-pure-packed");
  }
}

// ------------------------------------------------------------------ pool

std::vector<Slot> TypedBuilder::Usable(const std::function<bool(const Slot&)>& pred) const {
  std::vector<Slot> out;
  for (const auto& s : pool_) {
    if (s.dataflow_block >= 0 && s.dataflow_block != cur_df_) continue;
    if (!pred || pred(s)) out.push_back(s);
  }
  return out;
}

std::optional<Slot> TypedBuilder::PickTensor(const std::function<bool(const TensorStructInfo&)>& pred) {
  auto c = Usable([&](const Slot& s) {
    auto t = As<TensorStructInfo>(s.sinfo);
    return t && t->dtype != DataType::kVoid && (!pred || pred(*t));
  });
  if (c.empty()) return std::nullopt;
  return c_.Pick(c);
}

Ref<Var> TypedBuilder::Emit(Ref<Expr> value, Ref<StructInfo> sinfo, const std::string& hint) {
  Ref<StructInfo> annotation = c_.Chance(15) && sinfo->kind != SInfoKind::kFunc ? sinfo : nullptr;
  Ref<Var> v = b_.Emit(std::move(value), hint + std::to_string(next_name_++), annotation);
  pool_.push_back({v, sinfo, v->is_dataflow() ? cur_df_ : -1});
  sinfo_of_[v.get()] = sinfo;
  if (annotation) cov_.Add("construct:annotated-binding");
  switch (sinfo->kind) {
    case SInfoKind::kTensor: {
      auto t = As<TensorStructInfo>(sinfo);
      cov_.Add(t->dims() ? "sinfo:tensor-shape" : t->ndim >= 0 ? "sinfo:tensor-ndim" : "sinfo:tensor-any-rank");
      if (t->dims()) {
        for (const auto& d : *t->dims()) {
          if (!d->is_int()) {
            cov_.Add(d->kind == PrimKind::kVar ? "sinfo:symbolic-dim" : "sinfo:dim-arithmetic");
          }
        }
      }
      break;
    }
    default: cov_.Add(std::string("sinfo:") + SInfoKindName(sinfo->kind)); break;
  }
  return v;
}

Ref<StructInfo> TypedBuilder::SInfoOf(const Var& v) const {
  auto it = sinfo_of_.find(&v);
  return it == sinfo_of_.end() ? nullptr : it->second;
}

bool TypedBuilder::InScope(const PrimExpr* v) const {
  for (const auto& s : shape_vars_) {
    if (s.get() == v) return true;
  }
  return false;
}

Ref<StructInfo> TypedBuilder::EraseHere(const Ref<StructInfo>& s) const {
  return checker::Erase(
      s, [this](const PrimExpr* v) { return InScope(v); }, [](const Var*) { return true; });
}

Ref<StructInfo> TypedBuilder::CallResult(const std::vector<Ref<StructInfo>>& params, const Ref<StructInfo>& ret,
                                         const std::vector<Ref<StructInfo>>& args) {
  std::vector<Ref<PrimExpr>> positions;
  for (const auto& p : params) checker::BindingPositions(p, &positions);
  std::unordered_set<const PrimExpr*> bindable;
  for (const auto& v : positions) bindable.insert(v.get());
  checker::ShapeVarMap theta;
  auto lookup = [this](const Var& v) { return SInfoOf(v); };
  for (size_t i = 0; i < params.size(); ++i) checker::BindShapeVars(params[i], args[i], lookup, bindable, &theta);
  return EraseHere(checker::Substitute(ret, theta));
}

GeneratedProgram GenerateProgram(Chooser& chooser, const ProgramOptions& options) {
  TypedBuilder b(chooser, options);
  return b.Build();
}

}  // namespace rlx::fuzz
