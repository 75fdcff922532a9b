// The TIR parser, functions (spec §7.1, tir.text.func): `@T.prim_func` members of a module
// class, their parameters (T.handle, T.Buffer, scalars), T.match_buffer and the implicit root
// block.
#include "ir/text/parser_state.h"

namespace rlx::text {

bool RelaxParser::IsPrimFuncDef(const py::Stmt& def) {
  if (def.decorators.size() != 1) return false;
  const py::Expr& d = *def.decorators[0];
  const py::Expr* callee = d.kind == py::ExprKind::kCall ? d.value.get() : &d;
  ++mute_;
  Value c;
  try {
    c = Eval(*callee);
  } catch (const StmtAbort&) {
  }
  --mute_;
  return c.kind == Value::Kind::kBuiltin && c.builtin == Builtin::kPrimFunc;
}

tir::Param RelaxParser::ParseTirParam(const py::Param& p) {
  if (!p.annotation) {
    Abort(ErrorCode::kMissingAnnotation, p.span,
          "parameter '" + p.name + "' needs an annotation: T.handle, T.Buffer(...) or a dtype");
  }
  if (p.default_value) {
    Abort(ErrorCode::kInvalidStatement, p.default_value->span, "PrimFunc parameters take no defaults");
  }
  Value a = Check(Eval(*p.annotation));
  tir::Param param;
  if (a.kind == Value::Kind::kBuiltin && a.builtin == Builtin::kTirHandle) {
    param.var = PrimExpr::Var(p.name, DataType::kVoid, p.span);  // bound by T.match_buffer
    Bind(p.name, Value::Prim(param.var, p.span));
    return param;
  }
  if (a.kind == Value::Kind::kBuffer) {
    param.var = PrimExpr::Var(p.name, DataType::kVoid, p.span);
    param.buffer = NameBuffer(a, p.name);
    Value b = a;
    b.tir = std::make_shared<const TirPayload>(TirPayload{param.buffer, {}, {}, {}});
    Bind(p.name, b);
    return param;
  }
  if (a.kind == Value::Kind::kBuiltin && a.builtin == Builtin::kTirDType) {
    param.var = PrimExpr::Var(p.name, a.dtype, p.span);
    Bind(p.name, Value::Prim(param.var, p.span));
    return param;
  }
  Abort(ErrorCode::kArgumentType, p.annotation->span,
        "a PrimFunc parameter is a T.handle, a T.Buffer(...) or a scalar dtype, not " +
            DescribeValue(a));
}

Ref<tir::Buffer> RelaxParser::NameBuffer(const Value& v, const std::string& name) {
  tir::Buffer b = *v.tir->buffer;
  b.name = name;
  return tir::Buffer::MakeFull(std::move(b));
}

Ref<tir::PrimFunc> RelaxParser::ParsePrimFunc(const py::Stmt& def) {
  auto kws = DecoratorArgs(*def.decorators[0], Builtin::kPrimFunc, "@T.prim_func");
  if (!kws) return nullptr;
  bool is_private = false;
  for (const auto& k : *kws) {
    if (k.name == "private") {
      is_private = k.value.b;
    } else if (k.name != "check_well_formed" && k.name != "s_tir") {
      Fail(ErrorCode::kInvalidDecorator, k.name_span, "unknown @T.prim_func argument '" + k.name + "'");
    }
  }
  if (def.returns && def.returns->kind != py::ExprKind::kNone) {
    Fail(ErrorCode::kUnsupportedFeature, def.returns->span,
         "PrimFuncs that return a value are not supported yet (rlx's PrimFuncs write their outputs)");
  }
  tir_.emplace();
  tir_->name = def.name;
  PushScope();
  struct Exit {
    RelaxParser* p;
    ~Exit() {
      p->PopScope();
      p->tir_.reset();
    }
  } exit{this};
  const size_t errors = diags_.error_count();
  for (const auto& p : def.params) {
    try {
      tir_->params.push_back(ParseTirParam(p));
    } catch (const StmtAbort&) {
      return nullptr;
    }
  }
  tir_->blocks.emplace_back();  // the implicit root block
  Ref<tir::Stmt> body = ParseTirStmts(def.body, 0);
  TirBlockFrame root = std::move(tir_->blocks.front());
  // tir.func.root: a body with blocks or function-level allocations lives in a root block.
  auto explicit_root = tir::As<tir::Block>(body);
  if (explicit_root && explicit_root->is_root()) {
    if (!root.alloc_buffers.empty()) {
      tir::Block b = *explicit_root;
      b.alloc_buffers.insert(b.alloc_buffers.begin(), root.alloc_buffers.begin(), root.alloc_buffers.end());
      body = tir::Block::MakeFull(std::move(b));
    }
  } else if (root.contains_block || !root.alloc_buffers.empty()) {
    tir::Block b(def.span);
    b.name = "root";
    b.alloc_buffers = std::move(root.alloc_buffers);
    b.body = body;
    body = tir::Block::MakeFull(std::move(b));
  }
  for (const tir::Param& p : tir_->params) {
    if (p.var->dtype == DataType::kVoid && !p.buffer) {
      Fail(ErrorCode::kTirBuffer, p.var->span,
           "parameter '" + p.var->name + "' is a T.handle that no T.match_buffer binds");
    }
  }
  if (diags_.error_count() != errors) return nullptr;
  Attrs attrs = tir_->attrs;
  // tir.func.symbol: a public PrimFunc is exported under its name, as a public Relax function.
  if (!is_private && !attrs.Find("global_symbol")) {
    Attrs with_symbol;
    with_symbol = with_symbol.With("global_symbol", AttrValue::String(def.name));
    for (const auto& [k, v] : attrs.entries()) with_symbol = with_symbol.With(k, v);
    attrs = with_symbol;
  }
  return tir::PrimFunc::Make(tir_->params, body, attrs, def.span);
}

}  // namespace rlx::text
