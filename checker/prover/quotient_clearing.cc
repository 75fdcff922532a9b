#include "checker/prover/quotient_clearing.h"

#include <string>
#include <vector>

namespace rlx::prover {
namespace {

// The quotients of p that share one divisor, with their coefficients in p.
struct Group {
  Polynomial divisor;
  std::vector<std::pair<int, __int128>> quotients;  // atom id, coefficient
  Polynomial dividends;  // c1*x1 + ... + ck*xk
  __int128 positive = 0;  // P, the sum of the positive coefficients
};

// The groups of p's linear quotient atoms whose divisor is at least 1, in the order of p's terms.
std::vector<Group> QuotientGroups(const Polynomial& p, const PolyContext& ctx) {
  std::vector<Group> groups;
  for (const auto& [m, c] : p.terms) {
    if (m.size() != 1) continue;
    auto q = ctx.FloorQuotient(m[0]);
    if (!q || ctx.Range(q->y).lo < 1) continue;
    Group* g = nullptr;
    for (auto& existing : groups) {
      if (existing.divisor == q->y) g = &existing;
    }
    if (!g) g = &groups.emplace_back(Group{q->y, {}, {}, 0});
    g->quotients.emplace_back(m[0], c);
    g->dividends = Add(g->dividends, q->x, c);
    if (c > 0) g->positive += c;
  }
  return groups;
}

// S - (P - 1) * (m - 1) for one group (see ClearedNonNegative), or nullopt on overflow.
std::optional<Polynomial> ClearedClaim(const Polynomial& p, const Group& g) {
  Polynomial rest = p;  // R
  for (const auto& [id, c] : g.quotients) rest.terms.erase(Monomial{id});
  auto m_rest = Mul(g.divisor, rest);
  auto slack = Mul(ConstantPoly(g.positive - 1), Add(g.divisor, ConstantPoly(-1)));
  if (!m_rest || !slack) return std::nullopt;
  return Add(Add(g.dividends, *m_rest), *slack, -1);
}

}  // namespace

bool ClearedNonNegative(const Polynomial& p, const PolyContext& ctx,
                        const std::function<bool(const Polynomial&)>& nonneg) {
  std::vector<Group> groups = QuotientGroups(p, ctx);
  constexpr size_t kMaxGroups = 4;
  for (size_t i = 0; i < groups.size() && i < kMaxGroups; ++i) {
    auto cleared = ClearedClaim(p, groups[i]);
    if (cleared && nonneg(*cleared)) return true;
  }
  return false;
}

}  // namespace rlx::prover
