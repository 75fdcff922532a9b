// The printer's internal state, shared by print_module.cc and print_expr.cc.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/expr.h"
#include "ir/module.h"
#include "ir/text/printer.h"

namespace rlx::text {

class Printer {
 public:
  // ---- print_module.cc ----
  std::string Module(const IRModule& m);
  void Function(const rlx::Function& f, const std::string& name, bool top_level);
  void Seq(const SeqExpr& s, const std::string* result_name);
  void BindingStmt(const Binding& b, bool in_dataflow);
  void IfStmt(const Binding& b);
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
