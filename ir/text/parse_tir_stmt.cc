// The TIR parser, statements (spec §7.2, tir.text.stmt): loops, blocks, stores, lets, ifs,
// assertions and the T.* declarations of a block (T.axis.*, T.reads, T.alloc_buffer, ...).
#include "ir/text/parser_state.h"

namespace rlx::text {
namespace {

Ref<tir::Stmt> MakeSeq(std::vector<Ref<tir::Stmt>> seq, Span span) {
  if (seq.empty()) return tir::Evaluate::Make(PrimExpr::Int(0, DataType::kInt32, span), span);
  if (seq.size() == 1) return seq[0];
  return tir::SeqStmt::Make(std::move(seq), span);
}

}  // namespace

Ref<tir::Stmt> RelaxParser::ParseTirStmts(const std::vector<py::StmtPtr>& body, size_t i) {
  std::vector<Ref<tir::Stmt>> seq;
  Span span = i < body.size() ? body[i]->span : Span{};
  for (; i < body.size(); ++i) {
    const py::Stmt& s = *body[i];
    try {
      if (s.kind == py::StmtKind::kAssign || s.kind == py::StmtKind::kAnnAssign) {
        bool handled = false;
        Ref<tir::Stmt> scoped = ParseTirAssign(s, body, i, &handled);
        if (scoped) {  // a let or a buffer declaration: it holds the rest of the body
          seq.push_back(scoped);
          break;
        }
        if (handled) continue;
      }
      if (Ref<tir::Stmt> st = ParseTirStmt(s)) seq.push_back(st);
    } catch (const StmtAbort&) {
    }
  }
  return MakeSeq(std::move(seq), span);
}

Ref<tir::Stmt> RelaxParser::ParseTirAssign(const py::Stmt& s, const std::vector<py::StmtPtr>& body,
                                           size_t i, bool* handled) {
  *handled = true;
  const py::Expr& target = *s.target;
  if (target.kind == py::ExprKind::kSubscript) {  // a buffer store
    *handled = false;
    return nullptr;
  }
  auto let_over_rest = [&](const Ref<PrimExpr>& value, DataType dtype) -> Ref<tir::Stmt> {
    // tir.stmt.let: `x = value` binds x for the rest of the enclosing body.
    Ref<PrimExpr> var = PrimExpr::Var(target.text, dtype, target.span);
    PushScope();
    Bind(target.text, Value::Prim(var, target.span));
    Ref<tir::Stmt> rest = ParseTirStmts(body, i + 1);
    PopScope();
    return tir::LetStmt::Make(var, value, rest, s.span);
  };
  if (s.kind == py::StmtKind::kAnnAssign) {
    Value ann = Check(Eval(*s.annotation));
    if (ann.kind != Value::Kind::kBuiltin || ann.builtin != Builtin::kTirDType || !s.value) {
      Abort(ErrorCode::kTirStatement, s.span, "a TIR let is written `x: T.<dtype> = value`");
    }
    Ref<PrimExpr> value = TirPrim(Check(Eval(*s.value)), "the value", ann.dtype);
    if (!value) throw StmtAbort{};
    return let_over_rest(value, ann.dtype);
  }
  Value v = Check(Eval(*s.value));
  if (target.kind == py::ExprKind::kTuple && v.kind == Value::Kind::kTuple &&
      v.items.size() == target.elts.size()) {
    // a, b = T.int64(), T.int64(): several declarations on one line, as TVM prints them.
    for (size_t k = 0; k < v.items.size(); ++k) {
      const Value& d = v.items[k];
      if (d.kind != Value::Kind::kPrim || d.prim || !d.b) {
        Abort(ErrorCode::kTirStatement, d.span, "a tuple assignment in TIR declares variables, T.int64()");
      }
      const py::Expr& n = *target.elts[k];
      Bind(n.text, Value::Prim(PrimExpr::Var(n.text, d.dtype, n.span), n.span));
    }
    return nullptr;
  }
  if (v.kind == Value::Kind::kTirAxes) {
    BindTirAxes(target, v);
    return nullptr;
  }
  if (target.kind != py::ExprKind::kName) {
    Abort(ErrorCode::kTirStatement, target.span,
          "only T.axis.remap binds several names; assign one value to one name");
  }
  const std::string& name = target.text;
  if (v.kind == Value::Kind::kPrim && !v.prim && v.b) {  // n = T.int64(): a variable
    Bind(name, Value::Prim(PrimExpr::Var(name, v.dtype, target.span), target.span));
    return nullptr;
  }
  if (v.kind == Value::Kind::kBuffer) {
    Ref<tir::Buffer> buffer = NameBuffer(v, name);
    Value bound = v;
    bound.tir = std::make_shared<const TirPayload>(TirPayload{buffer, {}, {}, {}});
    bound.span = target.span;
    switch (v.builtin) {
      case Builtin::kTirMatchBuffer: {
        // tir.func.buffer-map: binds a T.handle parameter, at the top of the function.
        if (tir_->blocks.size() != 1) {
          Abort(ErrorCode::kTirBuffer, s.span, "T.match_buffer binds a parameter: it belongs at the top of the function");
        }
        tir::Param* param = nullptr;
        for (auto& p : tir_->params) {
          if (p.var == v.prim) param = &p;
        }
        if (!param || param->buffer) {
          Abort(ErrorCode::kTirBuffer, s.span,
                "T.match_buffer binds a T.handle parameter not yet bound to a buffer");
        }
        param->buffer = buffer;
        Bind(name, bound);
        return nullptr;
      }
      case Builtin::kTirAllocBuffer:
        CurrentTirBlock().alloc_buffers.push_back(buffer);  // tir.block.alloc
        Bind(name, bound);
        return nullptr;
      case Builtin::kTirDeclBuffer: {
        PushScope();
        Bind(name, bound);
        Ref<tir::Stmt> rest = ParseTirStmts(body, i + 1);
        PopScope();
        return tir::DeclBuffer::Make(buffer, rest, s.span);
      }
      default:
        Abort(ErrorCode::kTirBuffer, s.span,
              "a buffer is declared with T.match_buffer, T.alloc_buffer or T.decl_buffer");
    }
  }
  if (v.kind == Value::Kind::kPrim || v.is_number()) {
    Ref<PrimExpr> value = TirPrim(v, "the value");
    if (!value) throw StmtAbort{};
    return let_over_rest(value, value->dtype);
  }
  Abort(ErrorCode::kTirStatement, s.value->span, "cannot bind " + DescribeValue(v) + " in TIR");
}

void RelaxParser::BindTirAxes(const py::Expr& target, const Value& axes) {
  std::vector<const py::Expr*> names;
  if (target.kind == py::ExprKind::kName) names.push_back(&target);
  for (const auto& e : target.elts) names.push_back(e.get());
  if (names.size() != axes.tir->axes.size()) {
    Abort(ErrorCode::kTirAxis, target.span,
          std::to_string(axes.tir->axes.size()) + " iteration variables bound to " +
              std::to_string(names.size()) + " names");
  }
  if (tir_->blocks.size() < 2) Abort(ErrorCode::kTirAxis, target.span, "T.axis.* binds block iteration variables, inside a block");
  TirBlockFrame& f = CurrentTirBlock();
  for (size_t k = 0; k < names.size(); ++k) {
    const TirAxis& a = axes.tir->axes[k];
    Ref<PrimExpr> var = PrimExpr::Var(names[k]->text, a.dom.extent->dtype, names[k]->span);
    f.iter_vars.push_back({var, a.dom, a.kind});
    f.iter_values.push_back(a.value);
    Bind(names[k]->text, Value::Prim(var, names[k]->span));
  }
}

Ref<tir::Stmt> RelaxParser::ParseTirStmt(const py::Stmt& s) {
  switch (s.kind) {
    case py::StmtKind::kFor: return ParseTirFor(s);
    case py::StmtKind::kWith: return ParseTirWith(s);
    case py::StmtKind::kIf: {
      Ref<PrimExpr> cond = TirPrim(Check(Eval(*s.value)), "a condition", DataType::kBool);
      if (!cond) throw StmtAbort{};
      PushScope();
      Ref<tir::Stmt> then_case = ParseTirStmts(s.body, 0);
      PopScope();
      Ref<tir::Stmt> else_case;
      if (s.has_else) {
        PushScope();
        else_case = ParseTirStmts(s.orelse, 0);
        PopScope();
      }
      return tir::IfThenElse::Make(cond, then_case, else_case, s.span);
    }
    case py::StmtKind::kAssert: {
      Ref<PrimExpr> cond = TirPrim(Check(Eval(*s.value)), "a condition", DataType::kBool);
      if (!cond) throw StmtAbort{};
      std::string message;
      if (s.annotation) {
        Value m = Check(Eval(*s.annotation));
        if (m.kind != Value::Kind::kStr) Abort(ErrorCode::kArgumentType, m.span, "an assertion message is a string");
        message = m.s;
      }
      return tir::AssertStmt::Make(cond, message, s.span);
    }
    case py::StmtKind::kAssign: {  // A[i, j] = value
      const py::Expr& target = *s.target;
      Value base = Check(Eval(*target.value));
      if (base.kind != Value::Kind::kBuffer) {
        Abort(ErrorCode::kTirStatement, target.span, "only a buffer element can be assigned, A[i] = value");
      }
      Value place = Check(TirSubscript(base, *target.index, target.span));
      if (place.kind != Value::Kind::kPrim) {
        Abort(ErrorCode::kTirStatement, target.span, "a store writes one element; slices are not supported");
      }
      Ref<PrimExpr> value = TirPrim(Check(Eval(*s.value)), "the stored value", base.tir->buffer->dtype);
      if (!value) throw StmtAbort{};
      return tir::BufferStore::Make(base.tir->buffer, value, place.prim->args, s.span);
    }
    case py::StmtKind::kExpr: return ParseTirExprStmt(s);
    case py::StmtKind::kPass: return nullptr;
    default:
      Abort(ErrorCode::kTirStatement, s.span, "this statement is not part of TIR");
  }
}

Ref<tir::Stmt> RelaxParser::ParseTirExprStmt(const py::Stmt& s) {
  if (s.value->kind == py::ExprKind::kString) return nullptr;  // a docstring
  Value v = Check(Eval(*s.value));
  if (v.kind == Value::Kind::kNone) return nullptr;  // T.reads, T.func_attr, ...: declarations
  if (v.kind == Value::Kind::kBuffer && v.builtin == Builtin::kTirAllocBuffer) {
    Abort(ErrorCode::kTirBuffer, s.span, "a T.alloc_buffer must be assigned to a name");
  }
  if (v.kind == Value::Kind::kPrim && v.prim) {  // tir.stmt.evaluate
    return tir::Evaluate::Make(v.prim, s.span);
  }
  Abort(ErrorCode::kTirStatement, s.span, DescribeValue(v) + " is not a TIR statement");
}

Ref<tir::Stmt> RelaxParser::ParseTirFor(const py::Stmt& s) {
  Value it = Check(Eval(*s.value));
  if (it.kind != Value::Kind::kTirLoops) {
    Abort(ErrorCode::kTirLoop, s.value->span,
          "a TIR loop iterates over T.grid, T.serial, T.parallel, T.vectorized, T.unroll, "
          "T.thread_binding or range, not " + DescribeValue(it));
  }
  std::vector<const py::Expr*> names;
  if (s.target->kind == py::ExprKind::kName) names.push_back(s.target.get());
  for (const auto& e : s.target->elts) names.push_back(e.get());
  const auto& loops = it.tir->loops;
  if (names.size() != loops.size()) {
    Abort(ErrorCode::kTirLoop, s.target->span,
          std::to_string(loops.size()) + " loops but " + std::to_string(names.size()) + " loop variables");
  }
  PushScope();
  std::vector<Ref<PrimExpr>> vars;
  for (size_t k = 0; k < names.size(); ++k) {
    Ref<PrimExpr> var = PrimExpr::Var(names[k]->text, loops[k].extent->dtype, names[k]->span);
    vars.push_back(var);
    tir_->loop_ranges[var.get()] = {loops[k].min, loops[k].extent};
    Bind(names[k]->text, Value::Prim(var, names[k]->span));
  }
  Ref<tir::Stmt> body = ParseTirStmts(s.body, 0);  // reports and recovers per statement
  PopScope();
  for (size_t k = loops.size(); k-- > 0;) {
    const TirLoop& l = loops[k];
    body = tir::For::Make(vars[k], l.min, l.extent, l.kind, body, l.thread, l.annotations, s.span);
  }
  return body;
}

Ref<tir::Stmt> RelaxParser::ParseTirWith(const py::Stmt& s) {
  Value ctx = Check(Eval(*s.value));
  if (ctx.kind == Value::Kind::kTirBlockCtx) return ParseTirBlock(s, ctx.s);
  if (ctx.kind == Value::Kind::kTirInitCtx) {
    if (tir_->blocks.size() < 2) Abort(ErrorCode::kTirStatement, s.span, "T.init() belongs in a block");
    if (CurrentTirBlock().init) Abort(ErrorCode::kTirStatement, s.span, "a block has one T.init()");
    PushScope();
    Ref<tir::Stmt> init = ParseTirStmts(s.body, 0);
    PopScope();
    CurrentTirBlock().init = init;
    return nullptr;
  }
  Abort(ErrorCode::kTirStatement, s.value->span,
        "a TIR `with` opens T.block(name) or T.init(), not " + DescribeValue(ctx));
}

Ref<tir::Stmt> RelaxParser::ParseTirBlock(const py::Stmt& s, const std::string& name) {
  CurrentTirBlock().contains_block = true;
  tir_->blocks.emplace_back();
  PushScope();
  Ref<tir::Stmt> body = ParseTirStmts(s.body, 0);  // reports and recovers per statement
  PopScope();
  TirBlockFrame f = std::move(tir_->blocks.back());
  tir_->blocks.pop_back();
  tir::Block b(s.span);
  b.name = name;
  b.iter_vars = std::move(f.iter_vars);
  b.iter_values = std::move(f.iter_values);
  b.predicate = f.predicate;
  b.reads = std::move(f.reads);
  b.writes = std::move(f.writes);
  b.has_regions = f.has_reads || f.has_writes;
  b.alloc_buffers = std::move(f.alloc_buffers);
  b.init = f.init;
  b.annotations = f.annotations;
  b.body = body;
  return tir::Block::MakeFull(std::move(b));
}

}  // namespace rlx::text
