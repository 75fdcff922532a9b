// simplify-tir (pass.simplify-tir): TVM's tir.Simplify with rlx's shape prover. Integer
// arithmetic on constants is folded, the identities x + 0, x - 0, x * 1 and x // 1 dropped, and
// the conditions the prover decides from what holds where they are — the ranges of the enclosing
// loops and block variables, let bindings, the conditions of enclosing ifs — are replaced by their
// answer: branches that cannot run go, asserts that cannot fail go, min and max of ordered
// operands pick one. Loops of one iteration become lets.
//
// The prover reasons over mathematical integers (sinfo.prove.definedness); TIR integers wrap
// (tir.eval.num). So a condition is only decided when it cannot trap and none of its integer
// sub-expressions can leave its dtype, by interval arithmetic over the constant ranges known
// (its variables otherwise range over their whole dtype).
#include "compiler/tir/simplify_tir.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "checker/prover/prover.h"
#include "ir/tir/int_ranges.h"
#include "compiler/tir/map_prim_funcs.h"
#include "ir/analysis/prim_eval.h"
#include "ir/dtype.h"

namespace rlx::compiler {
namespace {

using tir::Interval;
using tir::IntRanges;
using tir::StmtKind;

Ref<PrimExpr> Bool(bool v) { return PrimExpr::Int(v ? 1 : 0, DataType::kBool); }

// A statement that does nothing: what a branch that cannot run leaves.
Ref<tir::Stmt> Nop(Span span) { return tir::Evaluate::Make(PrimExpr::Int(0, DataType::kInt32), span); }
bool IsNop(const Ref<tir::Stmt>& s) {
  auto ev = tir::As<tir::Evaluate>(s);
  return ev && ev->value->is_int();
}

bool IsIntImm(const Ref<PrimExpr>& e, int64_t v) { return e->is_int() && e->int_value == v; }

// Evaluating `e` cannot trap: no load, no call, no division or remainder but by a nonzero
// constant (integer arithmetic wraps, float arithmetic does not trap).
bool CannotTrap(const PrimExpr& e) {
  switch (e.kind) {
    case PrimKind::kBufferLoad:
    case PrimKind::kCall:
    case PrimKind::kLet: return false;
    case PrimKind::kFloorDiv:
    case PrimKind::kFloorMod:
    case PrimKind::kTruncDiv:
    case PrimKind::kTruncMod:
      if (!IsFloat(e.dtype) && !(e.operands[1]->is_int() && e.operands[1]->int_value != 0)) return false;
      break;
    default: break;
  }
  for (int i = 0; i < e.arity(); ++i) {
    if (e.operands[i] && !CannotTrap(*e.operands[i])) return false;
  }
  return true;
}

class TirSimplifier {
 public:
  Ref<tir::Stmt> Stmt(const Ref<tir::Stmt>& s);
  Ref<PrimExpr> Expr(const Ref<PrimExpr>& e);

 private:
  std::optional<bool> Decide(const Ref<PrimExpr>& cond);
  std::vector<Ref<PrimExpr>> RelevantFacts(const Ref<PrimExpr>& cond) const;
  std::optional<bool> ByIntervals(const PrimExpr& e) const;
  std::optional<Interval> RangeOf(const PrimExpr& e) const { return ranges_.RangeOf(e); }
  Ref<PrimExpr> Fold(const Ref<PrimExpr>& e);
  Ref<PrimExpr> Operands(const Ref<PrimExpr>& e);
  Ref<tir::Stmt> For(const tir::For& loop, const Ref<tir::Stmt>& s);
  Ref<tir::Stmt> Block(const tir::Block& blk, const Ref<tir::Stmt>& s);
  Ref<tir::Stmt> If(const tir::IfThenElse& branch, const Ref<tir::Stmt>& s);
  // What holds inside a loop, block variable or let: facts pushed, ranges recorded.
  void KnowRange(const Ref<PrimExpr>& var, const Ref<PrimExpr>& min, const Ref<PrimExpr>& extent);
  void Know(const Ref<PrimExpr>& fact) {
    if (CannotTrap(*fact)) facts_.push_back(fact);
  }

  // The prover's fast stages only (constants, the polynomial normal form, concrete valuations):
  // the conditions of lowered loop nests are decided there or not at all, and a pass that runs
  // at every compile must not spend Z3's time on the many it leaves alone.
  prover::Prover prover_{[] {
    prover::ProverOptions o;
    o.use_z3 = false;
    o.evaluations = 32;
    return o;
  }()};
  std::vector<Ref<PrimExpr>> facts_;
  IntRanges ranges_;
  // Variables bound to an integer constant (by a let, or a loop of one iteration): replaced by it.
  std::unordered_map<const PrimExpr*, Ref<PrimExpr>> constants_;
  int branch_facts_ = 0;  // enclosing if conditions and block predicates
};

// True or false when the prover decides `cond` from the facts, `cond` cannot trap, and none of
// its integer sub-expressions can wrap.
std::optional<bool> TirSimplifier::Decide(const Ref<PrimExpr>& cond) {
  if (cond->is_int()) return cond->int_value != 0;
  if (cond->dtype != DataType::kBool || !CannotTrap(*cond) || !RangeOf(*cond)) return std::nullopt;
  if (auto c = ByIntervals(*cond)) return c;
  // Every variable of constant range and the intervals undecided: the condition depends on where
  // it is evaluated (the border guard of a padded window), and the prover would only find the
  // counterexample the intervals suggest, at a cost every compile pays.
  // (Unless an enclosing condition says more than the ranges.)
  bool symbolic = branch_facts_ > 0;
  for (const auto& v : prover::FreeVars({cond})) symbolic |= !ranges_.Has(v.get());
  if (!symbolic) return std::nullopt;
  const std::vector<Ref<PrimExpr>> facts = RelevantFacts(cond);
  if (prover_.Prove(facts, cond).answer == prover::Answer::kProven) return true;
  if (prover_.Prove(facts, PrimExpr::Not(cond)).answer == prover::Answer::kProven) return false;
  return std::nullopt;
}

// A comparison whose sides' intervals do not overlap (or touch, as the comparison needs), and
// the logic of such comparisons.
std::optional<bool> TirSimplifier::ByIntervals(const PrimExpr& e) const {
  switch (e.kind) {
    case PrimKind::kNot: {
      auto a = ByIntervals(*e.operands[0]);
      return a ? std::optional<bool>(!*a) : std::nullopt;
    }
    case PrimKind::kAnd:
    case PrimKind::kOr: {
      auto a = ByIntervals(*e.operands[0]), b = ByIntervals(*e.operands[1]);
      const bool is_and = e.kind == PrimKind::kAnd;
      if ((a && *a != is_and) || (b && *b != is_and)) return !is_and;  // false and _, true or _
      if (a && b) return is_and;
      return std::nullopt;
    }
    default: break;
  }
  if (!IsComparisonKind(e.kind)) return std::nullopt;
  auto a = RangeOf(*e.operands[0]), b = RangeOf(*e.operands[1]);
  if (!a || !b) return std::nullopt;
  switch (e.kind) {
    case PrimKind::kLT:
      if (a->hi < b->lo) return true;
      if (a->lo >= b->hi) return false;
      return std::nullopt;
    case PrimKind::kLE:
      if (a->hi <= b->lo) return true;
      if (a->lo > b->hi) return false;
      return std::nullopt;
    case PrimKind::kGT:
      if (a->lo > b->hi) return true;
      if (a->hi <= b->lo) return false;
      return std::nullopt;
    case PrimKind::kGE:
      if (a->lo >= b->hi) return true;
      if (a->hi < b->lo) return false;
      return std::nullopt;
    case PrimKind::kEQ:
    case PrimKind::kNE: {
      const bool eq = e.kind == PrimKind::kEQ;
      if (a->hi < b->lo || b->hi < a->lo) return !eq;
      if (a->lo == a->hi && b->lo == b->hi) return eq == (a->lo == b->lo);
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

// The facts that mention the condition's variables, or the variables of such facts, and so on:
// the others cannot bear on it, and the prover's time grows with every fact it is given.
std::vector<Ref<PrimExpr>> TirSimplifier::RelevantFacts(const Ref<PrimExpr>& cond) const {
  std::unordered_set<const PrimExpr*> vars;
  for (const auto& v : prover::FreeVars({cond})) vars.insert(v.get());
  std::vector<std::vector<Ref<PrimExpr>>> fact_vars;
  for (const auto& f : facts_) fact_vars.push_back(prover::FreeVars({f}));
  std::vector<bool> taken(facts_.size(), false);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < facts_.size(); ++i) {
      if (taken[i]) continue;
      bool touches = false;
      for (const auto& v : fact_vars[i]) touches |= vars.count(v.get()) > 0;
      if (!touches) continue;
      taken[i] = grew = true;
      for (const auto& v : fact_vars[i]) vars.insert(v.get());
    }
  }
  std::vector<Ref<PrimExpr>> out;
  for (size_t i = 0; i < facts_.size(); ++i) {
    if (taken[i]) out.push_back(facts_[i]);
  }
  return out;
}

// `e` with its operands (and call arguments, load indices) simplified.
Ref<PrimExpr> TirSimplifier::Operands(const Ref<PrimExpr>& e) {
  if (e->kind == PrimKind::kCall || e->kind == PrimKind::kBufferLoad) {
    std::vector<Ref<PrimExpr>> args;
    bool changed = false;
    for (const auto& a : e->args) {
      args.push_back(Expr(a));
      changed |= args.back() != a;
    }
    if (!changed) return e;
    return e->kind == PrimKind::kCall ? PrimExpr::Call(e->intrinsic, std::move(args), e->span)
                                      : PrimExpr::Load(e->buffer, std::move(args), e->span);
  }
  if (e->kind == PrimKind::kLet) return e;  // a let's body sees its variable: left as written
  Ref<PrimExpr> ops[3];
  bool changed = false;
  for (int i = 0; i < e->arity(); ++i) {
    ops[i] = e->operands[i] ? Expr(e->operands[i]) : nullptr;
    changed |= ops[i] != e->operands[i];
  }
  return changed ? PrimExpr::WithOperands(*e, ops[0], ops[1], ops[2]) : e;
}

// Constants folded and identities dropped at the top of `e` (its operands already simplified).
Ref<PrimExpr> TirSimplifier::Fold(const Ref<PrimExpr>& e) {
  if (!IsInteger(e->dtype) || e->lanes != 1 || e->arity() != 2) return e;
  const Ref<PrimExpr>& a = e->operands[0];
  const Ref<PrimExpr>& b = e->operands[1];
  if (a->is_int() && b->is_int() && IsArithmeticKind(e->kind)) {
    PrimEvalError error = PrimEvalError::kNone;
    // EvalPrim refuses an overflow (TIR would wrap) and a division by zero (a trap): both stay.
    if (auto v = EvalPrim(*e, {}, &error)) return PrimExpr::Int(*v, e->dtype, e->span);
    return e;
  }
  switch (e->kind) {
    case PrimKind::kAdd: return IsIntImm(b, 0) ? a : IsIntImm(a, 0) ? b : e;
    case PrimKind::kSub: return IsIntImm(b, 0) ? a : e;
    case PrimKind::kMul: return IsIntImm(b, 1) ? a : IsIntImm(a, 1) ? b : e;
    case PrimKind::kFloorDiv:
    case PrimKind::kTruncDiv: return IsIntImm(b, 1) ? a : e;
    case PrimKind::kMin:
    case PrimKind::kMax: {
      // min(a, b) is a when a <= b; b, which is then not evaluated, must not trap.
      const bool is_min = e->kind == PrimKind::kMin;
      if (CannotTrap(*b) && Decide(PrimExpr::Binary(is_min ? PrimKind::kLE : PrimKind::kGE, a, b)) == true) return a;
      if (CannotTrap(*a) && Decide(PrimExpr::Binary(is_min ? PrimKind::kLE : PrimKind::kGE, b, a)) == true) return b;
      return e;
    }
    default: return e;
  }
}

Ref<PrimExpr> TirSimplifier::Expr(const Ref<PrimExpr>& e) {
  if (e->is_var()) {
    auto it = constants_.find(e.get());
    return it != constants_.end() ? it->second : e;
  }
  Ref<PrimExpr> s = Operands(e);
  if (s->kind == PrimKind::kSelect) {
    // T.Select evaluates both arms: the one dropped must not trap.
    if (auto c = Decide(s->operands[0]); c && CannotTrap(*s->operands[*c ? 2 : 1])) return s->operands[*c ? 1 : 2];
  }
  if (s->kind == PrimKind::kCast && s->operands[0]->is_int() && IsInteger(s->dtype) && IsSignedInt(s->operands[0]->dtype) &&
      FitsDataType(s->dtype, s->operands[0]->int_value)) {
    return PrimExpr::Int(s->operands[0]->int_value, s->dtype, s->span);  // the value, unchanged
  }
  if (s->kind == PrimKind::kCall && s->intrinsic == tir::Intrinsic::kIfThenElse && s->args.size() == 3) {
    if (auto c = Decide(s->args[0])) return *c ? s->args[1] : s->args[2];  // the other is never evaluated
  }
  return Fold(s);
}

void TirSimplifier::KnowRange(const Ref<PrimExpr>& var, const Ref<PrimExpr>& min, const Ref<PrimExpr>& extent) {
  if (!CannotTrap(*min) || !CannotTrap(*extent) || var->dtype != min->dtype || var->dtype != extent->dtype) return;
  // Where the variable has a value, extent > 0 and min + extent - 1 did not overflow
  // (tir.eval.for, tir.eval.block): the facts hold over the mathematical integers.
  const Ref<PrimExpr> zero = PrimExpr::Int(0, extent->dtype), one = PrimExpr::Int(1, extent->dtype);
  Know(PrimExpr::Binary(PrimKind::kGT, extent, zero));
  Know(PrimExpr::Binary(PrimKind::kLE, min, var));
  Know(PrimExpr::Binary(PrimKind::kLE, var, PrimExpr::Binary(PrimKind::kAdd, min, PrimExpr::Binary(PrimKind::kSub, extent, one))));
  if (min->is_int() && extent->is_int() && extent->int_value > 0) {
    ranges_.SetLoop(var.get(), min->int_value, extent->int_value);
  }
}

Ref<tir::Stmt> TirSimplifier::For(const tir::For& loop, const Ref<tir::Stmt>& s) {
  Ref<PrimExpr> min = Expr(loop.min), extent = Expr(loop.extent);
  const bool plain = loop.for_kind == tir::ForKind::kSerial || loop.for_kind == tir::ForKind::kUnrolled;
  // One iteration: the variable bound once (a let of the start, which cannot trap; a constant
  // start replaces the variable).
  if (plain && IsIntImm(extent, 1) && CannotTrap(*min) && loop.var->dtype == min->dtype && loop.annotations.empty()) {
    return Stmt(tir::LetStmt::Make(loop.var, min, loop.body, s->span));
  }
  const size_t facts = facts_.size();
  KnowRange(loop.var, min, extent);
  Ref<tir::Stmt> body = Stmt(loop.body);
  facts_.resize(facts);
  if (min == loop.min && extent == loop.extent && body == loop.body) return s;
  return tir::For::Make(loop.var, min, extent, loop.for_kind, body, loop.thread_tag, loop.annotations, s->span);
}

Ref<tir::Stmt> TirSimplifier::Block(const tir::Block& blk, const Ref<tir::Stmt>& s) {
  tir::Block copy = blk;
  bool changed = false;
  for (auto& v : copy.iter_values) {
    Ref<PrimExpr> w = Expr(v);
    changed |= w != v;
    v = w;
  }
  const size_t facts = facts_.size();
  // Past the binding, each variable is its value and inside its domain (tir.eval.block).
  for (size_t i = 0; i < copy.iter_vars.size() && i < copy.iter_values.size(); ++i) {
    const tir::IterVar& iv = copy.iter_vars[i];
    KnowRange(iv.var, iv.dom.min, iv.dom.extent);
    if (copy.iter_values[i]->dtype == iv.var->dtype) Know(PrimExpr::Binary(PrimKind::kEQ, iv.var, copy.iter_values[i]));
  }
  if (copy.predicate) {
    Ref<PrimExpr> p = Expr(copy.predicate);
    if (Decide(p) == true) p = Bool(true);
    changed |= p != copy.predicate;
    copy.predicate = IsIntImm(p, 1) ? nullptr : p;
    if (copy.predicate) Know(copy.predicate);
  }
  branch_facts_ += copy.predicate ? 1 : 0;
  if (copy.init) {
    Ref<tir::Stmt> init = Stmt(copy.init);
    changed |= init != copy.init;
    copy.init = init;
  }
  Ref<tir::Stmt> body = Stmt(copy.body);
  facts_.resize(facts);
  branch_facts_ -= copy.predicate ? 1 : 0;
  changed |= body != copy.body;
  copy.body = body;
  return changed ? tir::Block::MakeFull(std::move(copy)) : s;
}

Ref<tir::Stmt> TirSimplifier::If(const tir::IfThenElse& branch, const Ref<tir::Stmt>& s) {
  Ref<PrimExpr> cond = Expr(branch.cond);
  if (auto c = Decide(cond)) {
    if (*c) return Stmt(branch.then_case);
    return branch.else_case ? Stmt(branch.else_case) : Nop(s->span);
  }
  const size_t facts = facts_.size();
  ++branch_facts_;
  Know(cond);
  Ref<tir::Stmt> then_case = Stmt(branch.then_case);
  facts_.resize(facts);
  Ref<tir::Stmt> else_case;
  if (branch.else_case) {
    Know(PrimExpr::Not(cond));
    else_case = Stmt(branch.else_case);
    facts_.resize(facts);
  }
  --branch_facts_;
  if (cond == branch.cond && then_case == branch.then_case && else_case == branch.else_case) return s;
  return tir::IfThenElse::Make(cond, then_case, else_case, s->span);
}

Ref<tir::Stmt> TirSimplifier::Stmt(const Ref<tir::Stmt>& s) {
  switch (s->kind) {
    case StmtKind::kSeq: {
      std::vector<Ref<tir::Stmt>> seq;
      bool changed = false;
      for (const auto& c : static_cast<const tir::SeqStmt&>(*s).seq) {
        Ref<tir::Stmt> d = Stmt(c);
        changed |= d != c;
        if (IsNop(d) && !IsNop(c)) continue;  // a branch that cannot run, an assert that cannot fail
        seq.push_back(d);
      }
      if (!changed) return s;
      if (seq.empty()) return Nop(s->span);
      return seq.size() == 1 ? seq[0] : tir::SeqStmt::Make(std::move(seq), s->span);
    }
    case StmtKind::kFor: return For(static_cast<const tir::For&>(*s), s);
    case StmtKind::kBlock: return Block(static_cast<const tir::Block&>(*s), s);
    case StmtKind::kIfThenElse: return If(static_cast<const tir::IfThenElse&>(*s), s);
    case StmtKind::kBufferStore: {
      const auto& store = static_cast<const tir::BufferStore&>(*s);
      Ref<PrimExpr> value = Expr(store.value);
      std::vector<Ref<PrimExpr>> indices;
      bool changed = value != store.value;
      for (const auto& i : store.indices) {
        indices.push_back(Expr(i));
        changed |= indices.back() != i;
      }
      return changed ? tir::BufferStore::Make(store.buffer, value, std::move(indices), s->span) : s;
    }
    case StmtKind::kLetStmt: {
      const auto& let = static_cast<const tir::LetStmt&>(*s);
      Ref<PrimExpr> value = Expr(let.value);
      // A constant replaces the variable in every expression (the let stays: a buffer's shape
      // or a block's region may name the variable).
      if (value->is_int() && value->dtype == let.var->dtype) constants_[let.var.get()] = value;
      const size_t facts = facts_.size();
      if (value->dtype == let.var->dtype) Know(PrimExpr::Binary(PrimKind::kEQ, let.var, value));
      if (auto r = RangeOf(*value); r && IsInteger(value->dtype) && CannotTrap(*value)) ranges_.Set(let.var.get(), *r);
      Ref<tir::Stmt> body = Stmt(let.body);
      facts_.resize(facts);
      return value == let.value && body == let.body ? s : tir::LetStmt::Make(let.var, value, body, s->span);
    }
    case StmtKind::kAssert: {
      const auto& a = static_cast<const tir::AssertStmt&>(*s);
      Ref<PrimExpr> cond = Expr(a.cond);
      if (Decide(cond) == true) return Nop(s->span);  // cannot fail
      return cond == a.cond ? s : tir::AssertStmt::Make(cond, a.message, s->span);
    }
    case StmtKind::kEvaluate: {
      const auto& ev = static_cast<const tir::Evaluate&>(*s);
      Ref<PrimExpr> value = Expr(ev.value);
      return value == ev.value ? s : tir::Evaluate::Make(value, s->span);
    }
    case StmtKind::kDeclBuffer: {
      const auto& decl = static_cast<const tir::DeclBuffer&>(*s);
      Ref<tir::Stmt> body = Stmt(decl.body);
      return body == decl.body ? s : tir::DeclBuffer::Make(decl.buffer, body, s->span);
    }
  }
  return s;
}

}  // namespace

Ref<tir::PrimFunc> SimplifyTir(const Ref<tir::PrimFunc>& f) {
  TirSimplifier simplifier;
  Ref<tir::Stmt> body = simplifier.Stmt(f->body);
  return body == f->body ? f : tir::PrimFunc::Make(f->params, body, f->attrs, f->span);
}

Ref<IRModule> SimplifyTir(const Ref<IRModule>& m) {
  return MapPrimFuncs(m, [](const Ref<tir::PrimFunc>& f) { return SimplifyTir(f); });
}

}  // namespace rlx::compiler
