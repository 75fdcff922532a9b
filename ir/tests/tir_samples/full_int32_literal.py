# source: apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py@267d3076bcf343d6d403c0c4d33e1739f2620ddd, test_full_constant_scalar_fill_value
# int32 immediates print bare: `T_full[ax0, ax1] = 3` (no T.int32(...) wrapper).
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main() -> R.Tensor((2, 3), "int32"):
        gv = R.call_tir(Expected.full, R.tuple(), R.Tensor((2, 3), dtype="int32"))
        return gv

    @T.prim_func(private=True)
    def full(T_full: T.Buffer((T.int64(2), T.int64(3)), "int32")):
        T.func_attr({"tir.noalias": True})
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.block("T_full"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads()
                T.writes(T_full[ax0, ax1])
                T_full[ax0, ax1] = 3
