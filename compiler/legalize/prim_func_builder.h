// The builder legalize-ops writes PrimFuncs with (pass.legalize-ops): TVM's LegalizeOps form —
// buffer parameters for the inputs and outputs, one `T.grid` loop nest per block,
// `T.axis.remap`, `T.reads` / `T.writes`, `T.init` reductions, root-block scratch buffers —
// generic over symbolic extents. A lowering (lowering.h) describes its blocks; the builder
// maps the caller's shape variables into the PrimFunc and records what to pass.
#pragma once

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/legalize/lowering.h"
#include "ir/struct_info.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler::legalize {

using Indices = std::vector<Ref<PrimExpr>>;

/// One store of a block: buffer[indices] = value.
struct Store {
  Ref<tir::Buffer> buffer;
  Indices indices;
  Ref<PrimExpr> value;
};

class PrimFuncBuilder {
 public:
  /// A buffer parameter for the tensor argument `arg` of struct info `t` (known dtype and rank;
  /// an unknown shape gets fresh extents that the tensor defines). Caller shape variables map to
  /// PrimFunc variables: the first buffer that has one as a whole extent defines it
  /// (tir.func.buffer-map); one that no buffer has whole is a scalar parameter, passed in
  /// `tir_vars`.
  Ref<tir::Buffer> Input(const std::string& name, const Ref<Expr>& arg,
                         const TensorStructInfo& t);
  /// An output buffer of struct info `t` (known dtype and dims), after every input.
  Ref<tir::Buffer> Output(const std::string& name, const TensorStructInfo& t);
  /// A scratch buffer of the root block, with extents in PrimFunc terms.
  Ref<tir::Buffer> Scratch(const std::string& name, DataType dtype, Indices extents);

  /// A caller expression (a dim, a prim value) in PrimFunc terms; nullptr when it mentions a
  /// variable that cannot be passed (not int64).
  Ref<PrimExpr> Map(const Ref<PrimExpr>& caller);

  /// A load that the block being built records for its T.reads.
  Ref<PrimExpr> Load(const Ref<tir::Buffer>& b, Indices indices);

  /// The spatial indices and the reduce indices of a block's body.
  using BodyFn = std::function<std::vector<Store>(const Indices& spatial, const Indices& reduce)>;
  using InitFn = std::function<std::vector<Store>(const Indices& spatial)>;
  /// A block over `spatial` extents (and `reduce` extents, with `init` when there are any) in a
  /// T.grid nest, its variables named after `axis_names` when given (else ax0, ax1, ...; k0, ...).
  /// With `reduce_inside_last_spatial`, the reduce loops run outside the last spatial loop (the
  /// innermost loop then walks the result's contiguous axis, as a matmul's i-k-j order does):
  /// every result element still accumulates in increasing reduce order, so the values are the
  /// same; only for bodies whose traps do not depend on the reduce or last spatial index.
  void Block(const std::string& name, const Indices& spatial, const Indices& reduce,
             const BodyFn& body, const InitFn& init = nullptr, bool reduce_inside_last_spatial = false);
  /// out[i...] = f(i...) over out's shape.
  void Compute(const std::string& name, const Ref<tir::Buffer>& out,
               const std::function<Ref<PrimExpr>(const Indices&)>& f);
  /// A statement at the top of the body, before the blocks (e.g. an assertion).
  void Prologue(Ref<tir::Stmt> s) { prologue_.push_back(std::move(s)); }

  /// The lowered call: the PrimFunc (private, with the noalias attribute) and its arguments; its func is null
  /// when an extent mentioned a variable that cannot be passed.
  Lowered Finish(const std::string& name);

 private:
  Ref<tir::Buffer> Param(const std::string& name, DataType dtype,
                         const std::vector<Ref<PrimExpr>>& caller_dims);
  std::string FreshName(const std::string& base);
  /// The position of a buffer among the parameters, then the scratch buffers.
  size_t Ordinal(const Ref<tir::Buffer>& b) const;
  static std::string Fresh(std::unordered_map<std::string, int>& names, const std::string& base);

  std::vector<tir::Param> params_;
  std::vector<tir::Param> scalars_;
  std::unordered_map<const PrimExpr*, Ref<PrimExpr>> var_map_;  // caller var -> PrimFunc var
  std::unordered_map<std::string, int> names_;        // buffers
  std::unordered_map<std::string, int> block_names_;  // blocks
  std::vector<Ref<tir::Buffer>> scratch_;
  std::vector<Ref<tir::Stmt>> prologue_;
  std::vector<Ref<tir::Stmt>> blocks_;
  Lowered out_;
  std::vector<tir::BufferRegion> reads_;  // of the block being built
  bool unmappable_ = false;
};

/// The dtype the lowerings accumulate and compute float intermediates in.
inline constexpr DataType kF64 = DataType::kFloat64;
/// An int64 immediate.
Ref<PrimExpr> I64(int64_t v);
/// A float64 immediate.
Ref<PrimExpr> F64(double v);
/// The constant `v` in `dtype` (floats rounded to it, integers wrapped, bools v != 0).
Ref<PrimExpr> Const(double v, DataType dtype);
/// T.Cast(dtype, e), or e itself when it has that dtype.
Ref<PrimExpr> CastTo(DataType dtype, const Ref<PrimExpr>& e);
/// Shorthands for binary nodes.
Ref<PrimExpr> Add(Ref<PrimExpr> a, Ref<PrimExpr> b);
Ref<PrimExpr> Sub(Ref<PrimExpr> a, Ref<PrimExpr> b);
Ref<PrimExpr> Mul(Ref<PrimExpr> a, Ref<PrimExpr> b);
Ref<PrimExpr> Bin(PrimKind k, Ref<PrimExpr> a, Ref<PrimExpr> b);
/// T.<op>(args...).
Ref<PrimExpr> Intrin(tir::Intrinsic op, std::vector<Ref<PrimExpr>> args);

}  // namespace rlx::compiler::legalize
