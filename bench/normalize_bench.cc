// Benchmark: build a function of N bindings through the IR builder with the normalizer attached
// (struct info derived binding by binding, spec sinfo.normalize), for N = 1,000 and 10,000, and
// report the ratio of the two times (linear: about 10; the acceptance bound is 12). The baseline in
// the same run is the checker deriving the same module from scratch (Z3 included).
//   normalize_bench [REPEATS] (default 30; the best time of the repeats counts)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "checker/checker.h"
#include "checker/normalizer.h"
#include "ir/op_args.h"

namespace {

using Clock = std::chrono::steady_clock;

rlx::Ref<rlx::StructInfo> F32(std::vector<rlx::Ref<rlx::PrimExpr>> dims) {
  return rlx::TensorStructInfo::MakeDims(std::move(dims), rlx::DataType::kFloat32);
}

// main(x: (n, 64), w: (64, 64)) with a chain of `bindings` bindings in a dataflow block:
// matmul, add, softmax, multiply by a constant, a match_cast, as a model's layers do.
rlx::Ref<rlx::IRModule> Build(int bindings, rlx::BuildObserver* observer) {
  using namespace rlx;
  IRBuilder b;
  b.SetObserver(observer);
  Ref<PrimExpr> n = PrimExpr::Var("n");
  b.BeginModule("Big");
  b.BeginFunction();
  Ref<Var> x = b.AddParam("x", F32({n, PrimExpr::Int(64)}));
  Ref<Var> w = b.AddParam("w", F32({PrimExpr::Int(64), PrimExpr::Int(64)}));
  auto half = Constant::Make(std::make_shared<TensorData>(DataType::kFloat32, std::vector<int64_t>{}));
  b.BeginDataflow();
  Ref<Var> prev = x;
  for (int i = 0; i < bindings; ++i) {
    switch (i % 5) {
      case 0: prev = b.Emit(MakeCall(OpId::kMatmul, {{"x1", prev}, {"x2", w}})); break;
      case 1: prev = b.Emit(MakeCall(OpId::kAdd, {{"x1", prev}, {"x2", x}})); break;
      case 2: prev = b.Emit(MakeCall(OpId::kSoftmax, {{"data", prev}})); break;
      case 3: prev = b.Emit(MakeCall(OpId::kMultiply, {{"x1", prev}, {"x2", half}})); break;
      default: prev = b.EmitMatchCast(prev, F32({n, PrimExpr::Int(64)})); break;
    }
  }
  std::vector<Ref<Var>> outs = b.EndDataflow({prev});
  b.AddGlobal("main", b.EndFunction(outs[0]));
  return b.EndModule();
}

double BestOf(int repeats, auto&& f) {
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) {
    auto t0 = Clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

}  // namespace

// Builds and normalizes a module of `n` bindings once; false when it does not normalize.
bool BuildAndNormalize(int n) {
  rlx::checker::Normalizer normalizer;
  Build(n, &normalizer);
  if (normalizer.diags().has_errors()) std::fprintf(stderr, "%s", normalizer.diags().RenderAll().c_str());
  return !normalizer.diags().has_errors();
}

int main(int argc, char** argv) {
  int repeats = argc > 1 ? std::atoi(argv[1]) : 30;
  constexpr int kSmall = 1000, kLarge = 10000;
  bool ok = true;
  // The two sizes alternate, so that both see the same machine (this one is shared and its
  // speed drifts over seconds); each keeps its best time.
  double norm_small = 1e30, norm_large = 1e30;
  for (int r = 0; r < repeats; ++r) {
    norm_small = std::min(norm_small, BestOf(1, [&] { ok &= BuildAndNormalize(kSmall); }));
    norm_large = std::min(norm_large, BestOf(1, [&] { ok &= BuildAndNormalize(kLarge); }));
  }
  std::printf("%-8s %14s %14s %14s %18s\n", "bindings", "build (s)", "build+norm (s)", "check (s)",
              "norm per binding");
  for (int n : {kSmall, kLarge}) {
    double build = BestOf(repeats, [&] { Build(n, nullptr); });
    rlx::Ref<rlx::IRModule> m = Build(n, nullptr);
    double check = BestOf(repeats, [&] {
      rlx::SourceManager sources;
      rlx::DiagnosticEngine diags(sources);
      bool checked = rlx::checker::CheckModule(*m, diags).ok;
      if (!checked) std::fprintf(stderr, "%s", diags.RenderAll().c_str());
      ok &= checked;
    });
    const double norm = n == kSmall ? norm_small : norm_large;
    std::printf("%-8d %14.4f %14.4f %14.4f %15.2f us\n", n, build, norm, check, 1e6 * norm / n);
  }
  if (!ok) {
    std::fprintf(stderr, "normalize_bench: the generated module does not check\n");
    return 1;
  }
  std::printf("ratio 10,000 / 1,000 bindings (build + normalize): %.2f (linear: 10; bound: 12)\n",
              norm_large / norm_small);
  return 0;
}
