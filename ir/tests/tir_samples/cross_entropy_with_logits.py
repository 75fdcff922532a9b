# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_cross_entropy_with_logits
# Edge cases: T.Buffer(T.int64(3), "float32") (bare, non-tuple shape), T.Buffer((), ...) scalar buffer,
# T.alloc_buffer([], ...), T.serial(extent), T.axis.spatial / T.axis.reduce, scalar access B[()],
# a block directly in the function body without a loop and `T.axis.spatial(1, T.int64(0))`
# (int32 extent with int64 binding).
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((3,), dtype="float32"), y: R.Tensor((3,), dtype="float32")) -> R.Tensor(dtype="float32", ndim=2):
        gv = R.call_tir(Expected.cross_entropy_with_logits, (x, y), R.Tensor((), dtype="float32"))
        return gv

    @T.prim_func
    def cross_entropy_with_logits(rxplaceholder: T.Buffer(T.int64(3), "float32"), rxplaceholder_1: T.Buffer(T.int64(3), "float32"), T_multiply: T.Buffer((), "float32")):
        T.func_attr({"tir.noalias": True})
        T_multiply_1 = T.alloc_buffer([T.int64(3)], dtype="float32")
        T_multiply_red = T.alloc_buffer([], dtype="float32")
        for i0 in T.serial(T.int64(3)):
            with T.block("T_multiply"):
                ax0 = T.axis.spatial(T.int64(3), i0)
                T.reads(rxplaceholder[ax0], rxplaceholder_1[ax0])
                T.writes(T_multiply_1[ax0])
                T_multiply_1[ax0] = rxplaceholder[ax0] * rxplaceholder_1[ax0]
        for i0 in T.serial(T.int64(3)):
            with T.block("T_multiply_red"):
                k0 = T.axis.reduce(T.int64(3), i0)
                T.reads(T_multiply_1[k0])
                T.writes(T_multiply_red[()])
                with T.init():
                    T_multiply_red[()] = T.float32(0)
                T_multiply_red[()] = T_multiply_red[()] + T_multiply_1[k0]
        with T.block("T_multiply_1"):
            vi = T.axis.spatial(1, T.int64(0))
            T.reads(T_multiply_red[()])
            T.writes(T_multiply[()])
            T_multiply[()] = T_multiply_red[()] * T.float32(-1)
