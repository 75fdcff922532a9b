# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_relu_symbolic
# Legacy style: T.match_buffer(h, [m, n], dtype="float32") with list shape and dtype kwarg.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(("m", "n"), "float32")) -> R.Tensor(("m", "n"), "float32"):
        m = T.int64()
        n = T.int64()
        gv = R.call_tir(Expected.relu, (x,), R.Tensor((m, n), dtype="float32"))
        return gv

    @T.prim_func
    def relu(var_rxplaceholder: T.handle, var_compute: T.handle):
        T.func_attr({"tir.noalias": True})
        m = T.int64()
        n = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, [m, n], dtype="float32")
        compute = T.match_buffer(var_compute, [m, n], dtype="float32")
        for i0, i1 in T.grid(m, n):
            with T.block("compute"):
                i0_1, i1_1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[i0_1, i1_1])
                T.writes(compute[i0_1, i1_1])
                compute[i0_1, i1_1] = T.max(rxplaceholder[i0_1, i1_1], T.float32(0))
