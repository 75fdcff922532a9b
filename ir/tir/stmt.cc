#include "ir/tir/stmt.h"

namespace rlx::tir {

const char* StmtKindName(StmtKind k) {
  switch (k) {
#define RLX_TIR_STMT(name, desc) \
  case StmtKind::k##name: return #name;
#include "ir/tir/stmt_kinds.def"
#undef RLX_TIR_STMT
  }
  return "?";
}

const char* ForKindName(ForKind k) {
  switch (k) {
    case ForKind::kSerial: return "serial";
    case ForKind::kParallel: return "parallel";
    case ForKind::kVectorized: return "vectorized";
    case ForKind::kUnrolled: return "unroll";
    case ForKind::kThreadBinding: return "thread_binding";
  }
  return "?";
}

Ref<SeqStmt> SeqStmt::Make(std::vector<Ref<Stmt>> seq, Span span) {
  auto s = std::make_shared<SeqStmt>(span);
  s->seq = std::move(seq);
  return s;
}

Ref<For> For::Make(Ref<PrimExpr> var, Ref<PrimExpr> min, Ref<PrimExpr> extent, ForKind kind,
                   Ref<Stmt> body, std::string thread_tag, Attrs annotations, Span span) {
  auto s = std::make_shared<For>(span);
  s->var = std::move(var);
  s->min = std::move(min);
  s->extent = std::move(extent);
  s->for_kind = kind;
  s->body = std::move(body);
  s->thread_tag = std::move(thread_tag);
  s->annotations = std::move(annotations);
  return s;
}

Ref<BufferStore> BufferStore::Make(Ref<Buffer> buffer, Ref<PrimExpr> value,
                                   std::vector<Ref<PrimExpr>> indices, Span span) {
  auto s = std::make_shared<BufferStore>(span);
  s->buffer = std::move(buffer);
  s->value = std::move(value);
  s->indices = std::move(indices);
  return s;
}

Ref<LetStmt> LetStmt::Make(Ref<PrimExpr> var, Ref<PrimExpr> value, Ref<Stmt> body, Span span) {
  auto s = std::make_shared<LetStmt>(span);
  s->var = std::move(var);
  s->value = std::move(value);
  s->body = std::move(body);
  return s;
}

Ref<IfThenElse> IfThenElse::Make(Ref<PrimExpr> cond, Ref<Stmt> then_case, Ref<Stmt> else_case,
                                 Span span) {
  auto s = std::make_shared<IfThenElse>(span);
  s->cond = std::move(cond);
  s->then_case = std::move(then_case);
  s->else_case = std::move(else_case);
  return s;
}

Ref<Evaluate> Evaluate::Make(Ref<PrimExpr> value, Span span) {
  auto s = std::make_shared<Evaluate>(span);
  s->value = std::move(value);
  return s;
}

Ref<AssertStmt> AssertStmt::Make(Ref<PrimExpr> cond, std::string message, Span span) {
  auto s = std::make_shared<AssertStmt>(span);
  s->cond = std::move(cond);
  s->message = std::move(message);
  return s;
}

Ref<DeclBuffer> DeclBuffer::Make(Ref<Buffer> buffer, Ref<Stmt> body, Span span) {
  auto s = std::make_shared<DeclBuffer>(span);
  s->buffer = std::move(buffer);
  s->body = std::move(body);
  return s;
}

bool Block::is_root() const {
  return name == "root" && iter_vars.empty() && !predicate && !has_regions && !init &&
         annotations.empty();
}

ErrorCode AssertTrapCode(const std::string& message) {
  static const std::pair<const char*, ErrorCode> kCodes[] = {
      {"E3005: ", ErrorCode::kOpConstraintFailed}, {"E3006: ", ErrorCode::kDivisionByZero},
      {"E3007: ", ErrorCode::kIndexOutOfBounds},   {"E3012: ", ErrorCode::kInvalidValue}};
  for (const auto& [prefix, code] : kCodes) {
    if (message.rfind(prefix, 0) == 0) return code;
  }
  return ErrorCode::kAssertionFailed;
}

}  // namespace rlx::tir
