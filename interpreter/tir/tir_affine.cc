#include "interpreter/tir/tir_affine.h"

#include <algorithm>
#include <limits>
#include <utility>


namespace rlx::interp::tir_eval {

namespace {

template <class V>
bool Compare(PrimKind kind, V x, V y) {
  switch (kind) {
    case PrimKind::kEQ: return x == y;
    case PrimKind::kNE: return x != y;
    case PrimKind::kLT: return x < y;
    case PrimKind::kLE: return x <= y;
    case PrimKind::kGT: return x > y;
    default: return x >= y;
  }
}

PrimKind Flipped(PrimKind k) {
  switch (k) {
    case PrimKind::kLT: return PrimKind::kGT;
    case PrimKind::kLE: return PrimKind::kGE;
    case PrimKind::kGT: return PrimKind::kLT;
    case PrimKind::kGE: return PrimKind::kLE;
    default: return k;
  }
}

class Builder {
 public:
  explicit Builder(Scope& scope) : scope_(scope) {}

  bool Add(const PrimExpr& e) {
    if (e.lanes != 1) return false;
    if (e.kind == PrimKind::kAnd) return Add(*e.operands[0]) && Add(*e.operands[1]);
    if (!IsComparisonKind(e.kind)) return false;
    const PrimExpr& a = *e.operands[0];
    const PrimExpr& b = *e.operands[1];
    if (a.dtype != b.dtype || !IsInteger(a.dtype)) return false;
    AffineComparison c{e.kind, {a.dtype, {}, -1}, {b.dtype, {}, -1}};
    if (!AddAffine(a, scope_, 1, &c.a.form) || !AddAffine(b, scope_, 1, &c.b.form)) return false;
    if (c.a.form.terms.empty() && !c.b.form.terms.empty()) {
      std::swap(c.a, c.b);
      c.kind = Flipped(c.kind);
    }
    if (c.a.form.terms.empty() || !c.b.form.terms.empty() || !AddRange(c)) {
      KeepInNest(c.a);
      KeepInNest(c.b);
      out_.others.push_back(std::move(c));
    }
    return true;
  }
  AffineConjunction Finish() {
    std::vector<AffineRange> general;
    for (AffineRange& r : out_.ranges) {
      if (r.x.slot >= 0 && r.x.dtype == DataType::kInt64) {
        out_.slot_ranges.push_back({r.x.slot, static_cast<uint64_t>(r.lo), static_cast<uint64_t>(r.hi) - static_cast<uint64_t>(r.lo)});
      } else {
        general.push_back(std::move(r));
      }
    }
    out_.ranges = std::move(general);
    return std::move(out_);
  }

 private:
  void KeepInNest(AffineOperand& x) {
    if (!x.form.terms.empty()) x.slot = scope_.RegisterNestAccess(x.form);
  }
  // `a kind constant` as a range of a, merged with a's other ranges; false for a comparison
  // that is not a range (!=, uint64 operands).
  bool AddRange(AffineComparison& c) {
    if (c.a.dtype == DataType::kUInt64 || c.kind == PrimKind::kNE) return false;
    constexpr int64_t kMin = std::numeric_limits<int64_t>::min(), kMax = std::numeric_limits<int64_t>::max();
    const int64_t k = WrapToDType(c.a.dtype, c.b.form.constant);
    int64_t lo = kMin, hi = kMax;
    switch (c.kind) {
      case PrimKind::kLT:
        if (k == kMin) out_.never = true;
        else hi = k - 1;
        break;
      case PrimKind::kLE: hi = k; break;
      case PrimKind::kGT:
        if (k == kMax) out_.never = true;
        else lo = k + 1;
        break;
      case PrimKind::kGE: lo = k; break;
      default: lo = hi = k; break;  // kEQ
    }
    for (AffineRange& r : out_.ranges) {
      if (r.x.SameForm(c.a)) {
        r.lo = std::max(r.lo, lo);
        r.hi = std::min(r.hi, hi);
        out_.never |= r.lo > r.hi;
        return true;
      }
    }
    out_.never |= lo > hi;
    KeepInNest(c.a);
    out_.ranges.push_back({std::move(c.a), lo, hi});
    return true;
  }

  Scope& scope_;
  AffineConjunction out_;
};

}  // namespace

bool AffineComparison::Holds(const Frame& f) const {
  const int64_t x = a.Eval(f), y = b.Eval(f);
  if (a.dtype == DataType::kUInt64) return Compare(kind, static_cast<uint64_t>(x), static_cast<uint64_t>(y));
  return Compare(kind, x, y);
}

std::optional<AffineConjunction> CompileAffineConjunction(const PrimExpr& e, Scope& scope) {
  if (!scope.optimize()) return std::nullopt;
  Builder builder(scope);
  if (!builder.Add(e)) return std::nullopt;
  return builder.Finish();
}

}  // namespace rlx::interp::tir_eval
