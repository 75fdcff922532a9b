// Compiled TIR statements (spec tir.eval.stmt.*, tir.eval.block).
#include <algorithm>

#include "ir/tir/walk.h"

#include "interpreter/tir/tir_buffer.h"
#include "interpreter/tir/tir_compile.h"

namespace rlx::interp::tir_eval {
namespace {

class SeqNode final : public StmtNode {
 public:
  explicit SeqNode(std::vector<StmtPtr> seq) : seq_(std::move(seq)) {}
  void Run(Frame& f) const override {
    for (const auto& s : seq_) s->Run(f);
  }

 private:
  std::vector<StmtPtr> seq_;
};

// A block (tir.eval.block): the iteration variables take their values (checked against their
// domains unless the compiler proved them inside), a false predicate skips the block, the
// block's buffers are allocated, T.init runs when every reduce variable is at its domain's
// minimum, then the body; the allocations end with the block.
class BlockNode final : public StmtNode {
 public:
  // The iteration variables that take a value (the others are aliases of loop variables).
  struct Iter {
    int slot = -1;
    ExprPtr value;
    ExprPtr dom_min, dom_extent;
    bool checked = true;
    std::string name;
  };
  struct ReduceVar {
    int slot;
    ExprPtr dom_min;     // null when the minimum is the constant `min`
    int64_t min = 0;
  };
  std::string name;
  std::vector<Iter> iters;
  std::vector<ReduceVar> reduce;
  ExprPtr predicate;
  std::vector<CompiledLayout> allocs;
  StmtPtr init;
  StmtPtr body;

  void Run(Frame& f) const override {
    if (!iters.empty()) BindIters(f);
    if (predicate && predicate->Int(f, 0) == 0) return;
    if (!allocs.empty()) return RunWithAllocations(f);
    RunPlain(f);
  }
  /// A block with nothing to bind, no predicate and no allocations: the loop nest around it
  /// runs it through RunPlain, without a virtual call.
  bool IsPlain() const { return iters.empty() && !predicate && allocs.empty(); }
  void RunPlain(Frame& f) const {
    if (init && IsFirstReduceIteration(f)) init->Run(f);
    body->Run(f);
  }

 private:
  [[gnu::noinline]] void BindIters(Frame& f) const {
    for (const Iter& it : iters) {
      const int64_t v = it.value->Int(f, 0);
      if (it.checked) CheckDomain(f, it, v);
      f.ints[it.slot] = v;
    }
  }
  [[gnu::noinline]] void RunWithAllocations(Frame& f) const {
    for (const auto& a : allocs) a.Allocate(f);
    if (init && IsFirstReduceIteration(f)) init->Run(f);
    body->Run(f);
    for (const auto& a : allocs) a.Release(f);
  }
  bool IsFirstReduceIteration(Frame& f) const {
    for (const ReduceVar& r : reduce) {
      if (f.ints[r.slot] != (r.dom_min ? r.dom_min->Int(f, 0) : r.min)) return false;
    }
    return true;
  }
  [[gnu::noinline]] void CheckDomain(Frame& f, const Iter& it, int64_t v) const {
    const int64_t lo = it.dom_min->Int(f, 0), n = it.dom_extent->Int(f, 0);
    if (v >= lo && static_cast<__int128>(v) - lo < n) return;
    int64_t hi = 0;
    const std::string end = __builtin_add_overflow(lo, n, &hi) ? std::to_string(lo) + " + " + std::to_string(n)
                                                                : std::to_string(hi);
    Fail(ErrorCode::kIndexOutOfBounds,
         "block '" + name + "': iteration variable '" + it.name + "' = " + std::to_string(v) +
             " is outside its domain [" + std::to_string(lo) + ", " + end + ")",
         "tir.eval.block");
  }
};

// A perfect nest of loops (each loop's body the next loop, whose start and extent do not
// depend on the nest), run as one odometer: every loop kind runs as the serial loop
// (tir.for.kind, tir.eval.for), and each loop iteration counts towards eval.limit.work
// (tir.eval.work). The element offsets of the accesses registered in the nest's plan are kept in
// frame slots: computed when the nest starts, stepped when a variable advances.
class NestNode final : public StmtNode {
 public:
  struct Level {
    int slot = -1;
    DataType dtype = DataType::kInt64;
    ExprPtr min, extent;
    // The innermost level's (offset slot, coefficient) pairs of nonzero coefficients: what one
    // iteration adds to the offsets.
    std::vector<std::pair<int, int64_t>> steps;
  };
  struct Access {
    int offset_slot;
    Affine invariant;
    std::vector<int64_t> per_level;
  };
  std::vector<Level> levels;
  std::vector<Access> accesses;
  StmtPtr body;
  const BlockNode* plain_block = nullptr;  // the body, when it is a plain block

  void Run(Frame& f) const override {
    const size_t depth = levels.size();
    int64_t lo[kMaxDepth], n[kMaxDepth];
    for (size_t l = 0; l < depth; ++l) {
      if (!Bounds(f, levels[l], &lo[l], &n[l])) return;  // an empty loop: nothing inside runs
    }
    for (size_t l = 0; l < depth; ++l) f.ints[levels[l].slot] = lo[l];
    for (const Access& a : accesses) {
      uint64_t v = a.invariant.Eval(f);
      for (size_t l = 0; l < depth; ++l) v += static_cast<uint64_t>(a.per_level[l]) * static_cast<uint64_t>(lo[l]);
      f.offsets[a.offset_slot] = static_cast<int64_t>(v);
    }
    // Work (tir.eval.work): a run of a loop counts its iterations when it starts, so a huge loop
    // ends before it runs. restart[l]: the iterations of the runs of the loops inside level l
    // that an advance of level l starts.
    int64_t restart[kMaxDepth];
    int64_t inside = 0;
    for (size_t l = depth; l-- > 0;) {
      restart[l] = inside;
      if (__builtin_add_overflow(inside, n[l], &inside)) inside = INT64_MAX;
    }
    f.CountIterations(inside);  // the first run of every loop
    const Level& inner = levels[depth - 1];
    const std::pair<int, int64_t>* steps = inner.steps.data();
    const size_t num_steps = inner.steps.size();
    int64_t* offsets = f.offsets.data();
    int64_t* inner_var = &f.ints[inner.slot];
    const int64_t inner_n = n[depth - 1];
    // carry[l * num_accesses + i]: how access i's offset moves when level l advances and the
    // levels inside it restart (from their last values to their first).
    const size_t num_accesses = accesses.size();
    int64_t carry_on_stack[256];
    std::vector<int64_t> carry_on_heap;
    int64_t* carry = carry_on_stack;
    if (depth * num_accesses > 256) {
      carry_on_heap.resize(depth * num_accesses);
      carry = carry_on_heap.data();
    }
    for (size_t l = 0; l + 1 < depth; ++l) {
      for (size_t i = 0; i < num_accesses; ++i) {
        uint64_t d = static_cast<uint64_t>(accesses[i].per_level[l]);
        for (size_t m = l + 1; m < depth; ++m) {
          d -= static_cast<uint64_t>(accesses[i].per_level[m]) * static_cast<uint64_t>(n[m] - 1);
        }
        carry[l * num_accesses + i] = static_cast<int64_t>(d);
      }
    }
    int64_t since_time_check = 0;
    for (;;) {
      // The innermost loop, tight; the embedder's time limit (eval.limit.time) is checked every
      // Frame::kWorkBatch iterations.
      for (int64_t k = 1;; ++k) {
        if (plain_block) plain_block->RunPlain(f);
        else body->Run(f);
        if (k == inner_n) break;
        ++*inner_var;
        for (size_t s = 0; s < num_steps; ++s) offsets[steps[s].first] += steps[s].second;
        if (++since_time_check == Frame::kWorkBatch) {
          since_time_check = 0;
          f.ctx->ChargeWork(0);
        }
      }
      // Carry: the innermost loop is done; advance the innermost level that has iterations
      // left, restart the levels inside it, and move every offset by that level's carry delta.
      size_t l = depth - 1;
      for (;;) {
        if (l == 0) return;
        --l;
        if (++f.ints[levels[l].slot] - lo[l] < n[l]) break;
      }
      for (size_t m = l + 1; m < depth; ++m) f.ints[levels[m].slot] = lo[m];
      const int64_t* delta = carry + l * num_accesses;
      for (size_t i = 0; i < num_accesses; ++i) offsets[accesses[i].offset_slot] += delta[i];
      f.CountIterations(restart[l]);
    }
  }
  static constexpr size_t kMaxDepth = 16;

 private:
  // The loop's start and extent; false for an empty loop. The variable takes min, ...,
  // min + extent - 1, which must be values of its dtype.
  static bool Bounds(Frame& f, const Level& level, int64_t* lo, int64_t* n) {
    *lo = level.min->Int(f, 0);
    *n = level.extent->Int(f, 0);
    if (*n <= 0) return false;
    int64_t last = 0;
    if (__builtin_add_overflow(*lo, *n - 1, &last) || WrapToDType(level.dtype, static_cast<uint64_t>(last)) != last) {
      Fail(ErrorCode::kInvalidValue,
           "a loop from " + std::to_string(*lo) + " with extent " + std::to_string(*n) + " leaves its variable's dtype " +
               std::string(DataTypeName(level.dtype)),
           "tir.eval.for");
    }
    return true;
  }
};

class LetStmtNode final : public StmtNode {
 public:
  LetStmtNode(bool is_float, int slot, ExprPtr value, StmtPtr body)
      : is_float_(is_float), slot_(slot), value_(std::move(value)), body_(std::move(body)) {}
  void Run(Frame& f) const override {
    if (is_float_) f.floats[slot_] = value_->Float(f, 0);
    else f.ints[slot_] = value_->Int(f, 0);
    body_->Run(f);
  }

 private:
  bool is_float_;
  int slot_;
  ExprPtr value_;
  StmtPtr body_;
};

class IfNode final : public StmtNode {
 public:
  IfNode(ExprPtr cond, StmtPtr then_case, StmtPtr else_case)
      : cond_(std::move(cond)), then_(std::move(then_case)), else_(std::move(else_case)) {}
  void Run(Frame& f) const override {
    if (cond_->Int(f, 0) != 0) then_->Run(f);
    else if (else_) else_->Run(f);
  }

 private:
  ExprPtr cond_;
  StmtPtr then_, else_;
};

// T.evaluate(e): e's lanes are evaluated for their traps; the values are dropped.
class EvaluateNode final : public StmtNode {
 public:
  EvaluateNode(ExprPtr e, int lanes) : e_(std::move(e)), lanes_(lanes) {}
  void Run(Frame& f) const override {
    for (int lane = 0; lane < lanes_; ++lane) {
      if (IsFloat(e_->dtype)) (void)e_->Float(f, lane);
      else (void)e_->Int(f, lane);
    }
  }

 private:
  ExprPtr e_;
  int lanes_;
};


class AssertNode final : public StmtNode {
 public:
  AssertNode(ExprPtr cond, std::string message)
      : cond_(std::move(cond)), code_(tir::AssertTrapCode(message)), message_(std::move(message)) {}
  void Run(Frame& f) const override {
    // tir.eval.assert
    if (cond_->Int(f, 0) == 0) Fail(code_, message_, "tir.eval.assert");
  }

 private:
  ExprPtr cond_;
  ErrorCode code_;
  std::string message_;
};

// A fresh zero-filled buffer for the body (T.decl_buffer), released after it.
class DeclBufferNode final : public StmtNode {
 public:
  DeclBufferNode(CompiledLayout layout, StmtPtr body) : layout_(std::move(layout)), body_(std::move(body)) {}
  void Run(Frame& f) const override {
    layout_.Allocate(f);
    body_->Run(f);
    layout_.Release(f);
  }

 private:
  CompiledLayout layout_;
  StmtPtr body_;
};

// The range of a loop variable over [min, min + extent), when the scope bounds both.
Interval LoopRange(const tir::For& loop, const Scope& scope) {
  const Interval m = scope.Bound(*loop.min), n = scope.Bound(*loop.extent);
  if (!m.known || !n.known || n.hi < 1) return {};
  const __int128 hi = static_cast<__int128>(m.hi) + n.hi - 1;
  if (hi > INT32_MAX && loop.var->dtype != DataType::kInt64) return {};
  if (hi > INT64_MAX) return {};
  return Interval::Of(m.lo, static_cast<int64_t>(hi));
}

ExprPtr CompileInteger(const PrimExpr& e, Scope& scope, const char* what) {
  ExprPtr c = CompileExpr(e, scope);
  if (!IsInteger(c->dtype)) IllFormed(std::string(what) + " is not an integer", "tir.eval.ill-formed");
  return c;
}

ExprPtr CompileCondition(const PrimExpr& e, Scope& scope, const char* what) {
  ExprPtr c = CompileExpr(e, scope);
  if (c->dtype != DataType::kBool) IllFormed(std::string(what) + " is not a bool", "tir.eval.ill-formed");
  return c;
}


StmtPtr CompileFor(const tir::For& outer, Scope& scope) {
  std::vector<const tir::For*> chain = {&outer};
  std::vector<const PrimExpr*> vars = {outer.var.get()};
  while (scope.optimize() && chain.size() < NestNode::kMaxDepth) {
    auto inner = tir::As<tir::For>(chain.back()->body);
    if (!inner || tir::ReadsBufferOrUses(inner->min, vars) || tir::ReadsBufferOrUses(inner->extent, vars)) break;
    chain.push_back(inner.get());
    vars.push_back(inner->var.get());
  }
  auto node = std::make_unique<NestNode>();
  NestPlan plan;
  plan.first_inner_slot = scope.num_ints();
  for (const tir::For* loop : chain) {
    if (!IsInteger(loop->var->dtype)) IllFormed("loop variable '" + loop->var->name + "' is not an integer", "tir.eval.ill-formed");
    NestNode::Level level;
    level.dtype = loop->var->dtype;
    level.min = CompileInteger(*loop->min, scope, "a loop's start");
    level.extent = CompileInteger(*loop->extent, scope, "a loop's extent");
    level.slot = scope.Define(*loop->var, LoopRange(*loop, scope));
    plan.level_slots.push_back(level.slot);
    node->levels.push_back(std::move(level));
  }
  NestPlan* enclosing = scope.SetNest(&plan);
  node->body = CompileStmt(*chain.back()->body, scope);
  if (chain.back()->body->kind == tir::StmtKind::kBlock) {
    const auto* block = static_cast<const BlockNode*>(node->body.get());
    if (block->IsPlain()) node->plain_block = block;
  }
  scope.SetNest(enclosing);
  for (const tir::For* loop : chain) scope.Undefine(*loop->var);
  for (const NestPlan::Access& a : plan.accesses) {
    NestNode::Access access{a.offset_slot, a.invariant, {}};
    for (size_t l = 0; l < a.per_level.size(); ++l) {
      const int64_t c = static_cast<int64_t>(a.per_level[l]);
      access.per_level.push_back(c);
      if (c != 0 && l + 1 == a.per_level.size()) node->levels[l].steps.emplace_back(a.offset_slot, c);
    }
    node->accesses.push_back(std::move(access));
  }
  return node;
}

StmtPtr CompileLet(const tir::LetStmt& let, Scope& scope) {
  ExprPtr value = CompileExpr(*let.value, scope);
  if (value->dtype != let.var->dtype || let.value->lanes != 1) {
    IllFormed("let '" + let.var->name + "': the value is not a scalar of the variable's dtype", "tir.eval.ill-formed");
  }
  const int slot = scope.Define(*let.var, scope.Bound(*let.value));
  StmtPtr body = CompileStmt(*let.body, scope);
  scope.Undefine(*let.var);
  return std::make_unique<LetStmtNode>(IsFloat(let.var->dtype), slot, std::move(value), std::move(body));
}

// Binds one iteration variable: an alias of its loop variable when the value is that variable
// and its range lies in the domain, else a slot assigned (and checked) at each execution.
void CompileIter(const tir::IterVar& iv, const PrimExpr& value, Scope& scope, BlockNode& block) {
  BlockNode::Iter it;
  it.name = iv.var->name;
  it.dom_min = CompileInteger(*iv.dom.min, scope, "a block domain's start");
  it.dom_extent = CompileInteger(*iv.dom.extent, scope, "a block domain's extent");
  const Interval lo = scope.Bound(*iv.dom.min), n = scope.Bound(*iv.dom.extent);
  Interval dom;
  if (lo.known && n.known && lo.lo == lo.hi && n.lo == n.hi && n.lo >= 1) dom = Interval::Of(lo.lo, lo.lo + n.lo - 1);
  const Interval range = scope.Bound(value);
  const bool proven = dom.known && range.Within(dom.lo, dom.hi);
  const bool alias = proven && value.is_var() && !IsFloat(value.dtype);
  if (alias) {
    scope.Alias(*iv.var, scope.Lookup(value).slot, range);
  } else {
    it.value = CompileInteger(value, scope, "a block iteration value");
    it.checked = !proven;
    it.slot = scope.Define(*iv.var, proven ? range : dom);
  }
  if (iv.kind == tir::IterKind::kReduce) {
    BlockNode::ReduceVar r{scope.Lookup(*iv.var).slot, nullptr, 0};
    if (iv.dom.min->is_int()) r.min = iv.dom.min->int_value;
    else r.dom_min = CompileInteger(*iv.dom.min, scope, "a block domain's start");
    block.reduce.push_back(std::move(r));
  }
  if (!alias) block.iters.push_back(std::move(it));
}

StmtPtr CompileBlock(const tir::Block& b, Scope& scope) {
  if (b.iter_values.size() != b.iter_vars.size()) {
    IllFormed("block '" + b.name + "' binds " + std::to_string(b.iter_values.size()) + " values to " +
                  std::to_string(b.iter_vars.size()) + " iteration variables",
              "tir.eval.ill-formed");
  }
  auto node = std::make_unique<BlockNode>();
  node->name = b.name;
  for (size_t i = 0; i < b.iter_vars.size(); ++i) CompileIter(b.iter_vars[i], *b.iter_values[i], scope, *node);
  if (b.predicate) node->predicate = CompileCondition(*b.predicate, scope, "a block predicate");
  for (const auto& buf : b.alloc_buffers) node->allocs.push_back(CompileLayout(*buf, scope));
  const size_t facts = b.predicate ? scope.Assume(*b.predicate) : 0;  // the block runs where it holds
  if (b.init) node->init = CompileStmt(*b.init, scope);
  node->body = CompileStmt(*b.body, scope);
  if (b.predicate) scope.ForgetFacts(facts);
  for (const auto& buf : b.alloc_buffers) scope.UndefineBuffer(*buf);
  for (const auto& iv : b.iter_vars) scope.Undefine(*iv.var);
  return node;
}

StmtPtr CompileDeclBuffer(const tir::DeclBuffer& d, Scope& scope) {
  CompiledLayout layout = CompileLayout(*d.buffer, scope);
  StmtPtr body = CompileStmt(*d.body, scope);
  scope.UndefineBuffer(*d.buffer);
  return std::make_unique<DeclBufferNode>(std::move(layout), std::move(body));
}

}  // namespace

StmtPtr CompileStmt(const tir::Stmt& s, Scope& scope) {
  switch (s.kind) {
    case tir::StmtKind::kSeq: {
      std::vector<StmtPtr> seq;
      for (const auto& c : static_cast<const tir::SeqStmt&>(s).seq) seq.push_back(CompileStmt(*c, scope));
      return std::make_unique<SeqNode>(std::move(seq));
    }
    case tir::StmtKind::kFor: return CompileFor(static_cast<const tir::For&>(s), scope);
    case tir::StmtKind::kBufferStore: return CompileStore(static_cast<const tir::BufferStore&>(s), scope);
    case tir::StmtKind::kLetStmt: return CompileLet(static_cast<const tir::LetStmt&>(s), scope);
    case tir::StmtKind::kIfThenElse: {
      const auto& i = static_cast<const tir::IfThenElse&>(s);
      ExprPtr cond = CompileCondition(*i.cond, scope, "an if condition");
      const size_t facts = scope.Assume(*i.cond);
      StmtPtr then_case = CompileStmt(*i.then_case, scope);
      scope.ForgetFacts(facts);
      StmtPtr else_case = i.else_case ? CompileStmt(*i.else_case, scope) : nullptr;
      return std::make_unique<IfNode>(std::move(cond), std::move(then_case), std::move(else_case));
    }
    case tir::StmtKind::kEvaluate: {
      const auto& e = static_cast<const tir::Evaluate&>(s);
      return std::make_unique<EvaluateNode>(CompileExpr(*e.value, scope), e.value->lanes);
    }
    case tir::StmtKind::kAssert: {
      const auto& a = static_cast<const tir::AssertStmt&>(s);
      return std::make_unique<AssertNode>(CompileCondition(*a.cond, scope, "an assert condition"), a.message);
    }
    case tir::StmtKind::kDeclBuffer: return CompileDeclBuffer(static_cast<const tir::DeclBuffer&>(s), scope);
    case tir::StmtKind::kBlock: return CompileBlock(static_cast<const tir::Block&>(s), scope);
  }
  IllFormed("an unknown TIR statement", "tir.eval.ill-formed");
}

}  // namespace rlx::interp::tir_eval
