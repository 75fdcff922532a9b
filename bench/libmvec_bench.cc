// Measurement: glibc's vector math library (libmvec, the AVX2 four-lane functions LLVM can
// vectorize calls into) against the spec's ULP bounds (spec §4 eval.num.float: float64 exp, log,
// sin, cos, tan, tanh, erf and pow within 4 ULP; the narrow dtypes are computed in float64 and
// rounded once, so their 1-ULP bound holds whenever the float64 value is within a few ULP), and
// against the scalar C library that the interpreter and the kernels call today.
//   libmvec_bench [SAMPLES]   (default 2^20 random operands per function and range)
// For each function and operand range: the largest error of libmvec and of the scalar function
// in float64 ULP of the exact value (long double's function as the reference: 11 more bits),
// whether special values (where C gives ±0, ±inf or NaN, for ±0, ±inf, NaN and ±1) are C's, and the time per element of each.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

typedef double v4d __attribute__((vector_size(32)));

extern "C" {
v4d _ZGVdN4v_exp(v4d);
v4d _ZGVdN4v_log(v4d);
v4d _ZGVdN4v_sin(v4d);
v4d _ZGVdN4v_cos(v4d);
v4d _ZGVdN4v_tan(v4d);
v4d _ZGVdN4v_tanh(v4d);
v4d _ZGVdN4v_erf(v4d);
v4d _ZGVdN4v_exp2(v4d);
v4d _ZGVdN4v_log2(v4d);
v4d _ZGVdN4v_expm1(v4d);
v4d _ZGVdN4v_log1p(v4d);
v4d _ZGVdN4vv_pow(v4d, v4d);
}

namespace {

struct Function {
  const char* name;
  v4d (*vector)(v4d);
  double (*scalar)(double);
  long double (*exact)(long double);
  double lo, hi;  // the operand range sampled (uniformly in value, or in exponent when lo > 0 and hi / lo > 1e6)
};

// The distance of y from the exact value r, in float64 ULP at r.
double UlpError(double y, long double r) {
  if (std::isnan(y) && std::isnan(static_cast<double>(r))) return 0;
  if (std::isnan(y) || std::isnan(static_cast<double>(r))) return INFINITY;
  const double rd = static_cast<double>(r);
  if (std::isinf(rd) || std::isinf(y)) return y == rd ? 0 : INFINITY;
  int e;
  std::frexp(rd == 0 ? std::ldexp(1.0, -1022) : rd, &e);
  const long double ulp = std::ldexp(1.0L, std::max(e, -1021) - 53);
  return static_cast<double>(std::fabs(static_cast<long double>(y) - r) / ulp);
}

std::vector<double> Operands(double lo, double hi, size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> x(n);
  const bool by_exponent = lo > 0 && hi / lo > 1e6;
  std::uniform_real_distribution<double> u(by_exponent ? std::log2(lo) : lo, by_exponent ? std::log2(hi) : hi);
  for (double& v : x) v = by_exponent ? std::exp2(u(rng)) : u(rng);
  return x;
}

template <class F>
double SecondsPerElement(size_t n, F body) {
  double best = INFINITY;
  for (int r = 0; r < 5; ++r) {
    auto start = std::chrono::steady_clock::now();
    body();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best / static_cast<double>(n);
}

volatile double sink;

void Measure(const Function& f, size_t n) {
  std::vector<double> x = Operands(f.lo, f.hi, n, 7), vec(n), sca(n);
  const double vector_s = SecondsPerElement(n, [&] {
    for (size_t i = 0; i + 4 <= n; i += 4) {
      v4d a;
      std::memcpy(&a, &x[i], sizeof a);
      v4d r = f.vector(a);
      std::memcpy(&vec[i], &r, sizeof r);
    }
  });
  const double scalar_s = SecondsPerElement(n, [&] {
    for (size_t i = 0; i < n; ++i) sca[i] = f.scalar(x[i]);
  });
  double worst_vector = 0, worst_scalar = 0, at = 0;
  for (size_t i = 0; i + 4 <= n; ++i) {
    const long double exact = f.exact(x[i]);
    const double ev = UlpError(vec[i], exact), es = UlpError(sca[i], exact);
    if (ev > worst_vector) worst_vector = ev, at = x[i];
    worst_scalar = std::max(worst_scalar, es);
  }
  // Special values: where the C function's value is ±0, ±inf or NaN, libmvec's must be that value
  // exactly (spec: the special values are those of the C functions).
  const double specials[8] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, -1.0, 1.0};
  int differ = 0;
  for (int group = 0; group < 2; ++group) {
    v4d a;
    std::memcpy(&a, specials + 4 * group, sizeof a);
    v4d r = f.vector(a);
    double out[4];
    std::memcpy(out, &r, sizeof out);
    for (int k = 0; k < 4; ++k) {
      const double want = f.scalar(specials[4 * group + k]);
      const bool special = want == 0 || std::isinf(want) || std::isnan(want);
      const bool same = std::isnan(want) ? std::isnan(out[k]) : (out[k] == want && std::signbit(out[k]) == std::signbit(want));
      if (special && !same) ++differ;
    }
  }
  std::printf("| %s | [%g, %g] | %.3f | %.3f | %g | %d | %.2f | %.2f | %.2f |\n", f.name, f.lo, f.hi, worst_vector,
              worst_scalar, at, differ, vector_s * 1e9, scalar_s * 1e9, scalar_s / vector_s);
}

v4d Pow2(v4d x) { return _ZGVdN4vv_pow(x, v4d{2.5, 2.5, 2.5, 2.5}); }
double ScalarPow(double x) { return std::pow(x, 2.5); }
long double ExactPow(long double x) { return powl(x, 2.5L); }

}  // namespace

int main(int argc, char** argv) {
  const size_t n = argc > 1 ? static_cast<size_t>(std::atoll(argv[1])) : (size_t{1} << 20);
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
    std::printf("this CPU has no AVX2 and FMA: libmvec's four-lane functions do not run here\n");
    return 0;
  }
  const std::vector<Function> functions = {
      {"exp", _ZGVdN4v_exp, ::exp, expl, -700, 700},
      {"exp (softmax range)", _ZGVdN4v_exp, ::exp, expl, -30, 0},
      {"log", _ZGVdN4v_log, ::log, logl, 1e-300, 1e300},
      {"log (near 1)", _ZGVdN4v_log, ::log, logl, 0.5, 2},
      {"sin", _ZGVdN4v_sin, ::sin, sinl, -10, 10},
      {"sin (large)", _ZGVdN4v_sin, ::sin, sinl, -1e6, 1e6},
      {"cos", _ZGVdN4v_cos, ::cos, cosl, -10, 10},
      {"tan", _ZGVdN4v_tan, ::tan, tanl, -10, 10},
      {"tanh", _ZGVdN4v_tanh, ::tanh, tanhl, -20, 20},
      {"erf", _ZGVdN4v_erf, ::erf, erfl, -6, 6},
      {"exp2", _ZGVdN4v_exp2, ::exp2, exp2l, -1000, 1000},
      {"log2", _ZGVdN4v_log2, ::log2, log2l, 1e-300, 1e300},
      {"expm1", _ZGVdN4v_expm1, ::expm1, expm1l, -40, 40},
      {"log1p", _ZGVdN4v_log1p, ::log1p, log1pl, -0.9, 100},
      {"pow(x, 2.5)", Pow2, ScalarPow, ExactPow, 1e-100, 1e100},
  };
  std::printf("| function | operands | libmvec max ULP | C library max ULP | libmvec's worst at | special values unlike C | libmvec ns | C ns | speed-up |\n");
  std::printf("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (const Function& f : functions) Measure(f, n);
  return static_cast<int>(sink);
}
