# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_softmax_symbolic
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(("a", "b", "c"), "float32")) -> R.Tensor(("a", "b", "c"), "float32"):
        a = T.int64()
        b = T.int64()
        c = T.int64()
        gv = R.call_tir(Expected.softmax, (x,), R.Tensor((a, b, c), dtype="float32"))
        return gv

    @T.prim_func
    def softmax(var_rxplaceholder: T.handle, var_T_softmax_norm: T.handle):
        T.func_attr({"tir.noalias": True})
        a = T.int64()
        b = T.int64()
        c = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, [a, b, c], dtype="float32")
        T_softmax_norm = T.match_buffer(var_T_softmax_norm, [a, b, c], dtype="float32")
        T_softmax_maxelem = T.alloc_buffer([a, b], dtype="float32")
        T_softmax_exp = T.alloc_buffer([a, b, c], dtype="float32")
        T_softmax_expsum = T.alloc_buffer([a, b], dtype="float32")
        for i0, i1, i2 in T.grid(a, b, c):
            with T.block("T_softmax_maxelem"):
                i0_1, i1_1, k = T.axis.remap("SSR", [i0, i1, i2])
                T.reads(rxplaceholder[i0_1, i1_1, k])
                T.writes(T_softmax_maxelem[i0_1, i1_1])
                with T.init():
                    T_softmax_maxelem[i0_1, i1_1] = T.float32(-3.4028234663852886e+38)
                T_softmax_maxelem[i0_1, i1_1] = T.max(T_softmax_maxelem[i0_1, i1_1], rxplaceholder[i0_1, i1_1, k])
        for i0, i1, i2 in T.grid(a, b, c):
            with T.block("T_softmax_exp"):
                i0_2, i1_2, i2_1 = T.axis.remap("SSS", [i0, i1, i2])
                T.reads(rxplaceholder[i0_2, i1_2, i2_1], T_softmax_maxelem[i0_2, i1_2])
                T.writes(T_softmax_exp[i0_2, i1_2, i2_1])
                T_softmax_exp[i0_2, i1_2, i2_1] = T.exp(rxplaceholder[i0_2, i1_2, i2_1] - T_softmax_maxelem[i0_2, i1_2], dtype="float32")
        for i0_3, i1_3, i2 in T.grid(a, b, c):
            with T.block("T_softmax_expsum"):
                i0_4, i1_4, k = T.axis.remap("SSR", [i0_3, i1_3, i2])
                T.reads(T_softmax_exp[i0_4, i1_4, k])
                T.writes(T_softmax_expsum[i0_4, i1_4])
                with T.init():
                    T_softmax_expsum[i0_4, i1_4] = T.float32(0)
                T_softmax_expsum[i0_4, i1_4] = T_softmax_expsum[i0_4, i1_4] + T_softmax_exp[i0_4, i1_4, k]
        for i0_5, i1_5, i2 in T.grid(a, b, c):
            with T.block("T_softmax_norm"):
                i0_6, i1_6, i2_2 = T.axis.remap("SSS", [i0_5, i1_5, i2])
                T.reads(T_softmax_exp[i0_6, i1_6, i2_2], T_softmax_expsum[i0_6, i1_6])
                T.writes(T_softmax_norm[i0_6, i1_6, i2_2])
                T.block_attr({"axis":2})
                T_softmax_norm[i0_6, i1_6, i2_2] = T_softmax_exp[i0_6, i1_6, i2_2] / T_softmax_expsum[i0_6, i1_6]
