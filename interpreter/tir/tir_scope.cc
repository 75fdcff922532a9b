#include "interpreter/tir/tir_scope.h"

#include <algorithm>
#include <limits>

#include "ir/tir/intrinsic.h"
#include "ir/tir/walk.h"

namespace rlx::interp::tir_eval {
namespace {

using Wide = __int128;

// The values an integer dtype holds, as a range of int64 cells (uint64: its non-negative half,
// so that a range is only claimed where the signed cell order is the unsigned one).
Interval DTypeRange(DataType t) {
  if (t == DataType::kBool) return Interval::Of(0, 1);
  if (!IsInteger(t)) return {};
  const int bits = DataTypeBits(t);
  if (bits >= 64) return Interval::Of(IsSignedInt(t) ? std::numeric_limits<int64_t>::min() : 0,
                                      std::numeric_limits<int64_t>::max());
  if (IsSignedInt(t)) return Interval::Of(-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1);
  return Interval::Of(0, (int64_t{1} << bits) - 1);
}

// [lo, hi] as a range of `t`, or unknown when the dtype cannot hold all of it (the operation
// would wrap, tir.eval.num).
Interval Fit(Wide lo, Wide hi, DataType t) {
  const Interval r = DTypeRange(t);
  if (!r.known || lo < r.lo || hi > r.hi) return {};
  return Interval::Of(static_cast<int64_t>(lo), static_cast<int64_t>(hi));
}

Interval Combine(PrimKind k, Interval a, Interval b, DataType t) {
  if (!a.known || !b.known) return {};
  switch (k) {
    case PrimKind::kAdd: return Fit(Wide{a.lo} + b.lo, Wide{a.hi} + b.hi, t);
    case PrimKind::kSub: return Fit(Wide{a.lo} - b.hi, Wide{a.hi} - b.lo, t);
    case PrimKind::kMul: {
      const Wide c[] = {Wide{a.lo} * b.lo, Wide{a.lo} * b.hi, Wide{a.hi} * b.lo, Wide{a.hi} * b.hi};
      return Fit(*std::min_element(c, c + 4), *std::max_element(c, c + 4), t);
    }
    case PrimKind::kMin: return Interval::Of(std::min(a.lo, b.lo), std::min(a.hi, b.hi));
    case PrimKind::kMax: return Interval::Of(std::max(a.lo, b.lo), std::max(a.hi, b.hi));
    case PrimKind::kFloorDiv:
      // By a positive divisor, floor division is monotonic in the dividend.
      if (b.lo > 0) {
        auto fdiv = [](Wide x, Wide y) { return x >= 0 ? x / y : -((-x + y - 1) / y); };
        return Fit(std::min(fdiv(a.lo, b.lo), fdiv(a.lo, b.hi)), std::max(fdiv(a.hi, b.lo), fdiv(a.hi, b.hi)), t);
      }
      return {};
    case PrimKind::kFloorMod:
      if (b.lo > 0) return Interval::Of(0, b.hi - 1);
      return {};
    default: return {};
  }
}

}  // namespace

void IllFormed(const std::string& message, const std::string& rule) {
  Fail(ErrorCode::kTirIllFormed, message, rule);
}

int Scope::Define(const PrimExpr& var, Interval range) {
  if (vars_.count(&var)) {
    IllFormed("TIR variable '" + var.name + "' is defined twice", "tir.eval.ill-formed");
  }
  VarSlot s;
  s.is_float = IsFloat(var.dtype);
  s.slot = s.is_float ? num_floats_++ : num_ints_++;
  s.range = s.is_float ? Interval{} : range;
  vars_[&var] = s;
  return s.slot;
}

void Scope::Alias(const PrimExpr& var, int slot, Interval range) {
  if (vars_.count(&var)) {
    IllFormed("TIR variable '" + var.name + "' is defined twice", "tir.eval.ill-formed");
  }
  vars_[&var] = VarSlot{false, slot, range};
}

const Scope::VarSlot& Scope::Lookup(const PrimExpr& var) const {
  auto it = vars_.find(&var);
  if (it == vars_.end()) {
    IllFormed("TIR variable '" + var.name + "' is used where it is not defined", "tir.eval.ill-formed");
  }
  return it->second;
}

int Scope::DefineBuffer(const tir::Buffer& b) {
  if (buffers_.count(&b)) IllFormed("buffer '" + b.name + "' is defined twice", "tir.eval.ill-formed");
  buffers_[&b] = num_buffers_;
  return num_buffers_++;
}

int Scope::LookupBuffer(const tir::Buffer& b) const {
  auto it = buffers_.find(&b);
  if (it == buffers_.end()) {
    IllFormed("buffer '" + b.name + "' is used where it is not defined", "tir.eval.ill-formed");
  }
  return it->second;
}

void Affine::Add(int slot, uint64_t c) {
  for (auto& t : terms) {
    if (t.first == slot) {
      t.second += c;
      return;
    }
  }
  terms.emplace_back(slot, c);
}

int Scope::RegisterNestAccess(const Affine& flat) {
  if (!nest_ || !optimize_) return -1;
  NestPlan::Access a;
  a.per_level.assign(nest_->level_slots.size(), 0);
  a.invariant.constant = flat.constant;
  for (const auto& [slot, c] : flat.terms) {
    auto level = std::find(nest_->level_slots.begin(), nest_->level_slots.end(), slot);
    if (level != nest_->level_slots.end()) {
      a.per_level[level - nest_->level_slots.begin()] += c;
    } else if (slot < nest_->first_inner_slot) {
      a.invariant.Add(slot, c);
    } else {
      return -1;  // a variable the nest's body defines
    }
  }
  // Accesses at the same offset share a slot (a reduction's load and store of its output).
  for (const NestPlan::Access& b : nest_->accesses) {
    if (b.per_level == a.per_level && b.invariant.constant == a.invariant.constant &&
        b.invariant.terms == a.invariant.terms) {
      return b.offset_slot;
    }
  }
  a.offset_slot = num_offsets_++;
  nest_->accesses.push_back(std::move(a));
  return nest_->accesses.back().offset_slot;
}

Interval Scope::Bound(const PrimExpr& e) const {
  Interval r = BoundByVariables(e);
  if (facts_.empty() || !optimize_) return r;
  bool known = r.known;
  int64_t lo = r.known ? r.lo : std::numeric_limits<int64_t>::min();
  int64_t hi = r.known ? r.hi : std::numeric_limits<int64_t>::max();
  const Ref<PrimExpr> term(Ref<PrimExpr>(), &e);  // not owning: only compared
  for (const Fact& f : facts_) {
    if (!SameTerm(f.expr, term)) continue;
    lo = std::max(lo, f.lo);
    hi = std::min(hi, f.hi);
    known = true;
  }
  // An empty range: the facts contradict each other, so the code is never run; any claim holds,
  // but claim nothing.
  if (!known || lo > hi) return {};
  return Interval::Of(lo, hi);
}

void Scope::AddFact(const Ref<PrimExpr>& e, int64_t lo, int64_t hi) {
  // Integer dtypes whose cells order as their values (not uint64, whose upper half is negative
  // as a cell).
  if (e->lanes != 1 || !IsInteger(e->dtype) || e->dtype == DataType::kUInt64) return;
  // Only terms of variables: a load's value may change under the facts (a store in an if's
  // then case).
  bool reads_memory = false;
  tir::ForEachExpr(e, [&](const PrimExpr& x) { reads_memory |= x.kind == PrimKind::kBufferLoad; });
  if (reads_memory) return;
  facts_.push_back({e, lo, hi});
}

size_t Scope::Assume(const PrimExpr& cond) {
  const size_t before = facts_.size();
  if (!optimize_) return before;
  std::vector<const PrimExpr*> work = {&cond};
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min(), kMax = std::numeric_limits<int64_t>::max();
  while (!work.empty()) {
    const PrimExpr& c = *work.back();
    work.pop_back();
    if (c.kind == PrimKind::kAnd) {
      work.push_back(c.operands[0].get());
      work.push_back(c.operands[1].get());
      continue;
    }
    if (c.kind == PrimKind::kCall && c.intrinsic == tir::Intrinsic::kLikely && c.args.size() == 1) {
      work.push_back(c.args[0].get());
      continue;
    }
    if (!IsComparisonKind(c.kind) || c.kind == PrimKind::kNE) continue;
    const Ref<PrimExpr>& a = c.operands[0];
    const Ref<PrimExpr>& b = c.operands[1];
    const Interval ra = Bound(*a), rb = Bound(*b);
    // a < b: a <= max(b) - 1 and b >= min(a) + 1 (and so on), where the bound exists.
    switch (c.kind) {
      case PrimKind::kLT:
        if (rb.known && rb.hi > kMin) AddFact(a, kMin, rb.hi - 1);
        if (ra.known && ra.lo < kMax) AddFact(b, ra.lo + 1, kMax);
        break;
      case PrimKind::kLE:
        if (rb.known) AddFact(a, kMin, rb.hi);
        if (ra.known) AddFact(b, ra.lo, kMax);
        break;
      case PrimKind::kGT:
        if (rb.known && rb.lo < kMax) AddFact(a, rb.lo + 1, kMax);
        if (ra.known && ra.hi > kMin) AddFact(b, kMin, ra.hi - 1);
        break;
      case PrimKind::kGE:
        if (rb.known) AddFact(a, rb.lo, kMax);
        if (ra.known) AddFact(b, kMin, ra.hi);
        break;
      default:  // kEQ
        if (rb.known) AddFact(a, rb.lo, rb.hi);
        if (ra.known) AddFact(b, ra.lo, ra.hi);
        break;
    }
  }
  return before;
}

Interval Scope::BoundByVariables(const PrimExpr& e) const {
  if (!optimize_) return {};
  switch (e.kind) {
    case PrimKind::kIntImm:
      if (e.dtype == DataType::kUInt64 && e.int_value < 0) return {};
      return Interval::Of(e.int_value, e.int_value);
    case PrimKind::kVar: {
      auto it = vars_.find(&e);
      return it == vars_.end() ? Interval{} : it->second.range;
    }
    default: break;
  }
  if (e.arity() != 2 || !IsArithmeticKind(e.kind) || !IsInteger(e.dtype)) return {};
  return Combine(e.kind, Bound(*e.operands[0]), Bound(*e.operands[1]), e.dtype);
}

}  // namespace rlx::interp::tir_eval
