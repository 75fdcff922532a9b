# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_layer_norm_fp16
# Un-sugared form: T.handle params whose T.match_buffer shapes are all constants (with a dtype
# positional arg "float16"), an explicit `with T.block("root"):` carrying empty T.reads()/T.writes(),
# nested `for x in range(...)` loops, and per-axis T.axis.spatial / T.axis.reduce bindings.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Expected:
    @T.prim_func
    def layer_norm(var_rxplaceholder: T.handle, var_rxplaceholder_1: T.handle, var_rxplaceholder_2: T.handle, var_T_layer_norm: T.handle):
        T.func_attr({"tir.noalias": True})
        rxplaceholder = T.match_buffer(var_rxplaceholder, (T.int64(2), T.int64(3), T.int64(4), T.int64(5)), "float16")
        rxplaceholder_1 = T.match_buffer(var_rxplaceholder_1, (T.int64(4), T.int64(5)), "float16")
        rxplaceholder_2 = T.match_buffer(var_rxplaceholder_2, (T.int64(4), T.int64(5)), "float16")
        T_layer_norm = T.match_buffer(var_T_layer_norm, (T.int64(2), T.int64(3), T.int64(4), T.int64(5)), "float16")
        with T.block("root"):
            T.reads()
            T.writes()
            rxplaceholder_red_temp_v0 = T.alloc_buffer((T.int64(2), T.int64(3)))
            rxplaceholder_red_temp_v1 = T.alloc_buffer((T.int64(2), T.int64(3)))
            for ax0 in range(T.int64(2)):
                for ax1 in range(T.int64(3)):
                    for k2 in range(T.int64(4)):
                        for k3 in range(T.int64(5)):
                            with T.block("rxplaceholder_red_temp"):
                                v_ax0 = T.axis.spatial(T.int64(2), ax0)
                                v_ax1 = T.axis.spatial(T.int64(3), ax1)
                                v_k2 = T.axis.reduce(T.int64(4), k2)
                                v_k3 = T.axis.reduce(T.int64(5), k3)
                                T.reads(rxplaceholder[v_ax0, v_ax1, v_k2, v_k3])
                                T.writes(rxplaceholder_red_temp_v0[v_ax0, v_ax1], rxplaceholder_red_temp_v1[v_ax0, v_ax1])
                                with T.init():
                                    rxplaceholder_red_temp_v0[v_ax0, v_ax1] = T.float32(0)
                                    rxplaceholder_red_temp_v1[v_ax0, v_ax1] = T.float32(0)
                                v_rxplaceholder_red_temp_v0: T.float32 = rxplaceholder_red_temp_v0[v_ax0, v_ax1] + T.Cast("float32", rxplaceholder[v_ax0, v_ax1, v_k2, v_k3])
                                v_rxplaceholder_red_temp_v1: T.float32 = rxplaceholder_red_temp_v1[v_ax0, v_ax1] + T.Cast("float32", rxplaceholder[v_ax0, v_ax1, v_k2, v_k3]) * T.Cast("float32", rxplaceholder[v_ax0, v_ax1, v_k2, v_k3])
                                rxplaceholder_red_temp_v0[v_ax0, v_ax1] = v_rxplaceholder_red_temp_v0
                                rxplaceholder_red_temp_v1[v_ax0, v_ax1] = v_rxplaceholder_red_temp_v1
            for ax0 in range(T.int64(2)):
                for ax1 in range(T.int64(3)):
                    for ax2 in range(T.int64(4)):
                        for ax3 in range(T.int64(5)):
                            with T.block("T_layer_norm"):
                                v_ax0 = T.axis.spatial(T.int64(2), ax0)
                                v_ax1 = T.axis.spatial(T.int64(3), ax1)
                                v_ax2 = T.axis.spatial(T.int64(4), ax2)
                                v_ax3 = T.axis.spatial(T.int64(5), ax3)
                                T.reads(rxplaceholder[v_ax0, v_ax1, v_ax2, v_ax3], rxplaceholder_red_temp_v0[v_ax0, v_ax1], rxplaceholder_red_temp_v1[v_ax0, v_ax1], rxplaceholder_1[v_ax2, v_ax3], rxplaceholder_2[v_ax2, v_ax3])
                                T.writes(T_layer_norm[v_ax0, v_ax1, v_ax2, v_ax3])
                                T_layer_norm[v_ax0, v_ax1, v_ax2, v_ax3] = T.Cast("float16", (T.Cast("float32", rxplaceholder[v_ax0, v_ax1, v_ax2, v_ax3]) - rxplaceholder_red_temp_v0[v_ax0, v_ax1] / T.Cast("float32", T.float16(4) * T.float16(5))) * T.rsqrt(rxplaceholder_red_temp_v1[v_ax0, v_ax1] / T.Cast("float32", T.float16(4) * T.float16(5)) - rxplaceholder_red_temp_v0[v_ax0, v_ax1] / T.Cast("float32", T.float16(4) * T.float16(5)) * (rxplaceholder_red_temp_v0[v_ax0, v_ax1] / T.Cast("float32", T.float16(4) * T.float16(5))) + T.float32(1.0000000000000001e-05))) * rxplaceholder_1[v_ax2, v_ax3] + rxplaceholder_2[v_ax2, v_ax3]

    @R.function
    def main(x: R.Tensor((2, 3, 4, 5), dtype="float16"), gamma: R.Tensor((4, 5), dtype="float16"), beta: R.Tensor((4, 5), dtype="float16")) -> R.Tensor((2, 3, 4, 5), dtype="float16"):
        gv = R.call_tir(Expected.layer_norm, (x, gamma, beta), out_sinfo=R.Tensor((2, 3, 4, 5), dtype="float16"))
        return gv
