// Kernels of softmax, log_softmax, layer_norm, rms_norm, batch_norm and pad (spec §5.8):
// computed in float64 and rounded once per result element (eval.num.transcendental).
#include <cmath>
#include <limits>

#include "ir/base/check.h"
#include "interpreter/runtime_names.h"
#include "interpreter/kernels/broadcast.h"
#include "interpreter/kernels/gather.h"
#include "ir/base/checked_int.h"

namespace rlx::interp {
namespace {

// Splits a shape into the kept axes (the "group": outer index) and the listed axes (the
// position inside a group: inner index, row-major in the listed order).
struct AxisSplit {
  std::vector<int64_t> outer_strides, inner_strides;
  int64_t outer_n = 1, inner_n = 1;
};

AxisSplit Split(const std::vector<int64_t>& shape, const std::vector<int>& axes) {
  const int rank = static_cast<int>(shape.size());
  AxisSplit s;
  std::vector<bool> listed(rank, false);
  std::vector<int64_t> inner_shape, kept;
  for (int a : axes) {
    listed[a] = true;
    inner_shape.push_back(shape[a]);
  }
  for (int i = 0; i < rank; ++i) {
    if (!listed[i]) kept.push_back(shape[i]);
  }
  std::vector<int64_t> is = RowMajorStrides(inner_shape), ks = RowMajorStrides(kept);
  s.outer_strides.assign(rank, 0);
  s.inner_strides.assign(rank, 0);
  for (size_t t = 0; t < axes.size(); ++t) s.inner_strides[axes[t]] = is[t];
  for (int i = 0, k = 0; i < rank; ++i) {
    if (!listed[i]) s.outer_strides[i] = ks[k++];
  }
  for (int64_t d : kept) s.outer_n = SatMul(s.outer_n, d);  // saturated: x may be empty
  for (int64_t d : inner_shape) s.inner_n = SatMul(s.inner_n, d);
  return s;
}

// Calls f(flat, outer, inner) for every element.
template <class F>
void ForEachSplit(const std::vector<int64_t>& shape, const AxisSplit& s, F&& f) {
  ForEachBroadcast<2>(shape, {s.outer_strides, s.inner_strides},
                      [&](int64_t i, const std::array<int64_t, 2>& o) { f(i, o[0], o[1]); });
}

std::vector<int> NormAxes(const std::vector<int64_t>& axes, int rank) {
  std::vector<int> out;
  for (int64_t a : axes) out.push_back(static_cast<int>(a < 0 ? a + rank : a));
  return out;
}

std::vector<double> AsDoubles(const Tensor& t) {
  std::vector<double> v(static_cast<size_t>(t->num_elements()));
  for (int64_t i = 0; i < t->num_elements(); ++i) v[i] = t->GetDouble(i);
  return v;
}

// A result of x's dtype and shape from float64 values, rounded once.
Tensor FromDoubles(OpInvocation& inv, const Tensor& like, const std::vector<double>& v) {
  Tensor out = inv.Alloc(like->dtype(), like->shape());
  for (int64_t i = 0; i < out->num_elements(); ++i) out->SetDouble(i, v[i]);
  return out;
}

Value Softmax(OpInvocation& inv, bool log) {
  Tensor x = inv.TensorArg("data");
  if (x->ndim() == 0) return Value::FromTensor(FromDoubles(inv, x, {log ? 0.0 : 1.0}));
  // Empty: nothing to compute (the per-group temporaries would be sized by the other extents).
  if (x->num_elements() == 0) return Value::FromTensor(inv.Alloc(x->dtype(), x->shape()));
  AxisSplit s = Split(x->shape(), NormAxes({inv.attrs().Int("axis")}, x->ndim()));
  std::vector<double> v = AsDoubles(x), mx(s.outer_n, -std::numeric_limits<double>::infinity()),
                      sum(s.outer_n, 0.0), y(v.size());
  ForEachSplit(x->shape(), s, [&](int64_t i, int64_t o, int64_t) {
    if (std::isnan(v[i]) || std::isnan(mx[o])) mx[o] = std::nan("");
    else mx[o] = std::max(mx[o], v[i]);
  });
  ForEachSplit(x->shape(), s, [&](int64_t i, int64_t o, int64_t) { sum[o] += std::exp(v[i] - mx[o]); });
  ForEachSplit(x->shape(), s, [&](int64_t i, int64_t o, int64_t) {
    y[i] = log ? v[i] - mx[o] - std::log(sum[o]) : std::exp(v[i] - mx[o]) / sum[o];
  });
  return Value::FromTensor(FromDoubles(inv, x, y));
}

// layer_norm and rms_norm: statistics over `axes`, weights indexed by the position inside it.
Value Norm(OpInvocation& inv, bool rms) {
  Tensor x = inv.TensorArg("data");
  std::vector<int> axes = NormAxes(*inv.attrs().IntList("axes"), x->ndim());
  AxisSplit s = Split(x->shape(), axes);
  const double eps = inv.attrs().Float("epsilon");
  Tensor gamma = inv.TensorArg(rms ? "weight" : "gamma");
  Tensor beta = rms ? nullptr : inv.TensorArg("beta");
  const bool scale = rms || inv.attrs().Bool("scale"), center = !rms && inv.attrs().Bool("center");
  if (gamma->num_elements() != s.inner_n || (beta && beta->num_elements() != s.inner_n)) {
    inv.FailConstraint(3, "the weights do not have the normalized axes' shape");
  }
  // Empty: nothing to normalize (the per-group statistics would be sized by the kept extents).
  if (x->num_elements() == 0) return Value::FromTensor(inv.Alloc(x->dtype(), x->shape()));
  std::vector<double> v = AsDoubles(x), g = AsDoubles(gamma), b = beta ? AsDoubles(beta) : std::vector<double>{},
                      mean(s.outer_n, 0.0), var(s.outer_n, 0.0), y(v.size());
  const double n = static_cast<double>(s.inner_n);
  if (!rms) {
    ForEachSplit(x->shape(), s, [&](int64_t i, int64_t o, int64_t) { mean[o] += v[i]; });
    for (double& m : mean) m /= n;
  }
  ForEachSplit(x->shape(), s, [&](int64_t i, int64_t o, int64_t) {
    double d = v[i] - mean[o];
    var[o] += d * d;
  });
  ForEachSplit(x->shape(), s, [&](int64_t i, int64_t o, int64_t k) {
    double r = (v[i] - mean[o]) / std::sqrt(var[o] / n + eps);
    if (scale) r *= g[k];
    if (center) r += b[k];
    y[i] = r;
  });
  return Value::FromTensor(FromDoubles(inv, x, y));
}

Value BatchNorm(OpInvocation& inv) {
  Tensor x = inv.TensorArg("data");
  const int rank = x->ndim();
  const int64_t a = inv.attrs().Int("axis");
  const int axis = static_cast<int>(a < 0 ? a + rank : a);
  std::vector<int> others;
  for (int i = 0; i < rank; ++i) {
    if (i != axis) others.push_back(i);
  }
  AxisSplit s = Split(x->shape(), others);  // outer index = channel
  const int64_t channels = x->shape()[axis];
  Tensor gamma = inv.TensorArg("gamma"), beta = inv.TensorArg("beta");
  Tensor mm = inv.TensorArg("moving_mean"), mv = inv.TensorArg("moving_var");
  for (const Tensor& t : {gamma, beta, mm, mv}) {
    if (t->num_elements() != channels) inv.FailConstraint(3, "a statistic does not have one value per channel");
  }
  const double eps = inv.attrs().Float("epsilon"), momentum = inv.attrs().Float("momentum");
  const bool training = inv.attrs().Bool("training");
  std::vector<double> v = AsDoubles(x), g = AsDoubles(gamma), b = AsDoubles(beta), mean = AsDoubles(mm),
                      var = AsDoubles(mv), y(v.size());
  std::vector<double> new_mean = mean, new_var = var;
  if (training) {
    std::vector<double> bm(channels, 0.0), bv(channels, 0.0);
    const double n = static_cast<double>(s.inner_n);
    ForEachSplit(x->shape(), s, [&](int64_t i, int64_t c, int64_t) { bm[c] += v[i]; });
    for (double& m : bm) m /= n;
    ForEachSplit(x->shape(), s, [&](int64_t i, int64_t c, int64_t) {
      double d = v[i] - bm[c];
      bv[c] += d * d;
    });
    for (int64_t c = 0; c < channels; ++c) {
      bv[c] /= n;
      new_mean[c] = (1 - momentum) * mean[c] + momentum * bm[c];
      new_var[c] = (1 - momentum) * var[c] + momentum * bv[c];
    }
    mean = bm;
    var = bv;
  }
  const bool scale = inv.attrs().Bool("scale"), center = inv.attrs().Bool("center");
  ForEachSplit(x->shape(), s, [&](int64_t i, int64_t c, int64_t) {
    double r = (v[i] - mean[c]) / std::sqrt(var[c] + eps);
    if (scale) r *= g[c];
    if (center) r += b[c];
    y[i] = r;
  });
  return Value::FromTuple({Value::FromTensor(FromDoubles(inv, x, y)),
                           Value::FromTensor(FromDoubles(inv, mm, new_mean)),
                           Value::FromTensor(FromDoubles(inv, mv, new_var))});
}

Value Pad(OpInvocation& inv) {
  Tensor x = inv.TensorArg("data");
  std::vector<int64_t> pw = *inv.attrs().IntList("pad_width");
  const std::string mode = inv.attrs().Str("pad_mode");
  const int rank = x->ndim();
  if (pw.size() != static_cast<size_t>(2 * rank)) inv.FailConstraint(2, "pad_width needs 2 * ndim entries");
  std::vector<int64_t> shape(rank), strides = RowMajorStrides(x->shape());
  for (int d = 0; d < rank; ++d) {
    const int64_t n = x->shape()[d];
    std::optional<int64_t> grown = CheckedAdd(n, pw[2 * d]);
    if (grown) grown = CheckedAdd(*grown, pw[2 * d + 1]);
    if (!grown) {
      inv.FailExtentOverflow("of dimension " + std::to_string(d) + " (" + std::to_string(n) +
                             " + " + std::to_string(pw[2 * d]) + " + " +
                             std::to_string(pw[2 * d + 1]) + ")");
    }
    shape[d] = *grown;
    if (mode == "reflect" && (pw[2 * d] > 0 || pw[2 * d + 1] > 0) && (pw[2 * d] >= n || pw[2 * d + 1] >= n)) {
      inv.FailConstraint(4, "reflect padding of dimension " + std::to_string(d) + " is not smaller than its extent");
    }
    if (mode == "replicate" && n == 0 && shape[d] > 0) {
      inv.FailConstraint(4, "replicate padding of an empty dimension");
    }
  }
  std::vector<bool> fill;
  int64_t k = 0;
  Tensor out = Gather(inv, x, shape, [&](const std::vector<int64_t>& idx) {
    int64_t off = 0;
    ++k;
    for (int d = 0; d < rank; ++d) {
      const int64_t n = x->shape()[d];
      int64_t p = idx[d] - pw[2 * d];
      if (p < 0 || p >= n) {
        if (mode == "constant") {
          fill.resize(k, false);
          fill[k - 1] = true;
          return int64_t{-1};
        }
        if (mode == "reflect") p = p < 0 ? -p : 2 * (n - 1) - p;
        else p = p < 0 ? 0 : n - 1;  // replicate
      }
      off += p * strides[d];
    }
    return off;
  });
  const double value = inv.attrs().Float("pad_value");
  DispatchDType(out->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T v = ConvertElem<T>(value);
    T* o = Data<T>(out);
    for (size_t i = 0; i < fill.size(); ++i) {
      if (fill[i]) o[i] = v;
    }
  });
  return Value::FromTensor(out);
}

}  // namespace

Value NNKernel(OpInvocation& inv) {
  switch (inv.op().id) {
    case OpId::kSoftmax: return Softmax(inv, false);
    case OpId::kLogSoftmax: return Softmax(inv, true);
    case OpId::kLayerNorm: return Norm(inv, false);
    case OpId::kRmsNorm: return Norm(inv, true);
    case OpId::kBatchNorm: return BatchNorm(inv);
    case OpId::kPad: return Pad(inv);
    default: break;
  }
  RLX_UNREACHABLE("no kernel for R." + inv.op().name + " (kernel_registry.cc)");
}

}  // namespace rlx::interp
