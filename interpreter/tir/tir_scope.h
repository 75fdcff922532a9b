// What the TIR interpreter's compiler knows at a point of a PrimFunc: the slot of every variable
// and buffer in scope, and the range of values of each integer variable when it can tell
// (accesses proven in bounds are not checked again at run time, as tir.eval.bounds allows).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "interpreter/tir/tir_nodes.h"
#include "ir/prim_expr.h"

namespace rlx::interp::tir_eval {

/// A closed range [lo, hi] of integer values, or unknown.
struct Interval {
  bool known = false;
  int64_t lo = 0, hi = 0;
  static Interval Of(int64_t lo, int64_t hi) { return {true, lo, hi}; }
  bool Within(int64_t a, int64_t b) const { return known && lo >= a && hi <= b; }
};

/// Traps E3015 (tir.eval.ill-formed): the PrimFunc breaks a rule of §7 the interpreter relies
/// on. (The TIR checker reports these before a checked program runs.)
[[noreturn]] void IllFormed(const std::string& message, const std::string& rule);

/// c + sum(coefficient * slot), in the wrapping arithmetic of 64-bit cells.
struct Affine {
  uint64_t constant = 0;
  std::vector<std::pair<int, uint64_t>> terms;

  void Add(int slot, uint64_t c);
  uint64_t Eval(const Frame& f) const {
    uint64_t v = constant;
    for (const auto& [slot, c] : terms) v += c * static_cast<uint64_t>(f.ints[slot]);
    return v;
  }
};

/// A perfect loop nest being compiled (tir_stmt.cc's NestNode). An access inside it whose
/// element offset is affine in the nest's variables and in variables defined before the nest
/// is registered here: the nest computes the offset when it starts and adds a constant step
/// when a variable advances (strength reduction), so the access reads it from a frame slot.
struct NestPlan {
  int first_inner_slot = 0;      // integer slots from here on are defined inside the nest
  std::vector<int> level_slots;  // the loop variables, outermost first
  struct Access {
    int offset_slot = -1;
    Affine invariant;                // the constant and the terms of variables defined before
    std::vector<uint64_t> per_level;  // the coefficient of each loop variable
  };
  std::vector<Access> accesses;
};

class Scope {
 public:
  /// `optimize` false: prove nothing, so every access is checked and computed on its own, and
  /// every loop is its own nest (what tests compare the optimized form against).
  explicit Scope(bool optimize = true) : optimize_(optimize) {}
  bool optimize() const { return optimize_; }

  struct VarSlot {
    bool is_float = false;
    int slot = -1;
    Interval range;  // integer variables
  };

  /// Defines `var` for the code compiled until Undefine(var): a new slot of its class.
  int Define(const PrimExpr& var, Interval range = {});
  /// Defines `var` as another name of an integer slot (a block iteration variable bound to a
  /// loop variable).
  void Alias(const PrimExpr& var, int slot, Interval range);
  void Undefine(const PrimExpr& var) { vars_.erase(&var); }
  /// The slot of a variable in scope; traps E3015 when there is none.
  const VarSlot& Lookup(const PrimExpr& var) const;
  bool IsDefined(const PrimExpr& var) const { return vars_.count(&var) != 0; }

  /// A new buffer slot for `b`, in scope until UndefineBuffer.
  int DefineBuffer(const tir::Buffer& b);
  void UndefineBuffer(const tir::Buffer& b) { buffers_.erase(&b); }
  /// The slot of a buffer in scope; traps E3015 when there is none.
  int LookupBuffer(const tir::Buffer& b) const;

  /// The range of an integer expression's values (unknown when the variables' ranges and the
  /// assumed facts do not bound it, or when it could wrap in its dtype).
  Interval Bound(const PrimExpr& e) const;

  /// Assumes `cond` holds for the code compiled until ForgetFacts(n), n the count before: the
  /// comparisons among its conjuncts bound their integer operands (the taken branch of
  /// T.if_then_else, an if's then case, a block under its predicate). This is what proves a
  /// padding guard's load in bounds. Returns the count before.
  size_t Assume(const PrimExpr& cond);
  void ForgetFacts(size_t n) { facts_.resize(n); }

  /// The innermost nest being compiled (null outside loops); SetNest returns the previous one.
  NestPlan* nest() const { return nest_; }
  NestPlan* SetNest(NestPlan* n) {
    std::swap(n, nest_);
    return n;
  }
  /// Registers an access whose element offset is `flat` with the current nest; its offset
  /// slot, or -1 when there is no nest or `flat` uses a variable defined inside it.
  int RegisterNestAccess(const Affine& flat);

  int num_ints() const { return num_ints_; }
  int num_offsets() const { return num_offsets_; }
  int num_floats() const { return num_floats_; }
  int num_buffers() const { return num_buffers_; }

 private:
  // lo <= value of `expr` <= hi where the facts hold.
  struct Fact {
    Ref<PrimExpr> expr;
    int64_t lo, hi;
  };
  Interval BoundByVariables(const PrimExpr& e) const;
  void AddFact(const Ref<PrimExpr>& e, int64_t lo, int64_t hi);
  std::vector<Fact> facts_;
  std::unordered_map<const PrimExpr*, VarSlot> vars_;
  std::unordered_map<const tir::Buffer*, int> buffers_;
  int num_ints_ = 0, num_floats_ = 0, num_buffers_ = 0, num_offsets_ = 0;
  NestPlan* nest_ = nullptr;
  bool optimize_ = true;
};

}  // namespace rlx::interp::tir_eval
