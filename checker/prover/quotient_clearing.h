// Clearing a common divisor (rule div.clear, spec sinfo.prove.fast-path): a claim about floor
// quotients that share a positive divisor, multiplied by that divisor, becomes a claim about
// their dividends, which the polynomial tests can decide.
#pragma once

#include <functional>

#include "checker/prover/polynomial.h"

namespace rlx::prover {

/// True when p >= 0 follows from clearing the divisor m >= 1 of the quotients that occur
/// linearly in p. Write p = c1*(x1 // m) + ... + ck*(xk // m) + R. Each m*(xi // m) = xi - ri
/// with 0 <= ri <= m - 1, so m*p = S - (c1*r1 + ... + ck*rk) with S = c1*x1 + ... + ck*xk + m*R,
/// and c1*r1 + ... + ck*rk <= P*(m - 1), P the sum of the positive ci. As p is an integer,
/// p >= 0 exactly when m*p > -m, which holds when S - (P - 1)*(m - 1) >= 0: that is the claim
/// handed to `nonneg`, once per group of quotients with the same divisor.
/// Decides a <= b => a // m <= b // m, (-n) // m == -((n + m - 1) // m) (as two inequalities) and
/// ((i + 1) * H + O - 1) // O - (i * H) // O >= 1 for H >= 1.
bool ClearedNonNegative(const Polynomial& p, const PolyContext& ctx,
                        const std::function<bool(const Polynomial&)>& nonneg);

}  // namespace rlx::prover
