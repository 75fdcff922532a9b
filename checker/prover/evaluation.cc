#include "checker/prover/evaluation.h"

#include <algorithm>
#include <map>
#include <random>

namespace rlx::prover {
namespace {

void CollectConstants(const Ref<PrimExpr>& e, std::vector<int64_t>* out) {
  if (!e) return;
  if (e->is_int() && e->dtype != DataType::kBool && e->dtype != DataType::kUInt64)
    out->push_back(e->int_value);
  for (int i = 0; i < e->arity(); ++i) CollectConstants(e->operands[i], out);
}

// The largest r with r^k <= x (x >= 0, k 2 or 3).
int64_t IntegerRoot(int64_t x, int k) {
  auto pow_le = [&](int64_t r) {
    __int128 p = 1;
    for (int i = 0; i < k; ++i) {
      p *= r;
      if (p > x) return false;
    }
    return true;
  };
  int64_t lo = 0, hi = k == 2 ? 3037000500 : 2097152;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (pow_le(mid)) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

// e as a * v + b for one variable v and constants a, b (a != 0), or false.
struct Linear {
  const PrimExpr* var = nullptr;
  __int128 a = 0, b = 0;
};
bool AsLinear(const Ref<PrimExpr>& e, Linear* out) {
  // Operands stay below 2^62, so a product with a 64-bit constant fits in 128 bits.
  constexpr __int128 kLimit = static_cast<__int128>(1) << 62;
  if (e->is_var()) {
    *out = {e.get(), 1, 0};
    return true;
  }
  if (e->arity() != 2 || (e->kind != PrimKind::kAdd && e->kind != PrimKind::kSub &&
                          e->kind != PrimKind::kMul)) {
    return false;
  }
  const Ref<PrimExpr>& x = e->operands[0];
  const Ref<PrimExpr>& y = e->operands[1];
  Linear l;
  if (e->kind == PrimKind::kMul) {
    const Ref<PrimExpr>& k = x->is_int() ? x : y;
    if (!k->is_int() || !AsLinear(x->is_int() ? y : x, &l)) return false;
    l.a *= k->int_value;
    l.b *= k->int_value;
  } else if (y->is_int() && AsLinear(x, &l)) {
    l.b += e->kind == PrimKind::kAdd ? y->int_value : -static_cast<__int128>(y->int_value);
  } else if (x->is_int() && e->kind == PrimKind::kAdd && AsLinear(y, &l)) {
    l.b += x->int_value;
  } else {
    return false;
  }
  if (l.a == 0 || l.a > kLimit || l.a < -kLimit || l.b > kLimit || l.b < -kLimit) return false;
  *out = l;
  return true;
}

// The least n >= 0 with a * n == t (mod c), c > 0, when one exists; `period`: c / gcd(a, c).
std::optional<__int128> SolveCongruence(__int128 a, __int128 t, __int128 c, __int128* period) {
  auto mod = [&](__int128 x) { return ((x % c) + c) % c; };
  // Extended Euclid on (a mod c, c): g = a * s + c * u.
  __int128 r0 = mod(a), r1 = c, s0 = 1, s1 = 0;
  while (r1 != 0) {
    __int128 q = r0 / r1;
    std::swap(r0, r1);
    r1 -= q * r0;
    std::swap(s0, s1);
    s1 -= q * s0;
  }
  const __int128 g = r0;
  if (g == 0 || mod(t) % g != 0) return std::nullopt;
  *period = c / g;
  // n = (t / g) * s (mod c / g); s is within (-c, c), so the product fits in 128 bits.
  __int128 s = ((s0 % *period) + *period) % *period;
  __int128 tg = (mod(t) / g) % *period;
  return (tg * s) % *period;
}

// Probes for remainders by large constants: where the query has (a * v + b) % c (or
// // c) and a constant K, the values of v with a * v + b == K (mod c), the least non-negative
// and the greatest negative one. (7 * n) % 1000003 != 5 is false only at such values.
void CongruenceProbes(const Ref<PrimExpr>& e, const std::vector<int64_t>& constants,
                      std::vector<int64_t>* out) {
  if (!e) return;
  for (int i = 0; i < e->arity(); ++i) CongruenceProbes(e->operands[i], constants, out);
  bool mod_kind = e->kind == PrimKind::kFloorMod || e->kind == PrimKind::kTruncMod ||
                  e->kind == PrimKind::kFloorDiv || e->kind == PrimKind::kTruncDiv;
  Linear l;
  if (!mod_kind || !e->operands[1]->is_int() || !AsLinear(e->operands[0], &l)) return;
  const __int128 c = e->operands[1]->int_value < 0 ? -static_cast<__int128>(e->operands[1]->int_value)
                                                  : e->operands[1]->int_value;
  if (c < 2) return;
  for (int64_t k : constants) {
    __int128 period = 0;
    auto n = SolveCongruence(l.a, static_cast<__int128>(k) - l.b, c, &period);
    if (!n) continue;
    for (__int128 v : {*n, *n - period}) {
      if (v >= INT64_MIN && v <= INT64_MAX) out->push_back(static_cast<int64_t>(v));
    }
    if (out->size() > 40) return;
  }
}

// Values derived from the constants of the query, as fuzzers probe: n * n != 4611686014132420609
// is false at its square root.
std::vector<int64_t> DerivedProbes(const std::vector<Ref<PrimExpr>>& exprs) {
  std::vector<int64_t> constants, out;
  for (const auto& e : exprs) CollectConstants(e, &constants);
  std::sort(constants.begin(), constants.end());
  constants.erase(std::unique(constants.begin(), constants.end()), constants.end());
  constants.push_back(0);  // a remainder of 0 is always a candidate
  for (const auto& e : exprs) CongruenceProbes(e, constants, &out);
  constants.pop_back();
  for (int64_t k : constants) {
    if (k == INT64_MIN || (k > -2 && k < 2)) continue;
    int64_t a = k < 0 ? -k : k;
    for (int64_t r : {a, IntegerRoot(a, 2), IntegerRoot(a, 3), a / 2}) {
      for (__int128 d :
           {static_cast<__int128>(r) - 1, static_cast<__int128>(r), static_cast<__int128>(r) + 1}) {
        if (d > INT64_MAX || -d < INT64_MIN) continue;
        out.push_back(static_cast<int64_t>(d));
        out.push_back(static_cast<int64_t>(-d));
      }
    }
    if (out.size() > 120) break;  // a bounded list
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The range a variable's value is drawn from: its bounds within its dtype.
Interval ValueRange(const PrimExpr& v, const VarBounds& bounds) {
  auto it = bounds.find(&v);
  Interval bd = it == bounds.end() ? Interval{} : it->second;
  bd.lo = std::max<__int128>(bd.lo, INT64_MIN);
  bd.hi = std::min<__int128>(bd.hi, INT64_MAX);
  if (v.dtype == DataType::kBool)
    bd.lo = std::max<__int128>(bd.lo, 0), bd.hi = std::min<__int128>(bd.hi, 1);
  if (IsUnsignedInt(v.dtype)) bd.lo = std::max<__int128>(bd.lo, 0);
  return bd;
}

std::vector<int64_t> Candidates(const Interval& bd, const std::vector<int64_t>& derived) {
  static const int64_t kProbe[] = {0,    1,    2,    3,    4,  5,  7,   8,   9,   15,  16,
                                   17,   31,   32,   33,   63, 64, 100, 127, 128, 255, 256,
                                   1000, 1023, 1024, 4096, -1, -2, -3,  -8,  -16};
  std::vector<int64_t> c;
  for (int64_t p : kProbe) {
    if (p >= bd.lo && p <= bd.hi) c.push_back(p);
  }
  for (__int128 e : {bd.lo, bd.lo + 1, bd.hi, bd.hi - 1}) {
    if (e >= bd.lo && e <= bd.hi) c.push_back(static_cast<int64_t>(e));
  }
  for (int64_t p : derived) {
    if (p >= bd.lo && p <= bd.hi) c.push_back(p);
  }
  if (c.empty()) c.push_back(static_cast<int64_t>(bd.lo));
  return c;
}

bool Simpler(int64_t a, int64_t b) {
  __int128 x = a < 0 ? -static_cast<__int128>(a) : a, y = b < 0 ? -static_cast<__int128>(b) : b;
  return x < y || (x == y && a > b);
}

// Sets the variables of `group` (all of value cur) to the simplest value that keeps `v` a
// counterexample; true when one did.
bool MoveGroup(PrimAssignment& v, const std::vector<const PrimExpr*>& group, int64_t cur,
               const IsCounterexample& is_counterexample) {
  std::vector<int64_t> tries;
  for (int64_t k = 0; k <= 16; ++k) {
    tries.push_back(k);
    tries.push_back(-k);
  }
  for (int64_t h = cur / 2; h != 0; h /= 2) tries.push_back(h);
  for (int64_t t : tries) {
    if (!Simpler(t, cur)) continue;
    for (const PrimExpr* g : group) v[g] = t;
    if (is_counterexample(v)) return true;
    for (const PrimExpr* g : group) v[g] = cur;
  }
  return false;
}

}  // namespace

std::optional<PrimAssignment> SearchCounterexample(const std::vector<Ref<PrimExpr>>& vars,
                                                   const VarBounds& bounds,
                                                   const std::vector<Ref<PrimExpr>>& exprs,
                                                   int count,
                                                   const IsCounterexample& is_counterexample) {
  if (count <= 0) return std::nullopt;
  std::mt19937_64 rng(0x5eed);
  std::vector<int64_t> derived = DerivedProbes(exprs);
  std::vector<Interval> ranges;
  std::vector<std::vector<int64_t>> candidates;
  for (const auto& v : vars) {
    ranges.push_back(ValueRange(*v, bounds));
    candidates.push_back(Candidates(ranges.back(), derived));
  }
  for (int t = 0; t < count; ++t) {
    PrimAssignment v;
    for (size_t i = 0; i < vars.size(); ++i) {
      const auto& c = candidates[i];
      // The first valuations try small values together, then the derived probes together;
      // later ones mix at random.
      size_t d = static_cast<size_t>(t) - 8;
      if (t >= 8 && d < derived.size() && derived[d] >= ranges[i].lo &&
          derived[d] <= ranges[i].hi) {
        v[vars[i].get()] = derived[d];
        continue;
      }
      size_t pick = t < 8 ? std::min<size_t>(t, c.size() - 1) : rng() % c.size();
      v[vars[i].get()] = c[pick];
    }
    if (is_counterexample(v)) return v;
  }
  return std::nullopt;
}

PrimAssignment ShrinkCounterexample(const std::vector<Ref<PrimExpr>>& vars, PrimAssignment v,
                                    const IsCounterexample& is_counterexample) {
  for (int pass = 0; pass < 64; ++pass) {
    bool changed = false;
    std::map<int64_t, std::vector<const PrimExpr*>> by_value;
    for (const auto& var : vars) by_value[v[var.get()]].push_back(var.get());
    for (const auto& [value, group] : by_value) {
      if (group.size() > 1) changed |= MoveGroup(v, group, value, is_counterexample);
    }
    PrimAssignment halved = v;
    bool any = false;
    for (const auto& var : vars) {
      int64_t& x = halved[var.get()];
      any |= x / 2 != x;
      x /= 2;
    }
    if (any && is_counterexample(halved)) {
      v = halved;
      changed = true;
    }
    for (const auto& var : vars)
      changed |= MoveGroup(v, {var.get()}, v[var.get()], is_counterexample);
    if (!changed) break;
  }
  return v;
}

}  // namespace rlx::prover
