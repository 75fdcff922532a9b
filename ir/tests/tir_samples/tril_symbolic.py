# source: apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py@267d3076bcf343d6d403c0c4d33e1739f2620ddd, test_tril_symbolic
# int8 buffers and the T.int8(0) immediate; T.Select with an int64 index comparison.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(("m", "n", "k"), "int8")) -> R.Tensor(("m", "n", "k"), "int8"):
        m = T.int64()
        n = T.int64()
        k = T.int64()
        gv = R.call_tir(Expected.tril, (x,), R.Tensor((m, n, k), dtype="int8"))
        return gv

    @T.prim_func(private=True)
    def tril(var_rxplaceholder: T.handle, var_trilu: T.handle):
        T.func_attr({"tir.noalias": True})
        k = T.int64()
        m = T.int64()
        n = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, [m, n, k], dtype="int8")
        trilu = T.match_buffer(var_trilu, [m, n, k], dtype="int8")
        for i0, i1, i2 in T.grid(m, n, k):
            with T.block("trilu"):
                i0_1, i1_1, i2_1 = T.axis.remap("SSS", [i0, i1, i2])
                T.reads(rxplaceholder[i0_1, i1_1, i2_1])
                T.writes(trilu[i0_1, i1_1, i2_1])
                trilu[i0_1, i1_1, i2_1] = T.Select(i2_1 + T.int64(2) <= i1_1, rxplaceholder[i0_1, i1_1, i2_1], T.int8(0))
