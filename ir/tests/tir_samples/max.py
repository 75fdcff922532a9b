# source: apache/tvm tests/python/relax/test_transform_legalize_ops_search_statistical.py@c1305c2de61dd2822c98fda0dbf71b64dc544983, test_max
# Reduction over two axes ("SSRR"); T.init() with T.min_value("float32"); prim_func named `max`
# (shadows a builtin / collides with T.max spelling only by attribute).
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((2, 3, 4, 5), "float32")) -> R.Tensor((2, 5), "float32"):
        gv = R.call_tir(Expected.max, (x,), R.Tensor((2, 5), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def max(rxplaceholder: T.Buffer((T.int64(2), T.int64(3), T.int64(4), T.int64(5)), "float32"), rxplaceholder_red: T.Buffer((T.int64(2), T.int64(5)), "float32")):
        T.func_attr({"tir.noalias": True})
        for i0, i1, i2, i3 in T.grid(T.int64(2), T.int64(5), T.int64(3), T.int64(4)):
            with T.block("rxplaceholder_red"):
                ax0, ax1, k1, k2 = T.axis.remap("SSRR", [i0, i1, i2, i3])
                T.reads(rxplaceholder[ax0, k1, k2, ax1])
                T.writes(rxplaceholder_red[ax0, ax1])
                with T.init():
                    rxplaceholder_red[ax0, ax1] = T.min_value("float32")
                rxplaceholder_red[ax0, ax1] = T.max(rxplaceholder_red[ax0, ax1], rxplaceholder[ax0, k1, k2, ax1])
