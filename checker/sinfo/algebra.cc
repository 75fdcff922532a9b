#include "checker/sinfo/algebra.h"

#include <algorithm>

#include "ir/analysis/mutator.h"
#include "ir/analysis/prim_eval.h"
#include "ir/analysis/structural_equal.h"
#include "ir/text/printer.h"

namespace rlx::checker {
namespace {

Level Worst(Level a, Level b) { return a < b ? a : b; }

// The extents a tensor's shape states: its ShapeExpr values, or the values of the Shape
// struct info of its shape variable.
const std::vector<Ref<PrimExpr>>* KnownExtents(const TensorStructInfo& t, const VarLookup& lookup) {
  if (const auto* dims = t.dims()) return dims;
  if (auto v = As<Var>(t.shape); v && lookup) {
    if (auto s = As<ShapeStructInfo>(lookup(*v)); s && s->values) return &*s->values;
  }
  return nullptr;
}

// Phase 1 of the base check (sinfo.base.bind).
class Binder {
 public:
  Binder(const VarLookup& lookup, const std::unordered_set<const PrimExpr*>* bindable, ShapeVarMap* bound)
      : lookup_(lookup), bindable_(bindable), bound_(bound) {}

  // Phase 1 (sinfo.base.bind): walk base and derived together; a bindable variable alone at
  // a binding position takes what the derived side has there (first occurrence wins).
  void Bind(const Ref<StructInfo>& b, const Ref<StructInfo>& d) {
    if (!b || !d || !bindable_ || b->kind != d->kind) return;
    switch (b->kind) {
      case SInfoKind::kPrim: {
        auto& x = static_cast<const PrimStructInfo&>(*b);
        auto& y = static_cast<const PrimStructInfo&>(*d);
        if (x.value && y.value) BindDim(x.value, y.value);
        return;
      }
      case SInfoKind::kShape: {
        auto& x = static_cast<const ShapeStructInfo&>(*b);
        auto& y = static_cast<const ShapeStructInfo&>(*d);
        if (x.values && y.values && x.values->size() == y.values->size()) {
          for (size_t i = 0; i < x.values->size(); ++i) BindDim((*x.values)[i], (*y.values)[i]);
        }
        return;
      }
      case SInfoKind::kTensor: {
        auto& x = static_cast<const TensorStructInfo&>(*b);
        auto& y = static_cast<const TensorStructInfo&>(*d);
        const auto* xd = x.dims();
        const auto* yd = KnownExtents(y, lookup_);
        if (xd && yd && xd->size() == yd->size()) {
          for (size_t i = 0; i < xd->size(); ++i) BindDim((*xd)[i], (*yd)[i]);
        }
        return;
      }
      case SInfoKind::kTuple: {
        auto& x = static_cast<const TupleStructInfo&>(*b);
        auto& y = static_cast<const TupleStructInfo&>(*d);
        if (x.fields.size() != y.fields.size()) return;
        for (size_t i = 0; i < x.fields.size(); ++i) Bind(x.fields[i], y.fields[i]);
        return;
      }
      default: return;
    }
  }

 private:
  void BindDim(const Ref<PrimExpr>& b, const Ref<PrimExpr>& d) {
    if (b->is_var() && bindable_->count(b.get()) && !bound_->count(b.get())) (*bound_)[b.get()] = d;
  }

  const VarLookup& lookup_;
  const std::unordered_set<const PrimExpr*>* bindable_;
  ShapeVarMap* bound_;
};

class Checker {
 public:
  Checker(ProofContext& proofs, const VarLookup& lookup, ShapeVarMap* bound)
      : proofs_(proofs), lookup_(lookup), bound_(bound ? bound : &local_) {}

  ShapeVarMap* bound() { return bound_; }

  BaseCheckResult Check(const Ref<StructInfo>& b, const Ref<StructInfo>& d) {
    BaseCheckResult r;
    r.level = CheckLevel(b, d, &r);
    return r;
  }

 private:
  Level Fail(Level l, BaseCheckResult* r, std::string why) {
    if (r->why.empty()) r->why = std::move(why);
    return l;
  }

  Level Dim(const Ref<PrimExpr>& b0, const Ref<PrimExpr>& d, BaseCheckResult* r, const std::string& where) {
    Ref<PrimExpr> b = bound_->empty() ? b0 : Substitute(b0, *bound_);
    CmpResult c = proofs_.Compare(b, d);
    if (c.cmp == Cmp::kEqual) return Level::kPass;
    std::string why = where + ": " + text::PrintPrimExpr(b) + " vs " + text::PrintPrimExpr(d);
    if (c.cmp == Cmp::kDifferent) {
      if (r->why.empty()) r->evidence = c.evidence;
      return Fail(Level::kFailL0, r, why);
    }
    if (r->why.empty()) r->evidence = c.evidence;
    return Fail(Level::kFailL2, r, why + " (not proven equal)");
  }

  Level Dims(const std::vector<Ref<PrimExpr>>& b, const std::vector<Ref<PrimExpr>>& d,
             BaseCheckResult* r, const char* what) {
    Level l = Level::kPass;
    for (size_t i = 0; i < b.size(); ++i) {
      l = Worst(l, Dim(b[i], d[i], r, std::string(what) + " " + std::to_string(i)));
    }
    return l;
  }

  Level CheckLevel(const Ref<StructInfo>& b, const Ref<StructInfo>& d, BaseCheckResult* r) {
    if (!b || b->kind == SInfoKind::kObject) return Level::kPass;           // sinfo.base.object
    if (!d || d->kind == SInfoKind::kObject) {
      return Fail(Level::kFailL1, r, std::string("expected ") + SInfoKindName(b->kind) + ", got Object");
    }
    if (b->kind != d->kind) {                                               // sinfo.base.kind
      return Fail(Level::kFailL0, r,
                  std::string("expected ") + SInfoKindName(b->kind) + ", got " + SInfoKindName(d->kind));
    }
    switch (b->kind) {
      case SInfoKind::kPrim: {                                              // sinfo.base.prim
        auto& x = static_cast<const PrimStructInfo&>(*b);
        auto& y = static_cast<const PrimStructInfo&>(*d);
        if (x.dtype != y.dtype) {
          return Fail(Level::kFailL0, r, std::string("dtype ") + std::string(DataTypeName(x.dtype)) +
                                            " vs " + std::string(DataTypeName(y.dtype)));
        }
        if (!x.value) return Level::kPass;
        if (!y.value) return Fail(Level::kFailL2, r, "the value is not known");
        return Dim(x.value, y.value, r, "value");
      }
      case SInfoKind::kShape: {                                             // sinfo.base.shape
        auto& x = static_cast<const ShapeStructInfo&>(*b);
        auto& y = static_cast<const ShapeStructInfo&>(*d);
        if (x.ndim == kUnknownNdim) return Level::kPass;
        if (x.ndim != y.ndim) {
          return Fail(y.ndim == kUnknownNdim ? Level::kFailL1 : Level::kFailL0, r,
                      "ndim " + std::to_string(x.ndim) + " vs " + std::to_string(y.ndim));
        }
        if (!x.values) return Level::kPass;
        if (!y.values) return Fail(Level::kFailL2, r, "the values are not known");
        return Dims(*x.values, *y.values, r, "value");
      }
      case SInfoKind::kTensor: return Tensor(static_cast<const TensorStructInfo&>(*b),
                                             static_cast<const TensorStructInfo&>(*d), r);
      case SInfoKind::kTuple: {                                             // sinfo.base.tuple
        auto& x = static_cast<const TupleStructInfo&>(*b);
        auto& y = static_cast<const TupleStructInfo&>(*d);
        if (x.fields.size() != y.fields.size()) {
          return Fail(Level::kFailL0, r, "tuple of " + std::to_string(x.fields.size()) + " vs " +
                                             std::to_string(y.fields.size()) + " fields");
        }
        Level l = Level::kPass;
        for (size_t i = 0; i < x.fields.size(); ++i) l = Worst(l, CheckLevel(x.fields[i], y.fields[i], r));
        return l;
      }
      case SInfoKind::kFunc: return Func(static_cast<const FuncStructInfo&>(*b),
                                         static_cast<const FuncStructInfo&>(*d), r);
      default: return Level::kPass;
    }
  }

  Level Tensor(const TensorStructInfo& x, const TensorStructInfo& y, BaseCheckResult* r) {
    Level l = Level::kPass;                                            // sinfo.base.tensor
    if (x.dtype != DataType::kVoid && x.dtype != y.dtype) {
      l = Worst(l, Fail(y.dtype == DataType::kVoid ? Level::kFailL1 : Level::kFailL0, r,
                        "dtype " + std::string(DataTypeName(x.dtype)) + " vs " +
                            std::string(DataTypeName(y.dtype))));
    }
    if (x.ndim != kUnknownNdim && x.ndim != y.ndim) {
      l = Worst(l, Fail(y.ndim == kUnknownNdim ? Level::kFailL1 : Level::kFailL0, r,
                        "ndim " + std::to_string(x.ndim) + " vs " + std::to_string(y.ndim)));
    }
    if (!x.vdevice.empty() && x.vdevice != y.vdevice) {
      l = Worst(l, Fail(y.vdevice.empty() ? Level::kFailL1 : Level::kFailL0, r,
                        "device " + x.vdevice + " vs " + (y.vdevice.empty() ? "unknown" : y.vdevice)));
    }
    if (l == Level::kFailL0 || !x.shape) return l;
    if (x.shape == y.shape) return l;  // the same shape variable
    const auto* xd = KnownExtents(x, lookup_);
    const auto* yd = KnownExtents(y, lookup_);
    if (!xd || !yd) return Worst(l, Fail(Level::kFailL2, r, "the extents are not known"));
    if (xd->size() != yd->size()) return l;  // the ndim check reported it
    return Worst(l, Dims(*xd, *yd, r, "dimension"));
  }

  Level Func(const FuncStructInfo& x, const FuncStructInfo& y, BaseCheckResult* r) {
    Level l = Level::kPass;                                            // sinfo.base.func
    if (x.pure && !y.pure) l = Fail(Level::kFailL0, r, "expected a pure function, got an impure one");
    if (!x.params) {
      if (!x.derive_func.empty()) {
        return Worst(l, y.derive_func == x.derive_func ? Level::kPass
                                                       : Fail(Level::kFailL2, r, "different derive_func"));
      }
      return Worst(l, CheckLevel(x.ret, y.ret, r));
    }
    if (!y.params) return Worst(l, Fail(Level::kFailL2, r, "the callable's parameters are not known"));
    if (x.params->size() != y.params->size()) {
      return Fail(Level::kFailL0, r, "a callable of " + std::to_string(x.params->size()) + " vs " +
                                         std::to_string(y.params->size()) + " parameters");
    }
    // Contravariant parameters: y's signature variables bind against x's parameters.
    std::vector<Ref<PrimExpr>> positions;
    for (const auto& p : *y.params) BindingPositions(p, &positions);
    std::unordered_set<const PrimExpr*> ybind;
    for (const auto& p : positions) ybind.insert(p.get());
    ShapeVarMap theta;
    Binder binder(lookup_, &ybind, &theta);
    for (size_t i = 0; i < x.params->size(); ++i) binder.Bind((*y.params)[i], (*x.params)[i]);
    for (size_t i = 0; i < x.params->size(); ++i) {
      Checker inner(proofs_, lookup_, nullptr);
      BaseCheckResult pr = inner.Check(Substitute((*y.params)[i], theta), (*x.params)[i]);
      Level pl = pr.level == Level::kFailL1 ? Level::kFailL2 : pr.level;
      if (pl != Level::kPass) Fail(pl, r, "parameter " + std::to_string(i) + ": " + pr.why);
      l = Worst(l, pl);
    }
    return Worst(l, CheckLevel(x.ret, Substitute(y.ret, theta), r));
  }

  ProofContext& proofs_;
  const VarLookup& lookup_;
  ShapeVarMap local_;
  ShapeVarMap* bound_;
};

class ShapeVarSubstituter : public ExprMutator {
 public:
  explicit ShapeVarSubstituter(const ShapeVarMap& map) : map_(map) {}
  Ref<PrimExpr> VisitPrimExpr(const Ref<PrimExpr>& e) override {
    if (e && e->is_var()) {
      auto it = map_.find(e.get());
      return it == map_.end() ? e : it->second;
    }
    Ref<PrimExpr> r = ExprMutator::VisitPrimExpr(e);
    // Fold what substitution made constant (n + 1 with n = 4 becomes 5); expressions that did
    // not change keep their written form.
    if (r && r != e && r->arity() > 0) {
      bool constant = true;
      for (int i = 0; i < r->arity(); ++i) constant = constant && r->operands[i]->is_int();
      if (constant) {
        if (auto v = EvalPrim(*r, {})) return PrimExpr::Int(*v, r->dtype);
      }
    }
    return r;
  }

 private:
  const ShapeVarMap& map_;
};

bool MentionsOutOfScope(const Ref<PrimExpr>& e, const std::function<bool(const PrimExpr*)>& in_scope) {
  if (!e) return false;
  if (e->is_var()) return !in_scope(e.get());
  for (int i = 0; i < e->arity(); ++i) {
    if (MentionsOutOfScope(e->operands[i], in_scope)) return true;
  }
  return false;
}

void CollectPrimVars(const Ref<PrimExpr>& e, std::unordered_set<const PrimExpr*>* out) {
  if (!e) return;
  if (e->is_var()) out->insert(e.get());
  for (int i = 0; i < e->arity(); ++i) CollectPrimVars(e->operands[i], out);
}

}  // namespace

BaseCheckResult BaseCheck(const Ref<StructInfo>& base, const Ref<StructInfo>& derived,
                          ProofContext& proofs, const VarLookup& lookup,
                          const std::unordered_set<const PrimExpr*>* bindable, ShapeVarMap* bound) {
  Checker c(proofs, lookup, bound);
  if (bindable) Binder(lookup, bindable, c.bound()).Bind(base, derived);
  return c.Check(base, derived);
}

void BindShapeVars(const Ref<StructInfo>& base, const Ref<StructInfo>& derived, const VarLookup& lookup,
                   const std::unordered_set<const PrimExpr*>& bindable, ShapeVarMap* bound) {
  Binder(lookup, &bindable, bound).Bind(base, derived);
}

void BindingPositions(const Ref<StructInfo>& s, std::vector<Ref<PrimExpr>>* out) {
  if (!s) return;
  auto add = [out](const Ref<PrimExpr>& e) {
    if (e && e->is_var() && std::find(out->begin(), out->end(), e) == out->end()) out->push_back(e);
  };
  switch (s->kind) {
    case SInfoKind::kPrim: add(static_cast<const PrimStructInfo&>(*s).value); return;
    case SInfoKind::kShape: {
      auto& x = static_cast<const ShapeStructInfo&>(*s);
      if (x.values) {
        for (const auto& v : *x.values) add(v);
      }
      return;
    }
    case SInfoKind::kTensor:
      if (const auto* d = static_cast<const TensorStructInfo&>(*s).dims()) {
        for (const auto& v : *d) add(v);
      }
      return;
    case SInfoKind::kTuple:
      for (const auto& f : static_cast<const TupleStructInfo&>(*s).fields) BindingPositions(f, out);
      return;
    default: return;  // a Callable's params bind only for calls through it
  }
}

void ShapeVarsOf(const Ref<StructInfo>& s, std::unordered_set<const PrimExpr*>* out) {
  if (!s) return;
  switch (s->kind) {
    case SInfoKind::kPrim: CollectPrimVars(static_cast<const PrimStructInfo&>(*s).value, out); return;
    case SInfoKind::kShape: {
      auto& x = static_cast<const ShapeStructInfo&>(*s);
      if (x.values) {
        for (const auto& v : *x.values) CollectPrimVars(v, out);
      }
      return;
    }
    case SInfoKind::kTensor:
      if (const auto* d = static_cast<const TensorStructInfo&>(*s).dims()) {
        for (const auto& v : *d) CollectPrimVars(v, out);
      }
      return;
    case SInfoKind::kTuple:
      for (const auto& f : static_cast<const TupleStructInfo&>(*s).fields) ShapeVarsOf(f, out);
      return;
    case SInfoKind::kFunc: {
      auto& f = static_cast<const FuncStructInfo&>(*s);
      if (f.params) {
        for (const auto& p : *f.params) ShapeVarsOf(p, out);
      }
      ShapeVarsOf(f.ret, out);
      return;
    }
    default: return;
  }
}

Ref<StructInfo> Substitute(const Ref<StructInfo>& s, const ShapeVarMap& map) {
  if (!s || map.empty()) return s;
  ShapeVarSubstituter sub(map);
  return sub.VisitStructInfo(s);
}

Ref<PrimExpr> Substitute(const Ref<PrimExpr>& e, const ShapeVarMap& map) {
  if (!e || map.empty()) return e;
  ShapeVarSubstituter sub(map);
  return sub.VisitPrimExpr(e);
}

Ref<StructInfo> Lub(const Ref<StructInfo>& a, const Ref<StructInfo>& b, ProofContext& proofs) {
  if (!a || !b || a->kind == SInfoKind::kObject || b->kind == SInfoKind::kObject ||
      a->kind != b->kind) {
    return ObjectStructInfo::Make();                                        // sinfo.lub.object
  }
  auto equal_dims = [&proofs](const std::vector<Ref<PrimExpr>>& x, const std::vector<Ref<PrimExpr>>& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (proofs.Compare(x[i], y[i]).cmp != Cmp::kEqual) return false;
    }
    return true;
  };
  switch (a->kind) {
    case SInfoKind::kPrim: {                                                // sinfo.lub.prim
      auto& x = static_cast<const PrimStructInfo&>(*a);
      auto& y = static_cast<const PrimStructInfo&>(*b);
      if (x.dtype != y.dtype) return ObjectStructInfo::Make();
      if (x.value && y.value && proofs.Compare(x.value, y.value).cmp == Cmp::kEqual) return a;
      return PrimStructInfo::Make(x.dtype);
    }
    case SInfoKind::kShape: {                                               // sinfo.lub.shape
      auto& x = static_cast<const ShapeStructInfo&>(*a);
      auto& y = static_cast<const ShapeStructInfo&>(*b);
      if (x.ndim != y.ndim) return ShapeStructInfo::MakeNdim(kUnknownNdim);
      if (x.values && y.values && equal_dims(*x.values, *y.values)) return a;
      return ShapeStructInfo::MakeNdim(x.ndim);
    }
    case SInfoKind::kTensor: {                                              // sinfo.lub.tensor
      auto& x = static_cast<const TensorStructInfo&>(*a);
      auto& y = static_cast<const TensorStructInfo&>(*b);
      DataType dt = x.dtype == y.dtype ? x.dtype : DataType::kVoid;
      int ndim = x.ndim == y.ndim ? x.ndim : kUnknownNdim;
      std::string vdev = x.vdevice == y.vdevice ? x.vdevice : "";
      Ref<Expr> shape;
      if (ndim != kUnknownNdim && x.shape && y.shape) {
        if (x.shape == y.shape) {
          shape = x.shape;
        } else if (x.dims() && y.dims() && equal_dims(*x.dims(), *y.dims())) {
          shape = x.shape;
        }
      }
      return TensorStructInfo::Make(shape, dt, ndim, vdev);
    }
    case SInfoKind::kTuple: {                                               // sinfo.lub.tuple
      auto& x = static_cast<const TupleStructInfo&>(*a);
      auto& y = static_cast<const TupleStructInfo&>(*b);
      if (x.fields.size() != y.fields.size()) return ObjectStructInfo::Make();
      std::vector<Ref<StructInfo>> fields;
      for (size_t i = 0; i < x.fields.size(); ++i) fields.push_back(Lub(x.fields[i], y.fields[i], proofs));
      return TupleStructInfo::Make(std::move(fields));
    }
    case SInfoKind::kFunc: {                                                // sinfo.lub.func
      auto& x = static_cast<const FuncStructInfo&>(*a);
      auto& y = static_cast<const FuncStructInfo&>(*b);
      bool pure = x.pure && y.pure;
      if (x.params && y.params && x.params->size() == y.params->size()) {
        // The parameter lists compared as one structure, so that the renaming is one for all
        // of them: (n), (m) and (a), (a) are different signatures.
        bool same = StructuralEqual(TupleStructInfo::Make(*x.params), TupleStructInfo::Make(*y.params));
        if (same) {
          // θ renames y's signature variables to x's, bound from the parameters.
          std::vector<Ref<PrimExpr>> positions;
          for (const auto& p : *y.params) BindingPositions(p, &positions);
          std::unordered_set<const PrimExpr*> ybind;
          for (const auto& p : positions) ybind.insert(p.get());
          ShapeVarMap theta;
          VarLookup no_lookup = [](const Var&) { return Ref<StructInfo>(); };
          for (size_t i = 0; i < x.params->size(); ++i) {
            BindShapeVars((*y.params)[i], (*x.params)[i], no_lookup, ybind, &theta);
          }
          return FuncStructInfo::Make(*x.params, Lub(x.ret, Substitute(y.ret, theta), proofs), pure);
        }
      }
      std::string derive = !x.params && !y.params && x.derive_func == y.derive_func ? x.derive_func : "";
      return FuncStructInfo::MakeOpaque(Lub(x.ret, y.ret, proofs), pure, derive);
    }
    default: return ObjectStructInfo::Make();
  }
}

Ref<StructInfo> Erase(const Ref<StructInfo>& s0,
                      const std::function<bool(const PrimExpr*)>& shape_var_in_scope,
                      const std::function<bool(const Var*)>& var_in_scope, const ShapeVarMap& map) {
  Ref<StructInfo> s = Substitute(s0, map);                                  // sinfo.erase.subst
  if (!s) return s;
  switch (s->kind) {
    case SInfoKind::kObject: return s;
    case SInfoKind::kPrim: {
      auto p = As<PrimStructInfo>(s);
      if (p->value && MentionsOutOfScope(p->value, shape_var_in_scope)) return PrimStructInfo::Make(p->dtype);
      return s;
    }
    case SInfoKind::kShape: {                                               // sinfo.erase.shape
      auto p = As<ShapeStructInfo>(s);
      if (p->values) {
        for (const auto& v : *p->values) {
          if (MentionsOutOfScope(v, shape_var_in_scope)) return ShapeStructInfo::MakeNdim(p->ndim);
        }
      }
      return s;
    }
    case SInfoKind::kTensor: {                                              // sinfo.erase.tensor
      auto t = As<TensorStructInfo>(s);
      bool drop = false;
      if (auto v = As<Var>(t->shape)) drop = !var_in_scope(v.get());
      if (const auto* d = t->dims()) {
        for (const auto& x : *d) drop = drop || MentionsOutOfScope(x, shape_var_in_scope);
      }
      if (!drop) return s;
      return TensorStructInfo::Make(nullptr, t->dtype, t->ndim, t->vdevice);
    }
    case SInfoKind::kTuple: {                                               // sinfo.erase.tuple
      auto t = As<TupleStructInfo>(s);
      std::vector<Ref<StructInfo>> fields;
      bool changed = false;
      for (const auto& f : t->fields) {
        fields.push_back(Erase(f, shape_var_in_scope, var_in_scope));
        changed |= fields.back() != f;
      }
      return changed ? TupleStructInfo::Make(std::move(fields)) : s;
    }
    case SInfoKind::kFunc: {                                                // sinfo.erase.func
      auto f = As<FuncStructInfo>(s);
      std::vector<Ref<PrimExpr>> own;
      if (f->params) {
        for (const auto& p : *f->params) BindingPositions(p, &own);
      }
      auto in_scope = [&](const PrimExpr* v) {
        for (const auto& o : own) {
          if (o.get() == v) return true;
        }
        return shape_var_in_scope(v);
      };
      Ref<StructInfo> ret = Erase(f->ret, in_scope, var_in_scope);
      if (!f->params) {
        return ret == f->ret ? s : FuncStructInfo::MakeOpaque(ret, f->pure, f->derive_func);
      }
      std::vector<Ref<StructInfo>> params;
      bool changed = ret != f->ret;
      for (const auto& p : *f->params) {
        params.push_back(Erase(p, in_scope, var_in_scope));
        changed |= params.back() != p;
      }
      return changed ? FuncStructInfo::Make(std::move(params), ret, f->pure) : s;
    }
  }
  return s;
}

const char* LevelName(Level l) {
  switch (l) {
    case Level::kFailL0: return "L0";
    case Level::kFailL1: return "L1";
    case Level::kFailL2: return "L2";
    case Level::kPass: return "pass";
  }
  return "?";
}

}  // namespace rlx::checker
