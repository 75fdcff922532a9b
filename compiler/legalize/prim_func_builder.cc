// The PrimFunc builder of legalize-ops (pass.legalize-ops).
#include "compiler/legalize/prim_func_builder.h"

#include <algorithm>
#include <cmath>

#include "ir/analysis/structural_equal.h"

namespace rlx::compiler::legalize {

Ref<PrimExpr> I64(int64_t v) { return PrimExpr::Int(v, DataType::kInt64); }

Ref<PrimExpr> F64(double v) { return PrimExpr::Float(v, kF64); }

Ref<PrimExpr> Const(double v, DataType dtype) {
  if (IsFloat(dtype)) return PrimExpr::Float(v, dtype);
  if (dtype == DataType::kBool) return PrimExpr::Int(v != 0, DataType::kBool);
  return PrimExpr::Int(static_cast<int64_t>(v), dtype);
}

Ref<PrimExpr> CastTo(DataType dtype, const Ref<PrimExpr>& e) {
  return e->dtype == dtype ? e : PrimExpr::Cast(dtype, e);
}

Ref<PrimExpr> Bin(PrimKind k, Ref<PrimExpr> a, Ref<PrimExpr> b) {
  return PrimExpr::Binary(k, std::move(a), std::move(b));
}
Ref<PrimExpr> Add(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kAdd, a, b); }
Ref<PrimExpr> Sub(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kSub, a, b); }
Ref<PrimExpr> Mul(Ref<PrimExpr> a, Ref<PrimExpr> b) { return Bin(PrimKind::kMul, a, b); }
Ref<PrimExpr> Intrin(tir::Intrinsic op, std::vector<Ref<PrimExpr>> args) {
  return PrimExpr::Call(op, std::move(args));
}

std::string PrimFuncBuilder::FreshName(const std::string& base) { return Fresh(names_, base); }

std::string PrimFuncBuilder::Fresh(std::unordered_map<std::string, int>& names,
                                   const std::string& base) {
  int& n = names[base];
  return n++ == 0 ? base : base + "_" + std::to_string(n - 1);
}

Ref<PrimExpr> PrimFuncBuilder::Map(const Ref<PrimExpr>& d) {
  if (!d) return nullptr;
  if (d->kind == PrimKind::kIntImm || d->kind == PrimKind::kFloatImm) return d;
  if (d->is_var()) {
    auto it = var_map_.find(d.get());
    if (it != var_map_.end()) return it->second;
    // Not defined by a buffer's whole extent: a scalar parameter, passed in tir_vars
    // (op.call_tir.c4 passes int64 values only).
    if (d->dtype != DataType::kInt64) return nullptr;
    Ref<PrimExpr> v = PrimExpr::Var(FreshName(d->name), DataType::kInt64);
    var_map_[d.get()] = v;
    scalars_.push_back({v, nullptr});
    out_.tir_vars.push_back(d);
    return v;
  }
  Ref<PrimExpr> ops[3];
  for (int i = 0; i < d->arity(); ++i) {
    ops[i] = Map(d->operands[i]);
    if (!ops[i]) return nullptr;
  }
  return PrimExpr::WithOperands(*d, ops[0], ops[1], ops[2]);
}

Ref<tir::Buffer> PrimFuncBuilder::Param(const std::string& name, DataType dtype,
                                        const std::vector<Ref<PrimExpr>>& caller_dims) {
  std::vector<Ref<PrimExpr>> shape;
  for (const auto& d : caller_dims) {
    // tir.func.buffer-map: a whole-extent caller variable not seen yet is defined here.
    if (d->is_var() && d->dtype == DataType::kInt64 && !var_map_.count(d.get())) {
      var_map_[d.get()] = PrimExpr::Var(FreshName(d->name), DataType::kInt64);
    }
    Ref<PrimExpr> e = Map(d);
    if (!e) {
      unmappable_ = true;
      e = I64(0);
    }
    shape.push_back(e);
  }
  Ref<tir::Buffer> b = tir::Buffer::Make(FreshName(name), dtype, std::move(shape));
  params_.push_back({PrimExpr::Var("var_" + b->name, DataType::kVoid), b});
  return b;
}

Ref<tir::Buffer> PrimFuncBuilder::Input(const std::string& name, const Ref<Expr>& arg,
                                        const TensorStructInfo& t) {
  std::vector<Ref<PrimExpr>> dims;
  if (t.dims()) {
    dims = *t.dims();
  } else {
    // An unknown shape: fresh extents, defined by the tensor when the call binds it.
    for (int a = 0; a < t.ndim; ++a) dims.push_back(PrimExpr::Var(name + "_n" + std::to_string(a)));
  }
  out_.args.push_back(arg);
  return Param(name, t.dtype, dims);
}

Ref<tir::Buffer> PrimFuncBuilder::Output(const std::string& name, const TensorStructInfo& t) {
  out_.outputs.push_back(TensorStructInfo::Make(ShapeExpr::Make(*t.dims()), t.dtype,
                                                static_cast<int>(t.dims()->size()), t.vdevice));
  return Param(name, t.dtype, *t.dims());
}

Ref<tir::Buffer> PrimFuncBuilder::Scratch(const std::string& name, DataType dtype,
                                          Indices extents) {
  Ref<tir::Buffer> b = tir::Buffer::Make(FreshName(name), dtype, std::move(extents));
  scratch_.push_back(b);
  return b;
}

namespace {

// Adds `r` to `regions`: a second access of a buffer at other indices widens its region to
// the whole buffer (the checker compares buffers, tir.wf.region; TVM prints the cover).
void AddRegion(std::vector<tir::BufferRegion>& regions, tir::BufferRegion r) {
  for (auto& have : regions) {
    if (have.buffer != r.buffer) continue;
    bool same = have.region.size() == r.region.size();
    for (size_t i = 0; same && i < r.region.size(); ++i) {
      same = SameTerm(have.region[i].min, r.region[i].min) &&
             SameTerm(have.region[i].extent, r.region[i].extent);
    }
    if (!same) {
      have.region.clear();
      for (const auto& e : r.buffer->shape) have.region.push_back({I64(0), e});
    }
    return;
  }
  regions.push_back(std::move(r));
}

tir::BufferRegion PointRegion(const Ref<tir::Buffer>& b, const Indices& idx) {
  tir::BufferRegion r{b, {}};
  for (const auto& i : idx) r.region.push_back({i, PrimExpr::Int(1, i->dtype)});
  return r;
}

}  // namespace

Ref<PrimExpr> PrimFuncBuilder::Load(const Ref<tir::Buffer>& b, Indices idx) {
  AddRegion(reads_, PointRegion(b, idx));
  return PrimExpr::Load(b, std::move(idx));
}

size_t PrimFuncBuilder::Ordinal(const Ref<tir::Buffer>& b) const {
  for (size_t i = 0; i < params_.size(); ++i) {
    if (params_[i].buffer == b) return i;
  }
  for (size_t i = 0; i < scratch_.size(); ++i) {
    if (scratch_[i] == b) return params_.size() + i;
  }
  return params_.size() + scratch_.size();  // a buffer the lowering allocated itself
}

void PrimFuncBuilder::Block(const std::string& name, const Indices& spatial,
                            const Indices& reduce, const BodyFn& body, const InitFn& init,
                            bool reduce_inside_last_spatial) {
  tir::Block b({});
  b.name = Fresh(block_names_, name);
  Indices loops, svars, rvars, extents;
  auto axis = [&](const std::string& n, const Ref<PrimExpr>& extent, tir::IterKind kind,
                  Indices* vars) {
    loops.push_back(PrimExpr::Var(n, DataType::kInt64));
    vars->push_back(PrimExpr::Var("v_" + n, DataType::kInt64));
    b.iter_vars.push_back({vars->back(), {I64(0), extent}, kind});
    b.iter_values.push_back(loops.back());
    extents.push_back(extent);
  };
  for (size_t a = 0; a < spatial.size(); ++a) {
    axis("ax" + std::to_string(a), spatial[a], tir::IterKind::kSpatial, &svars);
  }
  for (size_t a = 0; a < reduce.size(); ++a) {
    axis("k" + std::to_string(a), reduce[a], tir::IterKind::kReduce, &rvars);
  }
  reads_.clear();
  std::vector<Ref<tir::Stmt>> stores;
  std::vector<tir::BufferRegion> writes;
  auto emit = [&](const std::vector<Store>& ss, std::vector<Ref<tir::Stmt>>& into) {
    for (const Store& s : ss) {
      AddRegion(writes, PointRegion(s.buffer, s.indices));
      into.push_back(tir::BufferStore::Make(s.buffer, s.value, s.indices));
    }
  };
  auto seq = [](std::vector<Ref<tir::Stmt>> v) -> Ref<tir::Stmt> {
    return v.size() == 1 ? v[0] : tir::SeqStmt::Make(std::move(v));
  };
  emit(body(svars, rvars), stores);
  b.body = seq(std::move(stores));
  if (init && !reduce.empty()) {
    std::vector<Ref<tir::Stmt>> inits;
    emit(init(svars), inits);
    b.init = seq(std::move(inits));
  }
  // A buffer both read and written (a reduction's accumulator) is only named in T.writes.
  for (const auto& r : reads_) {
    bool written = false;
    for (const auto& w : writes) written |= w.buffer == r.buffer;
    if (!written) b.reads.push_back(r);
  }
  // In parameter order, then scratch order: the order of the loads a lowering makes may follow
  // the compiler's order of evaluating function arguments, which must not show in the text.
  std::stable_sort(b.reads.begin(), b.reads.end(), [&](const tir::BufferRegion& x, const tir::BufferRegion& y) {
    return Ordinal(x.buffer) < Ordinal(y.buffer);
  });
  b.writes = std::move(writes);
  b.has_regions = true;
  Ref<tir::Stmt> s = tir::Block::MakeFull(std::move(b));
  if (reduce_inside_last_spatial && !spatial.empty() && !reduce.empty()) {
    // loops: the spatial ones, then the reduce ones; the last spatial loop moves innermost.
    std::rotate(loops.begin() + static_cast<std::ptrdiff_t>(spatial.size()) - 1,
                loops.begin() + static_cast<std::ptrdiff_t>(spatial.size()), loops.end());
    std::rotate(extents.begin() + static_cast<std::ptrdiff_t>(spatial.size()) - 1,
                extents.begin() + static_cast<std::ptrdiff_t>(spatial.size()), extents.end());
  }
  for (size_t a = loops.size(); a-- > 0;) {
    s = tir::For::Make(loops[a], I64(0), extents[a], tir::ForKind::kSerial, s);
  }
  blocks_.push_back(s);
}

void PrimFuncBuilder::Compute(const std::string& name, const Ref<tir::Buffer>& out,
                              const std::function<Ref<PrimExpr>(const Indices&)>& f) {
  Block(name, out->shape, {}, [&](const Indices& i, const Indices&) {
    return std::vector<Store>{{out, i, f(i)}};
  });
}

Lowered PrimFuncBuilder::Finish(const std::string& name) {
  std::vector<tir::Param> params = params_;
  params.insert(params.end(), scalars_.begin(), scalars_.end());
  std::vector<Ref<tir::Stmt>> body = prologue_;
  body.insert(body.end(), blocks_.begin(), blocks_.end());
  tir::Block root({});
  root.name = "root";
  root.alloc_buffers = scratch_;
  root.body = body.size() == 1 ? body[0] : tir::SeqStmt::Make(body);
  Attrs attrs = Attrs().With("tir.noalias", AttrValue::Bool(true));
  out_.name = name;
  out_.func = tir::PrimFunc::Make(std::move(params), tir::Block::MakeFull(std::move(root)), attrs);
  if (unmappable_) out_.func = nullptr;
  return out_;
}

}  // namespace rlx::compiler::legalize
