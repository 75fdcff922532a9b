// The printer's internal state, shared by print_module.cc and print_expr.cc.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/expr.h"
#include "ir/module.h"
#include "ir/text/printer.h"
#include "ir/tir/prim_func.h"

namespace rlx::text {

// Python operator precedence (higher binds tighter), as in the Python grammar.
inline constexpr int kPrecOr = 3;
inline constexpr int kPrecAnd = 4;
inline constexpr int kPrecNot = 5;
inline constexpr int kPrecCompare = 6;
inline constexpr int kPrecAdd = 11;
inline constexpr int kPrecMul = 12;
inline constexpr int kPrecAtom = 15;

/// The parts separated by `sep`.
inline std::string Join(const std::vector<std::string>& parts, const char* sep = ", ") {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) s += sep;
    s += parts[i];
  }
  return s;
}

class Printer {
 public:
  // ---- print_module.cc ----
  std::string Module(const IRModule& m);
  void Function(const rlx::Function& f, const std::string& name, bool top_level);
  void Seq(const SeqExpr& s, const std::string* result_name);
  void BindingStmt(const Binding& b, bool in_dataflow);
  void IfStmt(const Binding& b);
  // A call of a PrimFunc of the module (tir.eval.direct-call).
  bool IsPrimFuncCall(const Ref<rlx::Expr>& e) const;
  void Line(const std::string& text);

  // ---- names (print_module.cc) ----
  std::string Define(const void* key, const std::string& hint);
  std::string NameOf(const void* key, const std::string& hint);
  void ResetNames();

  // ---- print_expr.cc ----
  std::string Expr(const Ref<rlx::Expr>& e);
  std::string CallExpr(const Call& c);
  std::string OpCall(const Call& c, const Op& op);
  std::string SInfo(const Ref<StructInfo>& s);
  std::string TensorSInfo(const TensorStructInfo& t);
  std::string Dims(const std::vector<Ref<PrimExpr>>& dims);
  /// A PrimExpr; in a signature, dims that use signature variables print as strings.
  std::string Prim(const Ref<PrimExpr>& e, int context_prec = 0);
  std::string Dim(const Ref<PrimExpr>& e);
  /// A PrimExpr whose integer immediates carry their dtype (T.int64(3), T.bool(True)).
  std::string TypedPrim(const Ref<PrimExpr>& e);
  std::string ConstantExpr(const Constant& c);

  // ---- print_tir.cc ----
  void PrimFunc(const tir::PrimFunc& f, const std::string& name);
  void TirStmt(const Ref<tir::Stmt>& s);
  /// The statements of a body: a sequence prints as its elements.
  void TirBody(const Ref<tir::Stmt>& s);
  void TirFor(const tir::For& f);
  void TirBlock(const tir::Block& b);
  std::string TirBufferDecl(const tir::Buffer& b, const char* ctor, const std::string& handle);
  std::string TirRegion(const tir::BufferRegion& r);
  /// min + extent as the text writes a range's end.
  std::string TirEnd(const Ref<PrimExpr>& min, const Ref<PrimExpr>& extent);
  /// Forgets the names defined since `scope` (a size of tir_scope_names_).
  void EndTirScope(size_t scope);
  /// The TIR-only PrimExpr kinds (loads, casts, calls, vectors).
  std::string TirPrimAtom(const Ref<PrimExpr>& e);
  /// and / or / not in TIR, or "" for other kinds.
  std::string TirLogic(const Ref<PrimExpr>& e, int context_prec);
  bool in_tir_ = false;
  /// The range of every loop printed so far in the current PrimFunc (for T.axis.remap).
  std::unordered_map<const PrimExpr*, tir::Range> loop_domains_;
  /// Names defined inside the open TIR scopes, in order.
  std::vector<std::string> tir_scope_names_;
  std::string Attr(const AttrValue& v);

  // ---- spelling (text.spelling) ----
  const char* ObjectName() const { return spelling_ == TvmSpelling::kV024 ? "R.Any" : "R.Object"; }
  const char* SInfoArgsKeyword() const { return spelling_ == TvmSpelling::kV024 ? "ty_args=" : "sinfo_args="; }

  TvmSpelling spelling_ = TvmSpelling::kV023;
  std::string out_;
  int indent_ = 0;
  std::string module_name_ = "Module";
  const IRModule* module_ = nullptr;
  bool uses_numpy_ = false;

  std::unordered_map<const void*, std::string> names_;
  std::unordered_set<std::string> used_names_;
  // Variables used somewhere in the current top-level function (for void statements).
  std::unordered_set<const Var*> used_vars_;
  // Shape variables whose definition is printed as a string in the current signature.
  std::unordered_set<const PrimExpr*> sig_vars_;
  bool in_signature_ = false;
};

}  // namespace rlx::text
