# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_gelu
# T.erf(x, dtype="float32") (legacy explicit dtype kwarg on an intrinsic), 17-significant-digit floats.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        gv = R.call_tir(Expected.gelu, (x,), R.Tensor((2, 3), dtype="float32"))
        return gv

    @T.prim_func
    def gelu(rxplaceholder: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_multiply: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        T.func_attr({"tir.noalias": True})
        T_multiply_1 = T.alloc_buffer([T.int64(2), T.int64(3)], dtype="float32")
        compute = T.alloc_buffer([T.int64(2), T.int64(3)], dtype="float32")
        T_multiply_2 = T.alloc_buffer([T.int64(2), T.int64(3)], dtype="float32")
        T_divide = T.alloc_buffer([T.int64(2), T.int64(3)], dtype="float32")
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("T_multiply"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[ax0, ax1])
                T.writes(T_multiply_1[ax0, ax1])
                T_multiply_1[ax0, ax1] = rxplaceholder[ax0, ax1] * T.float32(0.70710678118654757)
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("compute"):
                i0_1, i1_1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_multiply_1[i0_1, i1_1])
                T.writes(compute[i0_1, i1_1])
                compute[i0_1, i1_1] = T.erf(T_multiply_1[i0_1, i1_1], dtype="float32")
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("T_multiply_1"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(compute[ax0, ax1])
                T.writes(T_multiply_2[ax0, ax1])
                T_multiply_2[ax0, ax1] = compute[ax0, ax1] * T.float32(0.5)
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("T_divide"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_multiply_2[ax0, ax1])
                T.writes(T_divide[ax0, ax1])
                T_divide[ax0, ax1] = T.float32(0.5) + T_multiply_2[ax0, ax1]
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("T_multiply_2"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[ax0, ax1], T_divide[ax0, ax1])
                T.writes(T_multiply[ax0, ax1])
                T_multiply[ax0, ax1] = rxplaceholder[ax0, ax1] * T_divide[ax0, ax1]
