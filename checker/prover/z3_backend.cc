#include "checker/prover/z3_backend.h"

#include <z3++.h>

#include <charconv>
#include <limits>
#include <mutex>
#include <sstream>
#include <unordered_map>

namespace rlx::prover {
namespace {

// Thrown for expressions outside the integer theory (floats).
struct Unsupported {
  std::string what;
};

void DTypeRange(DataType t, std::string* lo, std::string* hi) {
  if (t == DataType::kUInt64) {
    *lo = "0";
    *hi = "18446744073709551615";
    return;
  }
  __int128 l, h;
  if (IsUnsignedInt(t)) {
    l = 0;
    h = (static_cast<__int128>(1) << DataTypeBits(t)) - 1;
  } else {
    l = -(static_cast<__int128>(1) << (DataTypeBits(t) - 1));
    h = (static_cast<__int128>(1) << (DataTypeBits(t) - 1)) - 1;
  }
  auto str = [](__int128 v) {
    bool neg = v < 0;
    unsigned __int128 u =
        neg ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
    std::string s;
    do {
      s.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
      u /= 10;
    } while (u);
    if (neg) s.push_back('-');
    return std::string(s.rbegin(), s.rend());
  };
  *lo = str(l);
  *hi = str(h);
}

}  // namespace

struct Z3Backend::Impl {
  // `bounded`: the exact query of sinfo.prove.definedness (every variable within its dtype,
  // every intermediate result within its dtype). Otherwise the relaxation without those
  // ranges (unsigned variables stay non-negative): a subset of the constraints, so its `unsat`
  // also proves the claim, and Z3's non-linear search is far more effective without them.
  explicit Impl(bool bounded) : bounded(bounded) {}

  z3::context ctx;
  bool bounded;
  std::unordered_map<const PrimExpr*, z3::expr> vars;
  std::vector<z3::expr> side;  // definedness: divisors are not zero

  z3::expr Var(const PrimExpr& v) {
    auto it = vars.find(&v);
    if (it != vars.end()) return it->second;
    std::string name = v.name + "!" + std::to_string(vars.size());
    z3::expr x =
        v.dtype == DataType::kBool ? ctx.bool_const(name.c_str()) : ctx.int_const(name.c_str());
    vars.emplace(&v, x);
    return x;
  }

  // Floor and trunc division in Z3's Euclidean integer theory (fuzzing-notes §7.1; the
  // encodings TVM's z3_prover uses, checked against their definitions).
  static z3::expr FloorDiv(const z3::expr& a, const z3::expr& b) {
    return z3::ite(b > 0, a / b, -((-a) / b));
  }
  static z3::expr FloorMod(const z3::expr& a, const z3::expr& b) {
    return z3::ite(b > 0, z3::mod(a, b), -z3::mod(-a, b));
  }
  // sinfo.prove.definedness: every sub-expression's value fits its dtype (an execution that
  // overflows traps before the claim can be observed), so the query may assume it.
  z3::expr Fits(const z3::expr& r, DataType t) {
    if (!bounded) return r;
    std::string lo, hi;
    DTypeRange(t, &lo, &hi);
    side.push_back(r >= ctx.int_val(lo.c_str()) && r <= ctx.int_val(hi.c_str()));
    return r;
  }

  static z3::expr TruncDiv(const z3::expr& a, const z3::expr& b) {
    z3::expr q = z3::ite(a >= 0, a, -a) / z3::ite(b >= 0, b, -b);
    return z3::ite((a >= 0) == (b >= 0), q, -q);
  }

  z3::expr T(const PrimExpr& e) {
    if (IsFloat(e.dtype)) throw Unsupported{"floating-point arithmetic"};
    if (e.is_tir_only()) throw Unsupported{"TIR expressions"};
    switch (e.kind) {
      case PrimKind::kIntImm:
        if (e.dtype == DataType::kBool) return ctx.bool_val(e.int_value != 0);
        if (e.dtype == DataType::kUInt64) return ctx.int_val(static_cast<uint64_t>(e.int_value));
        return ctx.int_val(static_cast<int64_t>(e.int_value));
      case PrimKind::kFloatImm: throw Unsupported{"floating-point immediates"};
      case PrimKind::kVar: return Var(e);
      case PrimKind::kNot: return !T(*e.operands[0]);
      case PrimKind::kSelect:
        return z3::ite(T(*e.operands[0]), T(*e.operands[1]), T(*e.operands[2]));
      default: break;
    }
    z3::expr a = T(*e.operands[0]);
    z3::expr b = T(*e.operands[1]);
    switch (e.kind) {
      case PrimKind::kAdd: return Fits(a + b, e.dtype);
      case PrimKind::kSub: return Fits(a - b, e.dtype);
      case PrimKind::kMul: return Fits(a * b, e.dtype);
      case PrimKind::kFloorDiv: side.push_back(b != 0); return Fits(FloorDiv(a, b), e.dtype);
      case PrimKind::kFloorMod: side.push_back(b != 0); return FloorMod(a, b);
      case PrimKind::kTruncDiv: side.push_back(b != 0); return Fits(TruncDiv(a, b), e.dtype);
      case PrimKind::kTruncMod: side.push_back(b != 0); return a - b * TruncDiv(a, b);
      case PrimKind::kMin: return z3::ite(a <= b, a, b);
      case PrimKind::kMax: return z3::ite(a >= b, a, b);
      case PrimKind::kEQ: return a == b;
      case PrimKind::kNE: return a != b;
      case PrimKind::kLT: return a < b;
      case PrimKind::kLE: return a <= b;
      case PrimKind::kGT: return a > b;
      case PrimKind::kGE: return a >= b;
      case PrimKind::kAnd: return a && b;
      case PrimKind::kOr: return a || b;
      default: throw Unsupported{"an unknown PrimExpr kind"};
    }
  }

  // The range of each free variable: its whole dtype when bounded; otherwise only the sign
  // of unsigned variables.
  void AddVarRanges(z3::solver& s, const std::vector<Ref<PrimExpr>>& free) {
    for (const auto& v : free) {
      if (v->dtype == DataType::kBool) continue;
      z3::expr x = Var(*v);
      if (!bounded) {
        if (IsUnsignedInt(v->dtype)) s.add(x >= 0);
        continue;
      }
      std::string lo, hi;
      DTypeRange(v->dtype, &lo, &hi);
      s.add(x >= ctx.int_val(lo.c_str()) && x <= ctx.int_val(hi.c_str()));
    }
  }

  // sinfo.prove.deterministic: a solver from tactics that read no clock. Z3's default solver
  // picks a tactic by logic, and the one for non-linear integers (qfnia) tries its SMT core
  // under a 2-second wall-clock timer, so its answers depended on the machine's load. Here the
  // only limit is the context's resource counter (rlimit). The SMT core uses Z3's first
  // arithmetic solver (arith.solver=2): with the default one (6), Z3 4.8 loops without
  // counting resources on claims such as (n * n) % 4 != 2, so only a clock could stop it.
  z3::solver DeterministicSolver() {
    z3::params smt(ctx);
    smt.set("arith.solver", 2u);
    // No sums-of-monomials expansion in the simplifier: (v0 + ... + v19)^10 would not fit in
    // memory (sinfo.prove.budget).
    z3::tactic t = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") &
                   z3::tactic(ctx, "solve-eqs") & z3::with(z3::tactic(ctx, "smt"), smt);
    return t.mk_solver();
  }

  // A counterexample search by bit-blasting (what Z3's default non-linear strategy tries
  // first, without its timers): the integers become bit-vectors of a width Z3 chooses, so a
  // model is a real one but `unsat` only says none exists at that width. It finds structured
  // witnesses the SMT core misses (a Pythagorean triple with both legs >= 1000).
  z3::solver WitnessSolver() {
    z3::tactic t = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") &
                   z3::tactic(ctx, "nla2bv") & z3::tactic(ctx, "simplify") &
                   z3::tactic(ctx, "propagate-values") & z3::tactic(ctx, "max-bv-sharing") &
                   z3::tactic(ctx, "bit-blast") & z3::tactic(ctx, "sat");
    return t.mk_solver();
  }
};

Z3Backend::Z3Backend(uint64_t rlimit) : rlimit_(rlimit) {
  // sinfo.prove.budget: Z3's memory is bounded too (its resource counter does not count
  // every allocation of the simplifier); past the bound a query ends in an exception, read
  // as unknown. The parameter is global to the process and counts all contexts together.
  static std::once_flag once;
  std::call_once(once, [] { z3::set_param("memory_max_size", "4096"); });
}
Z3Backend::~Z3Backend() = default;

namespace {

// Reads a model value; false when it is outside int64 (a relaxed query's model may be).
bool ModelValue(const z3::expr& val, DataType dtype, int64_t* out) {
  if (dtype == DataType::kBool) {
    *out = val.is_true() ? 1 : 0;
    return true;
  }
  std::string digits = val.get_decimal_string(0);
  auto res = std::from_chars(digits.data(), digits.data() + digits.size(), *out);
  return res.ec == std::errc() && res.ptr == digits.data() + digits.size();
}

}  // namespace

ProofResult Z3Backend::Attempt(Mode mode, uint64_t rlimit,
                               const std::vector<Ref<PrimExpr>>& assumptions,
                               const Ref<PrimExpr>& claim, const std::vector<Ref<PrimExpr>>& vars) {
  ProofResult r;
  r.method = Method::kZ3;
  // A fresh context per attempt: Z3's search depends on the terms a context has seen, so a
  // shared one would make an answer depend on earlier queries (sinfo.prove.deterministic).
  Impl z(/*bounded=*/mode == Mode::kExact);
  try {
    z3::solver s = mode == Mode::kWitness ? z.WitnessSolver() : z.DeterministicSolver();
    z3::params p(z.ctx);
    p.set("rlimit",
          static_cast<unsigned>(std::min<uint64_t>(rlimit, std::numeric_limits<unsigned>::max())));
    // The witness search keeps Z3's default seed: its SAT search is as deterministic, and
    // the seed only picks which of equally good branches comes first.
    if (mode != Mode::kWitness) p.set("random_seed", 7u);
    s.set(p);
    for (const auto& a : assumptions) s.add(z.T(*a));
    s.add(!z.T(*claim));
    for (const auto& c : z.side) s.add(c);
    z.AddVarRanges(s, vars);
    switch (s.check()) {
      case z3::unsat:
        if (mode == Mode::kWitness) {
          r.answer = Answer::kUnknown;
          r.reason = "Z3: no counterexample within the bit width searched";
          return r;
        }
        r.answer = Answer::kProven;
        return r;
      case z3::unknown:
        r.answer = Answer::kUnknown;
        r.reason = "Z3: " + s.reason_unknown();
        return r;
      case z3::sat: {
        z3::model m = s.get_model();
        for (const auto& v : vars) {
          int64_t x = 0;
          if (!ModelValue(m.eval(z.Var(*v), /*model_completion=*/true), v->dtype, &x)) {
            r.answer = Answer::kUnknown;
            r.reason = "Z3 model value out of range";
            return r;
          }
          r.counterexample.emplace_back(v, x);
        }
        r.answer = Answer::kDisproven;
        return r;
      }
    }
  } catch (const Unsupported& u) {
    r.answer = Answer::kUnknown;
    r.reason = "not integer arithmetic: " + u.what;
  } catch (const z3::exception& e) {
    r.answer = Answer::kUnknown;
    r.reason = std::string("Z3 error: ") + e.msg();
  }
  return r;
}

ProofResult Z3Backend::Decide(const std::vector<Ref<PrimExpr>>& assumptions,
                              const Ref<PrimExpr>& claim, const std::vector<Ref<PrimExpr>>& vars,
                              const Falsifies& falsifies) {
  // sinfo.prove.z3: a claim true over the unbounded integers (divisors non-zero) holds in
  // int64 wherever nothing overflows; without the range constraints Z3 proves non-linear
  // identities (n <= n * n for n >= 0) that it cannot within the resource limit otherwise.
  ProofResult relaxed = Attempt(Mode::kRelaxed, rlimit_ / 4, assumptions, claim, vars);
  if (relaxed.answer == Answer::kProven) return relaxed;
  if (relaxed.answer == Answer::kDisproven && falsifies(relaxed.counterexample)) return relaxed;
  ProofResult exact = Attempt(Mode::kExact, rlimit_ / 4, assumptions, claim, vars);
  if (exact.answer == Answer::kProven) return exact;
  if (exact.answer == Answer::kDisproven && falsifies(exact.counterexample)) return exact;
  ProofResult witness = Attempt(Mode::kWitness, rlimit_ - rlimit_ / 4 - rlimit_ / 4, assumptions,
                                claim, vars);
  if (witness.answer == Answer::kDisproven && falsifies(witness.counterexample)) return witness;
  if (exact.answer == Answer::kDisproven) {
    exact.answer = Answer::kUnknown;
    exact.counterexample.clear();
    exact.reason =
        "Z3's counterexample does not falsify the claim with int64 arithmetic (overflow)";
  }
  return exact;
}

ProofResult PlainZ3Baseline(const std::vector<Ref<PrimExpr>>& assumptions,
                            const Ref<PrimExpr>& claim, unsigned timeout_ms) {
  ProofResult r;
  r.method = Method::kZ3;
  Z3Backend::Impl z(/*bounded=*/false);
  try {
    z3::solver s(z.ctx);
    if (timeout_ms > 0) {  // Z3 4.8's timer thread has been seen to deadlock: 0 runs without one
      z3::params p(z.ctx);
      p.set("timeout", timeout_ms);
      s.set(p);
    }
    for (const auto& a : assumptions) s.add(z.T(*a));
    s.add(!z.T(*claim));
    for (const auto& c : z.side) s.add(c);
    switch (s.check()) {
      case z3::unsat: r.answer = Answer::kProven; break;
      case z3::sat: r.answer = Answer::kDisproven; break;
      case z3::unknown: r.reason = s.reason_unknown(); break;
    }
  } catch (const Unsupported& u) {
    r.reason = u.what;
  } catch (const z3::exception& e) {
    r.reason = e.msg();
  }
  return r;
}

// ---------------------------------------------------------------- SMT-LIB2

namespace {

std::string IntLiteral(const std::string& decimal) {
  return decimal[0] == '-' ? "(- " + decimal.substr(1) + ")" : decimal;
}

std::string IntText(const PrimExpr& e) {
  if (e.dtype == DataType::kUInt64) return std::to_string(static_cast<uint64_t>(e.int_value));
  return IntLiteral(std::to_string(e.int_value));
}

class Smt2Writer {
 public:
  explicit Smt2Writer(const std::vector<Ref<PrimExpr>>& vars) {
    for (const auto& v : vars) {
      std::string base;
      for (char c : v->name)
        base.push_back(isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_');
      if (base.empty() || isdigit(static_cast<unsigned char>(base[0]))) base = "v" + base;
      std::string name = base;
      for (int k = 1; used_.count(name); ++k) name = base + "_" + std::to_string(k);
      used_[name] = 1;
      names_[v.get()] = name;
    }
  }

  std::string E(const PrimExpr& e) {
    if (e.is_tir_only()) return "(! unsupported-tir)";
    switch (e.kind) {
      case PrimKind::kIntImm:
        if (e.dtype == DataType::kBool) return e.int_value ? "true" : "false";
        return IntText(e);
      case PrimKind::kFloatImm: return "(! unsupported-float)";
      case PrimKind::kVar: return names_.count(&e) ? names_[&e] : e.name;
      case PrimKind::kNot: return "(not " + E(*e.operands[0]) + ")";
      case PrimKind::kSelect:
        return "(ite " + E(*e.operands[0]) + " " + E(*e.operands[1]) + " " + E(*e.operands[2]) +
               ")";
      default: break;
    }
    const char* op = nullptr;
    switch (e.kind) {
      case PrimKind::kAdd: op = "+"; break;
      case PrimKind::kSub: op = "-"; break;
      case PrimKind::kMul: op = "*"; break;
      case PrimKind::kFloorDiv: op = "floordiv"; break;
      case PrimKind::kFloorMod: op = "floormod"; break;
      case PrimKind::kTruncDiv: op = "truncdiv"; break;
      case PrimKind::kTruncMod: op = "truncmod"; break;
      case PrimKind::kMin: op = "min"; break;
      case PrimKind::kMax: op = "max"; break;
      case PrimKind::kEQ: op = "="; break;
      case PrimKind::kNE: op = "distinct"; break;
      case PrimKind::kLT: op = "<"; break;
      case PrimKind::kLE: op = "<="; break;
      case PrimKind::kGT: op = ">"; break;
      case PrimKind::kGE: op = ">="; break;
      case PrimKind::kAnd: op = "and"; break;
      case PrimKind::kOr: op = "or"; break;
      default: op = "?"; break;
    }
    return std::string("(") + op + " " + E(*e.operands[0]) + " " + E(*e.operands[1]) + ")";
  }

  // sinfo.prove.definedness: non-zero divisors (constants need no assertion) and results
  // within their dtypes.
  void Divisors(const PrimExpr& e, std::vector<std::string>* out) {
    for (int i = 0; i < e.arity(); ++i) Divisors(*e.operands[i], out);
    bool division = e.kind == PrimKind::kFloorDiv || e.kind == PrimKind::kFloorMod ||
                    e.kind == PrimKind::kTruncDiv || e.kind == PrimKind::kTruncMod;
    if (division && !e.operands[1]->is_int())
      out->push_back("(distinct " + E(*e.operands[1]) + " 0)");
    bool can_overflow = e.kind == PrimKind::kAdd || e.kind == PrimKind::kSub ||
                        e.kind == PrimKind::kMul || e.kind == PrimKind::kFloorDiv ||
                        e.kind == PrimKind::kTruncDiv;
    if (can_overflow && e.dtype != DataType::kBool) {
      std::string lo, hi;
      DTypeRange(e.dtype, &lo, &hi);
      std::string x = E(e);
      out->push_back("(and (<= " + IntLiteral(lo) + " " + x + ") (<= " + x + " " + hi + "))");
    }
  }

  std::unordered_map<const PrimExpr*, std::string> names_;
  std::unordered_map<std::string, int> used_;
};

}  // namespace

std::string QueryToSmt2(const std::vector<Ref<PrimExpr>>& assumptions, const Ref<PrimExpr>& claim,
                        const std::vector<Ref<PrimExpr>>& vars) {
  Smt2Writer w(vars);
  std::ostringstream os;
  os << "; rlx shape query. unsat: the claim is proven; sat: the model is a counterexample.\n"
     << "(set-logic ALL)\n"
     << "; TVM's floor and trunc division in SMT-LIB's Euclidean integer division\n"
     << "(define-fun floordiv ((a Int) (b Int)) Int (ite (> b 0) (div a b) (- (div (- a) b))))\n"
     << "(define-fun floormod ((a Int) (b Int)) Int (ite (> b 0) (mod a b) (- (mod (- a) b))))\n"
     << "(define-fun truncdiv ((a Int) (b Int)) Int\n"
     << "  (let ((q (div (ite (>= a 0) a (- a)) (ite (>= b 0) b (- b))))) (ite (= (>= a 0) (>= b "
        "0)) q (- q))))\n"
     << "(define-fun truncmod ((a Int) (b Int)) Int (- a (* b (truncdiv a b))))\n"
     << "(define-fun min ((a Int) (b Int)) Int (ite (<= a b) a b))\n"
     << "(define-fun max ((a Int) (b Int)) Int (ite (>= a b) a b))\n";
  for (const auto& v : vars) {
    const std::string& n = w.names_[v.get()];
    if (v->dtype == DataType::kBool) {
      os << "(declare-const " << n << " Bool)\n";
      continue;
    }
    std::string lo, hi;
    DTypeRange(v->dtype, &lo, &hi);
    os << "(declare-const " << n << " Int) ; " << DataTypeName(v->dtype) << "\n"
       << "(assert (and (<= " << IntLiteral(lo) << " " << n << ") (<= " << n << " " << hi
       << ")))\n";
  }
  std::vector<std::string> divisors;
  for (const auto& a : assumptions) {
    os << "(assert " << w.E(*a) << ") ; assumption\n";
    w.Divisors(*a, &divisors);
  }
  w.Divisors(*claim, &divisors);
  for (const auto& d : divisors) os << "(assert " << d << ") ; definedness\n";
  os << "(assert (not " << w.E(*claim) << ")) ; the claim, negated\n"
     << "(check-sat)\n(get-model)\n";
  return os.str();
}

}  // namespace rlx::prover
