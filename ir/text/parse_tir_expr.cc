// The TIR parser, expressions (spec §7.3, tir.text.*): T.* builtins inside a @T.prim_func,
// buffer loads and regions, and the TIR meaning of Python operators. Statements are in
// parse_tir_stmt.cc, functions in parse_tir_func.cc.
#include <cfloat>
#include <cmath>
#include <limits>

#include "ir/base/checked_int.h"
#include "ir/text/parser_state.h"

namespace rlx::text {
namespace {

Value TirValue(Value::Kind kind, TirPayload payload, Span span) {
  Value v;
  v.kind = kind;
  v.span = span;
  v.tir = std::make_shared<const TirPayload>(std::move(payload));
  return v;
}

struct NamedLoop {
  const char* name;
  tir::ForKind kind;
};
constexpr NamedLoop kLoops[] = {
    {"serial", tir::ForKind::kSerial},           {"parallel", tir::ForKind::kParallel},
    {"vectorized", tir::ForKind::kVectorized},   {"unroll", tir::ForKind::kUnrolled},
    {"thread_binding", tir::ForKind::kThreadBinding},
};

constexpr NamedBuiltin kTirNames[] = {
    {"Cast", Builtin::kTirCast},           {"max_value", Builtin::kTirMaxValue},
    {"min_value", Builtin::kTirMinValue},  {"Ramp", Builtin::kTirRamp},
    {"Broadcast", Builtin::kTirBroadcast}, {"Let", Builtin::kTirLet},
    {"grid", Builtin::kTirGrid},           {"block", Builtin::kTirBlock},
    {"sblock", Builtin::kTirBlock},        {"init", Builtin::kTirInit},
    {"reads", Builtin::kTirReads},         {"writes", Builtin::kTirWrites},
    {"where", Builtin::kTirWhere},         {"block_attr", Builtin::kTirBlockAttr},
    {"func_attr", Builtin::kTirFuncAttr},  {"Buffer", Builtin::kTirBufferCtor},
    {"match_buffer", Builtin::kTirMatchBuffer}, {"alloc_buffer", Builtin::kTirAllocBuffer},
    {"decl_buffer", Builtin::kTirDeclBuffer},   {"handle", Builtin::kTirHandle},
    {"sblock_alloc_buffer", Builtin::kTirAllocBuffer},
    {"evaluate", Builtin::kTirEvaluate},
};

// The largest finite value of a dtype (T.max_value); the smallest is its negation for floats.
double MaxFinite(DataType t) {
  switch (t) {
    case DataType::kFloat16: return 65504.0;
    case DataType::kBFloat16: return 3.3895313892515355e+38;
    case DataType::kFloat32: return FLT_MAX;
    case DataType::kFloat8E4M3FN: return 448.0;
    case DataType::kFloat8E5M2: return 57344.0;
    default: return DBL_MAX;
  }
}

// The range of an integer dtype, as int64 (uint64's top is its bit pattern).
void IntLimits(DataType t, int64_t* lo, int64_t* hi) {
  if (t == DataType::kBool) {
    *lo = 0;
    *hi = 1;
  } else if (t == DataType::kUInt64) {
    *lo = 0;
    *hi = -1;  // all ones: the bit pattern of 2^64 - 1
  } else if (IsUnsignedInt(t)) {
    *lo = 0;
    *hi = (int64_t{1} << DataTypeBits(t)) - 1;
  } else if (t == DataType::kInt64) {
    *lo = std::numeric_limits<int64_t>::min();
    *hi = std::numeric_limits<int64_t>::max();
  } else {
    *lo = -(int64_t{1} << (DataTypeBits(t) - 1));
    *hi = (int64_t{1} << (DataTypeBits(t) - 1)) - 1;
  }
}

// stop - start, written as the extent it came from when stop is `start + extent` (the form the
// printer writes), so that print -> parse gives the same tree (tir.text.loop).
Ref<PrimExpr> ExtentBetween(const Ref<PrimExpr>& start, const Ref<PrimExpr>& stop, Span span) {
  if (start->is_int() && start->int_value == 0) return stop;
  if (start->is_int() && stop->is_int()) {
    std::optional<int64_t> extent = CheckedSub(stop->int_value, start->int_value);
    if (extent && FitsDataType(stop->dtype, *extent)) return PrimExpr::Int(*extent, stop->dtype, span);
  }
  if (stop->kind == PrimKind::kAdd && SameTerm(stop->operands[0], start)) return stop->operands[1];
  return PrimExpr::Binary(PrimKind::kSub, stop, start, span);
}

// TIR attributes written T.bool(True) / T.int32(2) mean the attribute values True / 2 (TVM
// stores an IntImm either way; tir.text.literal).
Attrs TirAttrs(AttrDict d) {
  Attrs out;
  for (auto& [k, v] : d) {
    if (v.kind() == AttrValue::Kind::kPrim && v.as_prim()->is_int()) {
      const auto& p = v.as_prim();
      v = p->dtype == DataType::kBool ? AttrValue::Bool(p->int_value != 0) : AttrValue::Int(p->int_value);
    }
    out = out.With(k, v);
  }
  return out;
}

}  // namespace

std::optional<Value> RelaxParser::TirNamespaceMember(const std::string& name, Span span) {
  for (const auto& n : kTirNames) {
    if (name == n.name) return Value::MakeBuiltin(n.builtin, span);
  }
  for (const auto& l : kLoops) {
    if (name == l.name) {
      Value v = Value::MakeBuiltin(Builtin::kTirLoop, span);
      v.i = static_cast<int>(l.kind);
      return v;
    }
  }
  if (name == "axis") {
    Value v;
    v.kind = Value::Kind::kNamespace;
    v.s = "T.axis";
    v.span = span;
    return v;
  }
  if (name == "ramp" || name == "broadcast") {
    return Value::MakeBuiltin(name == "ramp" ? Builtin::kTirRamp : Builtin::kTirBroadcast, span);
  }
  if (name != "max" && name != "min") {  // T.max / T.min are binary kinds
    if (const tir::IntrinsicInfo* info = tir::FindIntrinsic(name)) {
      Value v = Value::MakeBuiltin(Builtin::kTirIntrinsic, span);
      v.intrinsic = info->id;
      return v;
    }
  }
  return std::nullopt;
}

Ref<PrimExpr> RelaxParser::TirPrim(const Value& v, const char* what, DataType like) {
  switch (v.kind) {
    case Value::Kind::kInt:
      // TVMScript's default for a bare integer in TIR is int32 (tir.text.literal).
      return ToPrim(v, like != DataType::kVoid ? like : DataType::kInt32, what);
    case Value::Kind::kFloat:
      return ToPrim(v, IsFloat(like) ? like : DataType::kFloat32, what);
    case Value::Kind::kBool: return ToPrim(v, DataType::kBool, what);
    case Value::Kind::kPrim: return ToPrim(v, like, what);
    default:
      if (!v.is_error()) {
        Fail(ErrorCode::kArgumentType, v.span,
             std::string("expected ") + what + " (a TIR expression) but got " + DescribeValue(v));
      }
      return nullptr;
  }
}

Value RelaxParser::TirOperator(const std::string& op, const Value& l, const Value& r, Span span) {
  DataType like = l.kind == Value::Kind::kPrim && l.prim ? l.prim->dtype
                  : r.kind == Value::Kind::kPrim && r.prim ? r.prim->dtype
                                                           : DataType::kVoid;
  Ref<PrimExpr> a = TirPrim(l, "an operand", like);
  Ref<PrimExpr> b = TirPrim(r, "an operand", like);
  if (!a || !b) return Value::Error();
  if (op == "/") {
    // TVM's tir.Div: true division of floats, truncating division of integers.
    return PrimBinary(PrimKind::kTruncDiv, Value::Prim(a, l.span), Value::Prim(b, r.span), span);
  }
  tir::Intrinsic id;
  if (op == "&") {
    id = tir::Intrinsic::kBitwiseAnd;
  } else if (op == "|") {
    id = tir::Intrinsic::kBitwiseOr;
  } else if (op == "^") {
    id = tir::Intrinsic::kBitwiseXor;
  } else if (op == "<<") {
    id = tir::Intrinsic::kShiftLeft;
  } else if (op == ">>") {
    id = tir::Intrinsic::kShiftRight;
  } else if (op == "**") {
    id = tir::Intrinsic::kPow;
  } else {
    return Fail(ErrorCode::kInvalidOperands, span, "'" + op + "' is not defined in TIR");
  }
  return Value::Prim(PrimExpr::Call(id, {a, b}, span), span);
}

Value RelaxParser::TirSubscript(const Value& buffer, const py::Expr& index, Span span) {
  const Ref<tir::Buffer>& buf = buffer.tir->buffer;
  std::vector<const py::Expr*> items;
  if (index.kind == py::ExprKind::kTuple && !index.numbers) {
    for (const auto& x : index.elts) items.push_back(x.get());
  } else {
    items.push_back(&index);
  }
  std::vector<Ref<PrimExpr>> indices;
  std::vector<tir::Range> region;
  bool any_slice = false;
  if (index.kind == py::ExprKind::kTuple && index.numbers) {
    Value folded = Check(Eval(index));
    for (const Value& x : folded.items) indices.push_back(TirPrim(x, "an index"));
  }
  for (const py::Expr* item : items) {
    if (index.numbers) break;
    if (item->kind == py::ExprKind::kSlice) {
      any_slice = true;
      const size_t axis = region.size();
      Ref<PrimExpr> lo = item->value ? TirPrim(Check(Eval(*item->value)), "a slice bound") : nullptr;
      Ref<PrimExpr> hi = item->index ? TirPrim(Check(Eval(*item->index)), "a slice bound") : nullptr;
      if ((item->value && !lo) || (item->index && !hi)) throw StmtAbort{};
      DataType t = lo ? lo->dtype : hi ? hi->dtype : DataType::kInt32;
      if (axis < buf->shape.size() && !lo) lo = PrimExpr::Int(0, buf->shape[axis]->dtype, item->span);
      if (axis < buf->shape.size() && !hi) hi = buf->shape[axis];
      if (!lo || !hi) {
        return Fail(ErrorCode::kInvalidSubscript, item->span,
                    "a slice beyond the rank of buffer " + buf->name);
      }
      (void)t;
      region.push_back({lo, ExtentBetween(lo, hi, item->span)});
      indices.push_back(nullptr);
      continue;
    }
    Ref<PrimExpr> i = TirPrim(Check(Eval(*item)), "an index");
    if (!i) throw StmtAbort{};
    indices.push_back(i);
    region.push_back({i, PrimExpr::Int(1, i->dtype, item->span)});
  }
  for (const auto& i : indices) {
    if (!i && !any_slice) throw StmtAbort{};
  }
  if (any_slice) {
    TirPayload p;
    p.buffer = buf;
    p.region = std::move(region);
    return TirValue(Value::Kind::kBufferRegion, std::move(p), span);
  }
  return Value::Prim(PrimExpr::Load(buf, std::move(indices), span), span);
}

std::optional<tir::BufferRegion> RelaxParser::ToBufferRegion(const Value& v) {
  if (v.kind == Value::Kind::kBufferRegion) return tir::BufferRegion{v.tir->buffer, v.tir->region};
  if (v.kind == Value::Kind::kBuffer) {  // the whole buffer
    tir::BufferRegion r{v.tir->buffer, {}};
    for (const auto& d : v.tir->buffer->shape) r.region.push_back({PrimExpr::Int(0, d->dtype), d});
    return r;
  }
  if (v.kind == Value::Kind::kPrim && v.prim && v.prim->kind == PrimKind::kBufferLoad) {
    tir::BufferRegion r{v.prim->buffer, {}};
    for (const auto& i : v.prim->args) r.region.push_back({i, PrimExpr::Int(1, i->dtype)});
    return r;
  }
  if (!v.is_error()) {
    Fail(ErrorCode::kTirStatement, v.span,
         "expected a buffer region such as A[i, 0:4], not " + DescribeValue(v));
  }
  return std::nullopt;
}

Value RelaxParser::MakeTirBuffer(const char* what, std::vector<Value>& args,
                                 std::vector<KwValue>& kws, Span span, bool takes_handle) {
  std::vector<std::string> names = {"shape", "dtype", "data", "strides", "elem_offset", "scope",
                                    "align", "offset_factor", "buffer_type", "axis_separators"};
  if (takes_handle) names.insert(names.begin(), "param");
  std::vector<std::optional<Value>> a;
  if (!BindArguments(what, names, takes_handle ? 2 : 1, args, kws, span, &a)) return Value::Error();
  const size_t o = takes_handle ? 1 : 0;
  tir::Buffer b;
  b.span = span;
  Value shape = *a[o];
  if (shape.kind == Value::Kind::kInt || shape.kind == Value::Kind::kPrim) {
    shape.items = {shape};
    shape.kind = Value::Kind::kTuple;
  }
  if (shape.kind != Value::Kind::kTuple && shape.kind != Value::Kind::kList) {
    return Fail(ErrorCode::kTirBuffer, shape.span,
                std::string(what) + ": the shape must be a tuple of extents");
  }
  for (const Value& d : shape.items) {
    // Extents default to int32 like other TIR literals; int64 ones are written T.int64(n).
    Ref<PrimExpr> e = TirPrim(d, "an extent");
    if (!e) return Value::Error();
    b.shape.push_back(e);
  }
  if (a[o + 1] && a[o + 1]->kind != Value::Kind::kNone) {
    auto dt = ToDType(*a[o + 1], what);
    if (!dt) return Value::Error();
    b.dtype = *dt;
  }
  if (a[o + 2] && a[o + 2]->kind != Value::Kind::kNone) {
    return Fail(ErrorCode::kUnsupportedFeature, a[o + 2]->span,
                std::string(what) + ": data= (a buffer over another buffer's data) is not supported yet");
  }
  if (a[o + 3] && a[o + 3]->kind != Value::Kind::kNone) {
    const Value& st = *a[o + 3];
    if (st.kind != Value::Kind::kTuple && st.kind != Value::Kind::kList) {
      return Fail(ErrorCode::kTirBuffer, st.span, std::string(what) + ": strides must be a tuple");
    }
    for (const Value& s : st.items) {
      Ref<PrimExpr> e = TirPrim(s, "a stride");
      if (!e) return Value::Error();
      b.strides.push_back(e);
    }
  }
  if (a[o + 4] && a[o + 4]->kind != Value::Kind::kNone) {
    b.elem_offset = TirPrim(*a[o + 4], "an element offset");
    if (!b.elem_offset) return Value::Error();
    if (b.elem_offset->is_int() && b.elem_offset->int_value == 0) b.elem_offset = nullptr;
  }
  if (a[o + 5] && a[o + 5]->kind != Value::Kind::kNone) {
    if (a[o + 5]->kind != Value::Kind::kStr) {
      return Fail(ErrorCode::kTirBuffer, a[o + 5]->span, std::string(what) + ": scope must be a string");
    }
    b.scope = a[o + 5]->s;
  }
  for (size_t k : {o + 6, o + 7}) {
    if (!a[k] || a[k]->kind == Value::Kind::kNone) continue;
    auto n = ToInt64(*a[k], k == o + 6 ? "align" : "offset_factor");
    if (!n) return Value::Error();
    (k == o + 6 ? b.align : b.offset_factor) = *n == -1 ? 0 : *n;
  }
  if (a[o + 8] && a[o + 8]->kind == Value::Kind::kStr && !a[o + 8]->s.empty() &&
      a[o + 8]->s != "default") {
    return Fail(ErrorCode::kUnsupportedFeature, a[o + 8]->span,
                std::string(what) + ": buffer_type \"" + a[o + 8]->s + "\" is not supported yet");
  }
  if (a[o + 9] && a[o + 9]->kind != Value::Kind::kNone &&
      !((a[o + 9]->kind == Value::Kind::kList || a[o + 9]->kind == Value::Kind::kTuple) &&
        a[o + 9]->items.empty())) {
    return Fail(ErrorCode::kUnsupportedFeature, a[o + 9]->span,
                std::string(what) + ": axis_separators are not supported yet");
  }
  TirPayload p;
  p.buffer = tir::Buffer::MakeFull(std::move(b));
  Value v = TirValue(Value::Kind::kBuffer, std::move(p), span);
  if (takes_handle) {
    if (a[0]->kind != Value::Kind::kPrim || !a[0]->prim || a[0]->prim->dtype != DataType::kVoid) {
      return Fail(ErrorCode::kTirBuffer, a[0]->span,
                  std::string(what) + " binds a T.handle parameter, not " + DescribeValue(*a[0]));
    }
    v.prim = a[0]->prim;  // the handle
  }
  return v;
}

Value RelaxParser::MakeTirLoops(const Value& callee, std::vector<Value>& args,
                                std::vector<KwValue>& kws, Span span) {
  TirPayload p;
  if (callee.builtin == Builtin::kTirGrid) {
    if (!kws.empty()) return Fail(ErrorCode::kUnknownKeyword, kws[0].name_span, "T.grid takes no keywords");
    if (args.empty()) return Fail(ErrorCode::kArgumentCount, span, "T.grid needs at least one extent");
    for (const Value& x : args) {
      Ref<PrimExpr> e = TirPrim(x, "an extent");
      if (!e) return Value::Error();
      TirLoop loop;
      loop.min = PrimExpr::Int(0, e->dtype, x.span);
      loop.extent = e;
      p.loops.push_back(std::move(loop));
    }
    return TirValue(Value::Kind::kTirLoops, std::move(p), span);
  }
  const auto kind = static_cast<tir::ForKind>(callee.i);
  const bool threaded = kind == tir::ForKind::kThreadBinding;
  const char* name = callee.s == "range" ? "range" : "a loop";
  std::vector<std::optional<Value>> a;
  std::vector<std::string> names = {"start", "stop"};
  if (threaded) names.push_back("thread");
  if (callee.s != "range") names.push_back("annotations");
  if (!BindArguments(name, names, 1, args, kws, span, &a)) return Value::Error();
  TirLoop loop;
  loop.kind = kind;
  Ref<PrimExpr> start = TirPrim(*a[0], "a loop bound");
  if (!start) return Value::Error();
  if (a[1] && a[1]->kind != Value::Kind::kNone) {
    Ref<PrimExpr> stop = TirPrim(*a[1], "a loop bound", start->dtype);
    if (!stop) return Value::Error();
    if (start->is_int() && stop->kind != PrimKind::kIntImm) {
      start = PrimExpr::Int(start->int_value, stop->dtype, start->span);
    }
    loop.min = start;
    loop.extent = ExtentBetween(start, stop, span);
  } else {
    loop.min = PrimExpr::Int(0, start->dtype, span);
    loop.extent = start;
  }
  if (threaded) {
    if (!a[2] || a[2]->kind != Value::Kind::kStr) {
      return Fail(ErrorCode::kTirLoop, span, "T.thread_binding needs thread=\"<tag>\"");
    }
    loop.thread = a[2]->s;
  }
  const size_t ann = threaded ? 3 : 2;
  if (ann < a.size() && a[ann] && a[ann]->kind != Value::Kind::kNone) {
    auto d = ToAttrDict(*a[ann], "loop annotations");
    if (!d) return Value::Error();
    loop.annotations = TirAttrs(std::move(*d));
  }
  p.loops.push_back(std::move(loop));
  return TirValue(Value::Kind::kTirLoops, std::move(p), span);
}

Value RelaxParser::MakeTirAxes(const std::string& which, std::vector<Value>& args,
                               std::vector<KwValue>& kws, Span span) {
  TirPayload p;
  if (which == "remap") {
    std::vector<std::optional<Value>> a;
    if (!BindArguments("T.axis.remap", {"kinds", "bindings"}, 2, args, kws, span, &a)) {
      return Value::Error();
    }
    const Value& kinds = *a[0];
    const Value& vars = *a[1];
    if (kinds.kind != Value::Kind::kStr ||
        (vars.kind != Value::Kind::kList && vars.kind != Value::Kind::kTuple) ||
        kinds.s.size() != vars.items.size()) {
      return Fail(ErrorCode::kTirAxis, span,
                  "T.axis.remap takes a string of S and R and as many loop variables");
    }
    for (size_t i = 0; i < vars.items.size(); ++i) {
      const Value& x = vars.items[i];
      auto it = x.kind == Value::Kind::kPrim && x.prim ? tir_->loop_ranges.find(x.prim.get())
                                                       : tir_->loop_ranges.end();
      if (it == tir_->loop_ranges.end()) {
        return Fail(ErrorCode::kTirAxis, x.span, "T.axis.remap binds loop variables only");
      }
      char k = kinds.s[i];
      if (k != 'S' && k != 'R') {
        return Fail(ErrorCode::kTirAxis, kinds.span,
                    std::string("unknown iteration kind '") + k + "' (S spatial, R reduce)");
      }
      p.axes.push_back({k == 'S' ? tir::IterKind::kSpatial : tir::IterKind::kReduce, it->second, x.prim});
    }
    return TirValue(Value::Kind::kTirAxes, std::move(p), span);
  }
  if (which != "spatial" && which != "reduce") {
    return Fail(ErrorCode::kUnsupportedFeature, span, "T.axis." + which + " is not supported yet");
  }
  std::vector<std::optional<Value>> a;
  if (!BindArguments(("T.axis." + which).c_str(), {"dom", "binding", "dtype"}, 2, args, kws, span, &a)) {
    return Value::Error();
  }
  TirAxis axis;
  axis.kind = which == "spatial" ? tir::IterKind::kSpatial : tir::IterKind::kReduce;
  const Value& dom = *a[0];
  if (dom.kind == Value::Kind::kTuple || dom.kind == Value::Kind::kList) {
    if (dom.items.size() != 2) return Fail(ErrorCode::kTirAxis, dom.span, "a domain is (min, max)");
    Ref<PrimExpr> lo = TirPrim(dom.items[0], "a domain bound");
    Ref<PrimExpr> hi = lo ? TirPrim(dom.items[1], "a domain bound", lo->dtype) : nullptr;
    if (!hi) return Value::Error();
    axis.dom = {lo, ExtentBetween(lo, hi, dom.span)};
  } else {
    Ref<PrimExpr> extent = TirPrim(dom, "a domain extent");
    if (!extent) return Value::Error();
    axis.dom = {PrimExpr::Int(0, extent->dtype, dom.span), extent};
  }
  axis.value = TirPrim(*a[1], "an iteration value", axis.dom.extent->dtype);
  if (!axis.value) return Value::Error();
  // A literal domain takes the binding's dtype (T.axis.spatial(1, T.int64(0))).
  if (axis.value->dtype != axis.dom.extent->dtype && axis.dom.extent->is_int() && axis.dom.min->is_int()) {
    axis.dom = {PrimExpr::Int(axis.dom.min->int_value, axis.value->dtype, dom.span),
                PrimExpr::Int(axis.dom.extent->int_value, axis.value->dtype, dom.span)};
  }
  p.axes.push_back(std::move(axis));
  return TirValue(Value::Kind::kTirAxes, std::move(p), span);
}

Value RelaxParser::CallTirBuiltin(const Value& callee, std::vector<Value>& args,
                                  std::vector<KwValue>& kws, Span span) {
  if (!tir_) {
    return Fail(ErrorCode::kTirOutsidePrimFunc, span,
                "this T.* form belongs inside a @T.prim_func");
  }
  std::vector<std::optional<Value>> a;
  switch (callee.builtin) {
    case Builtin::kTirIntrinsic: {
      const tir::IntrinsicInfo& info = tir::GetIntrinsic(callee.intrinsic);
      const std::string name = std::string("T.") + info.name;
      // Older TVM text passes the result dtype, T.exp(x, dtype="float32"); it is implied.
      for (const auto& k : kws) {
        if (k.name != "dtype") return Fail(ErrorCode::kUnknownKeyword, k.name_span, name + " has no parameter '" + k.name + "'");
        if (!ToDType(k.value, name.c_str())) return Value::Error();
      }
      if (static_cast<int>(args.size()) != info.arity) {
        return Fail(ErrorCode::kArgumentCount, span,
                    name + " takes " + std::to_string(info.arity) + " argument" + (info.arity == 1 ? "" : "s"));
      }
      // A Python literal takes the dtype of the value operands (the last ones).
      DataType like = DataType::kVoid;
      for (size_t i = info.operands == tir::IntrinsicOperands::kCond ? 1 : 0; i < args.size(); ++i) {
        if (args[i].kind == Value::Kind::kPrim && args[i].prim) like = args[i].prim->dtype;
      }
      std::vector<Ref<PrimExpr>> operands;
      for (size_t i = 0; i < args.size(); ++i) {
        bool cond = info.operands == tir::IntrinsicOperands::kCond && i == 0;
        Ref<PrimExpr> x = TirPrim(args[i], "an operand", cond ? DataType::kBool : like);
        if (!x) return Value::Error();
        operands.push_back(x);
      }
      return Value::Prim(PrimExpr::Call(callee.intrinsic, std::move(operands), span), span);
    }
    case Builtin::kTirCast: {
      if (!BindArguments("T.Cast", {"dtype", "value"}, 2, args, kws, span, &a)) return Value::Error();
      auto dt = ToDType(*a[0], "T.Cast");
      Ref<PrimExpr> x = dt ? TirPrim(*a[1], "the value") : nullptr;
      if (!x) return Value::Error();
      return Value::Prim(PrimExpr::Cast(*dt, x, span), span);
    }
    case Builtin::kTirMaxValue:
    case Builtin::kTirMinValue: {
      const bool max = callee.builtin == Builtin::kTirMaxValue;
      if (!BindArguments(max ? "T.max_value" : "T.min_value", {"dtype"}, 1, args, kws, span, &a)) {
        return Value::Error();
      }
      auto dt = ToDType(*a[0], "the dtype");
      if (!dt) return Value::Error();
      // An immediate, as TVM's max_value helper gives: the largest (smallest) finite value.
      if (IsFloat(*dt)) return Value::Prim(PrimExpr::Float(max ? MaxFinite(*dt) : -MaxFinite(*dt), *dt, span), span);
      int64_t lo, hi;
      IntLimits(*dt, &lo, &hi);
      return Value::Prim(PrimExpr::Int(max ? hi : lo, *dt, span), span);
    }
    case Builtin::kTirRamp:
    case Builtin::kTirBroadcast: {
      const bool ramp = callee.builtin == Builtin::kTirRamp;
      std::vector<std::string> names = ramp ? std::vector<std::string>{"base", "stride", "lanes"}
                                            : std::vector<std::string>{"value", "lanes"};
      if (!BindArguments(ramp ? "T.Ramp" : "T.Broadcast", names, names.size(), args, kws, span, &a)) {
        return Value::Error();
      }
      auto lanes = ToInt64(*a[names.size() - 1], "lanes");
      if (!lanes) return Value::Error();
      if (*lanes < 1 || *lanes > 1024) return Fail(ErrorCode::kArgumentType, span, "lanes must be 1 to 1024");
      Ref<PrimExpr> x = TirPrim(*a[0], ramp ? "the base" : "the value");
      if (!x) return Value::Error();
      if (!ramp) return Value::Prim(PrimExpr::Broadcast(x, static_cast<int>(*lanes), span), span);
      Ref<PrimExpr> stride = TirPrim(*a[1], "the stride", x->dtype);
      if (!stride) return Value::Error();
      return Value::Prim(PrimExpr::Ramp(x, stride, static_cast<int>(*lanes), span), span);
    }
    case Builtin::kTirLet: {
      // T.Let(body, where={x: value}); x is declared beforehand (`x = T.int32()`), as TVM prints it.
      if (!BindArguments("T.Let", {"body", "where"}, 2, args, kws, span, &a)) return Value::Error();
      const Value& where = *a[1];
      if (where.kind != Value::Kind::kDict || where.items.size() != 1) {
        return Fail(ErrorCode::kArgumentType, where.span, "T.Let's where= is a dictionary {var: value} of one entry");
      }
      Ref<PrimExpr> var = TirPrim(where.items[0], "the variable");
      if (!var) return Value::Error();
      if (!var->is_var()) return Fail(ErrorCode::kArgumentType, where.items[0].span, "T.Let binds a variable");
      Ref<PrimExpr> value = TirPrim(where.values[0], "the value", var->dtype);
      Ref<PrimExpr> body = value ? TirPrim(*a[0], "the body") : nullptr;
      if (!body) return Value::Error();
      if (value->dtype != var->dtype) {
        return Fail(ErrorCode::kArgumentType, where.values[0].span,
                    "the value of '" + var->name + "' must be " + std::string(DataTypeName(var->dtype)));
      }
      return Value::Prim(PrimExpr::Let(var, value, body, span), span);
    }
    case Builtin::kTirLoop:
    case Builtin::kTirGrid: return MakeTirLoops(callee, args, kws, span);
    case Builtin::kTirBlock: {
      if (!BindArguments("T.block", {"name_hint", "no_realize"}, 0, args, kws, span, &a)) return Value::Error();
      Value v;
      v.kind = Value::Kind::kTirBlockCtx;
      v.span = span;
      if (a[0] && a[0]->kind == Value::Kind::kStr) v.s = a[0]->s;
      else if (a[0]) return Fail(ErrorCode::kArgumentType, a[0]->span, "a block name is a string");
      return v;
    }
    case Builtin::kTirInit: {
      if (!args.empty() || !kws.empty()) return Fail(ErrorCode::kArgumentCount, span, "T.init takes no arguments");
      Value v;
      v.kind = Value::Kind::kTirInitCtx;
      v.span = span;
      return v;
    }
    case Builtin::kTirReads:
    case Builtin::kTirWrites: {
      const bool reads = callee.builtin == Builtin::kTirReads;
      if (!kws.empty()) return Fail(ErrorCode::kUnknownKeyword, kws[0].name_span, "T.reads/T.writes take no keywords");
      if (tir_->blocks.size() < 2) return Fail(ErrorCode::kTirStatement, span, "T.reads and T.writes belong in a block");
      std::vector<Value> items = args;
      if (items.size() == 1 && (items[0].kind == Value::Kind::kList || items[0].kind == Value::Kind::kTuple)) {
        items = items[0].items;
      }
      TirBlockFrame& f = CurrentTirBlock();
      if (reads ? f.has_reads : f.has_writes) {
        return Fail(ErrorCode::kTirStatement, span, std::string(reads ? "T.reads" : "T.writes") + " given twice");
      }
      (reads ? f.has_reads : f.has_writes) = true;
      for (const Value& x : items) {
        auto r = ToBufferRegion(x);
        if (!r) return Value::Error();
        (reads ? f.reads : f.writes).push_back(std::move(*r));
      }
      return Value{};
    }
    case Builtin::kTirWhere: {
      if (!BindArguments("T.where", {"predicate"}, 1, args, kws, span, &a)) return Value::Error();
      if (tir_->blocks.size() < 2) return Fail(ErrorCode::kTirStatement, span, "T.where belongs in a block");
      Ref<PrimExpr> c = TirPrim(*a[0], "a predicate", DataType::kBool);
      if (!c) return Value::Error();
      CurrentTirBlock().predicate = c;
      return Value{};
    }
    case Builtin::kTirBlockAttr:
    case Builtin::kTirFuncAttr: {
      const bool func = callee.builtin == Builtin::kTirFuncAttr;
      const char* name = func ? "T.func_attr" : "T.block_attr";
      if (!BindArguments(name, {"attrs"}, 1, args, kws, span, &a)) return Value::Error();
      auto d = ToAttrDict(*a[0], name);
      if (!d) return Value::Error();
      bool& seen = func ? tir_->has_func_attr : CurrentTirBlock().has_attrs;
      if (seen) return Fail(ErrorCode::kTirStatement, span, std::string(name) + " given twice");
      if (!func && tir_->blocks.size() < 2) return Fail(ErrorCode::kTirStatement, span, "T.block_attr belongs in a block");
      seen = true;
      (func ? tir_->attrs : CurrentTirBlock().annotations) = TirAttrs(std::move(*d));
      return Value{};
    }
    case Builtin::kTirBufferCtor: return MakeTirBuffer("T.Buffer", args, kws, span, false);
    case Builtin::kTirMatchBuffer: {
      Value v = MakeTirBuffer("T.match_buffer", args, kws, span, true);
      v.builtin = Builtin::kTirMatchBuffer;
      return v;
    }
    case Builtin::kTirAllocBuffer:
    case Builtin::kTirDeclBuffer: {
      const bool alloc = callee.builtin == Builtin::kTirAllocBuffer;
      Value v = MakeTirBuffer(alloc ? "T.alloc_buffer" : "T.decl_buffer", args, kws, span, false);
      v.builtin = callee.builtin;
      return v;
    }
    case Builtin::kTirHandle:
      return Fail(ErrorCode::kTirStatement, span, "T.handle is a parameter annotation, not a call");
    case Builtin::kTirEvaluate: {
      if (!BindArguments("T.evaluate", {"value"}, 1, args, kws, span, &a)) return Value::Error();
      Ref<PrimExpr> x = TirPrim(*a[0], "the value");
      if (!x) return Value::Error();
      Value v = Value::Prim(x, span);
      v.builtin = Builtin::kTirEvaluate;  // marks T.evaluate(...) for the statement parser
      return v;
    }
    default: break;
  }
  return Fail(ErrorCode::kNotCallable, span, "not a TIR builtin");
}

}  // namespace rlx::text
