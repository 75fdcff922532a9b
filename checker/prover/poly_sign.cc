#include "checker/prover/poly_sign.h"

#include <algorithm>
#include <unordered_map>

namespace rlx::prover {
namespace {

using Matrix = std::vector<std::vector<__int128>>;

bool MulOk(__int128 a, __int128 b, __int128* out) {
  return !__builtin_mul_overflow(a, b, out);
}

// The determinant of a symmetric integer matrix by Bareiss' fraction-free elimination (exact);
// false on overflow.
bool Determinant(Matrix m, __int128* det) {
  size_t n = m.size();
  __int128 prev = 1;
  int sign = 1;
  for (size_t k = 0; k + 1 < n; ++k) {
    if (m[k][k] == 0) {
      size_t r = k + 1;
      while (r < n && m[r][k] == 0) ++r;
      if (r == n) {
        *det = 0;
        return true;
      }
      std::swap(m[k], m[r]);
      sign = -sign;
    }
    for (size_t i = k + 1; i < n; ++i) {
      for (size_t j = k + 1; j < n; ++j) {
        __int128 x, y;
        if (!MulOk(m[i][j], m[k][k], &x) || !MulOk(m[i][k], m[k][j], &y)) return false;
        __int128 d;
        if (__builtin_sub_overflow(x, y, &d)) return false;
        m[i][j] = d / prev;  // exact by Bareiss' identity
      }
    }
    prev = m[k][k];
  }
  *det = sign * m[n - 1][n - 1];
  return true;
}

}  // namespace

bool QuadraticNonNegative(const Polynomial& p) {
  std::vector<int> atoms;
  for (const auto& [m, c] : p.terms) {
    if (m.size() > 2) return false;
    for (int id : m) {
      if (std::find(atoms.begin(), atoms.end(), id) == atoms.end()) atoms.push_back(id);
    }
  }
  if (atoms.empty() || atoms.size() > 6) return false;
  auto index = [&](int id) {
    return 1 + (std::find(atoms.begin(), atoms.end(), id) - atoms.begin());
  };
  // 2048 * (p + 1) - 2 as [1 x]^T M [1 x]: M[0][0] the constant, M[0][i] half the linear
  // coefficients, M[i][i] the squares, M[i][j] half the cross terms (all scaled to integers).
  size_t n = atoms.size() + 1;
  Matrix m(n, std::vector<__int128>(n, 0));
  m[0][0] = 2048 - 2;
  constexpr __int128 kLimit = static_cast<__int128>(1) << 60;
  for (const auto& [mono, c] : p.terms) {
    if (c > kLimit || c < -kLimit) return false;
    if (mono.empty()) {
      m[0][0] += 2048 * c;
    } else if (mono.size() == 1) {
      m[0][index(mono[0])] += 1024 * c;
      m[index(mono[0])][0] += 1024 * c;
    } else if (mono[0] == mono[1]) {
      m[index(mono[0])][index(mono[0])] += 2048 * c;
    } else {
      size_t i = index(mono[0]), j = index(mono[1]);
      m[i][j] += 1024 * c;
      m[j][i] += 1024 * c;
    }
  }
  // Positive semidefinite: every principal minor is non-negative.
  for (unsigned subset = 1; subset < (1u << n); ++subset) {
    std::vector<size_t> rows;
    for (size_t i = 0; i < n; ++i) {
      if (subset & (1u << i)) rows.push_back(i);
    }
    Matrix sub(rows.size(), std::vector<__int128>(rows.size()));
    for (size_t i = 0; i < rows.size(); ++i) {
      for (size_t j = 0; j < rows.size(); ++j) sub[i][j] = m[rows[i]][rows[j]];
    }
    __int128 det = 0;
    if (!Determinant(sub, &det) || det < 0) return false;
  }
  return true;
}

namespace {

// The distinct atoms of a polynomial, in first-occurrence order.
std::vector<int> AtomsOf(const Polynomial& p) {
  std::vector<int> atoms;
  for (const auto& [m, c] : p.terms) {
    for (int id : m) {
      if (std::find(atoms.begin(), atoms.end(), id) == atoms.end()) atoms.push_back(id);
    }
  }
  return atoms;
}

Polynomial Single(int id, __int128 coeff) {
  Polynomial p;
  p.terms[{id}] = coeff;
  return p;
}

Polynomial Constant(__int128 c) {
  Polynomial p;
  if (c != 0) p.terms[{}] = c;
  return p;
}

}  // namespace

bool ShiftedNonNegative(const Polynomial& p, const PolyContext& ctx, bool strict) {
  std::vector<int> atoms = AtomsOf(p);
  if (atoms.empty() || atoms.size() > 8) return false;
  // x -> L + x' or x -> U - x' (x' keeps the atom's id, now meaning a non-negative value).
  std::unordered_map<int, Polynomial> shift;
  // Only bounds of moderate size are used: a dtype's edge (-2^63) as a shift says nothing useful
  // and its powers would outgrow the coefficients.
  constexpr __int128 kShiftLimit = static_cast<__int128>(1) << 40;
  for (int id : atoms) {
    Interval r = ctx.AtomRange(id);
    if (r.lo > -kShiftLimit && r.lo < kShiftLimit) {
      shift[id] = Add(Constant(r.lo), Single(id, 1));
    } else if (r.hi < kShiftLimit && r.hi > -kShiftLimit) {
      shift[id] = Add(Constant(r.hi), Single(id, -1));
    } else {
      return false;
    }
  }
  Polynomial q;
  for (const auto& [m, c] : p.terms) {
    Polynomial term = Constant(c);
    for (int id : m) {
      auto next = Mul(term, shift[id]);
      if (!next) return false;
      term = *next;
    }
    q = Add(q, term);
    if (q.terms.size() > PolyContext::kMaxTerms) return false;
  }
  for (const auto& [m, c] : q.terms) {
    if (c < 0) return false;
  }
  if (!strict) return true;
  auto cst = q.terms.find({});
  return cst != q.terms.end() && cst->second >= 1;
}

std::optional<Interval> MultilinearRange(const Polynomial& p, const PolyContext& ctx) {
  constexpr __int128 kInf = Interval::kUnbounded;
  constexpr __int128 kLimit = static_cast<__int128>(1) << 62;  // keeps corner values exact
  std::vector<int> atoms = AtomsOf(p);
  if (atoms.empty() || atoms.size() > 10) return std::nullopt;
  std::vector<Interval> box;
  for (int id : atoms) {
    Interval r = ctx.AtomRange(id);
    if (r.lo <= -kLimit || r.hi >= kLimit || r.lo <= -kInf || r.hi >= kInf) return std::nullopt;
    box.push_back(r);
  }
  for (const auto& [m, c] : p.terms) {
    if (std::adjacent_find(m.begin(), m.end()) != m.end()) return std::nullopt;  // a square
    if (c > kLimit || c < -kLimit) return std::nullopt;
  }
  std::unordered_map<int, size_t> index;
  for (size_t i = 0; i < atoms.size(); ++i) index[atoms[i]] = i;
  Interval out{kInf, -kInf};
  for (unsigned corner = 0; corner < (1u << atoms.size()); ++corner) {
    __int128 sum = 0;
    for (const auto& [m, c] : p.terms) {
      __int128 t = c;
      for (int id : m) {
        size_t i = index[id];
        __int128 x = (corner >> i) & 1u ? box[i].hi : box[i].lo;
        if (__builtin_mul_overflow(t, x, &t)) return std::nullopt;
      }
      if (__builtin_add_overflow(sum, t, &sum)) return std::nullopt;
    }
    out.lo = std::min(out.lo, sum);
    out.hi = std::max(out.hi, sum);
  }
  return out;
}

namespace {

// p with atom `id` replaced by `image`.
std::optional<Polynomial> SubstituteAtom(const Polynomial& p, int id, const Polynomial& image) {
  Polynomial out;
  for (const auto& [m, c] : p.terms) {
    Polynomial term = Constant(c);
    Monomial rest;
    for (int a : m) {
      if (a != id) {
        rest.push_back(a);
        continue;
      }
      auto next = Mul(term, image);
      if (!next) return std::nullopt;
      term = *next;
    }
    Polynomial r;
    r.terms[rest] = 1;
    auto full = Mul(term, r);
    if (!full) return std::nullopt;
    out = Add(out, *full);
    if (out.terms.size() > PolyContext::kMaxTerms) return std::nullopt;
  }
  return out;
}

// A fact's polynomial as x - y + c (x, y distinct variable atoms): true and the parts.
bool AsOrdering(const Polynomial& f, const PolyContext& ctx, int* x, int* y, __int128* c) {
  *x = *y = -1;
  *c = 0;
  for (const auto& [m, coeff] : f.terms) {
    if (m.empty()) {
      *c = coeff;
    } else if (m.size() == 1 && ctx.IsVarAtom(m[0]) && coeff == 1 && *x < 0) {
      *x = m[0];
    } else if (m.size() == 1 && ctx.IsVarAtom(m[0]) && coeff == -1 && *y < 0) {
      *y = m[0];
    } else {
      return false;
    }
  }
  return *x >= 0 && *y >= 0;
}

bool Mentions(const Polynomial& p, int id) {
  for (const auto& [m, c] : p.terms) {
    if (std::find(m.begin(), m.end(), id) != m.end()) return true;
  }
  return false;
}

}  // namespace

bool RelationalShiftNonNegative(const Polynomial& p, PolyContext& ctx, bool strict) {
  constexpr __int128 kInf = Interval::kUnbounded;
  Polynomial q = p;
  std::vector<int> eliminated;
  std::vector<PolyContext::Fact> facts = ctx.facts();  // a copy: FreshAtom grows the context
  bool changed = false;
  for (const auto& f : facts) {
    int x, y;
    __int128 c;
    if (!AsOrdering(f.p, ctx, &x, &y, &c)) continue;
    // x - y + c >= lo: x = y + (lo - c) + t; or x - y + c <= hi: y = x + (c - hi) + t.
    for (int side = 0; side < 2; ++side) {
      __int128 bound = side == 0 ? f.range.lo : f.range.hi;
      if (bound <= -kInf || bound >= kInf) continue;
      int from = side == 0 ? x : y, to = side == 0 ? y : x;
      __int128 offset = side == 0 ? bound - c : c - bound;
      if (!Mentions(q, from) || std::count(eliminated.begin(), eliminated.end(), to)) continue;
      Polynomial image = Add(Single(to, 1), Single(ctx.FreshAtom({0, kInf}), 1));
      image = Add(image, Constant(offset));
      auto next = SubstituteAtom(q, from, image);
      if (!next) return false;
      q = *next;
      eliminated.push_back(from);
      changed = true;
    }
  }
  return changed && ShiftedNonNegative(q, ctx, strict);
}

}  // namespace rlx::prover
