// Kernels of conv2d and the 2-d poolings (spec §5.8), computed in NCHW / OIHW (other layouts
// are permuted in and out, op.nn.layout): floats accumulate in
// float64 and round once per result element; integers accumulate in 64 bits and wrap.
#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>

#include "ir/window_attrs.h"
#include "ir/base/check.h"
#include "interpreter/runtime_names.h"
#include "interpreter/kernels/accumulation.h"
#include "interpreter/kernels/gather.h"
#include "interpreter/kernels/kernels.h"
#include "interpreter/kernels/scalar_ops.h"
#include "ir/layout.h"

namespace rlx::interp {
namespace {


// The geometry of a 2-d window op.
struct Window {
  int64_t N, C, H, W, KH, KW, OH, OW, sh, sw, dh, dw;
  std::array<int64_t, 4> pad;  // top, left, bottom, right
};

int64_t OutExtent(OpInvocation& inv, int c, int64_t in, int64_t before, int64_t after, int64_t k,
                  int64_t dil, int64_t stride, bool ceil_mode) {
  // In 128 bits: the paddings, dilation and window are attributes of any int64 size.
  const __int128 span =
      static_cast<__int128>(in) + before + after - static_cast<__int128>(dil) * (k - 1) - 1;
  if (span < 0) inv.FailConstraint(c, "the window does not fit in the padded input");
  // In ceil mode the last window is kept even when it starts in the trailing padding (as TVM
  // does; PyTorch drops it): spec §5.8, R.nn.max_pool2d, "Unlike PyTorch".
  const __int128 extent = (span + (ceil_mode ? stride - 1 : 0)) / stride + 1;
  if (extent > INT64_MAX) {
    // eval.limit.tensor
    inv.FailExtentOverflow("(" + std::to_string(in) + " + " + std::to_string(before) + " + " +
                           std::to_string(after) + " - " + std::to_string(dil) + " * (" +
                           std::to_string(k) + " - 1) - 1) / " + std::to_string(stride) + " + 1");
  }
  return static_cast<int64_t>(extent);
}

// x in NCHW, w in OIHW; the result in NCHW.
Value Conv2d(OpInvocation& inv, Tensor x, Tensor w) {
  auto attrs = inv.attrs();
  if (x->dtype() != w->dtype()) inv.FailConstraint(6, "data and weight dtypes differ");
  Window g{};
  g.N = x->shape()[0], g.C = x->shape()[1], g.H = x->shape()[2], g.W = x->shape()[3];
  const int64_t O = w->shape()[0], I = w->shape()[1];
  g.KH = w->shape()[2], g.KW = w->shape()[3];
  const int64_t groups = attrs.Int("groups");
  // op.nn.conv2d.c4 at run time; each message names the condition that failed.
  if (groups < 1) inv.FailConstraint(4, "groups must be >= 1, got " + std::to_string(groups));
  if (static_cast<__int128>(g.C) != static_cast<__int128>(I) * groups) {
    inv.FailConstraint(4, "data has " + std::to_string(g.C) + " channels, weight expects " +
                              std::to_string(I) + " x " + std::to_string(groups) + " groups");
  }
  if (O % groups != 0) {
    inv.FailConstraint(4, "weight has " + std::to_string(O) + " output channels, not divisible by " +
                              std::to_string(groups) + " groups");
  }
  std::tie(g.sh, g.sw) = WindowPair(*attrs.IntList("strides"));
  std::tie(g.dh, g.dw) = WindowPair(*attrs.IntList("dilation"));
  g.pad = WindowPadding(*attrs.IntList("padding"));
  g.OH = OutExtent(inv, 5, g.H, g.pad[0], g.pad[2], g.KH, g.dh, g.sh, false);
  g.OW = OutExtent(inv, 5, g.W, g.pad[1], g.pad[3], g.KW, g.dw, g.sw, false);
  DataType out_dtype = attrs.DType("out_dtype");
  if (out_dtype == DataType::kVoid) out_dtype = x->dtype();
  // With an out_dtype the operands are converted first, as astype converts (spec §5.8).
  if (out_dtype != x->dtype()) {
    x = ConvertTensor(inv, x, out_dtype);
    w = ConvertTensor(inv, w, out_dtype);
  }
  Tensor out = inv.Alloc(out_dtype, {g.N, O, g.OH, g.OW});
  // Empty result or empty kernel: nothing to sum (the result stays 0), and no loop over
  // extents of empty tensors.
  if (out->num_elements() == 0 || g.KH == 0 || g.KW == 0) return Value::FromTensor(out);
  // eval.limit.work: I * KH * KW multiply-adds per result element.
  inv.ChargeWork({out->num_elements(), I, g.KH, g.KW});
  const int64_t per_group = O / groups;
  // The operands were converted to out_dtype above, so one element type serves both.
  DispatchDType(out_dtype, [&](auto tag) {
    using T = decltype(tag);
    using Ac = Accumulation<T>;
    using Acc = typename Ac::Acc;
    const T* px = Data<T>(x);
    const T* pw = Data<T>(w);
    T* po = Data<T>(out);
    // Per (n, o): accumulate whole output planes, tap by tap (channel, row, column of the
    // kernel, in increasing order: the same sums, in the same order, as one output element
    // at a time), with the valid output columns of each tap computed once so that the
    // innermost loop is contiguous for stride 1.
    std::vector<Acc> acc(static_cast<size_t>(g.OH * g.OW));
    for (int64_t n = 0; n < g.N; ++n) {
      for (int64_t o = 0; o < O; ++o) {
        const int64_t grp = o / per_group;
        std::fill(acc.begin(), acc.end(), Acc{0});
        for (int64_t i = 0; i < I; ++i) {
          const int64_t c = grp * I + i;
          const T* plane = px + (n * g.C + c) * g.H * g.W;
          for (int64_t r = 0; r < g.KH; ++r) {
            for (int64_t s = 0; s < g.KW; ++s) {
              const Acc wv = Ac::Of(pw[((o * I + i) * g.KH + r) * g.KW + s]);
              // Output columns x with 0 <= x * sw + s * dw - left < W.
              const int64_t off = s * g.dw - g.pad[1];
              int64_t x0 = off >= 0 ? 0 : (-off + g.sw - 1) / g.sw;
              int64_t x1 = g.W - 1 - off < 0 ? -1 : (g.W - 1 - off) / g.sw;
              x1 = std::min(x1, g.OW - 1);
              for (int64_t y = 0; y < g.OH; ++y) {
                const int64_t p = y * g.sh + r * g.dh - g.pad[0];
                if (p < 0 || p >= g.H) continue;
                const int64_t base = p * g.W + off;  // + x * sw stays inside the row
                Acc* a = acc.data() + y * g.OW;
                for (int64_t x = x0; x <= x1; ++x) Ac::MulAdd(a[x], wv, Ac::Of(plane[base + x * g.sw]));
              }
            }
          }
        }
        T* dst = po + (n * O + o) * g.OH * g.OW;
        for (int64_t k = 0; k < g.OH * g.OW; ++k) dst[k] = Ac::Result(acc[k]);
      }
    }
  });
  return Value::FromTensor(out);
}

// x in NCHW; the result in NCHW.
Value Pool(OpInvocation& inv, const Tensor& x, bool is_max) {
  auto attrs = inv.attrs();
  Window g{};
  g.N = x->shape()[0], g.C = x->shape()[1], g.H = x->shape()[2], g.W = x->shape()[3];
  std::tie(g.KH, g.KW) = WindowPair(*attrs.IntList("pool_size"));
  std::tie(g.sh, g.sw) = WindowPair(*attrs.IntList("strides"));
  std::tie(g.dh, g.dw) = WindowPair(*attrs.IntList("dilation"));
  g.pad = WindowPadding(*attrs.IntList("padding"));
  const bool ceil_mode = attrs.Bool("ceil_mode"), include_pad = attrs.Bool("count_include_pad");
  g.OH = OutExtent(inv, 4, g.H, g.pad[0], g.pad[2], g.KH, g.dh, g.sh, ceil_mode);
  g.OW = OutExtent(inv, 4, g.W, g.pad[1], g.pad[3], g.KW, g.dw, g.sw, ceil_mode);
  Tensor out = inv.Alloc(x->dtype(), {g.N, g.C, g.OH, g.OW});
  if (out->num_elements() == 0) return Value::FromTensor(out);
  // eval.limit.work: every window visits KH * KW taps.
  inv.ChargeWork({out->num_elements(), g.KH, g.KW});
  DispatchDType(x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* px = Data<T>(x);
    T* po = Data<T>(out);
    int64_t oi = 0;
    for (int64_t nc = 0; nc < g.N * g.C; ++nc) {
      const T* plane = px + nc * g.H * g.W;
      for (int64_t y = 0; y < g.OH; ++y) {
        for (int64_t xo = 0; xo < g.OW; ++xo) {
          double facc = is_max ? -std::numeric_limits<double>::infinity() : 0.0;
          bool nan = false;
          __int128 iacc = 0;
          int64_t count = 0, padded = 0;
          T best{};
          bool have = false;
          for (int64_t r = 0; r < g.KH; ++r) {
            const int64_t p = y * g.sh + r * g.dh - g.pad[0];
            for (int64_t s = 0; s < g.KW; ++s) {
              const int64_t q = xo * g.sw + s * g.dw - g.pad[1];
              const bool in_padded = p >= -g.pad[0] && p < g.H + g.pad[2] && q >= -g.pad[1] && q < g.W + g.pad[3];
              if (in_padded) ++padded;
              if (p < 0 || p >= g.H || q < 0 || q >= g.W) continue;
              ++count;
              const T v = plane[p * g.W + q];
              if constexpr (kIsFloatElem<T>) {
                const double d = ToDouble(v);
                if (std::isnan(d)) nan = true;
                facc = is_max ? scalar::Maximum(facc, d) : facc + d;
              } else {
                if (is_max) {
                  if (!have || v > best) best = v;
                  have = true;
                } else {
                  iacc += static_cast<__int128>(v);
                }
              }
            }
          }
          const int64_t divisor = include_pad ? padded : count;
          if constexpr (kIsFloatElem<T>) {
            if (nan) facc = std::nan("");
            else if (!is_max) facc = facc / static_cast<double>(divisor);
            po[oi++] = RoundFloat<T>(facc);
          } else if (is_max) {
            // A window without input elements gives the lowest value (chapter 4).
            po[oi++] = have ? best : std::numeric_limits<T>::lowest();
          } else if (divisor == 0) {
            // eval.num.empty-window: no tap to count.
            Fail(ErrorCode::kDivisionByZero, "R.nn.avg_pool2d window with no element to count");
          } else if constexpr (std::is_same_v<T, bool>) {
            po[oi++] = iacc != 0;  // the mean of bools: some counted tap is True (as R.mean)
          } else {
            po[oi++] = scalar::Wrap<T>(static_cast<uint64_t>(iacc / divisor));
          }
        }
      }
    }
  });
  return Value::FromTensor(out);
}

// x in NCHW; the result in NCHW.
Value AdaptiveAvgPool(OpInvocation& inv, const Tensor& x) {
  const int64_t N = x->shape()[0], C = x->shape()[1], H = x->shape()[2], W = x->shape()[3];
  int64_t OH = H, OW = W;
  if (auto sizes = inv.attrs().IntList("output_size")) std::tie(OH, OW) = WindowPair(*sizes);
  Tensor out = inv.Alloc(x->dtype(), {N, C, OH, OW});
  if (out->num_elements() == 0) return Value::FromTensor(out);
  DispatchDType(x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* px = Data<T>(x);
    T* po = Data<T>(out);
    int64_t oi = 0;
    for (int64_t nc = 0; nc < N * C; ++nc) {
      const T* plane = px + nc * H * W;
      for (int64_t i = 0; i < OH; ++i) {
        // In 128 bits: an extent of an empty input may be near 2^63.
        const int64_t p0 = static_cast<int64_t>(static_cast<__int128>(i) * H / OH);
        const int64_t p1 = static_cast<int64_t>((static_cast<__int128>(i + 1) * H + OH - 1) / OH);
        for (int64_t j = 0; j < OW; ++j) {
          const int64_t q0 = static_cast<int64_t>(static_cast<__int128>(j) * W / OW);
          const int64_t q1 = static_cast<int64_t>((static_cast<__int128>(j + 1) * W + OW - 1) / OW);
          double facc = 0;
          __int128 iacc = 0;
          // An empty bin (H or W is 0) visits nothing, however long its other side.
          for (int64_t p = p0; p < p1 && q0 < q1; ++p) {
            for (int64_t q = q0; q < q1; ++q) {
              if constexpr (kIsFloatElem<T>) facc += ToDouble(plane[p * W + q]);
              else iacc += static_cast<__int128>(plane[p * W + q]);
            }
          }
          const int64_t count = q0 < q1 ? (p1 - p0) * (q1 - q0) : 0;
          if constexpr (kIsFloatElem<T>) {
            po[oi++] = RoundFloat<T>(facc / static_cast<double>(count));
          } else {
            // eval.num.empty-window
            if (count == 0) Fail(ErrorCode::kDivisionByZero, "R.nn.adaptive_avg_pool2d bin with no element");
            if constexpr (std::is_same_v<T, bool>) po[oi++] = iacc != 0;
            else po[oi++] = scalar::Wrap<T>(static_cast<uint64_t>(iacc / count));
          }
        }
      }
    }
  });
  return Value::FromTensor(out);
}

}  // namespace

// op.nn.layout: the kernels compute in NCHW (weights OIHW); other layouts are permutations of
// it, so the operands are permuted into the canonical order and the result out of it.
Value ConvPoolKernel(OpInvocation& inv) {
  const OpId id = inv.op().id;
  const bool conv = id == OpId::kConv2d;
  auto attrs = inv.attrs();
  const std::string data_layout = attrs.Str(conv ? "data_layout" : "layout");
  const AttrValue* out_attr = attrs.Find("out_layout");
  const std::string out_layout =
      out_attr && out_attr->kind() == AttrValue::Kind::kString ? out_attr->as_string() : data_layout;
  auto to_nchw = LayoutToCanonical(data_layout, "NCHW");
  auto from_nchw = CanonicalToLayout(out_layout, "NCHW");
  auto to_oihw = conv ? LayoutToCanonical(attrs.Str("kernel_layout"), "OIHW") : std::vector<int>{0, 1, 2, 3};
  if (!to_nchw || !from_nchw || !to_oihw) inv.FailConstraint(2, "the layouts are not permutations of NCHW / OIHW");
  Tensor x = inv.TensorArg("data");
  Tensor w = conv ? inv.TensorArg("weight") : nullptr;
  if (x->ndim() != 4 || (w && w->ndim() != 4)) inv.FailConstraint(1, conv ? "data and weight must have rank 4" : "data must have rank 4");
  x = PermutedTensor(inv, x, *to_nchw);
  if (w) w = PermutedTensor(inv, w, *to_oihw);
  Value out;
  switch (id) {
    case OpId::kConv2d: out = Conv2d(inv, x, w); break;
    case OpId::kMaxPool2d: out = Pool(inv, x, true); break;
    case OpId::kAvgPool2d: out = Pool(inv, x, false); break;
    case OpId::kAdaptiveAvgPool2d: out = AdaptiveAvgPool(inv, x); break;
    default: RLX_UNREACHABLE("no kernel for R." + inv.op().name + " (kernel_registry.cc)");
  }
  return Value::FromTensor(PermutedTensor(inv, out.tensor(), *from_nchw));
}

}  // namespace rlx::interp
