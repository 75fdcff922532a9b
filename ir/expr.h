// Relax expressions, bindings and blocks (spec chapter 1, "Abstract syntax").
#pragma once

#include <string>
#include <vector>

#include "ir/attrs.h"
#include "ir/base/source.h"
#include "ir/prim_expr.h"
#include "ir/ref.h"
#include "ir/struct_info.h"
#include "ir/tensor_data.h"

namespace rlx {

struct OpInfo;

/// Every expression kind (see expr_kinds.def).
enum class ExprKind : uint8_t {
#define RLX_EXPR_KIND(name, desc) k##name,
#include "ir/expr_kinds.def"
#undef RLX_EXPR_KIND
};

/// Number of ExprKind values.
inline constexpr int kNumExprKinds = 17;

/// The kind's name, e.g. "TupleGetItem".
const char* ExprKindName(ExprKind k);

/// Base of the expression node classes.
class Expr {
 public:
  virtual ~Expr() = default;
  ExprKind kind;
  Span span;

  /// The derived struct info (TVM's struct_info_), or null before derivation. The checker sets it
  /// on every variable and expression it derives, and the normalizer (checker/normalizer.h) on
  /// every binding a pass or the builder emits; it is a cache of derivation, not part of the
  /// node's structure (structural equality and printing ignore it). Ops are shared by every
  /// module and never carry one.
  const Ref<StructInfo>& struct_info() const { return struct_info_; }
  void set_struct_info(Ref<StructInfo> s) const {
    if (kind != ExprKind::kOp) struct_info_ = std::move(s);
  }

 protected:
  Expr(ExprKind k, Span s) : kind(k), span(s) {}

 private:
  mutable Ref<StructInfo> struct_info_;
};

/// Downcast; nullptr when the kind does not match.
template <class T>
Ref<T> As(const Ref<Expr>& e) {
  if (e && T::Is(e->kind)) return std::static_pointer_cast<const T>(e);
  return nullptr;
}
/// Downcast of a plain pointer.
template <class T>
const T* AsPtr(const Expr* e) {
  if (e && T::Is(e->kind)) return static_cast<const T*>(e);
  return nullptr;
}

/// A tensor constant (R.const).
class Constant : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kConstant; }
  static Ref<Constant> Make(std::shared_ptr<const TensorData> data, Span span = {});
  explicit Constant(Span s) : Expr(ExprKind::kConstant, s) {}
  std::shared_ptr<const TensorData> data;
};

/// A variable (Var or DataflowVar). Identity is the node; `name` is only a hint.
class Var : public Expr {
 public:
  static constexpr bool Is(ExprKind k) {
    return k == ExprKind::kVar || k == ExprKind::kDataflowVar;
  }
  static Ref<Var> Make(std::string name, Ref<StructInfo> annotation = nullptr, Span span = {});
  static Ref<Var> MakeDataflow(std::string name, Ref<StructInfo> annotation = nullptr,
                               Span span = {});
  /// A DataflowVar when `dataflow`, else a Var.
  static Ref<Var> MakeOfKind(bool dataflow, std::string name, Ref<StructInfo> annotation = nullptr,
                             Span span = {});
  Var(ExprKind k, Span s) : Expr(k, s) {}
  bool is_dataflow() const { return kind == ExprKind::kDataflowVar; }
  std::string name;
  Ref<StructInfo> annotation;  // may be null (not yet inferred)
};

/// A reference to a module-level function by name.
class GlobalVar : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kGlobalVar; }
  static Ref<GlobalVar> Make(std::string name, Span span = {});
  explicit GlobalVar(Span s) : Expr(ExprKind::kGlobalVar, s) {}
  std::string name;
};

/// A tuple of expressions; the empty tuple is the unit value.
class Tuple : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kTuple; }
  static Ref<Tuple> Make(std::vector<Ref<Expr>> fields, Span span = {});
  explicit Tuple(Span s) : Expr(ExprKind::kTuple, s) {}
  std::vector<Ref<Expr>> fields;
};

/// tuple[index].
class TupleGetItem : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kTupleGetItem; }
  static Ref<TupleGetItem> Make(Ref<Expr> tuple, int index, Span span = {});
  explicit TupleGetItem(Span s) : Expr(ExprKind::kTupleGetItem, s) {}
  Ref<Expr> tuple;
  int index = 0;
};

/// A VarBinding (match_sinfo null) or a MatchCast (match_sinfo set).
struct Binding {
  Ref<Var> var;
  Ref<Expr> value;
  Ref<StructInfo> match_sinfo;
  Span span;

  bool is_match_cast() const { return match_sinfo != nullptr; }
  static Binding VarBinding(Ref<Var> var, Ref<Expr> value, Span span = {});
  static Binding MatchCast(Ref<Var> var, Ref<Expr> value, Ref<StructInfo> sinfo, Span span = {});
};

/// A BindingBlock or a DataflowBlock.
struct BindingBlock {
  bool is_dataflow = false;
  std::vector<Binding> bindings;
  Span span;
};

/// `blocks` in normal form (norm.blocks): empty blocks dropped, adjacent blocks of one kind
/// merged. The IR builder and the mutator both use it.
std::vector<BindingBlock> MergeBlocks(std::vector<BindingBlock> blocks);

/// Blocks of bindings followed by a body expression.
class SeqExpr : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kSeqExpr; }
  static Ref<SeqExpr> Make(std::vector<BindingBlock> blocks, Ref<Expr> body, Span span = {});
  explicit SeqExpr(Span s) : Expr(ExprKind::kSeqExpr, s) {}
  std::vector<BindingBlock> blocks;
  Ref<Expr> body;
};

/// A function. Non-private module functions carry attr global_symbol = their name.
class Function : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kFunction; }
  static Ref<Function> Make(std::vector<Ref<Var>> params, Ref<Expr> body, Ref<StructInfo> ret_sinfo,
                            bool is_pure, Attrs attrs, Span span = {});
  explicit Function(Span s) : Expr(ExprKind::kFunction, s) {}
  std::vector<Ref<Var>> params;
  Ref<Expr> body;
  Ref<StructInfo> ret_sinfo;  // may be null (to be inferred)
  bool is_pure = true;
  Attrs attrs;
};

/// if cond then true_branch else false_branch; branches are SeqExprs in normal form.
class If : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kIf; }
  static Ref<If> Make(Ref<Expr> cond, Ref<Expr> true_branch, Ref<Expr> false_branch,
                      Span span = {});
  explicit If(Span s) : Expr(ExprKind::kIf, s) {}
  Ref<Expr> cond;
  Ref<Expr> true_branch;
  Ref<Expr> false_branch;
};

/// op(args..., attrs) with optional sinfo_args.
class Call : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kCall; }
  static Ref<Call> Make(Ref<Expr> op, std::vector<Ref<Expr>> args, Attrs attrs = {},
                        std::vector<Ref<StructInfo>> sinfo_args = {}, Span span = {});
  explicit Call(Span s) : Expr(ExprKind::kCall, s) {}
  Ref<Expr> op;
  std::vector<Ref<Expr>> args;
  Attrs attrs;
  std::vector<Ref<StructInfo>> sinfo_args;
};

/// A built-in operator (an entry of the op table).
class Op : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kOp; }
  /// The shared node for an op table entry.
  static Ref<Op> Get(const OpInfo& info);
  Op(const OpInfo* i, Span s) : Expr(ExprKind::kOp, s), info(i) {}
  const OpInfo* info;
};

/// An external (packed) function named by its symbol.
class ExternFunc : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kExternFunc; }
  static Ref<ExternFunc> Make(std::string symbol, Ref<StructInfo> sinfo = nullptr, Span span = {});
  explicit ExternFunc(Span s) : Expr(ExprKind::kExternFunc, s) {}
  std::string symbol;
  Ref<StructInfo> sinfo;  // an explicit FuncStructInfo, or null
};

/// R.shape([...]): a shape value computed from PrimExprs.
class ShapeExpr : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kShapeExpr; }
  static Ref<ShapeExpr> Make(std::vector<Ref<PrimExpr>> values, Span span = {});
  explicit ShapeExpr(Span s) : Expr(ExprKind::kShapeExpr, s) {}
  std::vector<Ref<PrimExpr>> values;
};

/// R.prim_value(e): a boxed primitive value.
class PrimValue : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kPrimValue; }
  static Ref<PrimValue> Make(Ref<PrimExpr> value, Span span = {});
  explicit PrimValue(Span s) : Expr(ExprKind::kPrimValue, s) {}
  Ref<PrimExpr> value;
};

/// R.str("..."): a string.
class StringImm : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kStringImm; }
  static Ref<StringImm> Make(std::string value, Span span = {});
  explicit StringImm(Span s) : Expr(ExprKind::kStringImm, s) {}
  std::string value;
};

/// R.dtype("..."): a data type value.
class DataTypeImm : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kDataTypeImm; }
  static Ref<DataTypeImm> Make(DataType value, Span span = {});
  explicit DataTypeImm(Span s) : Expr(ExprKind::kDataTypeImm, s) {}
  DataType value = DataType::kVoid;
};

/// True for the leaf expressions of the normal form (spec norm.leaf): variables, global
/// vars, constants, shape expressions, prim values, strings, dtypes, extern funcs and ops.
bool IsLeaf(const Ref<Expr>& e);
/// IsLeaf, or a Tuple whose fields are (recursively) leaves or tuples.
bool IsLeafOrTuple(const Ref<Expr>& e);

}  // namespace rlx
