// A TIR function (spec §7.1, tir.func): a module member written `@T.prim_func`, called from
// Relax through R.call_tir in destination-passing style.
#pragma once

#include <string>
#include <vector>

#include "ir/attrs.h"
#include "ir/expr.h"
#include "ir/tir/buffer.h"
#include "ir/tir/stmt.h"

namespace rlx::tir {

/// A parameter: a scalar variable, or a handle with the buffer bound to it (the buffer map).
struct Param {
  /// The parameter variable; for a handle its dtype is kVoid and it is only a name.
  Ref<PrimExpr> var;
  /// The buffer bound to a handle parameter (T.Buffer annotation or T.match_buffer); null for
  /// scalars.
  Ref<Buffer> buffer;
  bool is_handle() const { return buffer != nullptr; }
};

class PrimFunc : public Expr {
 public:
  static constexpr bool Is(ExprKind k) { return k == ExprKind::kPrimFunc; }
  static Ref<PrimFunc> Make(std::vector<Param> params, Ref<Stmt> body, Attrs attrs,
                            Span span = {});
  explicit PrimFunc(Span s) : Expr(ExprKind::kPrimFunc, s) {}
  std::vector<Param> params;
  Ref<Stmt> body;
  /// global_symbol (absent for private functions), the noalias flag, op_pattern, ...
  Attrs attrs;
};

}  // namespace rlx::tir
