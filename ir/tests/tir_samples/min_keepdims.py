# source: apache/tvm tests/python/relax/test_transform_legalize_ops_search_statistical.py@c1305c2de61dd2822c98fda0dbf71b64dc544983, test_min
# keepdims=True reduction: kept axes have extent T.int64(1); T.max_value("float32") init; T.min.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((2, 3, 4, 5), "float32")) -> R.Tensor((2, 1, 1, 5), "float32"):
        gv = R.call_tir(Expected.min, (x,), R.Tensor((2, 1, 1, 5), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def min(rxplaceholder: T.Buffer((T.int64(2), T.int64(3), T.int64(4), T.int64(5)), "float32"), rxplaceholder_red: T.Buffer((T.int64(2), T.int64(1), T.int64(1), T.int64(5)), "float32")):
        T.func_attr({"tir.noalias": True})
        for i0, i1, i2, i3, i4, i5 in T.grid(T.int64(2), T.int64(1), T.int64(1), T.int64(5), T.int64(3), T.int64(4)):
            with T.block("rxplaceholder_red"):
                ax0, ax1, ax2, ax3, k1, k2 = T.axis.remap("SSSSRR", [i0, i1, i2, i3, i4, i5])
                T.reads(rxplaceholder[ax0, k1, k2, ax3])
                T.writes(rxplaceholder_red[ax0, ax1, ax2, ax3])
                with T.init():
                    rxplaceholder_red[ax0, ax1, ax2, ax3] = T.max_value("float32")
                rxplaceholder_red[ax0, ax1, ax2, ax3] = T.min(rxplaceholder_red[ax0, ax1, ax2, ax3], rxplaceholder[ax0, k1, k2, ax3])
