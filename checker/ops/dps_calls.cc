// Struct-info rules of the destination-passing calls (spec §5.9): R.call_tir, R.call_tir_inplace
// and R.call_dps_packed. The callee writes its outputs into tensors the call allocates; the
// call's result is those tensors, described by out_sinfo.
#include <algorithm>
#include <unordered_set>

#include "checker/ops/op_rules.h"
#include "checker/sinfo/algebra.h"
#include "ir/text/printer.h"
#include "ir/tir/prim_func.h"

namespace rlx::checker::ops {
namespace {

// cN: `args` is a tuple of tensors; their struct infos, or nullopt after a diagnostic.
std::optional<std::vector<Ref<TensorStructInfo>>> ArgTensors(OpCall& c, int constraint) {
  auto t = As<TupleStructInfo>(c.ArgSInfo("args"));
  if (!t) return c.Fail(constraint, "args must be a tuple of tensors, got " + Describe(c.ArgSInfo("args"))), std::nullopt;
  std::vector<Ref<TensorStructInfo>> out;
  for (size_t i = 0; i < t->fields.size(); ++i) {
    auto x = As<TensorStructInfo>(t->fields[i]);
    if (!x) {
      c.Fail(constraint, "args[" + std::to_string(i) + "] must be a tensor, got " + Describe(t->fields[i]));
      return std::nullopt;
    }
    out.push_back(x);
  }
  return out;
}

// cN: out_sinfo is a tensor with a known dtype and shape, or a tuple of them.
std::optional<std::vector<Ref<TensorStructInfo>>> OutTensors(OpCall& c, int constraint) {
  const auto& s = c.call().sinfo_args;
  if (s.size() != 1) return c.Fail(constraint, "the call needs one out_sinfo"), std::nullopt;
  std::vector<Ref<StructInfo>> fields = {s[0]};
  if (auto t = As<TupleStructInfo>(s[0])) fields = t->fields;
  std::vector<Ref<TensorStructInfo>> out;
  for (const auto& f : fields) {
    auto x = As<TensorStructInfo>(f);
    if (!x || x->dtype == DataType::kVoid || !x->dims()) {
      c.Fail(constraint, "out_sinfo must give each output's dtype and shape, got " + Describe(f));
      return std::nullopt;
    }
    out.push_back(x);
  }
  return out;
}

// The PrimFunc `gvar` names (cN), or null after a diagnostic. Without the module (an op
// derived alone) it cannot be found, and nothing is reported.
const tir::PrimFunc* Callee(OpCall& c, int constraint, bool* unknown) {
  auto g = As<GlobalVar>(c.Arg("gvar"));
  if (!g) return c.Fail(constraint, "gvar must name a PrimFunc of the module (cls.f)"), nullptr;
  const IRModule* m = c.state().module();
  if (!m) {
    *unknown = true;
    return nullptr;
  }
  const GlobalDef* def = m->Find(g->name);
  auto f = def ? As<tir::PrimFunc>(def->value) : nullptr;
  if (!f) return c.Fail(constraint, "'" + g->name + "' is not a PrimFunc of the module"), nullptr;
  return f.get();
}

// cN: the PrimFunc takes one buffer per tensor (arguments, then outputs) with its dtype and
// rank, then one scalar per value of tir_vars.
bool MatchParams(OpCall& c, int constraint, const tir::PrimFunc& f,
                 const std::vector<Ref<TensorStructInfo>>& tensors) {
  size_t scalars = 0;
  if (auto shape = As<ShapeExpr>(c.Arg("tir_vars"))) scalars = shape->values.size();
  const size_t want = tensors.size() + scalars;
  if (f.params.size() != want) {
    c.Fail(constraint, "the PrimFunc takes " + std::to_string(f.params.size()) + " parameters; the call passes " +
                           std::to_string(tensors.size()) + " tensors and " + std::to_string(scalars) + " tir_vars");
    return false;
  }
  for (size_t i = 0; i < tensors.size(); ++i) {
    const tir::Param& p = f.params[i];
    const auto& t = tensors[i];
    if (!p.buffer) {
      c.Fail(constraint, "PrimFunc parameter " + std::to_string(i) + " is a scalar where a tensor is passed");
      return false;
    }
    if ((t->dtype != DataType::kVoid && t->dtype != p.buffer->dtype) ||
        (t->ndim != kUnknownNdim && t->ndim != static_cast<int>(p.buffer->ndim()))) {
      c.Fail(constraint, "buffer " + p.buffer->name + " is " + std::to_string(p.buffer->ndim()) + "-d " +
                             std::string(DataTypeName(p.buffer->dtype)) + " but its tensor is " + Describe(t));
      return false;
    }
  }
  for (size_t i = tensors.size(); i < want; ++i) {
    if (f.params[i].buffer) {
      c.Fail(constraint, "PrimFunc parameter " + std::to_string(i) + " is a buffer where a tir_vars value is passed");
      return false;
    }
  }
  return true;
}

// The variables of `e`.
void VarsOf(const Ref<PrimExpr>& e, std::unordered_set<const PrimExpr*>* out) {
  if (!e) return;
  if (e->is_var()) out->insert(e.get());
  for (int i = 0; i < e->arity(); ++i) VarsOf(e->operands[i], out);
}

// cN at the level of extents: each buffer's shape, with the int64 variables the buffers define
// bound to their tensors' extents (tir.func.buffer-map) and the scalar parameters to the tir_vars
// values, must equal its tensor's extents — proven, disproven (an error with a counterexample),
// or left to the run-time check of the call (tir.eval.bind). Extents that use a variable bound
// to nothing here, or that are not int64 expressions, are left to the run-time check.
void MatchShapes(OpCall& c, int constraint, const tir::PrimFunc& f, const std::vector<Ref<TensorStructInfo>>& tensors) {
  std::unordered_set<const PrimExpr*> callee_vars;
  for (const tir::Param& p : f.params) {
    if (!p.buffer) callee_vars.insert(p.var.get());
    else for (const auto& d : p.buffer->shape) VarsOf(d, &callee_vars);
  }
  ShapeVarMap bound;
  if (auto shape = As<ShapeExpr>(c.Arg("tir_vars"))) {
    for (size_t i = 0; i < shape->values.size() && tensors.size() + i < f.params.size(); ++i) {
      const Ref<PrimExpr>& v = f.params[tensors.size() + i].var;
      if (v->dtype == DataType::kInt64) bound[v.get()] = shape->values[i];
    }
  }
  std::vector<std::pair<Ref<PrimExpr>, Ref<PrimExpr>>> checks;  // (buffer extent, tensor extent)
  std::vector<std::string> what;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const tir::Buffer& b = *f.params[i].buffer;
    const std::vector<Ref<PrimExpr>>* dims = TensorDims(*tensors[i], c.state());
    if (!dims || dims->size() != b.ndim()) continue;
    for (size_t a = 0; a < b.ndim(); ++a) {
      const Ref<PrimExpr>& e = b.shape[a];
      if (e->is_var() && !bound.count(e.get()) && e->dtype == DataType::kInt64) {
        bound[e.get()] = (*dims)[a];
        continue;
      }
      checks.emplace_back(e, (*dims)[a]);
      what.push_back("extent " + std::to_string(a) + " of buffer " + b.name);
    }
  }
  for (size_t k = 0; k < checks.size(); ++k) {
    Ref<PrimExpr> e = checks[k].first;
    if (e->is_int()) {
      e = I64(e->int_value);
    } else {
      e = Substitute(e, bound);
      std::unordered_set<const PrimExpr*> left;
      VarsOf(e, &left);
      const bool unbound = std::any_of(left.begin(), left.end(), [&](const PrimExpr* v) { return callee_vars.count(v) > 0; });
      if (unbound || e->dtype != DataType::kInt64) continue;
    }
    c.Require(constraint, Cond(PrimKind::kEQ, e, checks[k].second), what[k] + " must equal its tensor's");
  }
}

Ref<StructInfo> Result(const OpCall& c) { return c.call().sinfo_args[0]; }

}  // namespace

// op.call_tir.c1 gvar names a PrimFunc; c2 args is a tuple of tensors; c3 out_sinfo gives each
// output's dtype and shape; c4 the PrimFunc's parameters match (buffers for the arguments and
// outputs, with their dtypes and ranks, then the tir_vars scalars). The result is out_sinfo.
Ref<StructInfo> CallTir(OpCall& c) {
  auto args = ArgTensors(c, 2);
  auto outs = args ? OutTensors(c, 3) : std::nullopt;
  if (!outs) return nullptr;
  bool unknown = false;
  const tir::PrimFunc* f = Callee(c, 1, &unknown);
  if (!f && !unknown) return nullptr;
  std::vector<Ref<TensorStructInfo>> tensors = *args;
  tensors.insert(tensors.end(), outs->begin(), outs->end());
  if (f && !MatchParams(c, 4, *f, tensors)) return nullptr;
  if (f) MatchShapes(c, 4, *f, tensors);
  return Result(c);
}

// op.call_tir_inplace.c1–c4 as R.call_tir's; c5 inplace_indices has one entry per output, each
// -1 (a fresh output, passed after the arguments) or the index of a distinct argument whose
// dtype and rank the output has (that argument is written in place and is the output).
Ref<StructInfo> CallTirInplace(OpCall& c) {
  auto args = ArgTensors(c, 2);
  auto outs = args ? OutTensors(c, 3) : std::nullopt;
  if (!outs) return nullptr;
  auto indices = c.IntList("inplace_indices");
  if (!indices || indices->size() != outs->size()) {
    return c.Fail(5, "inplace_indices needs one entry per output (" + std::to_string(outs->size()) + ")");
  }
  std::vector<Ref<TensorStructInfo>> tensors = *args;
  std::vector<bool> used(args->size(), false);
  for (size_t i = 0; i < indices->size(); ++i) {
    const int64_t k = (*indices)[i];
    if (k == -1) {
      tensors.push_back((*outs)[i]);
      continue;
    }
    if (k < 0 || k >= static_cast<int64_t>(args->size()) || used[k]) {
      return c.Fail(5, "inplace_indices[" + std::to_string(i) + "] = " + std::to_string(k) +
                           " is neither -1 nor a distinct argument index");
    }
    used[k] = true;
    const auto& a = (*args)[k];
    const auto& o = (*outs)[i];
    if (a->dtype != o->dtype || a->ndim != o->ndim) {
      return c.Fail(5, "output " + std::to_string(i) + " is " + Describe(o) + " but args[" + std::to_string(k) +
                           "], written in place, is " + Describe(a));
    }
  }
  bool unknown = false;
  const tir::PrimFunc* f = Callee(c, 1, &unknown);
  if (!f && !unknown) return nullptr;
  if (f && !MatchParams(c, 4, *f, tensors)) return nullptr;
  if (f) MatchShapes(c, 4, *f, tensors);
  return Result(c);
}

// op.call_dps_packed.c1 out_sinfo gives each output's dtype and shape. The arguments are a tuple
// of any values (the text wraps a single one, and a packed function takes shapes and scalars
// too). The packed function is trusted, as R.call_pure_packed's is. The result is out_sinfo.
Ref<StructInfo> CallDpsPacked(OpCall& c) {
  if (!OutTensors(c, 1)) return nullptr;
  return Result(c);
}

}  // namespace rlx::checker::ops
