# source: apache/tvm tests/python/relax/test_transform_legalize_ops_binary.py@31361402a72544bff4704b4cbcd8c030295b0760, test_floor_divide_symbolic
# Float floor_divide lowers to T.floor(a / b); symbolic broadcast via T.match_buffer list shapes.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((1, "c", "d"), "float32"), y: R.Tensor(("a", "b", "c", 1), "float32")) -> R.Tensor(("a", "b", "c", "d"), "float32"):
        a = T.int64()
        b = T.int64()
        c = T.int64()
        d = T.int64()
        gv = R.call_tir(Expected.floor_divide, (x, y), R.Tensor((a, b, c, d), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def floor_divide(var_rxplaceholder: T.handle, var_rxplaceholder_1: T.handle, var_T_floor_divide: T.handle):
        T.func_attr({"tir.noalias": True})
        a = T.int64()
        b = T.int64()
        c = T.int64()
        d = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, [T.int64(1), c, d], dtype="float32")
        rxplaceholder_1 = T.match_buffer(var_rxplaceholder_1, [a, b, c, T.int64(1)], dtype="float32")
        T_floor_divide = T.match_buffer(var_T_floor_divide, [a, b, c, d], dtype="float32")
        for i0, i1, i2, i3 in T.grid(a, b, c, d):
            with T.block("T_floor_divide"):
                ax0, ax1, ax2, ax3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
                T.reads(rxplaceholder[T.int64(0), ax2, ax3], rxplaceholder_1[ax0, ax1, ax2, T.int64(0)])
                T.writes(T_floor_divide[ax0, ax1, ax2, ax3])
                T_floor_divide[ax0, ax1, ax2, ax3] = T.floor(rxplaceholder[T.int64(0), ax2, ax3] / rxplaceholder_1[ax0, ax1, ax2, T.int64(0)])
