# source: apache/tvm tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py@46e7f0ef78355eac1792e3f68c923a04bb350fd5, test_take
# Gather: buffer load used as an index (A[ax0, idx[ax1], ax2]) in both T.reads and the store;
# 1-d buffer param written as T.Buffer(T.int64(4), "int64") (bare extent, no tuple).
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((2, 3, 4), "float32"), indices: R.Tensor((4,), "int64")) -> R.Tensor((2, 4, 4), "float32"):
        gv = R.call_tir(Expected.take, (x, indices), R.Tensor((2, 4, 4), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def take(rxplaceholder: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), rxplaceholder_1: T.Buffer(T.int64(4), "int64"), T_take: T.Buffer((T.int64(2), T.int64(4), T.int64(4)), "float32")):
        T.func_attr({"tir.noalias": True})
        for i0, i1, i2 in T.grid(T.int64(2), T.int64(4), T.int64(4)):
            with T.block("T_take"):
                ax0, ax1, ax2 = T.axis.remap("SSS", [i0, i1, i2])
                T.reads(rxplaceholder[ax0, rxplaceholder_1[ax1], ax2], rxplaceholder_1[ax1])
                T.writes(T_take[ax0, ax1, ax2])
                T_take[ax0, ax1, ax2] = rxplaceholder[ax0, rxplaceholder_1[ax1], ax2]
