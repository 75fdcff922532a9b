// The printer writes canonical TVMScript (spec text.print.*): exact expected text for each
// construct. A canonical text prints back to itself.
#include <cmath>

#include "ir/analysis/structural_equal.h"
#include "ir/builder/ir_builder.h"
#include "ir/op_table.h"
#include "ir/tests/test_util.h"
#include "ir/text/literal_format.h"

namespace rlx {
namespace {

constexpr const char* kHeader = "from tvm.script import ir as I, relax as R, tir as T\n\n";

// `body` is the canonical text after the import line; it must print back unchanged.
void ExpectCanonical(const std::string& body) {
  std::string text = kHeader + body;
  Ref<IRModule> m = testing_util::ParseOk(text);
  if (!m) return;
  EXPECT_EQ(text::PrintModule(*m), text);
}

// Parses `source` (a function body wrapped in a module) and expects `expected`.
void ExpectPrints(const std::string& source, const std::string& expected) {
  Ref<IRModule> m = testing_util::ParseOk(source);
  if (!m) return;
  EXPECT_EQ(text::PrintModule(*m), kHeader + expected);
}

TEST(Printer, FunctionWithSymbolicSignature) {
  ExpectCanonical(R"(@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", 4), dtype="float32"), y: R.Tensor(("n * 2",), dtype="float32")) -> R.Tensor(("n", 4), dtype="float32"):
        n = T.int64()
        z: R.Tensor((n, 4), dtype="float32") = R.add(x, x)
        return z
)");
}

TEST(Printer, DecoratorsAndFunctionAttrs) {
  ExpectCanonical(R"(@I.ir_module
class Module:
    @R.function(pure=False, private=True)
    def helper(x: R.Tensor((), dtype="int32")) -> R.Tensor((), dtype="int32"):
        R.func_attr({"a": 1, "b": [1.5, "s"], "tir_var_upper_bound": {"n": 128}})
        R.print(x, format=R.str("x: {}"))
        return x

    @R.function
    def main(x: R.Tensor((), dtype="int32")) -> R.Tensor((), dtype="int32"):
        cls = Module
        y = cls.helper(x)
        return y
)");
}

TEST(Printer, StructInfoForms) {
  ExpectCanonical(R"(@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor, b: R.Tensor(dtype="float16"), c: R.Tensor(ndim=3), d: R.Tensor(dtype="bool", ndim=0), e: R.Tensor((), dtype="bfloat16"), f: R.Shape(ndim=-1), g: R.Shape(ndim=2), h: R.Shape([1, 2]), i: R.Prim("uint8"), j: R.Object, k: R.Tuple, l: R.Tuple(R.Object, R.Prim("float64")), m: R.Callable((R.Object,), R.Object, True), o: R.Callable, p: R.Callable(ret=R.Shape(ndim=1), purity=True), q: R.Tensor((2, 3), dtype="float32", vdevice="cuda:0"), r: R.Shape([])) -> R.Tuple:
        s: R.Tensor(h, dtype="int8", ndim=2) = b
        return R.tuple()
)");
}

TEST(Printer, PrimValueAndShapeArithmetic) {
  ExpectCanonical(R"(@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", "m"), dtype="float32")) -> R.Shape(ndim=5):
        n = T.int64()
        m = T.int64()
        a = R.prim_value((n + m) * 2)
        b = R.prim_value(n - (m - 1))
        c = R.prim_value(n * (m // 4) + n // 2 * m)
        d = R.prim_value((n < m) == (m < n))
        e = R.prim_value(T.And(n < 4, T.Not(m >= 2)))
        f = R.prim_value(T.Select(n > 0, T.min(n, m), T.max(n, -1)))
        g = R.prim_value(T.truncdiv(n, 3) + T.truncmod(m, 3) + n % 5)
        h = R.prim_value(n * -1 + -5)
        i = R.prim_value(T.Add(1, 2))
        j = R.prim_value(T.int32(7))
        k = R.prim_value(T.float32(0.1))
        l = R.prim_value(T.float16("-inf"))
        o = R.prim_value(True)
        p = R.shape([n, m * 2, 1])
        return p
)");
}

TEST(Printer, Constants) {
  ExpectCanonical(R"(@I.ir_module
class Module:
    @R.function
    def main() -> R.Tuple:
        a = R.const(1.5, "float32")
        b = R.const([[1, 2], [3, 4]], "int32")
        c = R.const([float("nan"), -float("nan"), float("inf"), -float("inf"), -0.0, 1e-40], "float64")
        d = R.const(18446744073709551615, "uint64")
        e = R.const(-9223372036854775808, "int64")
        f = R.const([[], []], "float32")
        g = R.const([True, False], "bool")
        h = R.const(0.1, "float16")
        return R.tuple()
)");
}

TEST(Printer, ConstantWithLeadingZeroDimUsesNumpy) {
  std::string text = std::string(kHeader) + R"(@I.ir_module
class Module:
    @R.function
    def main() -> R.Tensor((0, 3), dtype="int8"):
        a = R.const(np.zeros((0, 3), "int8"), "int8")
        return a
)";
  Ref<IRModule> m = testing_util::ParseOk("import numpy as np\n" + text);
  ASSERT_NE(m, nullptr);
  std::string printed = text::PrintModule(*m);
  EXPECT_NE(printed.find("import numpy as np"), std::string::npos);
  EXPECT_NE(printed.find("R.const(np.zeros((0, 3), \"int8\"), \"int8\")"), std::string::npos);
}

TEST(Printer, StringsAreEscaped) {
  ExpectCanonical(R"(@I.ir_module
class Module:
    @R.function
    def main() -> R.Object:
        s = R.str("quote\" back\\ nl\n tab\t ctl\x01 utf8 ∀")
        return s
)");
}

TEST(Printer, DataflowAndIf) {
  ExpectCanonical(R"(@I.ir_module
class Module:
    @R.function
    def main(c: R.Tensor((), dtype="bool"), x: R.Tensor((4,), dtype="float32")) -> R.Tensor((4,), dtype="float32"):
        with R.dataflow():
            a = R.add(x, x)
            b = R.multiply(a, x)
            R.output(b)
        if c:
            y = R.negative(b)
            r: R.Tensor((4,), dtype="float32") = R.add(y, x)
        else:
            r = b
        return r
)");
}

TEST(Printer, NestedFunctionsAndPackedCalls) {
  ExpectCanonical(R"(@I.ir_module
class Module:
    ext = R.ExternFunc("ext_symbol")
    @R.function(pure=False)
    def main(x: R.Tensor((4,), dtype="float32")) -> R.Tensor((4,), dtype="float32"):
        @R.function
        def inner(y: R.Tensor((4,), dtype="float32")) -> R.Tensor((4,), dtype="float32"):
            z = inner(y)
            return z
        a = inner(x)
        b = R.call_packed("my.func", a, R.prim_value(1), sinfo_args=(R.Tensor((4,), dtype="float32"),))
        c = R.call_pure_packed("my.pure", b, sinfo_args=(R.Tensor((4,), dtype="float32"), R.Object))
        R.assert_op(R.const(True, "bool"), a, format=R.str("{}"))
        R.assert_op(R.const(True, "bool"), format=R.str("no args"))
        d = R.call_packed("f", attr=1)
        return b
)");
}

TEST(Printer, OpsPrintEveryAttribute) {
  ExpectPrints(R"(
@R.function
def main(x: R.Tensor((2, 3), "float32")):
    a = R.sum(x, axis=1)
    b = R.nn.conv2d(x, x, strides=2, padding=(1, 2))
    c = R.arange(5)
    d = R.eye(3)
    e = R.astype(x, "float16")
    f = x.astype("int8")
    return a
)",
               R"(@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3), dtype="float32")):
        a = R.sum(x, axis=[1], keepdims=False)
        b = R.nn.conv2d(x, x, strides=[2, 2], padding=[1, 2, 1, 2], dilation=[1, 1], groups=1, data_layout="NCHW", kernel_layout="OIHW", out_layout="NCHW", out_dtype="void")
        c = R.arange(R.prim_value(0), R.prim_value(5), R.prim_value(1), dtype="int64")
        d = R.eye(R.prim_value(3), R.prim_value(3), R.prim_value(0), dtype="float32")
        e = R.astype(x, dtype="float16")
        f = R.astype(x, dtype="int8")
        return a
)");
}

TEST(Printer, NestedCallsAreNormalized) {
  ExpectPrints(R"(
@R.function
def main(x: R.Tensor((2,), "float32")):
    return R.add(R.multiply(x, x), -x)
)",
               R"(@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), dtype="float32")):
        lv = R.multiply(x, x)
        lv_1 = R.negative(x)
        lv_2 = R.add(lv, lv_1)
        return lv_2
)");
}

TEST(Printer, ReservedNamesAreRenamed) {
  ExpectPrints(R"(
@R.function
def main(R_: R.Tensor((2,), "float32")):
    cls_ = R_
    return cls_
)",
               R"(@I.ir_module
class Module:
    @R.function
    def main(R_: R.Tensor((2,), dtype="float32")):
        cls_ = R_
        return cls_
)");
  // Variables built through the API may carry any name; the printer keeps the text valid.
  IRBuilder b;
  b.BeginModule();
  b.BeginFunction();
  Ref<Var> p = b.AddParam("R", TensorStructInfo::MakeNdim(1, DataType::kFloat32));
  Ref<Var> v = b.Emit(p, "class");
  Ref<Var> w = b.Emit(v, "1 bad-name");
  b.AddGlobal("main", b.EndFunction(w));
  std::string printed = text::PrintModule(*b.EndModule());
  EXPECT_NE(printed.find("def main(R_1: R.Tensor(dtype=\"float32\", ndim=1)):"), std::string::npos)
      << printed;
  EXPECT_NE(printed.find("class_1 = R_1"), std::string::npos) << printed;
  EXPECT_NE(printed.find("v1_bad_name = class_1"), std::string::npos) << printed;
}

TEST(Printer, FloatFormatting) {
  EXPECT_EQ(text::FormatFloat(1.0), "1.0");
  EXPECT_EQ(text::FormatFloat(0.1), "0.1");
  EXPECT_EQ(text::FormatFloat(1e-5), "1e-05");
  EXPECT_EQ(text::FormatFloat(1e20), "1e+20");
  EXPECT_EQ(text::FormatFloat(-0.0), "-0.0");
  EXPECT_EQ(text::FormatFloat(0.1f, DataType::kFloat32), "0.1");
  EXPECT_EQ(text::FormatFloatExpr(NAN), "float(\"nan\")");
  EXPECT_EQ(text::FormatFloatExpr(-INFINITY), "-float(\"inf\")");
  EXPECT_EQ(text::QuoteString("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
}

TEST(Printer, StandaloneExpressionsAndStructInfo) {
  EXPECT_EQ(text::PrintStructInfo(TensorStructInfo::MakeNdim(2, DataType::kFloat32)),
            "R.Tensor(dtype=\"float32\", ndim=2)");
  EXPECT_EQ(text::PrintStructInfo(ShapeStructInfo::MakeNdim(-1)), "R.Shape(ndim=-1)");
  EXPECT_EQ(text::PrintStructInfo(VoidStructInfo()), "R.Tuple");
  Ref<PrimExpr> n = PrimExpr::Var("n");
  EXPECT_EQ(text::PrintPrimExpr(PrimExpr::Binary(
                PrimKind::kMul, PrimExpr::Binary(PrimKind::kAdd, n, PrimExpr::Int(1)), n)),
            "(n + 1) * n");
  EXPECT_EQ(text::PrintExpr(Tuple::Make({})), "R.tuple()");
  EXPECT_EQ(text::PrintExpr(StringImm::Make("s")), "R.str(\"s\")");
  EXPECT_EQ(text::PrintExpr(DataTypeImm::Make(DataType::kBFloat16)), "R.dtype(\"bfloat16\")");
  EXPECT_EQ(text::PrintExpr(TupleGetItem::Make(Tuple::Make({StringImm::Make("a")}), 0)),
            "R.TupleGetItem((R.str(\"a\"),), 0)");
}

}  // namespace
}  // namespace rlx

namespace rlx {
namespace {

// text.spelling: the same module in TVM v0.23's and v0.24's spelling parses to structurally
// equal IR, and the printer writes either spelling exactly.
TEST(Printer, TvmSpellingsReadTheSameAndPrintEither) {
  const std::string v023 = std::string(kHeader) + R"(@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), dtype="float32"), o: R.Object) -> R.Tuple(R.Object, R.Callable((R.Object,), R.Object, True)):
        y = R.call_packed("f", x, sinfo_args=(R.Object,))
        z = R.call_pure_packed("g", x, sinfo_args=(R.Tuple(R.Object, R.Tensor((2,), dtype="float32")),))
        f: R.Callable((R.Object,), R.Object, True) = R.ExternFunc("h", R.Callable((R.Object,), R.Object, True))
        return (y, f)
)";
  std::string v024 = v023;
  auto replace_all = [&](const std::string& from, const std::string& to) {
    for (size_t at = v024.find(from); at != std::string::npos; at = v024.find(from, at + to.size())) {
      v024.replace(at, from.size(), to);
    }
  };
  replace_all("R.Object", "R.Any");
  replace_all("sinfo_args=", "ty_args=");
  replace_all("@I.ir_module\n", "@I.ir_module(s_tir=True)\n");
  ASSERT_NE(v023, v024);
  Ref<IRModule> a = testing_util::ParseOk(v023);
  Ref<IRModule> b = testing_util::ParseOk(v024);
  ASSERT_TRUE(a && b);
  EXPECT_TRUE(StructuralEqual(*a, *b));
  text::PrintOptions new_spelling;
  new_spelling.spelling = text::TvmSpelling::kV024;
  for (const Ref<IRModule>& m : {a, b}) {
    EXPECT_EQ(text::PrintModule(*m), v023);
    EXPECT_EQ(text::PrintModule(*m, new_spelling), v024);
  }
  EXPECT_EQ(text::ParseTvmSpelling("v0.24"), text::TvmSpelling::kV024);
  EXPECT_EQ(text::ParseTvmSpelling("v0.23"), text::TvmSpelling::kV023);
  EXPECT_FALSE(text::ParseTvmSpelling("current"));
}

}  // namespace
}  // namespace rlx

namespace rlx {
namespace {

// A rewrite builds its module with WithGlobals, which keeps what is not a member: the
// attributes, the virtual devices and the standalone form (text.print.module).
TEST(Printer, RewrittenModulesKeepVDevicesAndTheStandaloneForm) {
  const std::string standalone = std::string(kHeader) + R"(@R.function
def main(x: R.Tensor((2,), dtype="float32")):
    R.func_attr({"global_symbol": "entry"})
    return x
)";
  const std::string infos = std::string(kHeader) + R"(@I.ir_module
class Module:
    I.module_global_infos({"vdevice": [I.vdevice("llvm", 0, "global")]})
)";
  for (const std::string& text : {standalone, infos}) {
    Ref<IRModule> m = testing_util::ParseOk(text);
    ASSERT_TRUE(m);
    EXPECT_EQ(text::PrintModule(*m), text);
    EXPECT_EQ(text::PrintModule(*m->WithGlobals(m->globals)), text);
  }
}

}  // namespace
}  // namespace rlx
