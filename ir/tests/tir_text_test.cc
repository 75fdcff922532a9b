// TIR in the text format (spec chapter 7, tir.text.*): @T.prim_func members parse, print
// canonically (print -> parse is structurally equal, printing is idempotent), and malformed
// TIR gets a diagnostic with a stable code.
#include <gtest/gtest.h>

#include "ir/analysis/structural_equal.h"
#include "ir/tests/test_util.h"
#include "ir/tir/prim_func.h"

namespace rlx {
namespace {

using testing_util::Parse;
using testing_util::ParseOk;

// Parses, prints, parses the print and prints again: the two modules are structurally equal
// and the two prints identical. Returns the first print.
std::string RoundTrip(const std::string& text, text::TvmSpelling spelling = text::TvmSpelling::kV023) {
  Ref<IRModule> m = ParseOk(text);
  if (!m) return "";
  text::PrintOptions options;
  options.spelling = spelling;
  std::string printed = text::PrintModule(*m, options);
  Ref<IRModule> again = ParseOk(printed);
  if (!again) return printed;
  auto mismatch = FindStructuralMismatch(*m, *again);
  EXPECT_FALSE(mismatch.has_value()) << *mismatch << "\n" << printed;
  EXPECT_EQ(text::PrintModule(*again, options), printed);
  return printed;
}

Ref<tir::PrimFunc> FirstPrimFunc(const Ref<IRModule>& m) {
  for (const auto& g : m->globals) {
    if (auto f = As<tir::PrimFunc>(g.value)) return f;
  }
  return nullptr;
}

const char* kStaticAdd = R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def add(A: T.Buffer((T.int64(2), T.int64(3)), "float32"), B: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_add: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(A[v_ax0, v_ax1], B[v_ax0, v_ax1])
                T.writes(T_add[v_ax0, v_ax1])
                T_add[v_ax0, v_ax1] = A[v_ax0, v_ax1] + B[v_ax0, v_ax1]
)";

TEST(TirText, StaticElementwisePrintsAsTvmDoes) {
  std::string printed = RoundTrip(kStaticAdd);
  EXPECT_NE(printed.find("@T.prim_func(private=True)"), std::string::npos) << printed;
  EXPECT_NE(printed.find("def add(A: T.Buffer((T.int64(2), T.int64(3)), \"float32\")"), std::string::npos) << printed;
  EXPECT_NE(printed.find("T.func_attr({\"tir.noalias\": T.bool(True)})"), std::string::npos) << printed;
  EXPECT_NE(printed.find("# with T.block(\"root\"):"), std::string::npos) << printed;
  EXPECT_NE(printed.find("for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):"), std::string::npos) << printed;
  EXPECT_NE(printed.find("v_ax0, v_ax1 = T.axis.remap(\"SS\", [ax0, ax1])"), std::string::npos) << printed;
  EXPECT_NE(printed.find("T_add[v_ax0, v_ax1] = A[v_ax0, v_ax1] + B[v_ax0, v_ax1]"), std::string::npos) << printed;
}

TEST(TirText, StaticElementwiseHasTheStructureTheTextSays) {
  Ref<IRModule> m = ParseOk(kStaticAdd);
  ASSERT_TRUE(m);
  auto f = FirstPrimFunc(m);
  ASSERT_TRUE(f);
  ASSERT_EQ(f->params.size(), 3u);
  for (const auto& p : f->params) {
    ASSERT_TRUE(p.is_handle());
    EXPECT_EQ(p.buffer->dtype, DataType::kFloat32);
    EXPECT_EQ(p.buffer->shape.size(), 2u);
  }
  EXPECT_FALSE(f->attrs.Find("global_symbol"));  // private
  auto root = tir::As<tir::Block>(f->body);
  ASSERT_TRUE(root && root->is_root());  // tir.func.root
  auto outer = tir::As<tir::For>(root->body);
  ASSERT_TRUE(outer);
  auto inner = tir::As<tir::For>(outer->body);
  ASSERT_TRUE(inner);
  auto block = tir::As<tir::Block>(inner->body);
  ASSERT_TRUE(block);
  EXPECT_EQ(block->name, "T_add");
  ASSERT_EQ(block->iter_vars.size(), 2u);
  EXPECT_EQ(block->iter_values[0], outer->var);
  EXPECT_EQ(block->iter_values[1], inner->var);
  EXPECT_EQ(block->reads.size(), 2u);
  auto store = tir::As<tir::BufferStore>(block->body);
  ASSERT_TRUE(store);
  EXPECT_EQ(store->buffer, f->params[2].buffer);
  EXPECT_EQ(store->value->kind, PrimKind::kAdd);
  EXPECT_EQ(store->value->operands[0]->kind, PrimKind::kBufferLoad);
}

TEST(TirText, SymbolicReductionWithInitAndScratch) {
  std::string printed = RoundTrip(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def softmax(var_A: T.handle, var_T_softmax_norm: T.handle):
        T.func_attr({"tir.noalias": T.bool(True)})
        n = T.int64()
        A = T.match_buffer(var_A, (n, T.int64(16)))
        T_softmax_norm = T.match_buffer(var_T_softmax_norm, (n, T.int64(16)))
        # with T.block("root"):
        T_softmax_maxelem = T.alloc_buffer((n,))
        T_softmax_exp = T.alloc_buffer((n, T.int64(16)))
        T_softmax_expsum = T.alloc_buffer((n,))
        for i0, k in T.grid(n, T.int64(16)):
            with T.block("T_softmax_maxelem"):
                v_i0, v_k = T.axis.remap("SR", [i0, k])
                T.reads(A[v_i0, v_k])
                T.writes(T_softmax_maxelem[v_i0])
                with T.init():
                    T_softmax_maxelem[v_i0] = T.float32(-3.4028234663852886e+38)
                T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], A[v_i0, v_k])
        for i0, i1 in T.grid(n, T.int64(16)):
            with T.block("T_softmax_exp"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(A[v_i0, v_i1], T_softmax_maxelem[v_i0])
                T.writes(T_softmax_exp[v_i0, v_i1])
                T_softmax_exp[v_i0, v_i1] = T.exp(A[v_i0, v_i1] - T_softmax_maxelem[v_i0])
        for i0, k in T.grid(n, T.int64(16)):
            with T.block("T_softmax_expsum"):
                v_i0, v_k = T.axis.remap("SR", [i0, k])
                T.reads(T_softmax_exp[v_i0, v_k])
                T.writes(T_softmax_expsum[v_i0])
                with T.init():
                    T_softmax_expsum[v_i0] = T.float32(0)
                T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T_softmax_exp[v_i0, v_k]
        for i0, i1 in T.grid(n, T.int64(16)):
            with T.block("T_softmax_norm"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_softmax_exp[v_i0, v_i1], T_softmax_expsum[v_i0])
                T.writes(T_softmax_norm[v_i0, v_i1])
                T.block_attr({"axis": 1})
                T_softmax_norm[v_i0, v_i1] = T_softmax_exp[v_i0, v_i1] / T_softmax_expsum[v_i0]
)");
  EXPECT_NE(printed.find("def softmax(var_A: T.handle, var_T_softmax_norm: T.handle):"), std::string::npos) << printed;
  EXPECT_NE(printed.find("n = T.int64()"), std::string::npos) << printed;
  EXPECT_NE(printed.find("A = T.match_buffer(var_A, (n, T.int64(16)), \"float32\")"), std::string::npos) << printed;
  EXPECT_NE(printed.find("T_softmax_maxelem = T.alloc_buffer((n,), \"float32\")"), std::string::npos) << printed;
  EXPECT_NE(printed.find("with T.init():"), std::string::npos) << printed;
  // The shortest text that reads back as the float32 value (TVM writes 17 digits).
  EXPECT_NE(printed.find("T.float32(-3.4028235e+38)"), std::string::npos) << printed;
  EXPECT_NE(printed.find("T_softmax_exp[v_i0, v_i1] / T_softmax_expsum[v_i0]"), std::string::npos) << printed;
}

TEST(TirText, PaddingGuardsCastsIntrinsicsAndVectors) {
  RoundTrip(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f(A: T.Buffer((4, 8), "float16"), B: T.Buffer((4, 10), "float32"), C: T.Buffer((8,), "int32")):
        for i in T.parallel(4):
            for j in T.vectorized(10):
                with T.block("pad"):
                    vi = T.axis.spatial(4, i)
                    vj = T.axis.spatial(10, j)
                    T.where(vi < 4)
                    B[vi, vj] = T.if_then_else(1 <= vj and vj < 9, T.Cast("float32", A[vi, vj - 1]), T.float32(0))
        for k in T.unroll(2, 10):
            C[k - 2] = T.bitwise_and(k, 3) + T.shift_left(k, 1) + T.truncdiv(k, 3) + k // 2 + k % 3
        for t in T.thread_binding(8, thread="threadIdx.x"):
            C[t] = T.Select(T.isnan(T.sqrt(B[0, t])), T.max_value("int32"), T.min_value("int32"))
        for v in range(1):
            B[0, T.Ramp(0, 1, 4)] = T.Broadcast(T.exp(T.float32(1)), 4)
)");
}

TEST(TirText, SelectOfPythonBoolsIsBool) {
  // The printer writes bool immediates as Python bools; they read back as bool, not int32.
  std::string printed = RoundTrip(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "bool")):
        for i in range(2):
            B[i] = T.Select(A[i] > 0, T.bool(True), T.bool(False))
)");
  EXPECT_NE(printed.find("T.Select(A[i] > 0, True, False)"), std::string::npos) << printed;
}

TEST(TirText, LetIfAssertDeclBufferAndEvaluate) {
  RoundTrip(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((16,), "float32"), n: T.int32):
        assert n <= 16, "n is at most 16"
        for i in range(n):
            x: T.float32 = A[i] * T.float32(2)
            if x < T.float32(0):
                A[i] = T.float32(0) - x
            else:
                A[i] = x
        S = T.decl_buffer((4,), "float32", scope="local")
        S[0] = A[0]
        T.evaluate(0)
)");
}

TEST(TirText, NewestSpellingsAreRead) {
  // TVM since v0.24: `tirx`, T.sblock, T.sblock_alloc_buffer, @T.prim_func(s_tir=True).
  Ref<IRModule> m = ParseOk(R"(from tvm.script import ir as I, relax as R, tirx as T

@I.ir_module(s_tir=True)
class Module:
    @T.prim_func(private=True, s_tir=True)
    def f(A: T.Buffer((4,), "float32")):
        for i in range(4):
            with T.sblock("b"):
                vi = T.axis.spatial(4, i)
                S = T.sblock_alloc_buffer((1,), "float32")
                S[0] = A[vi]
                A[vi] = S[0] + T.float32(1)
)");
  ASSERT_TRUE(m);
  std::string v24 = RoundTrip(text::PrintModule(*m), text::TvmSpelling::kV024);
  EXPECT_NE(v24.find("with T.sblock(\"b\"):"), std::string::npos) << v24;
  std::string v23 = text::PrintModule(*m);
  EXPECT_NE(v23.find("with T.block(\"b\"):"), std::string::npos) << v23;
}

TEST(TirText, OlderSpellingsAreRead) {
  // Hand-written TVM test text: dtype= on intrinsics, shapes as lists or one extent, several
  // declarations on one line, blocks without regions, an int32 domain bound to int64.
  RoundTrip(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(var_A: T.handle, B: T.Buffer(T.int64(3), "float32")):
        a, b = T.int64(), T.int64()
        A = T.match_buffer(var_A, [a, b], dtype="float32")
        S = T.alloc_buffer([T.int64(3)], dtype="float32")
        for i in T.serial(T.int64(3)):
            with T.block("e"):
                vi = T.axis.spatial(T.int64(3), i)
                vz = T.axis.spatial(1, T.int64(0))
                S[vi] = T.exp(B[vi], dtype="float32")
                B[vi] = S[vi] + A[vz, vz]
)");
}

struct BadTir {
  const char* name;
  const char* body;  // the statements of a prim_func f(A: T.Buffer((4,), "float32"))
  const char* code;
};

class TirTextErrors : public ::testing::TestWithParam<BadTir> {};

TEST_P(TirTextErrors, GetTheirCode) {
  const BadTir& c = GetParam();
  std::string text = std::string(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f(A: T.Buffer((4,), "float32"), h: T.handle):
        B = T.match_buffer(h, (4,))
)") + c.body;
  auto p = Parse(text);
  EXPECT_EQ(p.module, nullptr);
  EXPECT_NE(p.diags->RenderAll().find(c.code), std::string::npos) << p.diags->RenderAll();
}

INSTANTIATE_TEST_SUITE_P(
    Cases, TirTextErrors,
    ::testing::Values(
        BadTir{"LoopTargets", "        for i, j in T.grid(4):\n            A[i] = T.float32(0)\n", "E0249"},
        BadTir{"LoopIterable", "        for i in [1, 2]:\n            A[i] = T.float32(0)\n", "E0249"},
        BadTir{"RemapOfNonLoop", "        with T.block(\"b\"):\n            v = T.axis.remap(\"S\", [1])\n", "E0248"},
        BadTir{"AxisOutsideBlock", "        for i in range(4):\n            v = T.axis.spatial(4, i)\n", "E0248"},
        BadTir{"ReadsOutsideBlock", "        T.reads(A[0])\n", "E0246"},
        BadTir{"InitOutsideBlock", "        with T.init():\n            A[0] = T.float32(0)\n", "E0246"},
        BadTir{"StoreToNonBuffer", "        x: T.int32 = 1\n        x[0] = 1\n", "E0246"},
        BadTir{"MatchBufferTwice", "        C = T.match_buffer(h, (4,))\n", "E0247"},
        BadTir{"SliceStore", "        A[0:2] = T.float32(0)\n", "E0246"},
        BadTir{"UnknownIntrinsic", "        A[0] = T.expp(A[0])\n", "E0202"},
        BadTir{"IntrinsicArity", "        A[0] = T.exp(A[0], A[1])\n", "E0204"},
        BadTir{"ReturnInTir", "        return A\n", "E0246"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(TirTextScope, TirFormsOutsideAPrimFuncAreErrors) {
  auto p = Parse(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((4,), "float32")):
        for i in range(4):
            y = x
        return x
)");
  EXPECT_EQ(p.module, nullptr);
  EXPECT_NE(p.diags->RenderAll().find("E0102"), std::string::npos) << p.diags->RenderAll();

  auto q = Parse(R"(from tvm.script import ir as I, relax as R, tir as T

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(0)
)");
  EXPECT_EQ(q.module, nullptr);
  EXPECT_NE(q.diags->RenderAll().find("E0212"), std::string::npos) << q.diags->RenderAll();
}

TEST(TirTextScope, AHandleWithoutMatchBufferIsAnError) {
  auto p = Parse(R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f(h: T.handle):
        T.evaluate(0)
)");
  EXPECT_EQ(p.module, nullptr);
  EXPECT_NE(p.diags->RenderAll().find("E0247"), std::string::npos) << p.diags->RenderAll();
}

}  // namespace
}  // namespace rlx

namespace rlx {
namespace {

// R.call_tir and its variants (spec §5.9): out_sinfo is one struct info or a list (the tuple of
// the outputs); TVM since v0.24 writes out_ty=, older text passes it positionally.
TEST(CallTirText, OutSinfoFormsAndSpellings) {
  const char* text = R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "float32"), C: T.Buffer((2,), "int32")):
        B[0] = A[0]
        C[0] = 1

    @R.function
    def main(x: R.Tensor((2,), "float32")):
        cls = Module
        y = R.call_tir(cls.f, x, [R.Tensor((2,), "float32"), R.Tensor((2,), "int32")])
        z = R.call_dps_packed("k", (x, R.shape([2])), out_ty=R.Tensor((2,), "float32"))
        w = R.call_tir_inplace(cls.f, (x, x), inplace_indices=[0, 1], out_sinfo=[R.Tensor((2,), "float32"), R.Tensor((2,), "float32")], tir_vars=R.shape([2]))
        return y
)";
  std::string printed = RoundTrip(text);
  EXPECT_NE(printed.find("R.call_tir(cls.f, (x,), out_sinfo=[R.Tensor((2,), dtype=\"float32\"), R.Tensor((2,), dtype=\"int32\")])"),
            std::string::npos) << printed;
  EXPECT_NE(printed.find("R.call_dps_packed(\"k\", (x, R.shape([2])), out_sinfo=R.Tensor((2,), dtype=\"float32\"))"),
            std::string::npos) << printed;
  EXPECT_NE(printed.find("inplace_indices=[0, 1], out_sinfo=["), std::string::npos) << printed;
  EXPECT_NE(printed.find("tir_vars=R.shape([2])"), std::string::npos) << printed;
  std::string v24 = RoundTrip(text, text::TvmSpelling::kV024);
  EXPECT_NE(v24.find("out_ty=["), std::string::npos) << v24;
}

}  // namespace
}  // namespace rlx
