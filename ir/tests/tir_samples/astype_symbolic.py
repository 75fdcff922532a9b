# source: apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py@267d3076bcf343d6d403c0c4d33e1739f2620ddd, test_astype_symbolic
# astype lowers to a prim_func named `cast` using T.Cast("int32", x).
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(("m", "n"), "float32")) -> R.Tensor(("m", "n"), "int32"):
        m = T.int64()
        n = T.int64()
        gv = R.call_tir(Expected.cast, (x,), R.Tensor((m, n), dtype="int32"))
        return gv

    @T.prim_func(private=True)
    def cast(var_rxplaceholder: T.handle, var_compute: T.handle):
        T.func_attr({"tir.noalias": True})
        m = T.int64()
        n = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, [m, n], dtype="float32")
        compute = T.match_buffer(var_compute, [m, n], dtype="int32")
        for i0, i1 in T.grid(m, n):
            with T.block("compute"):
                i0_1, i1_1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[i0_1, i1_1])
                T.writes(compute[i0_1, i1_1])
                compute[i0_1, i1_1] = T.Cast("int32", rxplaceholder[i0_1, i1_1])
