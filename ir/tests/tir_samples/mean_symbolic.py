# source: apache/tvm tests/python/relax/test_transform_legalize_ops_search_statistical.py@c1305c2de61dd2822c98fda0dbf71b64dc544983, test_mean_symbolic
# Symbolic mean: reduction then float `/` by T.Cast("float32", a * d).
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(("a", "b", "c", "d"), dtype="float32")) -> R.Tensor(("b", "c"), dtype="float32"):
        b = T.int64()
        c = T.int64()
        gv = R.call_tir(Expected.mean, (x,), R.Tensor((b, c), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def mean(var_rxplaceholder: T.handle, var_T_divide: T.handle):
        T.func_attr({"tir.noalias": True})
        a = T.int64()
        b = T.int64()
        c = T.int64()
        d = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, [a, b, c, d], dtype="float32")
        T_divide = T.match_buffer(var_T_divide, [b, c], dtype="float32")
        rxplaceholder_red = T.alloc_buffer([b, c], dtype="float32")
        for i0, i1, i2, i3 in T.grid(b, c, a, d):
            with T.block("rxplaceholder_red"):
                ax0, ax1, k0, k3 = T.axis.remap("SSRR", [i0, i1, i2, i3])
                T.reads(rxplaceholder[k0, ax0, ax1, k3])
                T.writes(rxplaceholder_red[ax0, ax1])
                with T.init():
                    rxplaceholder_red[ax0, ax1] = T.float32(0)
                rxplaceholder_red[ax0, ax1] = rxplaceholder_red[ax0, ax1] + rxplaceholder[k0, ax0, ax1, k3]
        for i0, i1 in T.grid(b, c):
            with T.block("T_divide"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder_red[ax0, ax1])
                T.writes(T_divide[ax0, ax1])
                T_divide[ax0, ax1] = rxplaceholder_red[ax0, ax1] / T.Cast("float32", a * d)
