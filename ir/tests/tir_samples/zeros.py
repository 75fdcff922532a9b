# source: apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py@267d3076bcf343d6d403c0c4d33e1739f2620ddd, test_zeros
# No inputs: `R.call_tir(Expected.zeros, R.tuple(), ...)`; empty `T.reads()`; T.float32(0).
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main() -> R.Tensor((2, 3), "float32"):
        gv = R.call_tir(Expected.zeros, R.tuple(), R.Tensor((2, 3), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def zeros(T_full: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        T.func_attr({"tir.noalias": True})
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("T_full"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads()
                T.writes(T_full[ax0, ax1])
                T_full[ax0, ax1] = T.float32(0)
