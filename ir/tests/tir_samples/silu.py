# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_silu
# Elementwise unary intrinsic T.sigmoid followed by a multiply.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        gv = R.call_tir(Expected.silu, (x,), R.Tensor((2, 3), dtype="float32"))
        return gv

    @T.prim_func
    def silu(rxplaceholder: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_multiply: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        T.func_attr({"tir.noalias": True})
        compute = T.alloc_buffer([T.int64(2), T.int64(3)], dtype="float32")
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("compute"):
                i0_1, i1_1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[i0_1, i1_1])
                T.writes(compute[i0_1, i1_1])
                compute[i0_1, i1_1] = T.sigmoid(rxplaceholder[i0_1, i1_1])
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("T_multiply"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[ax0, ax1], compute[ax0, ax1])
                T.writes(T_multiply[ax0, ax1])
                T_multiply[ax0, ax1] = rxplaceholder[ax0, ax1] * compute[ax0, ax1]
