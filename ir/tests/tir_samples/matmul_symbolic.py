# source: apache/tvm tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py@46e7f0ef78355eac1792e3f68c923a04bb350fd5, test_matmul_4_5_symbolic
# Batched matmul with symbolic, broadcast batch dims; `k` is both a TIR var and (as k_1) a block iter.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(("b", 1, "m", "k"), "float32"), y: R.Tensor(("a", 1, "c", "k", "n"), "float32")) -> R.Tensor(("a", "b", "c", "m", "n"), "float32"):
        a = T.int64()
        b = T.int64()
        c = T.int64()
        m = T.int64()
        n = T.int64()
        gv = R.call_tir(Expected.matmul, (x, y), R.Tensor((a, b, c, m, n), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def matmul(var_rxplaceholder: T.handle, var_rxplaceholder_1: T.handle, var_matmul: T.handle):
        T.func_attr({"tir.noalias": True})
        a = T.int64()
        b = T.int64()
        c = T.int64()
        k = T.int64()
        m = T.int64()
        n = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, [b, T.int64(1), m, k], dtype="float32")
        rxplaceholder_1 = T.match_buffer(var_rxplaceholder_1, [a, T.int64(1), c, k, n], dtype="float32")
        matmul = T.match_buffer(var_matmul, [a, b, c, m, n], dtype="float32")
        for i0, i1, i2, i3, i4, i5 in T.grid(a, b, c, m, n, k):
            with T.block("matmul"):
                i0_1, i1_1, i2_1, i3_1, i4_1, k_1 = T.axis.remap("SSSSSR", [i0, i1, i2, i3, i4, i5])
                T.reads(rxplaceholder[i1_1, T.int64(0), i3_1, k_1], rxplaceholder_1[i0_1, T.int64(0), i2_1, k_1, i4_1])
                T.writes(matmul[i0_1, i1_1, i2_1, i3_1, i4_1])
                with T.init():
                    matmul[i0_1, i1_1, i2_1, i3_1, i4_1] = T.float32(0)
                matmul[i0_1, i1_1, i2_1, i3_1, i4_1] = matmul[i0_1, i1_1, i2_1, i3_1, i4_1] + rxplaceholder[i1_1, T.int64(0), i3_1, k_1] * rxplaceholder_1[i0_1, T.int64(0), i2_1, k_1, i4_1]
