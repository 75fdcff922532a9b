#include "fuzz/generators/random_module.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "fuzz/generators/random_prim_func.h"
#include "ir/builder/ir_builder.h"
#include "ir/op_table.h"

namespace rlx::fuzz {
namespace {

const std::vector<std::string> kVarNames = {
    "x",     "y",  "lv", "gv",    "a",   "b",   "out",    "tmp", "R",    "T", "I", "cls",
    "float", "np", "if", "class", "x_1", "lv1", "Module", "_",   "data", "w", "v"};
const std::vector<std::string> kShapeNames = {"n", "m", "k", "batch", "seq", "n_1", "N", "x"};
const std::vector<std::string> kStrings = {"",
                                           "hello",
                                           "with \"quotes\"",
                                           "back\\slash",
                                           "tab\tnew\nline",
                                           "caf\xc3\xa9",
                                           "\xe2\x88\x80x",
                                           "x: {}",
                                           "{}",
                                           "ctl\x01"};
const std::vector<std::string> kVDevices = {"cuda:0", "llvm", "cuda:1:global", "metal:0"};
const std::vector<std::string> kPackedNames = {"test.identity", "vm.builtin.copy", "my_func"};

class Gen {
 public:
  Gen(Chooser& c, const RandomModuleOptions& o) : c_(c), o_(o) {}

  Ref<IRModule> Module() {
    int nfun = static_cast<int>(c_.Range(1, o_.max_functions));
    for (int i = 0; i < nfun; ++i) globals_.push_back(i == 0 ? "main" : "f" + std::to_string(i));
    b_.BeginModule(c_.Chance(80) ? "Module" : "Mod" + std::to_string(c_.Range(0, 9)));
    if (c_.Chance(20)) b_.SetModuleAttrs(Attrs(AttrDictValue(1)));
    int next_extern = 0;
    for (const auto& name : globals_) {
      if (c_.Chance(20)) {
        Ref<StructInfo> s = c_.Chance(50) ? FuncSInfo(1) : nullptr;
        b_.AddGlobal("ext" + std::to_string(next_extern++),
                     ExternFunc::Make(c_.Pick(kPackedNames), s));
      }
      b_.AddGlobal(name, Function(true, name, 0));
      if (c_.Chance(30)) {  // a TIR function beside it (spec chapter 7)
        b_.AddGlobal("tir_" + name, RandomPrimFunc(c_, "tir_" + name, c_.Chance(50)));
      }
    }
    return b_.EndModule();
  }

 private:
  // ---------------------------------------------------------------- scopes

  struct Scope {
    std::vector<Ref<Var>> vars;
    std::vector<Ref<PrimExpr>> shape_vars;
  };

  std::vector<Ref<Var>> Vars() const {
    std::vector<Ref<Var>> all;
    for (const auto& s : scopes_) all.insert(all.end(), s.vars.begin(), s.vars.end());
    return all;
  }
  std::vector<Ref<PrimExpr>> ShapeVars() const {
    std::vector<Ref<PrimExpr>> all;
    for (const auto& s : scopes_) all.insert(all.end(), s.shape_vars.begin(), s.shape_vars.end());
    return all;
  }

  // ---------------------------------------------------------------- shape arithmetic

  Ref<PrimExpr> Dim(int depth) {
    auto vars = ShapeVars();
    int64_t pick = c_.Range(0, depth > 0 ? 9 : 3);
    if (pick <= 1 || (pick <= 3 && vars.empty())) return PrimExpr::Int(c_.Range(-2, 64));
    if (pick <= 3) return c_.Pick(vars);
    static const PrimKind kinds[] = {PrimKind::kAdd,      PrimKind::kSub,      PrimKind::kMul,
                                     PrimKind::kFloorDiv, PrimKind::kFloorMod, PrimKind::kTruncDiv,
                                     PrimKind::kTruncMod, PrimKind::kMin,      PrimKind::kMax};
    if (pick == 9) return PrimExpr::Select(Cond(depth - 1), Dim(depth - 1), Dim(depth - 1));
    return PrimExpr::Binary(kinds[c_.Range(0, 8)], Dim(depth - 1), Dim(depth - 1));
  }

  Ref<PrimExpr> Cond(int depth) {
    int64_t pick = c_.Range(0, depth > 0 ? 5 : 1);
    if (pick == 0) return PrimExpr::Int(c_.Range(0, 1), DataType::kBool);
    static const PrimKind cmps[] = {PrimKind::kEQ, PrimKind::kNE, PrimKind::kLT,
                                    PrimKind::kLE, PrimKind::kGT, PrimKind::kGE};
    if (pick <= 2) return PrimExpr::Binary(cmps[c_.Range(0, 5)], Dim(depth), Dim(depth));
    if (pick == 3) return PrimExpr::Not(Cond(depth - 1));
    return PrimExpr::Binary(c_.Chance(50) ? PrimKind::kAnd : PrimKind::kOr, Cond(depth - 1),
                            Cond(depth - 1));
  }

  // A scalar of any dtype, for PrimValue payloads.
  Ref<PrimExpr> Scalar() {
    switch (c_.Range(0, 5)) {
      case 0: return Dim(2);
      case 1: return Cond(2);
      case 2: {
        static const DataType ints[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                                        DataType::kUInt8, DataType::kUInt32};
        DataType t = ints[c_.Range(0, 4)];
        int64_t v = IsUnsignedInt(t) ? c_.Range(0, 200) : c_.Range(-100, 100);
        return PrimExpr::Int(v, t);
      }
      case 3: {
        static const DataType floats[] = {DataType::kFloat16, DataType::kBFloat16, DataType::kFloat32,
                                          DataType::kFloat64, DataType::kFloat8E4M3FN, DataType::kFloat8E5M2};
        return PrimExpr::Float(FloatValue(), floats[c_.Range(0, 5)]);
      }
      case 4: return PrimExpr::Int(c_.Range(INT64_MIN / 2, INT64_MAX / 2));
      default: return PrimExpr::Int(c_.Range(0, 1), DataType::kBool);
    }
  }

  double FloatValue() {
    switch (c_.Range(0, 7)) {
      case 0: return std::numeric_limits<double>::quiet_NaN();
      case 1: return -std::numeric_limits<double>::infinity();
      case 2: return std::numeric_limits<double>::infinity();
      case 3: return -0.0;
      case 4: return static_cast<double>(c_.Range(-1000, 1000)) / 8;
      case 5: return -std::numeric_limits<double>::quiet_NaN();
      default: {
        uint64_t bits = c_.Bits();
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return std::isnan(d) ? 1.5 : d;
      }
    }
  }

  // ---------------------------------------------------------------- struct info

  DataType AnyDType(bool allow_void) {
    int64_t t = c_.Range(allow_void ? 0 : 1, kNumDataTypes - 1);
    return static_cast<DataType>(t);
  }

  Ref<StructInfo> SInfo(int depth) {
    switch (c_.Range(0, depth > 0 ? 6 : 3)) {
      case 0: return ObjectStructInfo::Make();
      case 1: return PrimSInfo();
      case 2: return ShapeSInfo();
      case 3:
      case 4: return TensorSInfo();
      case 5: {
        std::vector<Ref<StructInfo>> fields;
        for (int64_t i = c_.Range(0, 3); i > 0; --i) fields.push_back(SInfo(depth - 1));
        return TupleStructInfo::Make(std::move(fields));
      }
      default: return FuncSInfo(depth - 1);
    }
  }

  Ref<StructInfo> PrimSInfo() {
    if (c_.Chance(50)) return PrimStructInfo::Make(AnyDType(false));
    Ref<PrimExpr> v = c_.Chance(70) ? Dim(1) : Scalar();
    return PrimStructInfo::Make(c_.Chance(80) ? v->dtype : AnyDType(false), v);
  }

  Ref<StructInfo> ShapeSInfo() {
    if (c_.Chance(40)) return ShapeStructInfo::MakeNdim(static_cast<int>(c_.Range(-1, 4)));
    std::vector<Ref<PrimExpr>> values;
    for (int64_t i = c_.Range(0, 3); i > 0; --i) values.push_back(Dim(2));
    return ShapeStructInfo::Make(std::move(values));
  }

  Ref<StructInfo> TensorSInfo() {
    DataType dt = AnyDType(true);
    std::string vdev = c_.Chance(10) ? c_.Pick(kVDevices) : "";
    int64_t pick = c_.Range(0, 9);
    if (pick <= 5) {
      std::vector<Ref<PrimExpr>> dims;
      for (int64_t i = c_.Range(0, 3); i > 0; --i) dims.push_back(Dim(2));
      return TensorStructInfo::Make(ShapeExpr::Make(std::move(dims)), dt, kUnknownNdim, vdev);
    }
    if (pick == 6) {
      // The shape is a variable holding a shape.
      auto vars = Vars();
      if (!vars.empty())
        return TensorStructInfo::Make(c_.Pick(vars), dt, static_cast<int>(c_.Range(-1, 3)), vdev);
    }
    return TensorStructInfo::Make(nullptr, dt, static_cast<int>(c_.Range(-1, 4)), vdev);
  }

  Ref<StructInfo> FuncSInfo(int depth) {
    if (c_.Chance(30)) {
      std::string derive = c_.Chance(30) ? "tvm.relax.struct_info.infer_by_sinfo_args" : "";
      return FuncStructInfo::MakeOpaque(SInfo(depth), c_.Chance(50), derive);
    }
    std::vector<Ref<StructInfo>> params;
    for (int64_t i = c_.Range(0, 2); i > 0; --i) params.push_back(SInfo(depth));
    return FuncStructInfo::Make(std::move(params), SInfo(depth), c_.Chance(70));
  }

  // ---------------------------------------------------------------- attributes

  AttrValue AttrLeaf() {
    switch (c_.Range(0, 6)) {
      case 0: return AttrValue();
      case 1: return AttrValue::Bool(c_.Chance(50));
      case 2: return AttrValue::Int(c_.Range(INT64_MIN, INT64_MAX));
      case 3: return AttrValue::Float(FloatValue());
      case 4: return AttrValue::String(c_.Pick(kStrings));
      case 5: return AttrValue::Prim(Dim(1));
      default: return AttrValue::Int(c_.Range(-5, 5));
    }
  }

  AttrDict AttrDictValue(int depth) {
    AttrDict d;
    for (int64_t i = c_.Range(0, 3); i > 0; --i) {
      std::string key = c_.Chance(50) ? c_.Pick(kStrings) : "k" + std::to_string(c_.Range(0, 99));
      bool dup = false;
      for (const auto& kv : d) dup |= kv.first == key;
      if (dup) continue;
      d.emplace_back(key, AttrAny(depth));
    }
    return d;
  }

  AttrValue AttrAny(int depth) {
    if (depth > 0 && c_.Chance(20)) {
      AttrList l;
      for (int64_t i = c_.Range(0, 3); i > 0; --i) l.push_back(AttrAny(depth - 1));
      return AttrValue::List(std::move(l));
    }
    if (depth > 0 && c_.Chance(15)) return AttrValue::Dict(AttrDictValue(depth - 1));
    return AttrLeaf();
  }

  // ---------------------------------------------------------------- expressions

  Ref<Constant> Const() {
    DataType dt = AnyDType(false);
    std::vector<int64_t> shape;
    for (int64_t i = c_.Range(0, 3); i > 0; --i) shape.push_back(c_.Range(0, 3));
    auto data = std::make_shared<TensorData>(dt, shape);
    for (int64_t i = 0; i < data->num_elements(); ++i) {
      if (IsFloat(dt)) {
        data->SetDouble(i, FloatValue());
      } else if (c_.Chance(30)) {
        data->SetInt(i, static_cast<int64_t>(c_.Bits()));  // extremes wrap to the dtype
      } else {
        data->SetInt(i, c_.Range(-3, 3));
      }
    }
    return Constant::Make(std::move(data));
  }

  Ref<Expr> Leaf() {
    auto vars = Vars();
    switch (c_.Range(0, vars.empty() ? 6 : 11)) {
      case 0: return Const();
      case 1: return ShapeExpr::Make(Dims());
      case 2: return PrimValue::Make(Scalar());
      case 3: return StringImm::Make(c_.Pick(kStrings));
      case 4: return DataTypeImm::Make(AnyDType(true));
      case 5:
        return ExternFunc::Make(c_.Pick(kPackedNames), c_.Chance(30) ? FuncSInfo(1) : nullptr);
      case 6: return GlobalVar::Make(c_.Pick(globals_));
      default: return c_.Pick(vars);
    }
  }

  std::vector<Ref<PrimExpr>> Dims() {
    std::vector<Ref<PrimExpr>> d;
    for (int64_t i = c_.Range(0, 3); i > 0; --i) d.push_back(Dim(2));
    return d;
  }

  Ref<Expr> Arg(int depth = 1) {
    if (depth > 0 && c_.Chance(15)) {
      std::vector<Ref<Expr>> fields;
      for (int64_t i = c_.Range(0, 3); i > 0; --i) fields.push_back(Arg(depth - 1));
      return Tuple::Make(std::move(fields));
    }
    return Leaf();
  }

  std::vector<AttrValue> IntList(int64_t min_len, int64_t max_len) {
    std::vector<AttrValue> l;
    for (int64_t i = c_.Range(min_len, max_len); i > 0; --i)
      l.push_back(AttrValue::Int(c_.Range(-3, 8)));
    return l;
  }

  // An op call in the canonical form the parser produces.
  Ref<Expr> OpCall() {
    const auto& ops = AllOps();
    const OpInfo& op = ops[static_cast<size_t>(c_.Range(0, static_cast<int64_t>(ops.size()) - 1))];
    std::vector<Ref<Expr>> args;
    AttrDict attrs;
    std::vector<Ref<StructInfo>> sinfo_args;
    for (const OpParam& p : op.params) {
      bool canonical_list = op.id == OpId::kConv2d || op.id == OpId::kMaxPool2d ||
                            op.id == OpId::kAvgPool2d || op.id == OpId::kAdaptiveAvgPool2d;
      switch (p.kind) {
        case ParamKind::kExpr: args.push_back(Arg()); break;
        case ParamKind::kShape:
          args.push_back(c_.Chance(70) ? Ref<Expr>(ShapeExpr::Make(Dims())) : Leaf());
          break;
        case ParamKind::kPrim:
          if (p.nullable && op.id == OpId::kStridedSlice && c_.Chance(50)) break;
          args.push_back(c_.Chance(80) ? Ref<Expr>(PrimValue::Make(Scalar())) : Leaf());
          break;
        case ParamKind::kPrimTuple: {
          if (p.nullable && c_.Chance(50)) break;  // strided_slice without strides
          auto vars = Vars();
          if (!vars.empty() && c_.Chance(20)) {
            args.push_back(c_.Pick(vars));
            break;
          }
          std::vector<Ref<Expr>> fields;
          for (int64_t i = c_.Range(0, 3); i > 0; --i) fields.push_back(PrimValue::Make(Dim(1)));
          args.push_back(Tuple::Make(std::move(fields)));
          break;
        }
        case ParamKind::kTuple: {
          std::vector<Ref<Expr>> fields;
          for (int64_t i = c_.Range(0, 3); i > 0; --i) fields.push_back(Leaf());
          args.push_back(Tuple::Make(std::move(fields)));
          break;
        }
        case ParamKind::kStr: args.push_back(StringImm::Make(c_.Pick(kStrings))); break;
        case ParamKind::kExtern: args.push_back(ExternFunc::Make(c_.Pick(kPackedNames))); break;
        case ParamKind::kVariadic:
        case ParamKind::kExprList:
          for (int64_t i = c_.Range(0, 3); i > 0; --i) args.push_back(Arg());
          break;
        case ParamKind::kSInfoArgs:
          if (p.name == "out_sinfo") {  // the outputs: one struct info (a tuple for several)
            sinfo_args.push_back(SInfo(1));
            break;
          }
          for (int64_t i = c_.Range(0, 2); i > 0; --i) sinfo_args.push_back(SInfo(1));
          break;
        case ParamKind::kInt: attrs.emplace_back(p.name, AttrValue::Int(c_.Range(-4, 4))); break;
        case ParamKind::kBool: attrs.emplace_back(p.name, AttrValue::Bool(c_.Chance(50))); break;
        case ParamKind::kFloat: attrs.emplace_back(p.name, AttrValue::Float(FloatValue())); break;
        case ParamKind::kString:
          if (p.nullable && !canonical_list && c_.Chance(30)) {
            attrs.emplace_back(p.name, AttrValue());
          } else {
            attrs.emplace_back(p.name,
                               AttrValue::String(c_.Chance(50) ? "NCHW" : c_.Pick(kStrings)));
          }
          break;
        case ParamKind::kDType: {
          DataType dt = AnyDType(op.id != OpId::kArange);
          attrs.emplace_back(p.name, AttrValue::DType(dt));
          break;
        }
        case ParamKind::kIntList:
          if (p.nullable && c_.Chance(30)) {
            attrs.emplace_back(p.name, AttrValue());
          } else if (canonical_list && p.name == "padding") {
            attrs.emplace_back(p.name, AttrValue::List(IntList(c_.Chance(50) ? 4 : 3, 4)));
          } else if (canonical_list) {
            attrs.emplace_back(p.name, AttrValue::List(IntList(2, 3)));
          } else {
            attrs.emplace_back(p.name, AttrValue::List(IntList(0, 4)));
          }
          break;
        case ParamKind::kIntOrList:
          attrs.emplace_back(p.name, c_.Chance(50) ? AttrValue::Int(c_.Range(1, 4))
                                                   : AttrValue::List(IntList(0, 3)));
          break;
      }
    }
    // Calls are kept in the form TVM's constructors give them (spec text.op.canonical).
    if (op.id == OpId::kArange || op.id == OpId::kEye) {
      while (args.size() < 3) args.push_back(PrimValue::Make(Dim(1)));
    }
    return Call::Make(Op::Get(op), std::move(args), Attrs(std::move(attrs)), std::move(sinfo_args));
  }

  Ref<Expr> Value() {
    auto vars = Vars();
    switch (c_.Range(0, 9)) {
      case 0: return Arg();
      case 1: {
        std::vector<Ref<Expr>> fields;
        for (int64_t i = c_.Range(0, 3); i > 0; --i) fields.push_back(Arg());
        return Tuple::Make(std::move(fields));
      }
      case 2:
        return TupleGetItem::Make(c_.Chance(70) || vars.empty() ? Arg(1) : c_.Pick(vars),
                                  static_cast<int>(c_.Range(0, 3)));
      case 3: {
        // R.call_packed("f", args..., sinfo_args=..., attrs...)
        std::vector<Ref<Expr>> args;
        for (int64_t i = c_.Range(0, 3); i > 0; --i) args.push_back(Arg());
        std::vector<Ref<StructInfo>> sinfo_args;
        for (int64_t i = c_.Range(0, 2); i > 0; --i) sinfo_args.push_back(SInfo(1));
        AttrDict attrs;
        if (c_.Chance(20)) attrs.emplace_back("attr_" + std::to_string(c_.Range(0, 9)), AttrLeaf());
        return Call::Make(ExternFunc::Make(c_.Pick(kPackedNames)), std::move(args),
                          Attrs(std::move(attrs)), std::move(sinfo_args));
      }
      case 4: {
        // A call of a global or of a function-valued variable.
        Ref<Expr> callee = c_.Chance(60) || vars.empty()
                               ? Ref<Expr>(GlobalVar::Make(c_.Pick(globals_)))
                               : Ref<Expr>(c_.Pick(vars));
        std::vector<Ref<Expr>> args;
        for (int64_t i = c_.Range(0, 3); i > 0; --i) args.push_back(Arg());
        return Call::Make(callee, std::move(args));
      }
      default: return OpCall();
    }
  }

  // ---------------------------------------------------------------- bindings

  void Bindings(int depth, bool in_dataflow) {
    int64_t n = c_.Range(0, o_.max_bindings);
    for (int64_t i = 0; i < n; ++i) {
      int64_t pick = c_.Range(0, 19);
      if (pick == 0 && !in_dataflow && depth < o_.max_depth) {
        Dataflow(depth);
      } else if (pick == 1 && !in_dataflow && depth < o_.max_depth) {
        IfBinding(depth);
      } else if (pick == 2 && depth < o_.max_depth) {
        LocalFunction(depth, in_dataflow);
      } else if (pick == 3) {
        MatchCast();
      } else {
        Ref<StructInfo> ann = c_.Chance(30) ? SInfo(1) : nullptr;
        Ref<Var> v = b_.Emit(Value(), c_.Pick(kVarNames), ann);
        scopes_.back().vars.push_back(v);
      }
    }
  }

  void MatchCast() {
    // A match_cast that binds a fresh shape variable in a dimension.
    Ref<PrimExpr> sv = PrimExpr::Var(c_.Pick(kShapeNames));
    Ref<StructInfo> s;
    switch (c_.Range(0, 2)) {
      case 0: {
        std::vector<Ref<PrimExpr>> dims{sv};
        if (c_.Chance(50)) dims.push_back(Dim(1));
        s = TensorStructInfo::Make(ShapeExpr::Make(std::move(dims)), AnyDType(true), kUnknownNdim);
        break;
      }
      case 1: s = ShapeStructInfo::Make({sv, Dim(1)}); break;
      default: s = PrimStructInfo::Make(DataType::kInt64, sv); break;
    }
    Ref<Var> v = b_.EmitMatchCast(Arg(0), s, c_.Pick(kVarNames));
    scopes_.back().vars.push_back(v);
    scopes_.back().shape_vars.push_back(sv);
  }

  void Dataflow(int depth) {
    b_.BeginDataflow();
    scopes_.emplace_back();
    Bindings(depth + 1, true);
    std::vector<Ref<Var>> outputs;
    for (const auto& v : scopes_.back().vars) {
      if (v->is_dataflow() && c_.Chance(50)) outputs.push_back(v);
    }
    Scope inner = std::move(scopes_.back());
    scopes_.pop_back();
    for (const auto& v : b_.EndDataflow(outputs)) scopes_.back().vars.push_back(v);
    // Shape variables bound in the block stay in scope (they belong to the function).
    for (const auto& s : inner.shape_vars) scopes_.back().shape_vars.push_back(s);
  }

  void IfBinding(int depth) {
    b_.BeginIf(c_.Chance(50) ? Leaf() : Ref<Expr>(PrimValue::Make(Cond(1))));
    scopes_.emplace_back();
    Bindings(depth + 1, false);
    Ref<Expr> then_result = Result();
    scopes_.pop_back();
    b_.BeginElse(then_result);
    scopes_.emplace_back();
    Bindings(depth + 1, false);
    Ref<Expr> else_result = Result();
    scopes_.pop_back();
    Ref<Var> v = b_.EndIf(else_result, c_.Pick(kVarNames));
    scopes_.back().vars.push_back(v);
  }

  Ref<Expr> Result() {
    auto& own = scopes_.back().vars;
    if (!own.empty() && c_.Chance(60)) return own.back();
    return Arg();
  }

  void LocalFunction(int depth, bool in_dataflow) {
    std::string name = c_.Pick(kVarNames);
    Ref<Var> fv = in_dataflow ? Var::MakeDataflow(name) : Var::Make(name);
    scopes_.back().vars.push_back(fv);  // in scope in its own body: recursion
    Ref<rlx::Function> fn = Function(false, name, depth + 1);
    b_.EmitWithVar(fv, fn);
  }

  Ref<rlx::Function> Function(bool top_level, const std::string& name, int depth) {
    b_.BeginFunction();
    scopes_.emplace_back();
    // Shape variables of the signature: each gets a parameter that binds it bare.
    std::vector<Ref<PrimExpr>> sig;
    for (int64_t i = c_.Range(0, 2); i > 0; --i) sig.push_back(PrimExpr::Var(c_.Pick(kShapeNames)));
    std::vector<std::pair<std::string, Ref<StructInfo>>> params;
    for (const auto& sv : sig) {
      Ref<StructInfo> s;
      switch (c_.Range(0, 2)) {
        case 0: s = TensorStructInfo::MakeDims({sv}, DataType::kFloat32); break;
        case 1: s = ShapeStructInfo::Make({sv}); break;
        default: s = PrimStructInfo::Make(DataType::kInt64, sv); break;
      }
      params.emplace_back(c_.Pick(kVarNames), s);
    }
    for (const auto& sv : sig) scopes_.back().shape_vars.push_back(sv);
    for (int64_t i = c_.Range(0, 3); i > 0; --i) params.emplace_back(c_.Pick(kVarNames), SInfo(2));
    // Shuffle so that binding positions come in any order (spec wf.shape-var.signature).
    for (size_t i = params.size(); i > 1; --i) {
      std::swap(params[i - 1],
                params[static_cast<size_t>(c_.Range(0, static_cast<int64_t>(i) - 1))]);
    }
    for (const auto& [pname, s] : params) scopes_.back().vars.push_back(b_.AddParam(pname, s));
    if (c_.Chance(60)) b_.SetReturnStructInfo(SInfo(2));
    b_.SetPure(c_.Chance(80));
    Attrs attrs(c_.Chance(30) ? AttrDictValue(1) : AttrDict{});
    if (top_level && c_.Chance(85)) attrs = attrs.With("global_symbol", AttrValue::String(name));
    b_.SetFunctionAttrs(attrs);
    Bindings(depth, false);
    Ref<Expr> result = Result();
    scopes_.pop_back();
    return b_.EndFunction(result);
  }

  Chooser& c_;
  RandomModuleOptions o_;
  IRBuilder b_;
  std::vector<Scope> scopes_;
  std::vector<std::string> globals_;
};

}  // namespace

Ref<IRModule> RandomModule(Chooser& chooser, const RandomModuleOptions& options) {
  return Gen(chooser, options).Module();
}

}  // namespace rlx::fuzz
