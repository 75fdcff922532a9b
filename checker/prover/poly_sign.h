// The sign of a polynomial without a solver (sinfo.prove.fast-path): quadratic forms (rule
// poly.psd), coefficients after shifting each atom to its bound (rule poly.shifted), and
// multilinear polynomials over a box, whose extremes lie at its corners (rule poly.corners).
#pragma once

#include "checker/prover/polynomial.h"

namespace rlx::prover {

/// True when p >= 0 for every integer value of its atoms (each atom taken as a free integer),
/// shown by p + 1 - 1/1024 being a positive semidefinite quadratic form over the reals. False
/// when p is not quadratic, has more than 6 atoms, or the test fails or overflows.
bool QuadraticNonNegative(const Polynomial& p);

/// True when p >= 0 (p >= 1 when `strict`) wherever every atom lies in its range: each atom x
/// with a finite lower bound L is written L + x' (x' >= 0), else with a finite upper bound U as
/// U - x', and then every coefficient is non-negative (and the constant positive when strict).
/// Decides ab >= a + b for a, b >= 2 ((a' + 2)(b' + 2) - a' - b' - 4 = a'b' + a' + b').
bool ShiftedNonNegative(const Polynomial& p, const PolyContext& ctx, bool strict);

/// ShiftedNonNegative after eliminating variables by the facts that order two of them: a fact
/// x - y + c >= lo gives x = y + (lo - c) + t with a fresh t >= 0 (rule poly.relational-shift).
/// Decides i * m + j < n * m for 0 <= i < n, 0 <= j < m, and a * a < b * b for 0 <= a < b.
bool RelationalShiftNonNegative(const Polynomial& p, PolyContext& ctx, bool strict);

/// The exact range of a multilinear polynomial (no atom squared) whose atoms all have finite
/// ranges (at most 10 atoms), over the box of those ranges: the extremes lie at its corners.
std::optional<Interval> MultilinearRange(const Polynomial& p, const PolyContext& ctx);

}  // namespace rlx::prover
