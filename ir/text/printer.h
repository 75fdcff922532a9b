// The printer: IR -> canonical TVMScript (spec §6.11). print -> parse gives a structurally
// equal module, and printing the parse of a printed module gives the same text.
#pragma once

#include <optional>
#include <string>

#include "ir/expr.h"
#include "ir/module.h"

namespace rlx::text {

/// Which TVM's spelling the printer writes (spec text.spelling). The parser reads both.
enum class TvmSpelling {
  kV023,  // TVM v0.23 and before: R.Object, sinfo_args=, @I.ir_module (the default)
  kV024,  // TVM since v0.24: R.Any, ty_args=, @I.ir_module(s_tir=True)
};

struct PrintOptions {
  TvmSpelling spelling = TvmSpelling::kV023;
};

/// Reads "v0.23" or "v0.24" (the values of `--spelling`).
std::optional<TvmSpelling> ParseTvmSpelling(const std::string& text);

/// Prints a module as a TVMScript file (with the `from tvm.script import ...` line).
std::string PrintModule(const IRModule& m, const PrintOptions& options = {});
/// Prints one expression (for messages and tests); functions print as a `def`.
std::string PrintExpr(const Ref<Expr>& e);
/// Prints struct info as a TVMScript annotation, e.g. R.Tensor((n, 4), dtype="float32").
std::string PrintStructInfo(const Ref<StructInfo>& s);
/// Prints a PrimExpr as TVMScript shape arithmetic, e.g. n * 2 + 1.
std::string PrintPrimExpr(const Ref<PrimExpr>& e);

}  // namespace rlx::text
