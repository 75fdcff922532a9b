#include "fuzz/generators/random_prim_func.h"

#include <algorithm>
#include <vector>

#include "ir/tir/walk.h"

namespace rlx::fuzz {
namespace {

const std::vector<std::string> kNames = {"i", "j", "k", "v", "x", "A", "B", "T_add", "n", "T", "if"};
const std::vector<DataType> kIndexTypes = {DataType::kInt32, DataType::kInt64};
const std::vector<DataType> kFloatTypes = {DataType::kFloat32, DataType::kFloat16, DataType::kFloat64};
const std::vector<DataType> kIntTypes = {DataType::kInt32, DataType::kInt64, DataType::kInt8,
                                         DataType::kUInt8};

class PrimFuncGen {
 public:
  explicit PrimFuncGen(Chooser& c) : c_(c) {}

  Ref<tir::PrimFunc> Function(const std::string& name, bool is_public) {
    index_ = c_.Pick(kIndexTypes);
    std::vector<tir::Param> params;
    if (c_.Chance(40)) {  // a scalar parameter, usable in shapes
      Ref<PrimExpr> n = PrimExpr::Var(c_.Pick(kNames), index_);
      params.push_back({n, nullptr});
      vars_.push_back(n);
    } else if (c_.Chance(50)) {  // a shape variable declared with T.<dtype>(), defined by a buffer
      vars_.push_back(PrimExpr::Var(c_.Pick(kNames), index_));
      must_use_ = vars_.back();
    }
    const int nbuf = static_cast<int>(c_.Range(1, 3));
    for (int b = 0; b < nbuf; ++b) {
      Ref<tir::Buffer> buf = NewBuffer(/*may_use_vars=*/true);
      params.push_back({PrimExpr::Var(buf->name, DataType::kVoid), buf});
      buffers_.push_back(buf);
    }
    if (c_.Chance(30)) {  // a function-level allocation (in the root block)
      root_allocs_.push_back(NewBuffer(true));
      buffers_.push_back(root_allocs_.back());
    }
    Ref<tir::Stmt> body = Body(3);
    if (contains_block_ || !root_allocs_.empty()) {  // tir.func.root
      tir::Block root({});
      root.name = "root";
      root.alloc_buffers = root_allocs_;
      root.body = body;
      body = tir::Block::MakeFull(std::move(root));
    }
    Attrs attrs;
    if (is_public) attrs = attrs.With("global_symbol", AttrValue::String(name));
    if (c_.Chance(50)) attrs = attrs.With("tir.noalias", AttrValue::Bool(true));
    return tir::PrimFunc::Make(std::move(params), body, attrs);
  }

 private:
  Ref<PrimExpr> IndexLiteral(int64_t v) { return PrimExpr::Int(v, index_); }

  Ref<tir::Buffer> NewBuffer(bool may_use_vars) {
    std::vector<Ref<PrimExpr>> shape;
    const int rank = static_cast<int>(c_.Range(1, 3));
    if (must_use_) {
      shape.push_back(must_use_);
      must_use_ = nullptr;
    }
    for (int d = static_cast<int>(shape.size()); d < rank; ++d) {
      shape.push_back(may_use_vars && !vars_.empty() && c_.Chance(40) ? c_.Pick(vars_)
                                                                      : IndexLiteral(c_.Range(1, 8)));
    }
    tir::Buffer b;
    b.name = c_.Pick(kNames);
    b.dtype = c_.Chance(60) ? c_.Pick(kFloatTypes) : c_.Pick(kIntTypes);
    b.shape = std::move(shape);
    if (c_.Chance(10)) b.scope = "shared";
    return tir::Buffer::MakeFull(std::move(b));
  }

  // ---- expressions ----

  Ref<PrimExpr> Index(int depth) {
    int64_t pick = c_.Range(0, depth > 0 ? 5 : 2);
    if (pick == 0 || vars_.empty()) return IndexLiteral(c_.Range(-2, 9));
    if (pick <= 2) return c_.Pick(vars_);
    static const PrimKind kinds[] = {PrimKind::kAdd, PrimKind::kSub, PrimKind::kMul, PrimKind::kFloorDiv,
                                     PrimKind::kFloorMod, PrimKind::kTruncDiv, PrimKind::kMin};
    if (pick == 5) return PrimExpr::Select(Cond(depth - 1), Index(depth - 1), Index(depth - 1));
    return PrimExpr::Binary(kinds[c_.Range(0, 6)], Index(depth - 1), Index(depth - 1));
  }

  Ref<PrimExpr> Load(const Ref<tir::Buffer>& b, int depth) {
    std::vector<Ref<PrimExpr>> idx;
    for (size_t d = 0; d < b->shape.size(); ++d) idx.push_back(Index(depth - 1));
    return PrimExpr::Load(b, std::move(idx));
  }

  Ref<PrimExpr> Cond(int depth) {
    int64_t pick = c_.Range(0, depth > 0 ? 5 : 1);
    if (pick == 0) return PrimExpr::Int(c_.Chance(50), DataType::kBool);
    if (pick == 1) {
      static const PrimKind cmp[] = {PrimKind::kLT, PrimKind::kLE, PrimKind::kEQ, PrimKind::kNE, PrimKind::kGT, PrimKind::kGE};
      return PrimExpr::Binary(cmp[c_.Range(0, 5)], Index(depth), Index(depth));
    }
    if (pick == 2) return PrimExpr::Binary(c_.Chance(50) ? PrimKind::kAnd : PrimKind::kOr, Cond(depth - 1), Cond(depth - 1));
    if (pick == 3) return PrimExpr::Not(Cond(depth - 1));
    if (pick == 4) return PrimExpr::Call(tir::Intrinsic::kLikely, {Cond(depth - 1)});
    return PrimExpr::Call(tir::Intrinsic::kIsNan, {Value(DataType::kFloat32, depth - 1)});
  }

  // A value of dtype `t`.
  Ref<PrimExpr> Value(DataType t, int depth) {
    const bool is_float = IsFloat(t);
    std::vector<Ref<tir::Buffer>> same;
    for (const auto& b : buffers_) {
      if (b->dtype == t) same.push_back(b);
    }
    int64_t pick = c_.Range(0, depth > 0 ? 9 : 1);
    if (pick == 0) {
      return is_float ? PrimExpr::Float(static_cast<double>(c_.Range(-8, 8)) / 2, t)
                      : PrimExpr::Int(c_.Range(0, 100), t);
    }
    if (pick == 1) {
      if (!same.empty()) return Load(c_.Pick(same), depth);
      return is_float ? PrimExpr::Float(1.5, t) : PrimExpr::Int(1, t);
    }
    if (pick == 2) {  // a cast from another dtype
      DataType from = c_.Chance(50) ? index_ : DataType::kFloat32;
      return PrimExpr::Cast(t, from == index_ ? Index(depth - 1) : Value(from, depth - 1));
    }
    if (pick == 3) return PrimExpr::Select(Cond(depth - 1), Value(t, depth - 1), Value(t, depth - 1));
    if (pick == 4) {
      return PrimExpr::Call(tir::Intrinsic::kIfThenElse, {Cond(depth - 1), Value(t, depth - 1), Value(t, depth - 1)});
    }
    if (pick == 5) {
      if (is_float) {
        static const tir::Intrinsic unary[] = {tir::Intrinsic::kExp, tir::Intrinsic::kSqrt, tir::Intrinsic::kTanh,
                                               tir::Intrinsic::kSigmoid, tir::Intrinsic::kErf, tir::Intrinsic::kFloor,
                                               tir::Intrinsic::kRound, tir::Intrinsic::kFabs, tir::Intrinsic::kErfc};
        return PrimExpr::Call(unary[c_.Range(0, 8)], {Value(t, depth - 1)});
      }
      static const tir::Intrinsic bits[] = {tir::Intrinsic::kBitwiseAnd, tir::Intrinsic::kBitwiseOr,
                                            tir::Intrinsic::kShiftLeft, tir::Intrinsic::kShiftRight};
      return PrimExpr::Call(bits[c_.Range(0, 3)], {Value(t, depth - 1), Value(t, depth - 1)});
    }
    if (pick == 6 && is_float) return PrimExpr::Call(tir::Intrinsic::kPow, {Value(t, depth - 1), Value(t, depth - 1)});
    if (pick == 6) return PrimExpr::Call(tir::Intrinsic::kBitwiseNot, {Value(t, depth - 1)});
    if (pick == 7 && c_.Chance(40)) {  // T.Let(x + value, where={x: value})
      Ref<PrimExpr> var = PrimExpr::Var(c_.Pick(kNames), t);
      Ref<PrimExpr> value = Value(t, depth - 1);
      return PrimExpr::Let(var, value, PrimExpr::Binary(PrimKind::kAdd, var, Value(t, depth - 1)));
    }
    static const PrimKind float_kinds[] = {PrimKind::kAdd, PrimKind::kSub, PrimKind::kMul, PrimKind::kTruncDiv,
                                           PrimKind::kMin, PrimKind::kMax};
    static const PrimKind int_kinds[] = {PrimKind::kAdd, PrimKind::kSub, PrimKind::kMul, PrimKind::kFloorDiv,
                                         PrimKind::kFloorMod, PrimKind::kTruncMod, PrimKind::kMax};
    PrimKind k = is_float ? float_kinds[c_.Range(0, 5)] : int_kinds[c_.Range(0, 6)];
    return PrimExpr::Binary(k, Value(t, depth - 1), Value(t, depth - 1));
  }

  // ---- statements ----

  // A body: one statement, or a sequence of two or more that never holds a sequence directly;
  // a let or a buffer declaration only ends one (its body is the rest, as the text reads it).
  Ref<tir::Stmt> Body(int depth) {
    const int n = static_cast<int>(c_.Range(1, 3));
    std::vector<Ref<tir::Stmt>> seq;
    for (int i = 0; i < n; ++i) seq.push_back(Stmt(depth));
    if (depth > 0 && c_.Chance(25)) seq.push_back(Scoped(depth));
    if (seq.size() == 1) return seq[0];
    return tir::SeqStmt::Make(std::move(seq));
  }

  Ref<tir::Stmt> Scoped(int depth) {
    if (c_.Chance(50)) {
      DataType t = c_.Chance(50) ? index_ : DataType::kFloat32;
      Ref<PrimExpr> value = t == index_ ? Index(depth) : Value(t, depth);
      Ref<PrimExpr> var = PrimExpr::Var(c_.Pick(kNames), t);
      if (t == index_) vars_.push_back(var);
      Ref<tir::Stmt> body = Body(depth - 1);
      if (t == index_) vars_.pop_back();
      return tir::LetStmt::Make(var, value, body);
    }
    Ref<tir::Buffer> b = NewBuffer(true);
    if (c_.Chance(50)) {
      tir::Buffer local = *b;
      local.scope = "local";
      b = tir::Buffer::MakeFull(std::move(local));
    }
    buffers_.push_back(b);
    Ref<tir::Stmt> body = Body(depth - 1);
    buffers_.pop_back();
    return tir::DeclBuffer::Make(b, body);
  }

  Ref<tir::Stmt> Store(int depth) {
    const Ref<tir::Buffer>& b = c_.Pick(buffers_);
    std::vector<Ref<PrimExpr>> idx;
    for (size_t d = 0; d < b->shape.size(); ++d) idx.push_back(Index(depth));
    if (c_.Chance(10)) {  // a vector store, as a vectorizer writes one
      const int lanes = static_cast<int>(c_.Range(2, 4));
      idx.back() = PrimExpr::Ramp(Index(depth - 1), IndexLiteral(c_.Range(1, 2)), lanes);
      return tir::BufferStore::Make(b, PrimExpr::Broadcast(Value(b->dtype, depth - 1), lanes), std::move(idx));
    }
    return tir::BufferStore::Make(b, Value(b->dtype, depth), std::move(idx));
  }

  Ref<tir::Stmt> Stmt(int depth) {
    int64_t pick = c_.Range(0, depth > 0 ? 9 : 3);
    switch (pick) {
      case 0:
      case 1: return Store(depth);
      case 2: return tir::Evaluate::Make(c_.Chance(50) ? IndexLiteral(0) : Value(DataType::kFloat32, depth));
      case 3: return tir::AssertStmt::Make(Cond(depth), c_.Chance(50) ? "" : "bad \"value\"");
      case 4:
      case 5: return Loop(depth);
      case 6: return tir::IfThenElse::Make(Cond(depth), Body(depth - 1), c_.Chance(50) ? Body(depth - 1) : nullptr);
      default: return Block(depth);
    }
  }

  Ref<tir::Stmt> Loop(int depth) {
    static const tir::ForKind kinds[] = {tir::ForKind::kSerial, tir::ForKind::kSerial, tir::ForKind::kParallel,
                                         tir::ForKind::kVectorized, tir::ForKind::kUnrolled,
                                         tir::ForKind::kThreadBinding};
    tir::ForKind kind = kinds[c_.Range(0, 5)];
    Ref<PrimExpr> min = c_.Chance(70) ? IndexLiteral(0) : (c_.Chance(50) || vars_.empty() ? IndexLiteral(c_.Range(1, 4)) : c_.Pick(vars_));
    Ref<PrimExpr> extent = c_.Chance(60) || vars_.empty() ? IndexLiteral(c_.Range(0, 8)) : c_.Pick(vars_);
    Ref<PrimExpr> var = PrimExpr::Var(c_.Pick(kNames), index_);
    Attrs ann;
    if (kind != tir::ForKind::kThreadBinding && c_.Chance(15)) ann = ann.With("pragma_unroll", AttrValue::Int(2));
    loops_.push_back({var, min, extent});
    vars_.push_back(var);
    Ref<tir::Stmt> body = Body(depth - 1);
    vars_.pop_back();
    loops_.pop_back();
    std::string tag = kind == tir::ForKind::kThreadBinding ? (c_.Chance(50) ? "threadIdx.x" : "blockIdx.y") : "";
    return tir::For::Make(var, min, extent, kind, body, tag, ann);
  }

  tir::BufferRegion Region(int depth) {
    const Ref<tir::Buffer>& b = c_.Pick(buffers_);
    tir::BufferRegion r{b, {}};
    for (size_t d = 0; d < b->shape.size(); ++d) {
      if (c_.Chance(50)) {
        r.region.push_back({Index(depth), IndexLiteral(1)});
      } else {
        r.region.push_back({IndexLiteral(c_.Range(0, 2)), c_.Chance(50) ? b->shape[d] : IndexLiteral(c_.Range(2, 4))});
      }
    }
    return r;
  }

  Ref<tir::Stmt> Block(int depth) {
    contains_block_ = true;
    tir::Block b({});
    b.name = c_.Chance(50) ? "T_" + c_.Pick(kNames) : c_.Pick(kNames);
    if (b.name == "root") b.name = "b";
    // Iteration variables: some bound to enclosing loops with their ranges (T.axis.remap),
    // others to any value.
    const int nvars = static_cast<int>(c_.Range(0, 3));
    std::vector<Ref<PrimExpr>> new_vars;
    for (int i = 0; i < nvars; ++i) {
      tir::IterVar iv;
      iv.kind = c_.Chance(70) ? tir::IterKind::kSpatial : tir::IterKind::kReduce;
      iv.var = PrimExpr::Var("v_" + c_.Pick(kNames), index_);
      if (!loops_.empty() && c_.Chance(60)) {
        const LoopInfo& l = c_.Pick(loops_);
        iv.dom = {l.min, l.extent};
        b.iter_values.push_back(l.var);
      } else {
        iv.dom = {c_.Chance(70) ? IndexLiteral(0) : IndexLiteral(c_.Range(1, 3)), IndexLiteral(c_.Range(1, 8))};
        b.iter_values.push_back(Index(depth - 1));
      }
      b.iter_vars.push_back(iv);
      new_vars.push_back(iv.var);
    }
    if (c_.Chance(25)) b.predicate = Cond(depth - 1);
    // T.init makes a reduction block, which needs a reduce variable and stores only at indices
    // of its spatial ones (tir.wf.block): its reduce variables are then left out of the indices.
    const bool reduction = c_.Chance(30) && std::any_of(b.iter_vars.begin(), b.iter_vars.end(), [](const tir::IterVar& v) {
                             return v.kind == tir::IterKind::kReduce;
                           });
    size_t pushed = 0;
    for (size_t i = 0; i < new_vars.size(); ++i) {
      if (reduction && b.iter_vars[i].kind == tir::IterKind::kReduce) continue;
      vars_.push_back(new_vars[i]);
      ++pushed;
    }
    if (c_.Chance(70)) {
      b.has_regions = true;
      for (int i = static_cast<int>(c_.Range(0, 2)); i > 0; --i) b.reads.push_back(Region(depth - 1));
      for (int i = static_cast<int>(c_.Range(0, 1)); i > 0; --i) b.writes.push_back(Region(depth - 1));
    }
    if (c_.Chance(20)) b.annotations = b.annotations.With("axis", AttrValue::Int(c_.Range(0, 2)));
    const size_t outer_buffers = buffers_.size();
    if (c_.Chance(30)) {
      b.alloc_buffers.push_back(NewBuffer(true));
      buffers_.push_back(b.alloc_buffers.back());
    }
    if (reduction) b.init = Store(depth - 1);
    b.body = Body(depth - 1);
    buffers_.resize(outer_buffers);
    vars_.resize(vars_.size() - pushed);
    if (b.has_regions) CompleteRegions(b);
    return tir::Block::MakeFull(std::move(b));
  }

  // tir.wf.region: the regions name every buffer in scope that the block's body and init store
  // to (in T.writes) or load (in T.reads, unless written): whole-buffer regions for those the
  // random ones missed.
  void CompleteRegions(tir::Block& b) {
    std::vector<const tir::Buffer*> loaded, stored;
    auto note = [](std::vector<const tir::Buffer*>& v, const tir::Buffer* x) {
      if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
    };
    for (const auto& s : {b.init, b.body}) {
      tir::ForEachStmt(s, [&](const tir::Stmt& st) {
        if (st.kind == tir::StmtKind::kBufferStore) note(stored, static_cast<const tir::BufferStore&>(st).buffer.get());
        tir::ForEachExprOf(st, [&](const PrimExpr& e) {
          if (e.kind == PrimKind::kBufferLoad) note(loaded, e.buffer.get());
        });
      });
    }
    auto in_scope = [&](const tir::Buffer* x) -> const Ref<tir::Buffer>* {
      for (const auto& y : buffers_) {
        if (y.get() == x) return &y;
      }
      return nullptr;
    };
    auto named = [](const std::vector<tir::BufferRegion>& rs, const tir::Buffer* x) {
      return std::any_of(rs.begin(), rs.end(), [&](const tir::BufferRegion& r) { return r.buffer.get() == x; });
    };
    auto whole = [&](const Ref<tir::Buffer>& x) {
      tir::BufferRegion r{x, {}};
      for (const auto& d : x->shape) r.region.push_back({IndexLiteral(0), d});
      return r;
    };
    for (const tir::Buffer* x : stored) {
      const Ref<tir::Buffer>* ref = in_scope(x);
      if (ref && !named(b.writes, x)) b.writes.push_back(whole(*ref));
    }
    for (const tir::Buffer* x : loaded) {
      const Ref<tir::Buffer>* ref = in_scope(x);
      if (ref && !named(b.reads, x) && !named(b.writes, x)) b.reads.push_back(whole(*ref));
    }
  }

  struct LoopInfo {
    Ref<PrimExpr> var, min, extent;
  };

  Chooser& c_;
  DataType index_ = DataType::kInt32;
  std::vector<Ref<PrimExpr>> vars_;            // index variables in scope
  std::vector<Ref<tir::Buffer>> buffers_;      // buffers in scope
  std::vector<LoopInfo> loops_;                // enclosing loops
  std::vector<Ref<tir::Buffer>> root_allocs_;  // function-level allocations
  bool contains_block_ = false;
  Ref<PrimExpr> must_use_;  // a declared shape variable the next buffer's shape defines
};

}  // namespace

Ref<tir::PrimFunc> RandomPrimFunc(Chooser& chooser, const std::string& name, bool is_public) {
  return PrimFuncGen(chooser).Function(name, is_public);
}

}  // namespace rlx::fuzz
