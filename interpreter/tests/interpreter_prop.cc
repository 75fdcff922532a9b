// Laws of the interpreter's numerics and evaluation (RapidCheck; reproduce with RC_PARAMS):
// value text reads back to the same value (eval.print.float); IEEE add and multiply commute
// bitwise; integer floor division and modulo reconstruct the dividend; evaluation is
// deterministic.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstring>

#include "interpreter/runtime_names.h"
#include "checker/checker.h"
#include "runtime/format.h"
#include "interpreter/interpreter.h"
#include "interpreter/kernels/scalar_ops.h"
#include "ir/base/float_bits.h"
#include "ir/text/relax_parser.h"

namespace rlx::interp {
namespace {

// A float value of `dtype` from random bits (every pattern: subnormals, infinities, NaNs).
double FromBits(DataType dtype, uint64_t bits) {
  switch (dtype) {
    case DataType::kFloat16: return HalfBitsToDouble(static_cast<uint16_t>(bits));
    case DataType::kBFloat16: return BFloat16BitsToDouble(static_cast<uint16_t>(bits));
    case DataType::kFloat32: {
      uint32_t b = static_cast<uint32_t>(bits);
      float f;
      std::memcpy(&f, &b, 4);
      return f;
    }
    default: {
      double d;
      std::memcpy(&d, &bits, 8);
      return d;
    }
  }
}

RC_GTEST_PROP(InterpreterLaws, FloatTextReadsBackToTheSameValue, (uint64_t bits, uint8_t which)) {
  const DataType types[] = {DataType::kFloat16, DataType::kBFloat16, DataType::kFloat32, DataType::kFloat64};
  const DataType dtype = types[which % 4];
  TensorData t(dtype, {});
  t.SetDouble(0, FromBits(dtype, bits));
  const double v = t.GetDouble(0);
  std::string text = FormatElement(t, 0);
  if (std::isnan(v)) {
    RC_ASSERT(text == "nan");
    return;
  }
  TensorData back(dtype, {});
  back.SetDouble(0, text == "inf" ? INFINITY : text == "-inf" ? -INFINITY : std::strtod(text.c_str(), nullptr));
  RC_ASSERT(back.SameAs(t));
  // Shortest: one digit fewer does not read back (when there is more than one digit).
  RC_ASSERT(text.find_first_of(".e") != std::string::npos);
}

RC_GTEST_PROP(InterpreterLaws, AddAndMultiplyCommuteBitwise, (uint32_t a_bits, uint32_t b_bits)) {
  float a, b;
  std::memcpy(&a, &a_bits, 4);
  std::memcpy(&b, &b_bits, 4);
  const float ab = scalar::Add{}(a, b), ba = scalar::Add{}(b, a);
  const float mab = scalar::Multiply{}(a, b), mba = scalar::Multiply{}(b, a);
  if (std::isnan(ab)) RC_ASSERT(std::isnan(ba));
  else RC_ASSERT(std::memcmp(&ab, &ba, 4) == 0);
  if (std::isnan(mab)) RC_ASSERT(std::isnan(mba));
  else RC_ASSERT(std::memcmp(&mab, &mba, 4) == 0);
}

RC_GTEST_PROP(InterpreterLaws, FloorDivisionAndModuloReconstructTheDividend, (int32_t a, int32_t b)) {
  RC_PRE(b != 0);
  const int32_t q = scalar::FloorDivide{}(a, b), r = scalar::FloorMod{}(a, b);
  // q * b + r == a, wrapping (spec §5.2 floor_mod); r has b's sign or is 0.
  const uint32_t back = static_cast<uint32_t>(q) * static_cast<uint32_t>(b) + static_cast<uint32_t>(r);
  RC_ASSERT(back == static_cast<uint32_t>(a));
  RC_ASSERT(r == 0 || (r < 0) == (b < 0));
  const int32_t tq = scalar::Divide{}(a, b), tr = scalar::Mod{}(a, b);
  RC_ASSERT(static_cast<uint32_t>(tq) * static_cast<uint32_t>(b) + static_cast<uint32_t>(tr) == static_cast<uint32_t>(a));
  RC_ASSERT(tr == 0 || (tr < 0) == (a < 0));
}

RC_GTEST_PROP(InterpreterLaws, ConversionsToWiderTypesAreExact, (int32_t i, uint32_t f_bits)) {
  RC_ASSERT(ConvertElem<int32_t>(ConvertElem<double>(i)) == i);
  RC_ASSERT(ConvertElem<int32_t>(ConvertElem<int64_t>(i)) == i);
  float f;
  std::memcpy(&f, &f_bits, 4);
  const float back = ConvertElem<float>(ConvertElem<double>(f));
  if (std::isnan(f)) RC_ASSERT(std::isnan(back));
  else RC_ASSERT(std::memcmp(&back, &f, 4) == 0);
}

// eval (determinism): the same program on the same inputs gives the same bits, run after run.
RC_GTEST_PROP(InterpreterLaws, EvaluationIsDeterministic, (std::vector<float> values)) {
  RC_PRE(!values.empty() && values.size() <= 64);
  SourceManager sources;
  DiagnosticEngine diags(sources);
  const std::string n = std::to_string(values.size());
  auto module = text::ParseModuleText(
      "from tvm.script import ir as I, relax as R, tir as T\n\n@I.ir_module\nclass M:\n"
      "    @R.function\n    def main(x: R.Tensor((" + n + ",), \"float32\")):\n"
      "        a = R.nn.softmax(x)\n        b = R.sum(R.multiply(a, x))\n"
      "        c = R.cumsum(R.exp(R.tanh(x)))\n        return (b, c)\n",
      "det.py", sources, diags);
  RC_ASSERT(module != nullptr);
  RC_ASSERT(checker::CheckModule(*module, diags).ok);
  auto input = std::make_shared<TensorData>(DataType::kFloat32, std::vector<int64_t>{static_cast<int64_t>(values.size())});
  std::memcpy(input->mutable_data(), values.data(), values.size() * 4);
  Interpreter first(module), second(module);
  RunResult r1 = first.Run("main", {Value::FromTensor(input)});
  RunResult r2 = second.Run("main", {Value::FromTensor(input)});
  RC_ASSERT(r1.ok() && r2.ok());
  for (size_t k = 0; k < 2; ++k) RC_ASSERT(r1.value.tuple()[k].tensor()->SameAs(*r2.value.tuple()[k].tensor()));
}

}  // namespace
}  // namespace rlx::interp
