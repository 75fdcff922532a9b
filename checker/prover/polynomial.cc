#include "checker/prover/polynomial.h"

#include <algorithm>
#include <iterator>

#include "ir/analysis/prim_eval.h"

namespace rlx::prover {
namespace {

constexpr __int128 kCoefficientLimit = static_cast<__int128>(1) << 100;
constexpr __int128 kSaturated = static_cast<__int128>(1) << 126;  // where Add saturates

bool TooBig(__int128 v) {
  return v > kCoefficientLimit || v < -kCoefficientLimit;
}

std::string Int128ToString(__int128 v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  unsigned __int128 u =
      neg ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  if (neg) s.push_back('-');
  return {s.rbegin(), s.rend()};
}

__int128 FloorDiv128(__int128 a, __int128 b) {
  __int128 q = a / b, m = a % b;
  return (m != 0 && ((m < 0) != (b < 0))) ? q - 1 : q;
}

// a == k * b for a constant k (b non-zero): returns k.
std::optional<__int128> ConstantRatio(const Polynomial& a, const Polynomial& b) {
  if (b.IsZero() || a.terms.size() != b.terms.size()) return std::nullopt;
  std::optional<__int128> k;
  for (const auto& [m, cb] : b.terms) {
    auto it = a.terms.find(m);
    if (it == a.terms.end() || it->second % cb != 0) return std::nullopt;
    __int128 r = it->second / cb;
    if (k && *k != r) return std::nullopt;
    k = r;
  }
  return k;
}

// a == q * m (m a single monomial with coefficient c): the quotient, when every term divides.
std::optional<Polynomial> DivideByMonomial(const Polynomial& a, const Monomial& m, __int128 c) {
  Polynomial q;
  for (const auto& [mono, coeff] : a.terms) {
    if (coeff % c != 0) return std::nullopt;
    // mono must contain m as a sub-multiset.
    Monomial rest;
    size_t j = 0;
    for (int id : mono) {
      if (j < m.size() && m[j] == id) {
        ++j;
      } else {
        rest.push_back(id);
      }
    }
    if (j != m.size()) return std::nullopt;
    q.terms[rest] += coeff / c;
  }
  return q;
}

// Saturating interval arithmetic: an end at ±kUnbounded means "no bound".
constexpr __int128 kInf = Interval::kUnbounded;

// base^exp, or nullopt beyond `limit`.
std::optional<__int128> PowAtMost(__int128 base, int exp, __int128 limit) {
  __int128 r = 1;
  for (int i = 0; i < exp; ++i) {
    if (base != 0 && r > limit / base) return std::nullopt;
    r *= base;
  }
  return r <= limit ? std::optional<__int128>(r) : std::nullopt;
}

// The largest r >= 0 with r^exp <= v (v >= 0).
__int128 FloorRoot(__int128 v, int exp) {
  __int128 lo = 0, hi = 1;
  while (PowAtMost(hi, exp, v)) hi *= 2;
  while (hi - lo > 1) {  // lo^exp <= v < hi^exp
    __int128 mid = lo + (hi - lo) / 2;
    (PowAtMost(mid, exp, v) ? lo : hi) = mid;
  }
  return lo;
}


__int128 Clamp(__int128 v) {
  return v > kInf ? kInf : v < -kInf ? -kInf : v;
}

__int128 SatMul(__int128 a, __int128 b) {
  if (a == 0 || b == 0) return 0;
  __int128 aa = a < 0 ? -a : a, bb = b < 0 ? -b : b;
  bool neg = (a < 0) != (b < 0);
  if (aa >= kInf || bb >= kInf || aa > kInf / bb) return neg ? -kInf : kInf;
  return neg ? -(aa * bb) : aa * bb;
}

Interval Hull(const Interval& a, const Interval& b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

Interval AddRanges(const Interval& a, const Interval& b) {
  Interval r;
  r.lo = a.lo <= -kInf || b.lo <= -kInf ? -kInf : Clamp(a.lo + b.lo);
  r.hi = a.hi >= kInf || b.hi >= kInf ? kInf : Clamp(a.hi + b.hi);
  return r;
}

Interval MulRanges(const Interval& a, const Interval& b) {
  __int128 c[4] = {SatMul(a.lo, b.lo), SatMul(a.lo, b.hi), SatMul(a.hi, b.lo), SatMul(a.hi, b.hi)};
  return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
}

Interval PowRange(const Interval& x, int k) {
  auto pw = [k](__int128 v) {
    __int128 r = 1;
    for (int i = 0; i < k; ++i) r = SatMul(r, v);
    return r;
  };
  if (k % 2 == 1 || x.lo >= 0) return {pw(x.lo), pw(x.hi)};
  if (x.hi <= 0) return {pw(x.hi), pw(x.lo)};
  return {0, pw(std::max(-x.lo, x.hi))};
}

// floordiv over ranges with a positive divisor range (d.lo > 0).
Interval FloorDivRange(const Interval& x, const Interval& d) {
  // An empty range (contradictory bounds) or a divisor range not above 0 says nothing.
  if (d.lo <= 0 || d.hi < d.lo || x.hi < x.lo) return {};
  auto div = [](__int128 a, __int128 b) {  // b > 0; a infinite stays infinite
    if (a <= -kInf || a >= kInf) return a;
    if (b >= kInf) return a >= 0 ? __int128{0} : __int128{-1};
    return FloorDiv128(a, b);
  };
  Interval r;
  r.lo = x.lo >= 0 ? div(x.lo, d.hi) : div(x.lo, d.lo);
  r.hi = x.hi >= 0 ? div(x.hi, d.lo) : div(x.hi, d.hi);
  return r;
}

Interval Negate(const Interval& x) {
  return {-x.hi, -x.lo};
}

__int128 MaxAbs(const Interval& x) {
  return std::max(x.lo < 0 ? -x.lo : x.lo, x.hi < 0 ? -x.hi : x.hi);
}

// The largest positive integer and monomial dividing every term of a and b: (g, m).
std::pair<__int128, Monomial> CommonFactor(const Polynomial& a, const Polynomial& b) {
  __int128 g = 0;
  std::optional<Monomial> common;
  for (const Polynomial* p : {&a, &b}) {
    for (const auto& [m, c] : p->terms) {
      __int128 x = c < 0 ? -c : c, y = g;
      while (y != 0) {
        __int128 t = x % y;
        x = y;
        y = t;
      }
      g = x;
      if (!common) {
        common = m;
        continue;
      }
      Monomial both;  // multiset intersection of two sorted monomials
      std::set_intersection(common->begin(), common->end(), m.begin(), m.end(),
                            std::back_inserter(both));
      common = both;
    }
  }
  if (g == 0) g = 1;
  return {g, common.value_or(Monomial{})};
}

}  // namespace

Interval DTypeRange(DataType t) {
  if (t == DataType::kBool) return {0, 1};
  int bits = DataTypeBits(t);
  if (IsUnsignedInt(t)) return {0, (static_cast<__int128>(1) << bits) - 1};
  return {-(static_cast<__int128>(1) << (bits - 1)), (static_cast<__int128>(1) << (bits - 1)) - 1};
}

std::optional<__int128> Polynomial::Constant() const {
  if (terms.empty()) return 0;
  if (terms.size() == 1 && terms.begin()->first.empty()) return terms.begin()->second;
  return std::nullopt;
}

Polynomial Add(const Polynomial& a, const Polynomial& b, __int128 scale_b) {
  Polynomial r = a;
  for (const auto& [m, c] : b.terms) {
    // Coefficients stay within 2^100 (Mul and Normalize refuse larger ones); a sum or scaled
    // term beyond 2^126 saturates there, which no caller reads as exact.
    __int128 scaled, sum;
    if (__builtin_mul_overflow(c, scale_b, &scaled))
      scaled = (c < 0) != (scale_b < 0) ? -kSaturated : kSaturated;
    __int128& slot = r.terms[m];
    if (__builtin_add_overflow(slot, scaled, &sum)) sum = scaled < 0 ? -kSaturated : kSaturated;
    slot = std::clamp(sum, -kSaturated, kSaturated);
    if (slot == 0) r.terms.erase(m);
  }
  return r;
}

std::optional<Polynomial> Mul(const Polynomial& a, const Polynomial& b) {
  // The size budget: an expansion that would exceed it is not attempted (sinfo.prove.budget).
  if (a.terms.size() * b.terms.size() > 8 * PolyContext::kMaxTerms) return std::nullopt;
  Polynomial r;
  for (const auto& [ma, ca] : a.terms) {
    for (const auto& [mb, cb] : b.terms) {
      __int128 product;
      if (TooBig(ca) || TooBig(cb) || __builtin_mul_overflow(ca, cb, &product) || TooBig(product)) {
        return std::nullopt;
      }
      Monomial m = ma;
      m.insert(m.end(), mb.begin(), mb.end());
      std::sort(m.begin(), m.end());
      if (m.size() > 16) return std::nullopt;  // keep expansion bounded
      __int128& slot = r.terms[m];
      slot += product;  // both within 2^100: no overflow
      if (TooBig(slot)) return std::nullopt;
      if (slot == 0) r.terms.erase(m);
    }
  }
  if (r.terms.size() > PolyContext::kMaxTerms) return std::nullopt;
  return r;
}

int PolyContext::AtomId(const std::string& key, const PrimExpr* var) {
  auto it = by_key_.find(key);
  if (it != by_key_.end()) return it->second;
  int id = static_cast<int>(atoms_.size());
  Atom a;
  a.key = key;
  a.var = var;
  if (var) {
    a.range = DTypeRange(var->dtype);
    if (bounds_) {
      auto b = bounds_->find(var);
      if (b != bounds_->end())
        a.range = {std::max(a.range.lo, b->second.lo), std::min(a.range.hi, b->second.hi)};
    }
  }
  atoms_.push_back(std::move(a));
  by_key_.emplace(key, id);
  return id;
}

Polynomial PolyContext::CompoundAtom(PrimKind kind, const Polynomial& x, const Polynomial& y,
                                     const std::string& tag) {
  std::string kx = Key(x), ky = Key(y);
  bool commutes = kind == PrimKind::kMin || kind == PrimKind::kMax;
  bool swap = commutes && ky < kx;
  std::string key = std::string(PrimKindName(kind)) + "(" + tag + (tag.empty() ? "" : ",") +
                    (swap ? ky : kx) + "," + (swap ? kx : ky) + ")";
  bool fresh = !by_key_.count(key);
  int id = AtomId(key, nullptr);
  if (fresh) {
    Atom& a = atoms_[id];
    a.kind = kind;
    a.x = x;
    a.y = y;
    a.range = RangeOfNewAtom(a);
    AddDefiningFacts(id);
  }
  Polynomial p;
  p.terms[{id}] = 1;
  return p;
}

// The range of a compound atom from its operands' ranges.
Interval PolyContext::RangeOfNewAtom(const Atom& a) const {
  Interval x = Range(a.x), y = Range(a.y);
  switch (a.kind) {
    case PrimKind::kMin: return {std::min(x.lo, y.lo), std::min(x.hi, y.hi)};
    case PrimKind::kMax: return {std::max(x.lo, y.lo), std::max(x.hi, y.hi)};
    case PrimKind::kSelect: return Hull(x, y);
    case PrimKind::kFloorDiv:
      if (y.lo > 0) return FloorDivRange(x, y);
      if (y.hi < 0)
        return FloorDivRange(Negate(x), Negate(y));  // floordiv(x, y) = floordiv(-x, -y)
      return {};
    case PrimKind::kFloorMod:
      if (y.lo > 0) {
        if (x.lo >= 0 && x.hi < y.lo) return x;
        return {0, y.hi >= kInf ? kInf : y.hi - 1};
      }
      if (y.hi < 0) return {y.lo <= -kInf ? -kInf : y.lo + 1, 0};
      return {};
    case PrimKind::kTruncDiv: {
      if (x.lo >= 0 && y.lo > 0) return FloorDivRange(x, y);
      __int128 m = MaxAbs(x);  // |truncdiv(x, y)| <= |x|
      return {-m, m};
    }
    case PrimKind::kTruncMod: {
      __int128 m =
          std::min(MaxAbs(x), MaxAbs(y) >= kInf ? kInf : MaxAbs(y) - 1);  // |r| < |y|, |r| <= |x|
      return {x.lo >= 0 ? 0 : -m, x.hi <= 0 ? 0 : m};
    }
    default: return {};
  }
}

int PolyContext::FreshAtom(const Interval& range) {
  int id = AtomId("t" + std::to_string(atoms_.size()), nullptr);
  atoms_[id].range = range;
  return id;
}

void PolyContext::AddFact(const Polynomial& p, const Interval& range) {
  if (facts_.size() < kMaxFacts && !p.Constant()) facts_.push_back({p, NarrowEvenPower(p, range)});
}

// Rule range.even-power: p = c0 + c * x^(2k) takes only the values c0 + c * r^(2k), so a range
// of p narrows to the nearest such values inside it, and |x| to the root of the bound (from
// x * x <= 2^31 - 1: x * x <= 46340^2 and -46340 <= x <= 46340).
Interval PolyContext::NarrowEvenPower(const Polynomial& p, Interval r) {
  Polynomial power = p;
  power.terms.erase(Monomial{});
  if (power.terms.size() != 1) return r;
  const __int128 c0 = p.terms.count({}) ? p.terms.at({}) : 0;
  const auto& [m, c] = *power.terms.begin();
  if (m.size() % 2 != 0 || m.size() > 8 || c == 0) return r;
  for (int id : m) {
    if (id != m[0]) return r;
  }
  const int exp = static_cast<int>(m.size());
  // c > 0: p <= hi gives x^(2k) <= (hi - c0) / c; c < 0: p >= lo gives x^(2k) <= (lo - c0) / c.
  __int128 bound = c > 0 ? r.hi : r.lo;
  if (bound >= kInf || bound <= -kInf) return r;
  __int128 power_bound = FloorDiv128(bound - c0, c);
  if (power_bound < 0) return r;  // no value fits: left to the other stages
  const __int128 root = FloorRoot(power_bound, exp);
  const __int128 extreme = c0 + c * *PowAtMost(root, exp, power_bound);
  if (c > 0) {
    r.hi = extreme;
    r.lo = std::max(r.lo, c0);
  } else {
    r.lo = extreme;
    r.hi = std::min(r.hi, c0);
  }
  Interval& x = atoms_[m[0]].range;
  x.lo = std::max(x.lo, -root);
  x.hi = std::min(x.hi, root);
  return r;
}

Polynomial ConstantPoly(__int128 c) {
  Polynomial p;
  if (c != 0) p.terms[{}] = c;
  return p;
}

Interval PolyContext::Range(const Polynomial& p) const {
  Interval r = AtomicRange(p);
  for (const Fact& f : facts_) {
    // p = f + c, or p = c - f.
    if (auto c = Add(p, f.p, -1).Constant()) {
      r.lo = std::max(r.lo, f.range.lo <= -kInf ? -kInf : f.range.lo + *c);
      r.hi = std::min(r.hi, f.range.hi >= kInf ? kInf : f.range.hi + *c);
    } else if (auto c2 = Add(p, f.p).Constant()) {
      r.lo = std::max(r.lo, f.range.hi >= kInf ? -kInf : *c2 - f.range.hi);
      r.hi = std::min(r.hi, f.range.lo <= -kInf ? kInf : *c2 - f.range.lo);
    }
  }
  return r;
}

// The facts that define a quotient q = x // y or a remainder r = x % y whose divisor has a known
// sign: x - y*q is the remainder, in [0, y - 1] for y > 0 and in [y + 1, 0] for y < 0 (rules
// range.floormod-positive-divisor, range.floormod-negative-divisor, mod.eliminate).
void PolyContext::AddDefiningFacts(int id) {
  const Atom a = atoms_[id];  // a copy: the facts refer to it by id
  if (a.kind != PrimKind::kFloorMod && a.kind != PrimKind::kFloorDiv) return;
  Interval sign = AtomicRange(a.y);
  if (sign.lo <= 0 && sign.hi >= 0) return;
  Polynomial atom;
  atom.terms[{id}] = 1;
  std::optional<Polynomial> rem = atom;  // the remainder as a polynomial
  if (a.kind == PrimKind::kFloorDiv) {
    auto yq = Mul(a.y, atom);
    if (!yq) return;
    rem = Add(a.x, *yq, -1);
    AddFact(*rem, sign.lo > 0 ? Interval{0, kInf} : Interval{-kInf, 0});
    // A quotient of a non-negative dividend by a divisor >= 1 is at most the dividend (rule
    // range.quotient-le-dividend).
    if (sign.lo >= 1 && AtomicRange(a.x).lo >= 0) AddFact(Add(a.x, atom, -1), {0, kInf});
  }
  if (sign.lo > 0) {
    AddFact(Add(Add(a.y, ConstantPoly(-1)), *rem, -1), {0, kInf});  // y - 1 - rem >= 0
  } else {
    AddFact(Add(*rem, Add(a.y, ConstantPoly(1)), -1), {0, kInf});  // rem - (y + 1) >= 0
  }
}

Interval PolyContext::AtomicRange(const Polynomial& p) const {
  Interval sum{0, 0};
  for (const auto& [m, c] : p.terms) {
    Interval term{c, c};
    for (size_t i = 0; i < m.size();) {
      size_t j = i;
      while (j < m.size() && m[j] == m[i]) ++j;
      term = MulRanges(term, PowRange(atoms_[m[i]].range, static_cast<int>(j - i)));
      i = j;
    }
    sum = AddRanges(sum, term);
  }
  return sum;
}

std::string PolyContext::Key(const Polynomial& p) const {
  if (p.terms.empty()) return "0";
  std::string s;
  for (const auto& [m, c] : p.terms) {
    if (!s.empty()) s += "+";
    s += Int128ToString(c);
    for (int id : m) s += "*" + atoms_[id].key;
  }
  return s;
}

std::optional<Polynomial> PolyContext::Normalize(const Ref<PrimExpr>& e) {
  if (!e || IsFloat(e->dtype) || e->dtype == DataType::kBool || e->dtype == DataType::kVoid) {
    return std::nullopt;
  }
  switch (e->kind) {
    case PrimKind::kIntImm: return ConstantPoly(e->int_value);
    case PrimKind::kVar: {
      Polynomial p;
      p.terms[{AtomId("v" + std::to_string(reinterpret_cast<uintptr_t>(e.get())), e.get())}] = 1;
      return p;
    }
    case PrimKind::kSelect: {
      auto t = Normalize(e->operands[1]);
      auto f = Normalize(e->operands[2]);
      if (!t || !f) return std::nullopt;
      if (*t == *f) return t;
      // The condition is kept as an opaque expression: its identity is its node.
      std::string tag = "c" + std::to_string(reinterpret_cast<uintptr_t>(e->operands[0].get()));
      return CompoundAtom(PrimKind::kSelect, *t, *f, tag);
    }
    default:
      if (IsArithmeticKind(e->kind)) {
        auto r = Binary(*e);
        if (r && r->terms.size() > kMaxTerms) return std::nullopt;
        return r;
      }
      return std::nullopt;
  }
}

std::optional<Polynomial> PolyContext::Binary(const PrimExpr& e) {
  auto a = Normalize(e.operands[0]);
  auto b = Normalize(e.operands[1]);
  if (!a || !b) return std::nullopt;
  auto checked = [](Polynomial p) -> std::optional<Polynomial> {
    for (const auto& [m, c] : p.terms) {
      if (TooBig(c)) return std::nullopt;  // beyond the coefficients kept exact
    }
    return p;
  };
  switch (e.kind) {
    case PrimKind::kAdd: return checked(Add(*a, *b));
    case PrimKind::kSub: return checked(Add(*a, *b, -1));
    case PrimKind::kMul: return Mul(*a, *b);
    case PrimKind::kMin:
    case PrimKind::kMax: return MinMax(e.kind, *a, *b);
    default: return Division(e.kind, *a, *b);
  }
}

// min and max whose operands' difference has a known sign (rule minmax.ordered).
std::optional<Polynomial> PolyContext::MinMax(PrimKind kind, const Polynomial& a,
                                              const Polynomial& b) {
  if (a == b) return a;
  Interval d = Range(Add(a, b, -1));  // a - b
  if (d.hi <= 0) return kind == PrimKind::kMin ? a : b;
  if (d.lo >= 0) return kind == PrimKind::kMin ? b : a;
  return CompoundAtom(kind, a, b);
}

std::optional<Polynomial> PolyContext::Division(PrimKind kind, const Polynomial& a,
                                                const Polynomial& b) {
  bool is_div = kind == PrimKind::kFloorDiv || kind == PrimKind::kTruncDiv;
  bool floor = kind == PrimKind::kFloorDiv || kind == PrimKind::kFloorMod;
  if (b.IsZero()) return CompoundAtom(kind, a, b);  // undefined; never simplified
  // Exact quotients (definedness lets the divisor be assumed non-zero): a = k * b, or b is
  // one monomial that divides every term of a (rules div.exact, mod.exact).
  if (auto k = ConstantRatio(a, b)) return is_div ? ConstantPoly(*k) : Polynomial{};
  if (b.terms.size() == 1) {
    const auto& [m, c] = *b.terms.begin();
    if (auto q = DivideByMonomial(a, m, c)) return is_div ? *q : Polynomial{};
  }
  // A factor common to dividend and divisor cancels: floordiv(g*x, g*y) = floordiv(x, y),
  // floormod(g*x, g*y) = g * floormod(x, y), and alike for trunc (rules div.common-factor,
  // mod.common-factor).
  if (auto [g, common] = CommonFactor(a, b); g != 1 || !common.empty()) {
    auto x = DivideByMonomial(a, common, g), y = DivideByMonomial(b, common, g);
    if (x && y) {
      auto inner = Division(kind, *x, *y);
      if (!inner || is_div) return inner;
      Polynomial factor;
      factor.terms[common] = g;
      return Mul(factor, *inner);
    }
  }
  // Trunc division of a non-negative dividend by a positive divisor is floor division
  // (rules truncdiv.nonneg, truncmod.nonneg).
  if (!floor && Range(a).lo >= 0 && Range(b).lo > 0) floor = true;
  if (floor) return FloorDivision(is_div, a, b);
  if (!is_div && eliminate_mod_) {  // truncmod(a, b) = a - b * truncdiv(a, b)
    auto bq = Mul(b, CompoundAtom(PrimKind::kTruncDiv, a, b));
    if (!bq) return std::nullopt;
    return Add(a, *bq, -1);
  }
  return CompoundAtom(kind, a, b);
}

// floordiv(a, b) or floormod(a, b), for b != 0.
std::optional<Polynomial> PolyContext::FloorDivision(bool is_div, const Polynomial& a,
                                                     const Polynomial& b) {
  // a = b * Q + R, where Q collects the terms of a that b divides (coefficients by floor
  // division): floordiv(b*Q + R, b) = Q + floordiv(R, b) and floormod(b*Q + R, b) =
  // floormod(R, b) for all integers (rules div.take-multiple, mod.take-multiple).
  Polynomial q, r = a;
  if (b.terms.size() == 1) {
    const auto& [bm, bc] = *b.terms.begin();
    r = Polynomial{};
    for (const auto& [m, coeff] : a.terms) {
      Polynomial mono;
      mono.terms[m] = 1;
      auto part = DivideByMonomial(mono, bm, 1);
      if (!part) {
        r.terms[m] = coeff;
        continue;
      }
      __int128 qc = FloorDiv128(coeff, bc), rc = coeff - qc * bc;
      if (qc != 0) q = Add(q, *part, qc);
      if (rc != 0) r.terms[m] = rc;
    }
  }
  auto result = [&](const Polynomial& quotient, const Polynomial& remainder) {
    return is_div ? Add(q, quotient) : remainder;
  };
  if (auto rv = r.Constant(); rv && b.Constant()) {
    __int128 rq = FloorDiv128(*rv, *b.Constant());
    return result(ConstantPoly(rq), ConstantPoly(*rv - rq * *b.Constant()));
  }
  // A remainder that lies within the divisor (differences compared as polynomials, so that
  // n // (n + 1) == 0 for n >= 0): rules div.small-remainder, div.small-negative-remainder,
  // div.small-remainder-negative-divisor.
  Interval rr = Range(r);
  if (rr.lo >= 0 && Range(Add(b, r, -1)).lo >= 1) return result({}, r);
  if (rr.hi <= -1 && Range(Add(b, r)).lo >= 0) return result(ConstantPoly(-1), Add(r, b));
  if (rr.hi <= 0 && Range(Add(r, b, -1)).lo >= 1) return result({}, r);
  // floordiv(floordiv(x, y), b) = floordiv(x, y * b) for y > 0, b > 0 (rule div.nested).
  if (is_div && r.terms.size() == 1 && r.terms.begin()->second == 1 &&
      r.terms.begin()->first.size() == 1) {
    const Atom& inner = atoms_[r.terms.begin()->first[0]];
    if (inner.kind == PrimKind::kFloorDiv && Range(inner.y).lo > 0 && Range(b).lo > 0) {
      if (auto yb = Mul(inner.y, b)) {
        Polynomial x = inner.x;  // copied: FloorDivision may grow atoms_
        if (auto nested = FloorDivision(true, x, *yb)) return Add(q, *nested);
      }
    }
  }
  Polynomial div_atom = CompoundAtom(PrimKind::kFloorDiv, r, b);
  if (is_div) return Add(q, div_atom);
  if (!eliminate_mod_) return CompoundAtom(PrimKind::kFloorMod, r, b);
  // floormod(r, b) = r - b * floordiv(r, b) (rule mod.eliminate).
  auto bq = Mul(b, div_atom);
  if (!bq) return std::nullopt;
  return Add(r, *bq, -1);
}

}  // namespace rlx::prover
