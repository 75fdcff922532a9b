// The structural equality checker and hasher behind structural_equal.h (spec §1.8), shared by
// structural_equal.cc (Relax) and structural_equal_tir.cc (PrimFuncs, spec §7.1). Internal to
// ir/analysis.
#pragma once

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/analysis/structural_equal.h"
#include "ir/op_table.h"
#include "ir/tir/prim_func.h"

namespace rlx::structural {

// ---------------------------------------------------------------- equality

class EqualChecker {
 public:
  std::string mismatch;
  /// A free variable or shape variable equals only itself (StructuralEqualInScope).
  bool free_by_identity = false;

  bool Module(const IRModule& a, const IRModule& b) {
    if (a.globals.size() != b.globals.size()) {
      return Fail("module has " + std::to_string(a.globals.size()) + " vs " +
                  std::to_string(b.globals.size()) + " globals");
    }
    if (!AttrsEq(a.attrs, b.attrs)) return Fail("module attrs differ");
    if (a.vdevices.size() != b.vdevices.size()) return Fail("module vdevices differ");
    for (size_t i = 0; i < a.vdevices.size(); ++i) {
      const VDeviceInfo &x = a.vdevices[i], &y = b.vdevices[i];
      if (!AttrValueEq(x.target, y.target) || x.vdevice_id != y.vdevice_id || x.memory_scope != y.memory_scope) {
        return Fail("module vdevice " + std::to_string(i) + " differs");
      }
    }
    for (const auto& g : a.globals) {
      const GlobalDef* other = b.Find(g.name);
      if (!other) return Fail("global " + g.name + " is missing on the right");
      Push("globals.", g.name);
      if (!Expr(g.value, other->value)) return false;
      Pop();
    }
    return true;
  }

  // One node on both sides is equal to itself only while no variable is paired with another
  // one: once n pairs with m, n may not pair with n (syntax.equality, one-to-one).
  bool Identity(const void* a, const void* b) const {
    return a == b && var_lr_.empty() && prim_lr_.empty();
  }

  bool Expr(const Ref<rlx::Expr>& a, const Ref<rlx::Expr>& b) {
    if (Identity(a.get(), b.get()) || (!a && !b)) return true;
    if (!a || !b) return Fail(a ? "null on the right" : "null on the left");
    if (a->kind != b->kind) {
      return Fail(std::string(ExprKindName(a->kind)) + " vs " + ExprKindName(b->kind));
    }
    switch (a->kind) {
      case ExprKind::kConstant: {
        auto& x = static_cast<const Constant&>(*a);
        auto& y = static_cast<const Constant&>(*b);
        return x.data->SameAs(*y.data) || Fail("constants differ");
      }
      case ExprKind::kVar:
      case ExprKind::kDataflowVar:
        return VarUse(static_cast<const Var&>(*a), static_cast<const Var&>(*b));
      case ExprKind::kGlobalVar: {
        auto& x = static_cast<const GlobalVar&>(*a);
        auto& y = static_cast<const GlobalVar&>(*b);
        return x.name == y.name || Fail("global " + x.name + " vs " + y.name);
      }
      case ExprKind::kTuple: {
        auto& x = static_cast<const Tuple&>(*a);
        auto& y = static_cast<const Tuple&>(*b);
        return ExprList("fields", x.fields, y.fields);
      }
      case ExprKind::kTupleGetItem: {
        auto& x = static_cast<const TupleGetItem&>(*a);
        auto& y = static_cast<const TupleGetItem&>(*b);
        if (x.index != y.index) return Fail("tuple index differs");
        return Field("tuple", [&] { return Expr(x.tuple, y.tuple); });
      }
      case ExprKind::kSeqExpr: {
        auto& x = static_cast<const SeqExpr&>(*a);
        auto& y = static_cast<const SeqExpr&>(*b);
        if (x.blocks.size() != y.blocks.size()) {
          return Fail(std::to_string(x.blocks.size()) + " vs " + std::to_string(y.blocks.size()) +
                      " blocks");
        }
        for (size_t i = 0; i < x.blocks.size(); ++i) {
          Push("blocks", i);
          if (!Block(x.blocks[i], y.blocks[i])) return false;
          Pop();
        }
        return Field("body", [&] { return Expr(x.body, y.body); });
      }
      case ExprKind::kFunction: {
        auto& x = static_cast<const Function&>(*a);
        auto& y = static_cast<const Function&>(*b);
        if (x.params.size() != y.params.size()) return Fail("parameter counts differ");
        if (x.is_pure != y.is_pure) return Fail("purity differs");
        if (!AttrsEq(x.attrs, y.attrs)) return Fail("function attrs differ");
        for (size_t i = 0; i < x.params.size(); ++i) {
          Push("params", i);
          if (!VarDef(*x.params[i], *y.params[i])) return false;
          Pop();
        }
        if (!Field("ret", [&] { return SInfo(x.ret_sinfo, y.ret_sinfo); })) return false;
        return Field("body", [&] { return Expr(x.body, y.body); });
      }
      case ExprKind::kIf: {
        auto& x = static_cast<const If&>(*a);
        auto& y = static_cast<const If&>(*b);
        return Field("cond", [&] { return Expr(x.cond, y.cond); }) &&
               Field("then", [&] { return Expr(x.true_branch, y.true_branch); }) &&
               Field("else", [&] { return Expr(x.false_branch, y.false_branch); });
      }
      case ExprKind::kCall: {
        auto& x = static_cast<const Call&>(*a);
        auto& y = static_cast<const Call&>(*b);
        if (!Field("op", [&] { return Expr(x.op, y.op); })) return false;
        if (!ExprList("args", x.args, y.args)) return false;
        if (!AttrsEq(x.attrs, y.attrs)) return Fail("call attrs differ");
        if (x.sinfo_args.size() != y.sinfo_args.size()) return Fail("sinfo_args counts differ");
        for (size_t i = 0; i < x.sinfo_args.size(); ++i) {
          Push("sinfo_args", i);
          if (!SInfo(x.sinfo_args[i], y.sinfo_args[i])) return false;
          Pop();
        }
        return true;
      }
      case ExprKind::kOp: {
        auto& x = static_cast<const Op&>(*a);
        auto& y = static_cast<const Op&>(*b);
        return x.info == y.info || Fail("op " + x.info->name + " vs " + y.info->name);
      }
      case ExprKind::kExternFunc: {
        auto& x = static_cast<const ExternFunc&>(*a);
        auto& y = static_cast<const ExternFunc&>(*b);
        if (x.symbol != y.symbol) return Fail("extern " + x.symbol + " vs " + y.symbol);
        return Field("sinfo", [&] { return SInfo(x.sinfo, y.sinfo); });
      }
      case ExprKind::kShapeExpr: {
        auto& x = static_cast<const ShapeExpr&>(*a);
        auto& y = static_cast<const ShapeExpr&>(*b);
        return PrimList(x.values, y.values);
      }
      case ExprKind::kPrimValue: {
        auto& x = static_cast<const PrimValue&>(*a);
        auto& y = static_cast<const PrimValue&>(*b);
        return Prim(x.value, y.value);
      }
      case ExprKind::kStringImm: {
        auto& x = static_cast<const StringImm&>(*a);
        auto& y = static_cast<const StringImm&>(*b);
        return x.value == y.value || Fail("strings differ");
      }
      case ExprKind::kDataTypeImm: {
        auto& x = static_cast<const DataTypeImm&>(*a);
        auto& y = static_cast<const DataTypeImm&>(*b);
        return x.value == y.value || Fail("dtypes differ");
      }
      case ExprKind::kPrimFunc:
        return PrimFunc(static_cast<const tir::PrimFunc&>(*a), static_cast<const tir::PrimFunc&>(*b));
    }
    return Fail("unknown kind");
  }

  // ---- TIR (structural_equal_tir.cc) ----
  bool PrimFunc(const tir::PrimFunc& a, const tir::PrimFunc& b);
  bool Stmt(const Ref<tir::Stmt>& a, const Ref<tir::Stmt>& b);
  /// Pairs two buffers at their definition: their fields must be equal.
  bool BufferDef(const Ref<tir::Buffer>& a, const Ref<tir::Buffer>& b);
  /// Two uses of buffers: the same pair as at their definition (or a new pair, for free ones).
  bool BufferUse(const Ref<tir::Buffer>& a, const Ref<tir::Buffer>& b);
  bool Regions(const std::vector<tir::BufferRegion>& a, const std::vector<tir::BufferRegion>& b);
  /// The operands of a TIR-only PrimExpr kind beyond `operands` (args, buffer, intrinsic, lanes).
  bool TirPrimExtras(const PrimExpr& a, const PrimExpr& b);

  bool SInfo(const Ref<StructInfo>& a, const Ref<StructInfo>& b) {
    if (Identity(a.get(), b.get()) || (!a && !b)) return true;
    if (!a || !b)
      return Fail(a ? "struct info missing on the right" : "struct info missing on the left");
    if (a->kind != b->kind) {
      return Fail(std::string(SInfoKindName(a->kind)) + " vs " + SInfoKindName(b->kind));
    }
    switch (a->kind) {
      case SInfoKind::kObject: return true;
      case SInfoKind::kPrim: {
        auto& x = static_cast<const PrimStructInfo&>(*a);
        auto& y = static_cast<const PrimStructInfo&>(*b);
        if (x.dtype != y.dtype) return Fail("prim dtypes differ");
        return OptPrim(x.value, y.value);
      }
      case SInfoKind::kShape: {
        auto& x = static_cast<const ShapeStructInfo&>(*a);
        auto& y = static_cast<const ShapeStructInfo&>(*b);
        if (x.ndim != y.ndim) return Fail("shape ndims differ");
        if (x.values.has_value() != y.values.has_value())
          return Fail("shape values presence differs");
        return !x.values || PrimList(*x.values, *y.values);
      }
      case SInfoKind::kTensor: {
        auto& x = static_cast<const TensorStructInfo&>(*a);
        auto& y = static_cast<const TensorStructInfo&>(*b);
        if (x.dtype != y.dtype) return Fail("tensor dtypes differ");
        if (x.ndim != y.ndim) return Fail("tensor ndims differ");
        if (x.vdevice != y.vdevice) return Fail("vdevices differ");
        return Field("shape", [&] { return Expr(x.shape, y.shape); });
      }
      case SInfoKind::kTuple: {
        auto& x = static_cast<const TupleStructInfo&>(*a);
        auto& y = static_cast<const TupleStructInfo&>(*b);
        if (x.fields.size() != y.fields.size()) return Fail("tuple arities differ");
        for (size_t i = 0; i < x.fields.size(); ++i) {
          Push("fields", i);
          if (!SInfo(x.fields[i], y.fields[i])) return false;
          Pop();
        }
        return true;
      }
      case SInfoKind::kFunc: {
        auto& x = static_cast<const FuncStructInfo&>(*a);
        auto& y = static_cast<const FuncStructInfo&>(*b);
        if (x.pure != y.pure) return Fail("callable purity differs");
        if (x.derive_func != y.derive_func) return Fail("derive_func differs");
        if (x.params.has_value() != y.params.has_value())
          return Fail("callable params presence differs");
        if (x.params) {
          if (x.params->size() != y.params->size()) return Fail("callable arities differ");
          for (size_t i = 0; i < x.params->size(); ++i) {
            Push("params", i);
            if (!SInfo((*x.params)[i], (*y.params)[i])) return false;
            Pop();
          }
        }
        return Field("ret", [&] { return SInfo(x.ret, y.ret); });
      }
    }
    return Fail("unknown struct info kind");
  }

  bool Prim(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
    if (Identity(a.get(), b.get()) || (!a && !b)) return true;
    if (!a || !b) return Fail("prim expr missing");
    if (a->kind != b->kind) {
      return Fail(std::string("prim ") + PrimKindName(a->kind) + " vs " + PrimKindName(b->kind));
    }
    if (a->dtype != b->dtype) return Fail("prim dtypes differ");
    switch (a->kind) {
      case PrimKind::kIntImm:
        return a->int_value == b->int_value || Fail("integers " + std::to_string(a->int_value) +
                                                    " vs " + std::to_string(b->int_value));
      case PrimKind::kFloatImm:
        return std::memcmp(&a->float_value, &b->float_value, sizeof(double)) == 0 ||
               Fail("floats differ");
      case PrimKind::kVar: {
        auto it = prim_lr_.find(a.get());
        auto jt = prim_rl_.find(b.get());
        if (it == prim_lr_.end() && jt == prim_rl_.end()) {
          if (free_by_identity && a != b) return Fail("shape variable " + a->name + " vs " + b->name);
          prim_lr_[a.get()] = b.get();
          prim_rl_[b.get()] = a.get();
          return true;
        }
        if (it != prim_lr_.end() && it->second == b.get()) return true;
        return Fail("shape variable " + a->name + " vs " + b->name);
      }
      default:
        for (int i = 0; i < a->arity(); ++i) {
          if (!Prim(a->operands[i], b->operands[i])) return false;
        }
        return !a->is_tir_only() || TirPrimExtras(*a, *b);
    }
  }

  bool PrimList(const std::vector<Ref<PrimExpr>>& a, const std::vector<Ref<PrimExpr>>& b) {
    if (a.size() != b.size()) return Fail("shape lengths differ");
    for (size_t i = 0; i < a.size(); ++i) {
      Push("values", i);
      if (!Prim(a[i], b[i])) return false;
      Pop();
    }
    return true;
  }

  bool AttrsEq(const Attrs& a, const Attrs& b) { return DictEq(a.entries(), b.entries()); }

 private:
  bool Fail(const std::string& what) {
    if (mismatch.empty()) mismatch = Path() + ": " + what;
    return false;
  }

  std::string Path() const {
    std::string p;
    for (const auto& [name, index, key] : path_) {
      if (!p.empty() && name[0] != '.' && name[std::strlen(name) - 1] != '.') p += ".";
      p += name;
      if (!key.empty()) p += key;
      if (index >= 0) p += "[" + std::to_string(index) + "]";
    }
    return p.empty() ? "<root>" : p;
  }
  void Push(const char* name, size_t index) {
    path_.push_back({name, static_cast<long>(index), {}});
  }
  void Push(const char* name, const std::string& key) { path_.push_back({name, -1, key}); }
  void Pop() { path_.pop_back(); }
  template <class F>
  bool Field(const char* name, F f) {
    path_.push_back({name, -1, {}});
    bool ok = f();
    if (ok) path_.pop_back();
    return ok;
  }

  bool ExprList(const char* name, const std::vector<Ref<rlx::Expr>>& a,
                const std::vector<Ref<rlx::Expr>>& b) {
    if (a.size() != b.size()) {
      return Fail(std::string(name) + ": " + std::to_string(a.size()) + " vs " +
                  std::to_string(b.size()) + " elements");
    }
    for (size_t i = 0; i < a.size(); ++i) {
      Push(name, i);
      if (!Expr(a[i], b[i])) return false;
      Pop();
    }
    return true;
  }

  bool OptPrim(const Ref<PrimExpr>& a, const Ref<PrimExpr>& b) {
    if (!a && !b) return true;
    if (!a || !b) return Fail("prim value presence differs");
    return Prim(a, b);
  }

  bool Block(const BindingBlock& a, const BindingBlock& b) {
    if (a.is_dataflow != b.is_dataflow) return Fail("dataflow vs binding block");
    if (a.bindings.size() != b.bindings.size()) {
      return Fail(std::to_string(a.bindings.size()) + " vs " + std::to_string(b.bindings.size()) +
                  " bindings");
    }
    for (size_t i = 0; i < a.bindings.size(); ++i) {
      const Binding& x = a.bindings[i];
      const Binding& y = b.bindings[i];
      Push("bindings", i);
      if (x.is_match_cast() != y.is_match_cast()) return Fail("match_cast vs var binding");
      if (!Field("value", [&] { return Expr(x.value, y.value); })) return false;
      if (x.is_match_cast() &&
          !Field("match", [&] { return SInfo(x.match_sinfo, y.match_sinfo); })) {
        return false;
      }
      if (!VarDef(*x.var, *y.var)) return false;
      Pop();
    }
    return true;
  }

  bool VarDef(const Var& a, const Var& b) {
    if (a.kind != b.kind) return Fail("Var vs DataflowVar");
    if (!Field("annotation", [&] { return SInfo(a.annotation, b.annotation); })) return false;
    return VarUse(a, b);
  }

  bool VarUse(const Var& a, const Var& b) {
    if (a.kind != b.kind) return Fail("Var vs DataflowVar");
    auto it = var_lr_.find(&a);
    auto jt = var_rl_.find(&b);
    if (it == var_lr_.end() && jt == var_rl_.end()) {
      if (free_by_identity && &a != &b) return Fail("variable " + a.name + " vs " + b.name);
      var_lr_[&a] = &b;
      var_rl_[&b] = &a;
      return true;
    }
    if (it != var_lr_.end() && it->second == &b) return true;
    return Fail("variable " + a.name + " vs " + b.name);
  }

  bool AttrValueEq(const AttrValue& a, const AttrValue& b) {
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
      case AttrValue::Kind::kNone: return true;
      case AttrValue::Kind::kBool: return a.as_bool() == b.as_bool();
      case AttrValue::Kind::kInt: return a.as_int() == b.as_int();
      case AttrValue::Kind::kFloat: {
        double x = a.as_float(), y = b.as_float();
        return std::memcmp(&x, &y, sizeof(double)) == 0;
      }
      case AttrValue::Kind::kString: return a.as_string() == b.as_string();
      case AttrValue::Kind::kDType: return a.as_dtype() == b.as_dtype();
      case AttrValue::Kind::kPrim: return Prim(a.as_prim(), b.as_prim());
      case AttrValue::Kind::kList: {
        const auto& x = a.as_list();
        const auto& y = b.as_list();
        if (x.size() != y.size()) return false;
        for (size_t i = 0; i < x.size(); ++i) {
          if (!AttrValueEq(x[i], y[i])) return false;
        }
        return true;
      }
      case AttrValue::Kind::kDict: return DictEq(a.as_dict(), b.as_dict());
    }
    return false;
  }

  // Dictionaries compare as maps: key order does not matter.
  bool DictEq(const AttrDict& a, const AttrDict& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [k, v] : a) {
      const AttrValue* other = nullptr;
      for (const auto& [k2, v2] : b) {
        if (k2 == k) other = &v2;
      }
      if (!other || !AttrValueEq(v, *other)) return false;
    }
    return true;
  }

  struct PathEntry {
    const char* name;
    long index;
    std::string key;
  };
  std::vector<PathEntry> path_;
  std::unordered_map<const Var*, const Var*> var_lr_, var_rl_;
  std::unordered_map<const PrimExpr*, const PrimExpr*> prim_lr_, prim_rl_;
  std::unordered_map<const tir::Buffer*, const tir::Buffer*> buffer_lr_, buffer_rl_;
};

// ---------------------------------------------------------------- hashing

class Hasher {
 public:
  size_t h = 0x9e3779b97f4a7c15ULL;
  /// Variables hash by identity (StructuralHashInScope).
  bool by_identity = false;

  void Mix(size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); }
  void MixStr(const std::string& s) { Mix(std::hash<std::string>{}(s)); }

  void Module(const IRModule& m) {
    // Globals are hashed order-independently (equality matches them by name).
    size_t acc = 0;
    for (const auto& g : m.globals) {
      Hasher sub;
      sub.var_ids_ = var_ids_;
      sub.MixStr(g.name);
      sub.Expr(g.value);
      acc += sub.h;
    }
    Mix(acc);
    Mix(AttrsHash(m.attrs));
    for (const VDeviceInfo& d : m.vdevices) {
      Mix(AttrValueHash(d.target));
      Mix(static_cast<size_t>(d.vdevice_id));
      MixStr(d.memory_scope);
    }
  }

  void Expr(const Ref<rlx::Expr>& e) {
    if (!e) {
      Mix(0xdead);
      return;
    }
    Mix(static_cast<size_t>(e->kind) + 1);
    switch (e->kind) {
      case ExprKind::kConstant: {
        const auto& d = *static_cast<const Constant&>(*e).data;
        Mix(static_cast<size_t>(d.dtype()));
        for (int64_t s : d.shape()) Mix(static_cast<size_t>(s));
        Mix(std::hash<std::string_view>{}(
            std::string_view(reinterpret_cast<const char*>(d.data()), d.nbytes())));
        return;
      }
      case ExprKind::kVar:
      case ExprKind::kDataflowVar: Mix(VarId(e.get())); return;
      case ExprKind::kGlobalVar: MixStr(static_cast<const GlobalVar&>(*e).name); return;
      case ExprKind::kTuple:
        for (const auto& f : static_cast<const Tuple&>(*e).fields) Expr(f);
        return;
      case ExprKind::kTupleGetItem: {
        auto& t = static_cast<const TupleGetItem&>(*e);
        Mix(static_cast<size_t>(t.index));
        Expr(t.tuple);
        return;
      }
      case ExprKind::kSeqExpr: {
        auto& s = static_cast<const SeqExpr&>(*e);
        for (const auto& b : s.blocks) {
          Mix(b.is_dataflow ? 7 : 11);
          for (const auto& binding : b.bindings) {
            Mix(binding.is_match_cast() ? 13 : 17);
            Expr(binding.value);
            if (binding.match_sinfo) SInfo(binding.match_sinfo);
            VarDef(*binding.var);
          }
        }
        Expr(s.body);
        return;
      }
      case ExprKind::kFunction: {
        auto& f = static_cast<const Function&>(*e);
        Mix(f.is_pure);
        Mix(AttrsHash(f.attrs));
        for (const auto& p : f.params) VarDef(*p);
        SInfo(f.ret_sinfo);
        Expr(f.body);
        return;
      }
      case ExprKind::kIf: {
        auto& i = static_cast<const If&>(*e);
        Expr(i.cond);
        Expr(i.true_branch);
        Expr(i.false_branch);
        return;
      }
      case ExprKind::kCall: {
        auto& c = static_cast<const Call&>(*e);
        Expr(c.op);
        for (const auto& a : c.args) Expr(a);
        Mix(AttrsHash(c.attrs));
        for (const auto& s : c.sinfo_args) SInfo(s);
        return;
      }
      case ExprKind::kOp: MixStr(static_cast<const Op&>(*e).info->name); return;
      case ExprKind::kExternFunc: {
        auto& x = static_cast<const ExternFunc&>(*e);
        MixStr(x.symbol);
        SInfo(x.sinfo);
        return;
      }
      case ExprKind::kShapeExpr:
        for (const auto& v : static_cast<const ShapeExpr&>(*e).values) Prim(v);
        return;
      case ExprKind::kPrimValue: Prim(static_cast<const PrimValue&>(*e).value); return;
      case ExprKind::kStringImm: MixStr(static_cast<const StringImm&>(*e).value); return;
      case ExprKind::kDataTypeImm:
        Mix(static_cast<size_t>(static_cast<const DataTypeImm&>(*e).value));
        return;
      case ExprKind::kPrimFunc: PrimFunc(static_cast<const tir::PrimFunc&>(*e)); return;
    }
  }

  // ---- TIR (structural_equal_tir.cc) ----
  void PrimFunc(const tir::PrimFunc& f);
  void Stmt(const Ref<tir::Stmt>& s);
  void BufferDef(const Ref<tir::Buffer>& b);
  void Regions(const std::vector<tir::BufferRegion>& regions);
  void TirPrimExtras(const PrimExpr& e);

  void SInfo(const Ref<StructInfo>& s) {
    if (!s) {
      Mix(0xbeef);
      return;
    }
    Mix(static_cast<size_t>(s->kind) + 100);
    switch (s->kind) {
      case SInfoKind::kObject: return;
      case SInfoKind::kPrim: {
        auto& p = static_cast<const PrimStructInfo&>(*s);
        Mix(static_cast<size_t>(p.dtype));
        Prim(p.value);
        return;
      }
      case SInfoKind::kShape: {
        auto& p = static_cast<const ShapeStructInfo&>(*s);
        Mix(static_cast<size_t>(p.ndim + 10));
        if (p.values) {
          for (const auto& v : *p.values) Prim(v);
        }
        return;
      }
      case SInfoKind::kTensor: {
        auto& t = static_cast<const TensorStructInfo&>(*s);
        Mix(static_cast<size_t>(t.dtype));
        Mix(static_cast<size_t>(t.ndim + 10));
        MixStr(t.vdevice);
        Expr(t.shape);
        return;
      }
      case SInfoKind::kTuple:
        for (const auto& f : static_cast<const TupleStructInfo&>(*s).fields) SInfo(f);
        return;
      case SInfoKind::kFunc: {
        auto& f = static_cast<const FuncStructInfo&>(*s);
        Mix(f.pure);
        MixStr(f.derive_func);
        if (f.params) {
          Mix(f.params->size() + 1);
          for (const auto& p : *f.params) SInfo(p);
        }
        SInfo(f.ret);
        return;
      }
    }
  }

  void Prim(const Ref<PrimExpr>& e) {
    if (!e) {
      Mix(0xf00d);
      return;
    }
    Mix(static_cast<size_t>(e->kind) + 200);
    Mix(static_cast<size_t>(e->dtype));
    switch (e->kind) {
      case PrimKind::kIntImm: Mix(static_cast<size_t>(e->int_value)); return;
      case PrimKind::kFloatImm: {
        uint64_t bits;
        std::memcpy(&bits, &e->float_value, sizeof bits);
        Mix(bits);
        return;
      }
      case PrimKind::kVar: Mix(VarId(e.get())); return;
      default:
        for (int i = 0; i < e->arity(); ++i) Prim(e->operands[i]);
        if (e->is_tir_only()) TirPrimExtras(*e);
    }
  }

  void AttrsMix(const Attrs& a) { Mix(AttrsHash(a)); }

 private:
  void VarDef(const Var& v) {
    SInfo(v.annotation);
    Mix(VarId(&v));
  }

  // Variables hash by order of first occurrence, so renaming does not change the hash.
  size_t VarId(const void* p) {
    if (by_identity) return std::hash<const void*>{}(p);
    auto [it, inserted] = var_ids_.emplace(p, var_ids_.size() + 1);
    return it->second * 0x51ed27;
  }

  size_t AttrValueHash(const AttrValue& v) {
    Hasher sub;
    sub.Mix(static_cast<size_t>(v.kind()));
    switch (v.kind()) {
      case AttrValue::Kind::kNone: break;
      case AttrValue::Kind::kBool: sub.Mix(v.as_bool()); break;
      case AttrValue::Kind::kInt: sub.Mix(static_cast<size_t>(v.as_int())); break;
      case AttrValue::Kind::kFloat: {
        double d = v.as_float();
        uint64_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        sub.Mix(bits);
        break;
      }
      case AttrValue::Kind::kString: sub.MixStr(v.as_string()); break;
      case AttrValue::Kind::kDType: sub.Mix(static_cast<size_t>(v.as_dtype())); break;
      case AttrValue::Kind::kPrim: sub.Mix(static_cast<size_t>(v.as_prim()->kind)); break;
      case AttrValue::Kind::kList:
        for (const auto& x : v.as_list()) sub.Mix(AttrValueHash(x));
        break;
      case AttrValue::Kind::kDict: sub.Mix(DictHash(v.as_dict())); break;
    }
    return sub.h;
  }

  size_t DictHash(const AttrDict& d) {
    size_t acc = 0;
    for (const auto& [k, v] : d) acc += std::hash<std::string>{}(k)*31 + AttrValueHash(v);
    return acc;
  }
  size_t AttrsHash(const Attrs& a) { return DictHash(a.entries()); }

  std::unordered_map<const void*, size_t> var_ids_;
};


}  // namespace rlx::structural
