// Rule cases for IR that the text format cannot express (the parser rejects it first or
// never builds it): built with node constructors, as an embedder or a pass might.
#include "checker/tests/rule_cases.h"
#include "ir/op_table.h"
#include "ir/tir/prim_func.h"

namespace rlx::checker::testing {
namespace {

using E = Ref<Expr>;

Ref<StructInfo> F32(std::vector<int64_t> dims) {
  std::vector<Ref<PrimExpr>> d;
  for (int64_t x : dims) d.push_back(PrimExpr::Int(x));
  return TensorStructInfo::MakeDims(std::move(d), DataType::kFloat32);
}

Ref<StructInfo> F32Sym(std::vector<Ref<PrimExpr>> dims) {
  return TensorStructInfo::MakeDims(std::move(dims), DataType::kFloat32);
}

E OpCall(const char* name, std::vector<E> args, Attrs attrs = {}) {
  return Call::Make(Op::Get(*FindOp(name)), std::move(args), std::move(attrs));
}

BindingBlock Block(std::vector<Binding> bindings, bool dataflow = false) {
  BindingBlock b;
  b.bindings = std::move(bindings);
  b.is_dataflow = dataflow;
  return b;
}

Ref<Function> Fn(std::vector<Ref<Var>> params, std::vector<BindingBlock> blocks, E body,
                 Ref<StructInfo> ret = nullptr) {
  return Function::Make(std::move(params), SeqExpr::Make(std::move(blocks), std::move(body)), std::move(ret),
                        true, {});
}

Ref<IRModule> Module(std::vector<std::pair<std::string, E>> fns) {
  std::vector<GlobalDef> globals;
  for (auto& [name, f] : fns) {
    if (auto fn = As<Function>(f)) {
      f = Function::Make(fn->params, fn->body, fn->ret_sinfo, fn->is_pure,
                         fn->attrs.With("global_symbol", AttrValue::String(name)), fn->span);
    }
    globals.push_back({name, f, {}});
  }
  return IRModule::Make(std::move(globals));
}

Ref<IRModule> One(Ref<Function> f) { return Module({{"main", f}}); }

RuleCase Case(std::string name, std::function<Ref<IRModule>()> build, std::vector<std::string> expect) {
  RuleCase c;
  c.name = std::move(name);
  c.rule = c.name.substr(0, c.name.find(' '));
  c.file = "built_cases.cc";
  c.build = std::move(build);
  c.expect = std::move(expect);
  return c;
}

// x -> add(x, x) bound to y, returning y: the positive shape of most cases.
Ref<IRModule> AddTwice() {
  auto x = Var::Make("x", F32({2}));
  auto y = Var::Make("y");
  return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("add", {x, x}))})}, y));
}

}  // namespace

std::vector<RuleCase> BuiltRuleCases() {
  std::vector<RuleCase> cases;
  auto add = [&](std::string name, std::function<Ref<IRModule>()> build, std::vector<std::string> expect) {
    cases.push_back(Case(std::move(name), std::move(build), std::move(expect)));
  };

  // ---- variables ----
  add("wf.var.in-scope negative: a variable used before its binding", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y"), z = Var::Make("z");
    return One(Fn({x}, {Block({Binding::VarBinding(z, OpCall("add", {y, x})), Binding::VarBinding(y, x)})}, z));
  }, {"error E1001 wf.var.in-scope"});
  add("wf.var.in-scope negative: a variable of another function", [] {
    auto x = Var::Make("x", F32({2}));
    auto stranger = Var::Make("s", F32({2}));
    return One(Fn({x}, {}, stranger));
  }, {"error E1001 wf.var.in-scope"});
  add("wf.var.in-scope negative: a branch's variable used after the If", [] {
    auto c = Var::Make("c", PrimStructInfo::Make(DataType::kBool));
    auto x = Var::Make("x", F32({2}));
    auto t = Var::Make("t"), r = Var::Make("r"), z = Var::Make("z");
    E then = SeqExpr::Make({Block({Binding::VarBinding(t, OpCall("add", {x, x}))})}, t);
    E els = SeqExpr::Make({}, x);
    return One(Fn({c, x}, {Block({Binding::VarBinding(r, If::Make(c, then, els)),
                                  Binding::VarBinding(z, OpCall("add", {t, r}))})},
                  z));
  }, {"error E1001 wf.var.in-scope"});
  add("wf.var.in-scope positive: parameters and earlier bindings", AddTwice, {"ok"});

  add("scope.var.once negative: a variable bound twice", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, x), Binding::VarBinding(y, x)})}, y));
  }, {"error E1002 scope.var.once"});
  add("scope.var.once negative: one variable as the parameter of two functions", [] {
    auto x = Var::Make("x", F32({2}));
    return Module({{"f", Fn({x}, {}, x)}, {"g", Fn({x}, {}, x)}});
  }, {"error E1002 scope.var.once"});
  add("scope.var.once positive: a local function that calls itself", [] {
    auto x = Var::Make("x", F32({2}));
    auto a = Var::Make("a", F32({2}));
    auto g = Var::Make("g");
    auto r = Var::Make("r");
    auto inner = Fn({a}, {Block({Binding::VarBinding(r, Call::Make(g, {a}))})}, r, F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(g, inner), Binding::VarBinding(y, Call::Make(g, {x}))})}, y));
  }, {"ok"});

  add("wf.dataflow-var.block negative: a dataflow variable as a parameter", [] {
    auto x = Var::MakeDataflow("x", F32({2}));
    return One(Fn({x}, {}, x));
  }, {"error E1003 wf.dataflow-var.block"});
  add("wf.dataflow-var.block negative: a dataflow variable bound in an ordinary block", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::MakeDataflow("y");
    auto z = Var::Make("z");
    return One(Fn({x}, {Block({Binding::VarBinding(y, x), Binding::VarBinding(z, y)})}, z));
  }, {"error E1003 wf.dataflow-var.block"});
  add("wf.dataflow-var.block positive: dataflow variables inside a dataflow block", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::MakeDataflow("y");
    auto z = Var::Make("z");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("add", {x, x})), Binding::VarBinding(z, y)}, true)}, z));
  }, {"ok"});

  add("scope.dataflow negative: a dataflow variable used after its block", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::MakeDataflow("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("add", {x, x}))}, true)}, y));
  }, {"error E1004 scope.dataflow"});
  add("scope.dataflow negative: a local function captures a dataflow variable", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::MakeDataflow("y");
    auto a = Var::Make("a", F32({2}));
    auto r = Var::Make("r");
    auto inner = Fn({a}, {Block({Binding::VarBinding(r, OpCall("add", {a, y}))})}, r);
    auto g = Var::MakeDataflow("g");
    auto z = Var::Make("z");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("add", {x, x})), Binding::VarBinding(g, inner),
                               Binding::VarBinding(z, Call::Make(g, {x}))},
                              true)},
                  z));
  }, {"error E1004 scope.dataflow"});
  add("scope.dataflow positive: a dataflow block's output is used after it", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::MakeDataflow("y");
    auto z = Var::Make("z");
    auto w = Var::Make("w");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("add", {x, x})), Binding::VarBinding(z, y)}, true),
                        Block({Binding::VarBinding(w, OpCall("add", {z, z}))})},
                  w));
  }, {"ok"});

  add("scope.var.global negative: a call of a missing global", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, Call::Make(GlobalVar::Make("nowhere"), {x}))})}, y));
  }, {"error E1005 scope.var.global"});
  add("scope.var.global positive: a call of a module function", [] {
    auto x = Var::Make("x", F32({2}));
    auto a = Var::Make("a", F32({2}));
    auto y = Var::Make("y");
    return Module({{"g", Fn({a}, {}, a, F32({2}))},
                   {"main", Fn({x}, {Block({Binding::VarBinding(y, Call::Make(GlobalVar::Make("g"), {x}))})}, y)}});
  }, {"ok"});

  // ---- shape variables ----
  add("wf.shape-var.function-local negative: two functions share a shape variable", [] {
    auto n = PrimExpr::Var("n");
    auto x = Var::Make("x", F32Sym({n}));
    auto y = Var::Make("y", F32Sym({n}));
    return Module({{"f", Fn({x}, {}, x)}, {"g", Fn({y}, {}, y)}});
  }, {"error E1008 wf.shape-var.function-local"});
  add("wf.shape-var.function-local positive: two functions with their own shape variables", [] {
    auto x = Var::Make("x", F32Sym({PrimExpr::Var("n")}));
    auto y = Var::Make("y", F32Sym({PrimExpr::Var("n")}));
    return Module({{"f", Fn({x}, {}, x)}, {"g", Fn({y}, {}, y)}});
  }, {"ok"});

  add("wf.shape-var.signature negative: a signature variable used only inside n * 2", [] {
    auto n = PrimExpr::Var("n");
    auto x = Var::Make("x", F32Sym({PrimExpr::Binary(PrimKind::kMul, n, PrimExpr::Int(2))}));
    return One(Fn({x}, {}, x));
  }, {"error E1010 wf.shape-var.signature"});
  add("wf.shape-var.signature positive: a later parameter binds the variable", [] {
    auto n = PrimExpr::Var("n");
    auto x = Var::Make("x", F32Sym({PrimExpr::Binary(PrimKind::kMul, n, PrimExpr::Int(2))}));
    auto y = Var::Make("y", F32Sym({n}));
    return One(Fn({x, y}, {}, x));
  }, {"ok"});

  add("scope.shape-var.ret negative: the return annotation names an unbound variable", [] {
    auto x = Var::Make("x", F32({2}));
    return One(Fn({x}, {}, x, F32Sym({PrimExpr::Var("k")})));
  }, {"error E1011 scope.shape-var.ret"});
  add("scope.shape-var.ret positive: the return annotation uses a parameter's variable", [] {
    auto n = PrimExpr::Var("n");
    auto x = Var::Make("x", F32Sym({n}));
    return One(Fn({x}, {}, x, F32Sym({n})));
  }, {"ok"});

  // ---- dataflow blocks ----
  add("wf.dataflow.no-if negative: an If inside a dataflow block", [] {
    auto c = Var::Make("c", PrimStructInfo::Make(DataType::kBool));
    auto x = Var::Make("x", F32({2}));
    auto r = Var::Make("r");
    return One(Fn({c, x}, {Block({Binding::VarBinding(r, If::Make(c, SeqExpr::Make({}, x), SeqExpr::Make({}, x)))}, true)}, r));
  }, {"error E1012 wf.dataflow.no-if"});
  add("wf.dataflow.no-if positive: an If in an ordinary block", [] {
    auto c = Var::Make("c", PrimStructInfo::Make(DataType::kBool));
    auto x = Var::Make("x", F32({2}));
    auto r = Var::Make("r");
    return One(Fn({c, x}, {Block({Binding::VarBinding(r, If::Make(c, SeqExpr::Make({}, x), SeqExpr::Make({}, x)))})}, r));
  }, {"ok"});
  add("wf.dataflow.no-recursion negative: a local function calls itself in a dataflow block", [] {
    auto x = Var::Make("x", F32({2}));
    auto a = Var::Make("a", F32({2}));
    auto g = Var::Make("g");
    auto r = Var::MakeDataflow("r");
    auto out = Var::Make("o");
    auto inner = Fn({a}, {Block({Binding::VarBinding(r, Call::Make(g, {a})), Binding::VarBinding(out, r)}, true)}, out,
                    F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(g, inner), Binding::VarBinding(y, Call::Make(g, {x}))})}, y));
  }, {"error E1013 wf.dataflow.no-recursion"});

  // ---- ops ----
  add("wf.op.callee-only negative: an op used as a value", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, Tuple::Make({Op::Get(*FindOp("add")), x}))})}, y));
  }, {"error E1018 wf.op.callee-only"});
  add("wf.op.callee-only positive: an op as a callee", AddTwice, {"ok"});

  add("wf.op.signature negative: R.add with one argument", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("add", {x}))})}, y));
  }, {"error E1019 wf.op.signature"});
  add("wf.op.signature negative: an attribute the op does not have", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("nn.relu", {x}, Attrs({{"alpha", AttrValue::Float(0.1)}})))})}, y));
  }, {"error E1019 wf.op.signature"});
  add("wf.op.signature negative: an attribute of the wrong kind", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("sum", {x}, Attrs({{"keepdims", AttrValue::Int(1)}})))})}, y));
  }, {"error E1019 wf.op.signature"});
  add("wf.op.signature negative: a missing required attribute", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("astype", {x}))})}, y));
  }, {"error E1019 wf.op.signature"});
  add("wf.op.signature negative: a shape argument that is a tensor literal", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    auto data = std::make_shared<TensorData>(DataType::kInt64, std::vector<int64_t>{1});
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("reshape", {x, Constant::Make(data)}))})}, y));
  }, {"error E1019 wf.op.signature"});
  add("wf.op.signature positive: attributes omitted take their defaults", [] {
    auto x = Var::Make("x", F32({2, 3}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("sum", {x}))})}, y));
  }, {"ok", "sinfo y R.Tensor((), dtype=\"float32\")"});

  // ---- struct info invariants ----
  add("wf.sinfo.invariants negative: a tensor whose ndim disagrees with its shape", [] {
    auto s = TensorStructInfo::Make(ShapeExpr::Make({PrimExpr::Int(2)}), DataType::kFloat32, 1);
    auto bad = std::const_pointer_cast<TensorStructInfo>(s);
    bad->ndim = 3;
    auto x = Var::Make("x", s);
    return One(Fn({x}, {}, x));
  }, {"error E1020 sinfo.inv.tensor-shape"});
  add("wf.sinfo.invariants negative: R.Prim of dtype void", [] {
    auto x = Var::Make("x", PrimStructInfo::Make(DataType::kVoid));
    return One(Fn({x}, {}, x));
  }, {"error E1020 sinfo.inv.prim"});
  add("wf.sinfo.invariants negative: an int32 dimension", [] {
    auto x = Var::Make("x", F32Sym({PrimExpr::Int(2, DataType::kInt32)}));
    return One(Fn({x}, {}, x));
  }, {"error E1020 sinfo.inv.shape-int64"});
  add("wf.sinfo.invariants negative: a Callable with params and a derive_func", [] {
    auto f = FuncStructInfo::Make({F32({2})}, F32({2}), true);
    std::const_pointer_cast<FuncStructInfo>(f)->derive_func = "tvm.relax.struct_info.infer_by_sinfo_args";
    auto x = Var::Make("x", f);
    return One(Fn({x}, {}, x));
  }, {"error E1020 sinfo.inv.opaque"});
  add("wf.sinfo.invariants negative: a malformed virtual device", [] {
    auto x = Var::Make("x", TensorStructInfo::Make(nullptr, DataType::kFloat32, 1, "cuda:zero"));
    return One(Fn({x}, {}, x));
  }, {"error E1020 sinfo.inv.vdevice"});
  add("wf.sinfo.invariants negative: a Shape whose values disagree with its ndim", [] {
    auto s = ShapeStructInfo::Make({PrimExpr::Int(2)});
    std::const_pointer_cast<ShapeStructInfo>(s)->ndim = 2;
    auto x = Var::Make("x", s);
    return One(Fn({x}, {}, x));
  }, {"error E1020 sinfo.inv.shape-values"});
  add("wf.sinfo.invariants positive: every kind of struct info, well formed", [] {
    auto n = PrimExpr::Var("n");
    auto x = Var::Make("x", TupleStructInfo::Make({F32Sym({n, PrimExpr::Int(2)}), ShapeStructInfo::Make({n}),
                                                  PrimStructInfo::Make(DataType::kInt64, n),
                                                  FuncStructInfo::Make({F32({2})}, F32({2}), true),
                                                  TensorStructInfo::Make(nullptr, DataType::kFloat32, 1, "cuda:0")}));
    return One(Fn({x}, {}, x));
  }, {"ok"});

  // ---- the normal form ----
  add("norm.seq-position negative: a function body that is not a SeqExpr", [] {
    auto x = Var::Make("x", F32({2}));
    return One(Function::Make({x}, x, nullptr, true, {}));
  }, {"error E1021 norm.seq-position"});
  add("norm.seq-position negative: a SeqExpr as a binding's value", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, SeqExpr::Make({}, x))})}, y));
  }, {"error E1021 norm.seq-position"});
  add("norm.seq-position negative: a SeqExpr body that is a call", [] {
    auto x = Var::Make("x", F32({2}));
    return One(Fn({x}, {}, OpCall("add", {x, x})));
  }, {"error E1021 norm.seq-position"});
  add("norm.seq-position positive: bodies and branches are SeqExprs", [] {
    auto c = Var::Make("c", PrimStructInfo::Make(DataType::kBool));
    auto x = Var::Make("x", F32({2}));
    auto r = Var::Make("r");
    return One(Fn({c, x}, {Block({Binding::VarBinding(r, If::Make(c, SeqExpr::Make({}, x), SeqExpr::Make({}, x)))})}, r));
  }, {"ok"});

  add("norm.anf negative: a call nested in a call", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("add", {OpCall("add", {x, x}), x}))})}, y));
  }, {"error E1022 norm.anf"});
  add("norm.anf negative: an If condition that is a call", [] {
    auto x = Var::Make("x", F32({2}));
    auto c = Var::Make("c", PrimStructInfo::Make(DataType::kBool));
    auto r = Var::Make("r");
    E cond = OpCall("logical_not", {c});
    return One(Fn({c, x}, {Block({Binding::VarBinding(r, If::Make(cond, SeqExpr::Make({}, x), SeqExpr::Make({}, x)))})}, r));
  }, {"error E1022 norm.anf"});
  add("norm.anf positive: leaves and tuples of leaves as arguments", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, OpCall("concat", {Tuple::Make({x, x})}, Attrs({{"axis", AttrValue::Int(0)}})))})}, y));
  }, {"ok", "sinfo y R.Tensor((4,), dtype=\"float32\")"});

  // ---- leaves ----
  add("syntax.expr.shape-expr negative: an int32 shape element", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, ShapeExpr::Make({PrimExpr::Int(2, DataType::kInt32)}))})}, y));
  }, {"error E1023 syntax.expr.shape-expr"});
  add("syntax.expr.shape-expr positive: int64 shape elements", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, ShapeExpr::Make({PrimExpr::Int(2)}))})}, y));
  }, {"ok", "sinfo y R.Shape([2])"});
  add("syntax.expr.prim-value negative: a void primitive value", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, PrimValue::Make(PrimExpr::Int(0, DataType::kVoid)))})}, y));
  }, {"error E1024 syntax.expr.prim-value"});
  add("syntax.expr.prim-value positive: an int32 primitive value", [] {
    auto x = Var::Make("x", F32({2}));
    auto y = Var::Make("y");
    return One(Fn({x}, {Block({Binding::VarBinding(y, PrimValue::Make(PrimExpr::Int(3, DataType::kInt32)))})}, y));
  }, {"ok", "sinfo y R.Prim(value=T.int32(3))"});

  add("syntax.module positive: functions and extern functions", [] {
    auto m = AddTwice();
    std::vector<GlobalDef> globals = m->globals;
    globals.push_back({"ext", ExternFunc::Make("my_func"), {}});
    return IRModule::Make(std::move(globals));
  }, {"ok"});

  add("wf.limit.depth negative: functions nested 500 deep", [] {
    auto x = Var::Make("x", F32({2}));
    Ref<Function> f = Fn({x}, {}, x);
    for (int i = 0; i < 500; ++i) {
      auto g = Var::Make("g");
      auto a = Var::Make("a", F32({2}));
      f = Fn({a}, {Block({Binding::VarBinding(g, f)})}, a);
    }
    return One(f);
  }, {"error E0904 wf.limit.depth"});
  add("wf.limit.depth positive: functions nested 50 deep", [] {
    auto x = Var::Make("x", F32({2}));
    Ref<Function> f = Fn({x}, {}, x);
    for (int i = 0; i < 50; ++i) {
      auto g = Var::Make("g");
      auto a = Var::Make("a", F32({2}));
      f = Fn({a}, {Block({Binding::VarBinding(g, f)})}, a);
    }
    return One(f);
  }, {"ok"});
  // ---- TIR (spec §7.6): scoping the text format cannot break (its names resolve or fail) ----
  auto prim_func = [](std::vector<tir::Param> params, Ref<tir::Stmt> body) {
    auto f = tir::PrimFunc::Make(std::move(params), std::move(body), Attrs().With("global_symbol", AttrValue::String("f")));
    return IRModule::Make({{"f", f, {}}});
  };
  auto buffer_param = [](const Ref<tir::Buffer>& b) { return tir::Param{PrimExpr::Var(b->name, DataType::kVoid), b}; };
  auto loop = [](Ref<PrimExpr> var, int64_t n, Ref<tir::Stmt> body) {
    return tir::For::Make(std::move(var), PrimExpr::Int(0), PrimExpr::Int(n), tir::ForKind::kSerial, std::move(body));
  };
  add("tir.wf.var negative: a loop variable used after its loop", [=] {
    auto b = tir::Buffer::Make("B", DataType::kInt64, {PrimExpr::Int(4)});
    auto i = PrimExpr::Var("i"), j = PrimExpr::Var("j");
    return prim_func({buffer_param(b)},
                     tir::SeqStmt::Make({loop(i, 4, tir::BufferStore::Make(b, i, {i})),
                                         loop(j, 4, tir::BufferStore::Make(b, i, {j}))}));
  }, {"error E1027 tir.wf.var"});
  add("tir.wf.var negative: one variable bound by two loops (TIR is in SSA form)", [=] {
    auto b = tir::Buffer::Make("B", DataType::kInt64, {PrimExpr::Int(4)});
    auto i = PrimExpr::Var("i");
    return prim_func({buffer_param(b)}, tir::SeqStmt::Make({loop(i, 4, tir::BufferStore::Make(b, i, {i})),
                                                            loop(i, 4, tir::BufferStore::Make(b, i, {i}))}));
  }, {"error E1027 tir.wf.var"});
  add("tir.wf.buffer negative: a buffer that is no parameter's and no allocation's", [=] {
    auto b = tir::Buffer::Make("B", DataType::kInt64, {PrimExpr::Int(4)});
    auto stranger = tir::Buffer::Make("S", DataType::kInt64, {PrimExpr::Int(4)});
    auto i = PrimExpr::Var("i");
    return prim_func({buffer_param(b)},
                     loop(i, 4, tir::BufferStore::Make(b, PrimExpr::Load(stranger, {i}), {i})));
  }, {"error E1028 tir.wf.buffer"});
  add("tir.wf.buffer negative: one buffer allocated by two blocks", [=] {
    auto b = tir::Buffer::Make("B", DataType::kInt64, {PrimExpr::Int(4)});
    auto s = tir::Buffer::Make("S", DataType::kInt64, {PrimExpr::Int(4)});
    auto block = [&](const char* name) {
      tir::Block blk({});
      blk.name = name;
      blk.alloc_buffers = {s};
      blk.body = tir::BufferStore::Make(s, PrimExpr::Int(1), {PrimExpr::Int(0)});
      return tir::Block::MakeFull(std::move(blk));
    };
    return prim_func({buffer_param(b)}, tir::SeqStmt::Make({block("x"), block("y")}));
  }, {"error E1028 tir.wf.buffer"});

  return cases;
}

}  // namespace rlx::checker::testing
