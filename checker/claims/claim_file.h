// Claim files for `rlx prove` (docs/prove.md): identities over shape arithmetic written as
// Python functions,
//
//   @claim(expect="proven")
//   def cancel(n: T.int64, m: T.int64):
//       T.assume(m >= 1)
//       return (n * m) // m == n
//
// Each parameter is a free variable (int64 unless annotated T.int32, T.int16, T.int8, T.bool);
// each T.assume(...) adds an assumption; the returned boolean expression is the claim.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checker/prover/prover.h"
#include "ir/base/diagnostic.h"

namespace rlx::checker {

struct Claim {
  std::string name;
  Span span;
  std::vector<Ref<PrimExpr>> vars;
  std::vector<Ref<PrimExpr>> assumptions;
  Ref<PrimExpr> claim;
  std::optional<prover::Answer> expect;  // from @claim(expect="proven" | "disproven" | "unknown")
};

/// Parses the claims of a registered source file. Errors are reported to `diags` (with the
/// text-format codes: E0201 unknown name, E0236 operands, E0240 statement, E0245 expression);
/// claims with an error are left out.
std::vector<Claim> ParseClaimFile(uint32_t file_id, DiagnosticEngine& diags);

/// Prover options for claims asked for one by one (`rlx prove`, the conformance adapter): no
/// budget shared across queries cuts one short, only the per-query resource limit applies.
prover::ProverOptions ClaimProverOptions();

/// True when the file holds claims (`@claim` functions) rather than a TVMScript module.
bool LooksLikeClaimFile(const std::string& text);

}  // namespace rlx::checker
