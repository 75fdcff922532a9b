// A law of the TIR interpreter (RapidCheck; reproduce with RC_PARAMS): its optimized form —
// accesses proven in bounds left unchecked, perfect loop nests with strength-reduced offsets,
// fused reduction updates, block variables aliased to loop variables — computes bit for bit
// what its plain form computes, or traps with the same code (spec tir.eval.*).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "checker/checker.h"
#include "interpreter/interpreter.h"
#include "ir/text/relax_parser.h"
#include "runtime/io/random_inputs.h"
#include "testing/values.h"

namespace rlx::interp {
namespace {

// A random reduction C[i..] = init op_r A[i.., r] * W[r], then D[i..] = C[i..] * 2 + A[i.., 0],
// in TVM's block style or as an imperfect nest of plain loops, over static or symbolic extents;
// optionally with A's first index shifted and the update behind a padding guard (the guard
// complete, or only its lower half, so that the unguarded side traps), and with C a float64
// accumulator of float operands (rlx's lowerings).
struct NestCase {
  std::string dtype;
  std::vector<int> dims;  // C's extents
  int reduce = 0;         // the reduce extent
  bool blocks = false;
  bool symbolic = false;
  bool reversed = false;  // read A at (d0 - 1 - i0, ...)
  int op = 0;             // 0: +, 1: max, 2: *
  int shift = 0;          // A's first index is i0 + shift in the update
  int guard = 0;          // 0: none, 1: 0 <= i0 + shift < d0, 2: only 0 <= i0 + shift
  bool widen = false;     // C is float64 (float dtypes)

  bool Widened() const { return widen && (dtype == "float32" || dtype == "float16"); }

  std::string Text() const {
    std::ostringstream t;
    const size_t rank = dims.size();
    auto dim = [&](size_t a) { return symbolic ? "n" + std::to_string(a) : "T.int64(" + std::to_string(dims[a]) + ")"; };
    std::string c_shape, a_shape, idx, vidx, axes;
    for (size_t a = 0; a < rank; ++a) {
      c_shape += dim(a) + ", ";
      idx += (a ? ", " : "") + std::string("i") + std::to_string(a);
      vidx += (a ? ", " : "") + std::string("v") + std::to_string(a);
      axes += "S";
    }
    a_shape = c_shape + "T.int64(" + std::to_string(reduce) + ")";
    // The first index of A in the update (shifted) and in D (not).
    auto first = [&](const std::string& v, int by) {
      std::string i = reversed ? dim(0) + " - T.int64(1) - " + v : v;
      if (by != 0) i += (by > 0 ? " + T.int64(" : " - T.int64(") + std::to_string(by > 0 ? by : -by) + ")";
      return i;
    };
    auto a_index = [&](const std::string& prefix, const std::string& r, int by) {
      std::string s = first(prefix + "0", by) + ", ";
      for (size_t a = 1; a < rank; ++a) s += prefix + std::to_string(a) + ", ";
      return s + r;
    };
    const std::string cdt = Widened() ? "float64" : dtype;
    const std::string init = op == 2 ? "T." + cdt + "(1)" : op == 1 ? "T.min_value(\"" + cdt + "\")" : "T." + cdt + "(0)";
    auto widened = [&](const std::string& x) { return Widened() ? "T.Cast(\"float64\", " + x + ")" : x; };
    auto update = [&](const std::string& c, const std::string& prefix, const std::string& r) {
      const std::string a = widened("A[" + a_index(prefix, r, shift) + "]"), w = widened("W[" + r + "]");
      std::string v = op == 1 ? "T.max(" + c + ", " + a + " * " + w + ")" : c + (op == 2 ? " * " : " + ") + a + " * " + w;
      if (guard != 0) {
        const std::string i = first(prefix + "0", shift);
        std::string cond = i + " >= T.int64(0)";
        if (guard == 1) cond += " and " + i + " < " + dim(0);
        v = "T.if_then_else(" + cond + ", " + v + ", " + c + ")";
      }
      return c + " = " + v;
    };
    auto d_value = [&](const std::string& c, const std::string& prefix) {
      const std::string cv = Widened() ? "T.Cast(\"" + dtype + "\", " + c + ")" : c;
      return cv + " * T." + dtype + "(2) + A[" + a_index(prefix, "T.int64(0)", 0) + "]";
    };
    t << "from tvm.script import ir as I, relax as R, tir as T\n\n@I.ir_module\nclass Module:\n";
    t << "    @T.prim_func(private=True)\n";
    if (symbolic) {
      t << "    def f(a: T.handle, w: T.handle, c: T.handle, d: T.handle):\n";
      for (size_t i = 0; i < rank; ++i) t << "        n" << i << " = T.int64()\n";
      t << "        A = T.match_buffer(a, (" << a_shape << "), \"" << dtype << "\")\n";
      t << "        W = T.match_buffer(w, (T.int64(" << reduce << "),), \"" << dtype << "\")\n";
      t << "        C = T.match_buffer(c, (" << c_shape << "), \"" << cdt << "\")\n";
      t << "        D = T.match_buffer(d, (" << c_shape << "), \"" << dtype << "\")\n";
    } else {
      t << "    def f(A: T.Buffer((" << a_shape << "), \"" << dtype << "\"), W: T.Buffer((T.int64(" << reduce
        << "),), \"" << dtype << "\"), C: T.Buffer((" << c_shape << "), \"" << cdt << "\"), D: T.Buffer(("
        << c_shape << "), \"" << dtype << "\")):\n";
    }
    std::string grid;
    for (size_t a = 0; a < rank; ++a) grid += dim(a) + ", ";
    if (blocks) {
      t << "        for " << idx << ", r in T.grid(" << grid << "T.int64(" << reduce << ")):\n";
      t << "            with T.block(\"C\"):\n";
      t << "                " << vidx << ", vr = T.axis.remap(\"" << axes << "R\", [" << idx << ", r])\n";
      t << "                with T.init():\n";
      t << "                    C[" << vidx << "] = " << init << "\n";
      t << "                " << update("C[" + vidx + "]", "v", "vr") << "\n";
      t << "        for " << idx << " in T.grid(" << grid.substr(0, grid.size() - 2) << "):\n";
      t << "            with T.block(\"D\"):\n";
      t << "                " << vidx << " = T.axis.remap(\"" << axes << "\", [" << idx << "])\n";
      t << "                D[" << vidx << "] = " << d_value("C[" + vidx + "]", "v") << "\n";
    } else {
      std::string indent = "        ";
      for (size_t a = 0; a < rank; ++a) {
        t << indent << "for i" << a << " in range(" << dim(a) << "):\n";
        indent += "    ";
      }
      t << indent << "C[" << idx << "] = " << init << "\n";
      t << indent << "for r in range(T.int64(" << reduce << ")):\n";
      t << indent << "    " << update("C[" + idx + "]", "i", "r") << "\n";
      t << indent << "D[" << idx << "] = " << d_value("C[" + idx + "]", "i") << "\n";
    }
    std::string rshape, rshape_a;
    for (size_t a = 0; a < rank; ++a) rshape += std::to_string(dims[a]) + ", ";
    rshape_a = rshape + std::to_string(reduce);
    t << "\n    @R.function\n    def main(a: R.Tensor((" << rshape_a << "), \"" << dtype << "\"), w: R.Tensor(("
      << reduce << ",), \"" << dtype << "\")):\n";
    t << "        cls = Module\n";
    t << "        y = R.call_tir(cls.f, (a, w), out_sinfo=[R.Tensor((" << rshape << "), dtype=\"" << cdt
      << "\"), R.Tensor((" << rshape << "), dtype=\"" << dtype << "\")])\n";
    t << "        return y\n";
    return t.str();
  }
};

rc::Gen<NestCase> GenNestCase() {
  return rc::gen::build<NestCase>(
      rc::gen::set(&NestCase::dtype, rc::gen::element<std::string>("float32", "int32", "int8", "float16")),
      rc::gen::set(&NestCase::dims, rc::gen::container<std::vector<int>>(*rc::gen::inRange(1, 4), rc::gen::inRange(0, 5))),
      rc::gen::set(&NestCase::reduce, rc::gen::inRange(0, 5)), rc::gen::set(&NestCase::blocks),
      rc::gen::set(&NestCase::symbolic), rc::gen::set(&NestCase::reversed),
      rc::gen::set(&NestCase::op, rc::gen::inRange(0, 3)), rc::gen::set(&NestCase::shift, rc::gen::inRange(-1, 2)),
      rc::gen::set(&NestCase::guard, rc::gen::inRange(0, 3)), rc::gen::set(&NestCase::widen));
}

RC_GTEST_PROP(TirInterpreterLaws, OptimizedFormComputesThePlainForm, ()) {
  const NestCase c = *GenNestCase();
  const uint64_t seed = *rc::gen::arbitrary<uint32_t>();
  const std::string text = c.Text();
  RC_LOG() << text;
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = text::ParseModuleText(text, "nest.py", sources, diags);
  RC_ASSERT(m != nullptr);
  RC_ASSERT(checker::CheckModule(*m, diags).ok);
  Ref<Function> main = m->FindFunction("main");
  runtime::RandomInputs random([](const std::string&) { return std::optional<int64_t>(); }, seed);
  std::vector<Value> args;
  for (const auto& p : main->params) {
    std::string error;
    auto v = random.Make(*p->annotation, &error);
    RC_ASSERT(v.has_value());
    args.push_back(*v);
  }
  InterpreterOptions plain_options;
  plain_options.optimize_tir = false;
  RunResult optimized = Interpreter(m).Run("main", {testing::CopyValue(args[0]), testing::CopyValue(args[1])});
  RunResult plain = Interpreter(m, plain_options).Run("main", {testing::CopyValue(args[0]), testing::CopyValue(args[1])});
  RC_ASSERT(optimized.ok() == plain.ok());
  RC_TAG(optimized.ok() ? "ran" : "trapped", c.blocks ? "blocks" : "loops", c.symbolic ? "symbolic" : "static",
         c.guard == 0 ? "unguarded" : c.guard == 1 ? "guarded" : "half-guarded");
  if (!optimized.ok()) {
    RC_ASSERT(optimized.error->code == plain.error->code);
    return;
  }
  for (size_t i = 0; i < 2; ++i) {
    RC_ASSERT(optimized.value.tuple()[i].tensor()->SameAs(*plain.value.tuple()[i].tensor()));
  }
}

}  // namespace
}  // namespace rlx::interp
