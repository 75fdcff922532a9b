// TIR statements (spec §7.2): loops, stores, lets, conditionals, assertions, buffer
// declarations and blocks. Nodes are immutable and shared, like Relax expressions.
#pragma once

#include <string>
#include <vector>

#include "ir/attrs.h"
#include "ir/base/diagnostic.h"
#include "ir/base/source.h"
#include "ir/prim_expr.h"
#include "ir/ref.h"
#include "ir/tir/buffer.h"

namespace rlx::tir {

enum class StmtKind : uint8_t {
#define RLX_TIR_STMT(name, desc) k##name,
#include "ir/tir/stmt_kinds.def"
#undef RLX_TIR_STMT
};

/// The kind's name, e.g. "BufferStore".
const char* StmtKindName(StmtKind k);

class Stmt {
 public:
  virtual ~Stmt() = default;
  StmtKind kind;
  Span span;

 protected:
  Stmt(StmtKind k, Span s) : kind(k), span(s) {}
};

/// Downcast; nullptr when the kind does not match.
template <class T>
Ref<T> As(const Ref<Stmt>& s) {
  if (s && s->kind == T::kKind) return std::static_pointer_cast<const T>(s);
  return nullptr;
}

/// [min, min + extent).
struct Range {
  Ref<PrimExpr> min;
  Ref<PrimExpr> extent;
};

/// A region of a buffer: one range per axis (T.reads / T.writes).
struct BufferRegion {
  Ref<Buffer> buffer;
  std::vector<Range> region;
};

/// Statements in order.
class SeqStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kSeq;
  static Ref<SeqStmt> Make(std::vector<Ref<Stmt>> seq, Span span = {});
  explicit SeqStmt(Span s) : Stmt(kKind, s) {}
  std::vector<Ref<Stmt>> seq;
};

/// How a loop's iterations run (spec tir.for.kind).
enum class ForKind : uint8_t { kSerial, kParallel, kVectorized, kUnrolled, kThreadBinding };
/// "serial", "parallel", "vectorized", "unroll", "thread_binding" (the T.* spelling).
const char* ForKindName(ForKind k);

/// for var in range(min, min + extent): body.
class For : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kFor;
  static Ref<For> Make(Ref<PrimExpr> var, Ref<PrimExpr> min, Ref<PrimExpr> extent, ForKind kind,
                       Ref<Stmt> body, std::string thread_tag = "", Attrs annotations = {},
                       Span span = {});
  explicit For(Span s) : Stmt(kKind, s) {}
  Ref<PrimExpr> var;
  Ref<PrimExpr> min;
  Ref<PrimExpr> extent;
  ForKind for_kind = ForKind::kSerial;
  std::string thread_tag;  // kThreadBinding: "blockIdx.x", "threadIdx.y", ...
  Attrs annotations;
  Ref<Stmt> body;
};

/// buffer[indices] = value.
class BufferStore : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kBufferStore;
  static Ref<BufferStore> Make(Ref<Buffer> buffer, Ref<PrimExpr> value,
                               std::vector<Ref<PrimExpr>> indices, Span span = {});
  explicit BufferStore(Span s) : Stmt(kKind, s) {}
  Ref<Buffer> buffer;
  Ref<PrimExpr> value;
  std::vector<Ref<PrimExpr>> indices;
};

/// var = value; body (the rest of the enclosing sequence in the text).
class LetStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kLetStmt;
  static Ref<LetStmt> Make(Ref<PrimExpr> var, Ref<PrimExpr> value, Ref<Stmt> body, Span span = {});
  explicit LetStmt(Span s) : Stmt(kKind, s) {}
  Ref<PrimExpr> var;
  Ref<PrimExpr> value;
  Ref<Stmt> body;
};

/// if cond: then_case else: else_case (else_case may be null).
class IfThenElse : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kIfThenElse;
  static Ref<IfThenElse> Make(Ref<PrimExpr> cond, Ref<Stmt> then_case, Ref<Stmt> else_case,
                              Span span = {});
  explicit IfThenElse(Span s) : Stmt(kKind, s) {}
  Ref<PrimExpr> cond;
  Ref<Stmt> then_case;
  Ref<Stmt> else_case;
};

/// T.evaluate(value): evaluates an expression for its effects (traps) and drops the result.
class Evaluate : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kEvaluate;
  static Ref<Evaluate> Make(Ref<PrimExpr> value, Span span = {});
  explicit Evaluate(Span s) : Stmt(kKind, s) {}
  Ref<PrimExpr> value;
};

/// assert cond, "message": traps with the message when cond is false.
class AssertStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kAssert;
  static Ref<AssertStmt> Make(Ref<PrimExpr> cond, std::string message, Span span = {});
  explicit AssertStmt(Span s) : Stmt(kKind, s) {}
  Ref<PrimExpr> cond;
  std::string message;
};

/// The code an assert traps with (tir.eval.assert): the code its message starts with, for the
/// traps of ops that a lowering checks with an assert ("E3012: ..."), else E3008.
ErrorCode AssertTrapCode(const std::string& message);

/// buffer = T.decl_buffer(...); body: a fresh buffer for the rest of the sequence.
class DeclBuffer : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kDeclBuffer;
  static Ref<DeclBuffer> Make(Ref<Buffer> buffer, Ref<Stmt> body, Span span = {});
  explicit DeclBuffer(Span s) : Stmt(kKind, s) {}
  Ref<Buffer> buffer;
  Ref<Stmt> body;
};

/// The kind of a block iteration variable (T.axis.spatial / T.axis.reduce).
enum class IterKind : uint8_t { kSpatial, kReduce };

/// A block iteration variable: its domain [dom.min, dom.min + dom.extent) and its kind.
struct IterVar {
  Ref<PrimExpr> var;
  Range dom;
  IterKind kind = IterKind::kSpatial;
};

/// with T.block(name): a block and its realization (TVM's Block and BlockRealize in one node,
/// as the text writes them). iter_values[i] is the value bound to iter_vars[i]; predicate is the
/// T.where condition (null: always). init runs on the first iteration of the reduce axes.
class Block : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::kBlock;
  explicit Block(Span s) : Stmt(kKind, s) {}
  static Ref<Block> MakeFull(Block b) { return std::make_shared<const Block>(std::move(b)); }
  std::string name;
  std::vector<IterVar> iter_vars;
  std::vector<Ref<PrimExpr>> iter_values;
  Ref<PrimExpr> predicate;
  std::vector<BufferRegion> reads;
  std::vector<BufferRegion> writes;
  /// False when the text gave no T.reads / T.writes (the printer then writes none).
  bool has_regions = false;
  std::vector<Ref<Buffer>> alloc_buffers;
  Ref<Stmt> init;
  Attrs annotations;
  Ref<Stmt> body;
  /// The implicit root block of a PrimFunc (name "root", nothing but allocations and a body).
  bool is_root() const;
};

}  // namespace rlx::tir
