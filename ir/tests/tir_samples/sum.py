# source: apache/tvm tests/python/relax/test_transform_legalize_ops_search_statistical.py@c1305c2de61dd2822c98fda0dbf71b64dc544983, test_sum
# Full reduction to a 0-d buffer: T.Buffer((), "float32"), "RRRR", scalar store `B[()]`.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((2, 3, 4, 5), "float32")) -> R.Tensor((), "float32"):
        gv = R.call_tir(Expected.sum, (x,), R.Tensor((), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def sum(rxplaceholder: T.Buffer((T.int64(2), T.int64(3), T.int64(4), T.int64(5)), "float32"), rxplaceholder_red: T.Buffer((), "float32")):
        T.func_attr({"tir.noalias": True})
        for i0, i1, i2, i3 in T.grid(T.int64(2), T.int64(3), T.int64(4), T.int64(5)):
            with T.block("rxplaceholder_red"):
                k0, k1, k2, k3 = T.axis.remap("RRRR", [i0, i1, i2, i3])
                T.reads(rxplaceholder[k0, k1, k2, k3])
                T.writes(rxplaceholder_red[()])
                with T.init():
                    rxplaceholder_red[()] = T.float32(0)
                rxplaceholder_red[()] = rxplaceholder_red[()] + rxplaceholder[k0, k1, k2, k3]
