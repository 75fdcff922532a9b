# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_conv1d_symbolic
# Printer style for symbolic vars: tuple declarations `n, c, w = T.int64(), T.int64(), T.int64()`
# emitted just before the first T.match_buffer that uses them; later vars declared before the
# buffer that first needs them. Note grid extent `w + T.int64(1) - kw` vs buffer `w - kw + T.int64(1)`.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(("n", "c", "w"), dtype="float32"), kernel: R.Tensor(("f", "c", "kw"), dtype="float32")) -> R.Tensor(("n", "f", "w - kw + 1"), dtype="float32"):
        n = T.int64()
        f = T.int64()
        w = T.int64()
        kw = T.int64()
        c = T.int64()
        gv = R.call_tir(Expected.conv1d, (x, kernel), out_sinfo=R.Tensor((n, f, w - kw + 1), dtype="float32"))
        return gv

    @T.prim_func
    def conv1d(var_rxplaceholder: T.handle, var_rxplaceholder_1: T.handle, var_conv1d_ncw: T.handle):
        T.func_attr({"tir.noalias": True})
        n, c, w = T.int64(), T.int64(), T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, (n, c, w))
        f, kw = T.int64(), T.int64()
        rxplaceholder_1 = T.match_buffer(var_rxplaceholder_1, (f, c, kw))
        conv1d_ncw = T.match_buffer(var_conv1d_ncw, (n, f, w - kw + T.int64(1)))
        # with T.block("root"):
        pad_temp = T.alloc_buffer((n, c, w))
        for i0, i1, i2 in T.grid(n, c, w):
            with T.block("pad_temp"):
                v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
                T.reads(rxplaceholder[v_i0, v_i1, v_i2])
                T.writes(pad_temp[v_i0, v_i1, v_i2])
                pad_temp[v_i0, v_i1, v_i2] = rxplaceholder[v_i0, v_i1, v_i2]
        for nn, ff, yy, rc, ry in T.grid(n, f, w + T.int64(1) - kw, c, kw):
            with T.block("conv1d_ncw"):
                v_nn, v_ff, v_yy, v_rc, v_ry = T.axis.remap("SSSRR", [nn, ff, yy, rc, ry])
                T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry], rxplaceholder_1[v_ff, v_rc, v_ry])
                T.writes(conv1d_ncw[v_nn, v_ff, v_yy])
                with T.init():
                    conv1d_ncw[v_nn, v_ff, v_yy] = T.float32(0)
                conv1d_ncw[v_nn, v_ff, v_yy] = conv1d_ncw[v_nn, v_ff, v_yy] + pad_temp[v_nn, v_rc, v_yy + v_ry] * rxplaceholder_1[v_ff, v_rc, v_ry]
