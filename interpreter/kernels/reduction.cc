// Kernels of the reductions, argmax/argmin and the scans (spec §5.4; numerics eval.num.reduce,
// eval.num.argmax): floats accumulate in float64 in increasing index order and round once.
#include <cmath>
#include <limits>

#include "interpreter/runtime_names.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/kernels.h"
#include "interpreter/kernels/scalar_ops.h"

namespace rlx::interp {
namespace {

// Which axes are reduced, and where each input element lands in the result.
struct ReducePlan {
  std::vector<bool> reduced;
  std::vector<int64_t> out_shape;      // with keepdims applied
  std::vector<int64_t> in_to_out;      // strides in the result for the input's axes (0: reduced)
  int64_t count = 1;                   // elements per reduced set
};

ReducePlan Plan(const std::vector<int64_t>& shape, const std::optional<std::vector<int64_t>>& axes,
                bool keepdims) {
  const int rank = static_cast<int>(shape.size());
  ReducePlan p;
  p.reduced.assign(rank, !axes.has_value());
  if (axes) {
    for (int64_t a : *axes) p.reduced[a < 0 ? a + rank : a] = true;
  }
  std::vector<int64_t> kept;
  for (int i = 0; i < rank; ++i) {
    if (p.reduced[i]) {
      p.count = SatMul(p.count, shape[i]);
      if (keepdims) p.out_shape.push_back(1);
    } else {
      p.out_shape.push_back(shape[i]);
      kept.push_back(shape[i]);
    }
  }
  std::vector<int64_t> kept_strides = RowMajorStrides(kept);
  p.in_to_out.assign(rank, 0);
  for (int i = 0, k = 0; i < rank; ++i) {
    if (!p.reduced[i]) p.in_to_out[i] = kept_strides[k++];
  }
  return p;
}

// Calls f(input offset, result offset) for every input element, in row-major order.
template <class F>
void ForEachInput(const std::vector<int64_t>& shape, const ReducePlan& p, F&& f) {
  ForEachBroadcast<1>(shape, {p.in_to_out},
                      [&](int64_t i, const std::array<int64_t, 1>& o) { f(i, o[0]); });
}

// When the reduced axes are one contiguous run [a, b), the input is (outer, red, inner) and
// each result element (o, i) folds x[o, 0..red, i] in increasing index order.
struct Contiguous {
  int64_t outer = 1, red = 1, inner = 1;
};

std::optional<Contiguous> AsContiguous(const std::vector<int64_t>& shape, const ReducePlan& p) {
  const int rank = static_cast<int>(shape.size());
  int a = -1, b = -1;
  for (int i = 0; i < rank; ++i) {
    if (!p.reduced[i]) continue;
    if (a < 0) a = i;
    else if (b != i) return std::nullopt;  // a gap between reduced axes
    b = i + 1;
  }
  Contiguous c;
  if (a < 0) {  // nothing reduced: every element is its own set
    c.outer = NumElements(shape);
    return c;
  }
  for (int i = 0; i < a; ++i) c.outer = SatMul(c.outer, shape[i]);
  for (int i = a; i < b; ++i) c.red = SatMul(c.red, shape[i]);
  for (int i = b; i < rank; ++i) c.inner = SatMul(c.inner, shape[i]);
  return c;
}

// Folds float elements in float64 with `fold` over (outer, red, inner); acc starts at `init`.
template <class T, class Fold>
void FoldContiguous(const T* in, const Contiguous& c, double init, std::vector<double>& acc, Fold fold) {
  acc.assign(static_cast<size_t>(c.outer * c.inner), init);
  for (int64_t o = 0; o < c.outer; ++o) {
    double* a = acc.data() + o * c.inner;
    const T* x = in + o * c.red * c.inner;
    if (c.inner == 1) {
      double s = init;
      for (int64_t r = 0; r < c.red; ++r) s = fold(s, ToDouble(x[r]));
      a[0] = s;
      continue;
    }
    for (int64_t r = 0; r < c.red; ++r) {
      const T* row = x + r * c.inner;
      for (int64_t i = 0; i < c.inner; ++i) a[i] = fold(a[i], ToDouble(row[i]));
    }
  }
}

[[noreturn]] void EmptySet(OpInvocation& inv) {
  // eval.trap.value: max, min, argmax and argmin of an empty set.
  Fail(ErrorCode::kInvalidValue, "R." + inv.op().name + " of an empty set");
}

template <class T>
Value Reduce(OpInvocation& inv, const Tensor& x, const ReducePlan& p) {
  const OpId id = inv.op().id;
  const int64_t out_n = NumElements(p.out_shape);
  const T* in = Data<T>(x);
  Tensor out = inv.Alloc(x->dtype(), p.out_shape);
  T* o = Data<T>(out);
  if ((id == OpId::kMax || id == OpId::kMin) && p.count == 0 && out_n > 0) EmptySet(inv);
  // An empty result: no work (the loops below would run over the input's outer extents).
  if (out_n == 0) return Value::FromTensor(out);
  if constexpr (kIsFloatElem<T>) {
    std::vector<double> acc(out_n, id == OpId::kProd ? 1.0 : 0.0);
    std::vector<bool> seen(out_n, false);
    std::optional<Contiguous> c = AsContiguous(x->shape(), p);
    // The common layouts take typed loops without per-element dispatch (same order, same sums).
    if (c && (id == OpId::kSum || id == OpId::kMean) && c->red > 0) {
      FoldContiguous(in, *c, 0.0, acc, [](double s, double v) { return s + v; });
      seen.assign(out_n, true);
    } else if (c && id == OpId::kProd && c->red > 0) {
      FoldContiguous(in, *c, 1.0, acc, [](double s, double v) { return s * v; });
      seen.assign(out_n, true);
    } else ForEachInput(x->shape(), p, [&](int64_t i, int64_t j) {
      double v = ToDouble(in[i]);
      switch (id) {
        case OpId::kProd: acc[j] *= v; break;
        case OpId::kMax: acc[j] = seen[j] ? scalar::Maximum(acc[j], v) : v; break;
        case OpId::kMin: acc[j] = seen[j] ? scalar::Minimum(acc[j], v) : v; break;
        default: acc[j] += v; break;
      }
      seen[j] = true;
    });
    if (id == OpId::kVariance || id == OpId::kStd) {
      std::vector<double> dev(out_n, 0.0);
      const double n = static_cast<double>(p.count);
      ForEachInput(x->shape(), p, [&](int64_t i, int64_t j) {
        double d = ToDouble(in[i]) - acc[j] / n;
        dev[j] += d * d;
      });
      for (int64_t j = 0; j < out_n; ++j) {
        double var = dev[j] / n;
        o[j] = RoundFloat<T>(id == OpId::kStd ? std::sqrt(var) : var);
      }
    } else {
      for (int64_t j = 0; j < out_n; ++j) {
        o[j] = RoundFloat<T>(id == OpId::kMean ? acc[j] / static_cast<double>(p.count) : acc[j]);
      }
    }
  } else if constexpr (std::is_same_v<T, bool>) {
    // sum/max: some element is True; prod/min: every element is True; std/variance: both occur.
    std::vector<uint8_t> any(out_n, 0), all(out_n, 1);
    ForEachInput(x->shape(), p, [&](int64_t i, int64_t j) {
      any[j] |= in[i];
      all[j] &= in[i];
    });
    for (int64_t j = 0; j < out_n; ++j) {
      switch (id) {
        case OpId::kProd:
        case OpId::kMin: o[j] = all[j]; break;
        case OpId::kVariance:
        case OpId::kStd:
        case OpId::kMean:
          if (p.count == 0) Fail(ErrorCode::kDivisionByZero, "R." + inv.op().name + " of an empty set");
          o[j] = id == OpId::kMean ? any[j] : (any[j] && !all[j]);
          break;
        default: o[j] = any[j]; break;
      }
    }
  } else {
    if (id == OpId::kVariance || id == OpId::kStd) {
      // Integers: computed in float64, then converted as astype converts (spec §5.4 overrides).
      std::vector<double> acc(out_n, 0.0), dev(out_n, 0.0);
      if (p.count == 0 && out_n > 0) Fail(ErrorCode::kDivisionByZero, "R." + inv.op().name + " of an empty set");
      ForEachInput(x->shape(), p, [&](int64_t i, int64_t j) { acc[j] += ToDouble(in[i]); });
      const double n = static_cast<double>(p.count);
      ForEachInput(x->shape(), p, [&](int64_t i, int64_t j) {
        double d = ToDouble(in[i]) - acc[j] / n;
        dev[j] += d * d;
      });
      for (int64_t j = 0; j < out_n; ++j) {
        double var = dev[j] / n;
        o[j] = SaturateFromDouble<T>(id == OpId::kStd ? std::sqrt(var) : var);
      }
    } else if (id == OpId::kMean) {
      // The exact mean rounded toward zero: a 128-bit sum.
      if (p.count == 0 && out_n > 0) Fail(ErrorCode::kDivisionByZero, "R.mean of an empty integer set");
      std::vector<__int128> acc(out_n, 0);
      ForEachInput(x->shape(), p, [&](int64_t i, int64_t j) { acc[j] += static_cast<__int128>(in[i]); });
      for (int64_t j = 0; j < out_n; ++j) o[j] = static_cast<T>(acc[j] / p.count);
    } else {
      std::vector<uint64_t> acc(out_n, id == OpId::kProd ? 1 : 0);
      std::vector<T> ext(out_n, T{});
      std::vector<bool> seen(out_n, false);
      ForEachInput(x->shape(), p, [&](int64_t i, int64_t j) {
        switch (id) {
          case OpId::kProd: acc[j] *= scalar::U64(in[i]); break;
          case OpId::kMax: ext[j] = seen[j] && ext[j] >= in[i] ? ext[j] : in[i]; break;
          case OpId::kMin: ext[j] = seen[j] && ext[j] <= in[i] ? ext[j] : in[i]; break;
          default: acc[j] += scalar::U64(in[i]); break;
        }
        seen[j] = true;
      });
      for (int64_t j = 0; j < out_n; ++j) {
        o[j] = (id == OpId::kMax || id == OpId::kMin) ? ext[j] : scalar::Wrap<T>(acc[j]);
      }
    }
  }
  return Value::FromTensor(out);
}

}  // namespace

Value ReductionKernel(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  ReducePlan p = Plan(x->shape(), inv.attrs().IntList("axis"), inv.attrs().Bool("keepdims"));
  return DispatchDType(x->dtype(), [&](auto tag) { return Reduce<decltype(tag)>(inv, x, p); });
}

Value SearchKernel(OpInvocation& inv) {
  Tensor x = inv.TensorArg("x");
  std::optional<int64_t> axis = inv.attrs().OptInt("axis");
  bool keepdims = inv.attrs().Bool("keepdims");
  std::optional<std::vector<int64_t>> axes;
  if (axis) axes = std::vector<int64_t>{*axis};
  ReducePlan p = Plan(x->shape(), axes, keepdims);
  const int64_t out_n = NumElements(p.out_shape);
  if (p.count == 0 && out_n > 0) EmptySet(inv);
  const bool is_max = inv.op().id == OpId::kArgmax;
  // The position of each element within its reduced set: its row-major index over the reduced
  // axes (the flattened index when axis is None).
  std::vector<int64_t> reduced_shape, pos_strides(x->ndim(), 0);
  for (int i = 0; i < x->ndim(); ++i) {
    if (p.reduced[i]) reduced_shape.push_back(x->shape()[i]);
  }
  std::vector<int64_t> rs = RowMajorStrides(reduced_shape);
  for (int i = 0, k = 0; i < x->ndim(); ++i) {
    if (p.reduced[i]) pos_strides[i] = rs[k++];
  }
  Tensor out = inv.Alloc(DataType::kInt64, p.out_shape);
  int64_t* o = Data<int64_t>(out);
  DispatchDType(x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* in = Data<T>(x);
    std::vector<double> best(out_n, 0.0);
    std::vector<bool> seen(out_n, false);
    // eval.num.argmax: the first extreme element wins; the first NaN wins over everything.
    ForEachBroadcast<2>(x->shape(), {p.in_to_out, pos_strides},
                        [&](int64_t i, const std::array<int64_t, 2>& jo) {
                          const int64_t j = jo[0];
                          double v = ToDouble(in[i]);
                          bool take = !seen[j];
                          if (!take && !std::isnan(best[j])) {
                            take = std::isnan(v) || (is_max ? v > best[j] : v < best[j]);
                          }
                          if (take) {
                            best[j] = v;
                            o[j] = jo[1];
                            seen[j] = true;
                          }
                        });
  });
  return Value::FromTensor(out);
}

Value ScanKernel(OpInvocation& inv) {
  Tensor data = inv.TensorArg("data");
  DataType dtype = inv.attrs().DType("dtype");
  if (dtype == DataType::kVoid) dtype = data->dtype();
  std::optional<int64_t> axis = inv.attrs().OptInt("axis");
  const bool exclusive = inv.attrs().Bool("exclusive");
  const bool is_sum = inv.op().id == OpId::kCumsum;
  std::vector<int64_t> shape = data->shape();
  int ax = 0;
  if (!axis) {
    shape = {data->num_elements()};
  } else {
    ax = static_cast<int>(*axis < 0 ? *axis + data->ndim() : *axis);
  }
  Tensor out = inv.Alloc(dtype, shape);
  // Empty: nothing to scan (outer * inner * len would count iterations over nothing).
  if (out->num_elements() == 0) return Value::FromTensor(out);
  const int64_t len = shape.empty() ? 1 : shape[ax];
  int64_t inner = 1, outer = 1;
  for (size_t i = ax + 1; i < shape.size(); ++i) inner *= shape[i];
  for (int i = 0; i < ax; ++i) outer *= shape[i];
  DispatchDType(data->dtype(), [&](auto from_tag) {
    using From = decltype(from_tag);
    DispatchDType(dtype, [&](auto to_tag) {
      using T = decltype(to_tag);
      const From* in = Data<From>(data);
      T* o = Data<T>(out);
      for (int64_t a = 0; a < outer; ++a) {
        for (int64_t b = 0; b < inner; ++b) {
          // The elements are converted to T first (spec §5.4 cumsum), then accumulated.
          double facc = is_sum ? 0.0 : 1.0;
          uint64_t iacc = is_sum ? 0 : 1;
          for (int64_t k = 0; k < len; ++k) {
            const int64_t idx = (a * len + k) * inner + b;
            T v = ConvertElem<T>(in[idx]);
            auto emit = [&] {
              if constexpr (kIsFloatElem<T>) o[idx] = RoundFloat<T>(facc);
              else o[idx] = scalar::Wrap<T>(iacc);
            };
            if (exclusive) emit();
            if constexpr (kIsFloatElem<T>) {
              facc = is_sum ? facc + ToDouble(v) : facc * ToDouble(v);
            } else if constexpr (std::is_same_v<T, bool>) {
              iacc = is_sum ? (iacc || v) : (iacc && v);
            } else {
              iacc = is_sum ? iacc + scalar::U64(v) : iacc * scalar::U64(v);
            }
            if (!exclusive) emit();
          }
        }
      }
    });
  });
  return Value::FromTensor(out);
}

}  // namespace rlx::interp
