// A law of the register-tiled matmul (RapidCheck; reproduce with RC_PARAMS): a matmul of random
// extents and float dtype — rows, columns and reduction below, at and above a tile (6 x 32) and a
// panel (256), with or without batch axes, static or symbolic rows — lowered, tiled
// (pass.tile-matmul), simplified (pass.simplify-tir), parallelized and compiled, gives the
// interpreter's values on the module as written, bit for bit (eval.num.matmul).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "compiler/pass/pass.h"
#include "compiler/tests/kernel_compare.h"
#include "interpreter/interpreter.h"
#include "testing/values.h"

namespace rlx::compiler::codegen {
namespace {

using runtime::Value;

struct MatmulCase {
  std::string dtype;
  int batch = 0;  // 0: none
  int rows = 0, cols = 0, depth = 0;
  bool symbolic_rows = false;

  std::string Text() const {
    const std::string r = symbolic_rows ? "\"m\"" : std::to_string(rows);
    const std::string b = batch ? std::to_string(batch) + ", " : "";
    return "@I.ir_module\nclass Module:\n    @R.function\n    def main(x: R.Tensor((" + b + r + ", " + std::to_string(depth) +
           "), dtype=\"" + dtype + "\"), y: R.Tensor((" + b + std::to_string(depth) + ", " + std::to_string(cols) +
           "), dtype=\"" + dtype + "\")):\n        z = R.matmul(x, y)\n        return z\n";
  }
};

Value Random(DataType t, const std::vector<int64_t>& shape, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> d(-3.0, 3.0);
  auto data = std::make_shared<TensorData>(t, shape);
  for (int64_t i = 0; i < data->num_elements(); ++i) data->SetDouble(i, rng() % 13 == 0 ? -0.0 : d(rng));
  return Value::FromTensor(data);
}

RC_GTEST_PROP(TileMatmulLaws, TiledAndCompiledGivesTheReferenceValues, ()) {
  MatmulCase c;
  c.dtype = *rc::gen::element<std::string>("float32", "float16", "bfloat16", "float64");
  c.batch = *rc::gen::inRange(0, 3);
  c.rows = *rc::gen::oneOf(rc::gen::inRange(0, 7), rc::gen::inRange(6, 20));
  c.cols = *rc::gen::oneOf(rc::gen::inRange(1, 33), rc::gen::inRange(31, 70));
  c.depth = *rc::gen::oneOf(rc::gen::inRange(0, 4), rc::gen::inRange(250, 300));
  c.symbolic_rows = *rc::gen::arbitrary<bool>();
  RC_TAG(c.rows >= 6 && c.cols >= 32 ? "tiled" : "too small");
  Ref<IRModule> m = ParseChecked(c.Text().c_str(), "matmul.py");
  RC_ASSERT(m != nullptr);
  const DataType t = *ParseDataType(c.dtype);
  std::vector<int64_t> xs = {c.rows, c.depth}, ys = {c.depth, c.cols};
  if (c.batch) {
    xs.insert(xs.begin(), c.batch);
    ys.insert(ys.begin(), c.batch);
  }
  const std::vector<Value> args = {Random(t, xs, 1), Random(t, ys, 2)};
  interp::RunResult expected = interp::Interpreter(m).Run("main", testing::CopyValues(args));
  Ref<IRModule> scheduled = m;
  for (const char* p : {"legalize-ops", "tile-matmul", "simplify-tir", "parallelize-loops"}) scheduled = RunPass(*FindPass(p), scheduled);
  Tally tally;
  interp::RunResult actual = interp::Interpreter(scheduled, Compiled(true, tally)).Run("main", testing::CopyValues(args));
  RC_ASSERT(expected.ok());
  RC_ASSERT(actual.ok());
  RC_ASSERT(tally.unsupported.empty());
  RC_ASSERT(testing::SameValue(actual.value, expected.value));
}

}  // namespace
}  // namespace rlx::compiler::codegen
