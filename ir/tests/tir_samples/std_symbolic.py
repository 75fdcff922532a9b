# source: apache/tvm tests/python/relax/test_transform_legalize_ops_search_statistical.py@c1305c2de61dd2822c98fda0dbf71b64dc544983, test_std_symbolic
# Printer style: @I.ir_module, `a, b, c, d = T.int64(), T.int64(), T.int64(), T.int64()`,
# `cls = Expected` then `R.call_tir(cls.std, ...)`, T.alloc_buffer(()) 0-d, T.sqrt.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Expected:
    @T.prim_func(private=True)
    def std(var_rxplaceholder: T.handle, compute: T.Buffer((), "float32")):
        T.func_attr({"tir.noalias": True})
        a, b, c, d = T.int64(), T.int64(), T.int64(), T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, (a, b, c, d))
        # with T.block("root"):
        rxplaceholder_red = T.alloc_buffer((T.int64(1), T.int64(1), T.int64(1), T.int64(1)))
        T_divide = T.alloc_buffer((T.int64(1), T.int64(1), T.int64(1), T.int64(1)))
        T_subtract = T.alloc_buffer((a, b, c, d))
        T_multiply = T.alloc_buffer((a, b, c, d))
        T_multiply_red = T.alloc_buffer(())
        T_divide_1 = T.alloc_buffer(())
        for ax0, ax1, ax2, ax3, k0, k1, k2, k3 in T.grid(T.int64(1), T.int64(1), T.int64(1), T.int64(1), a, b, c, d):
            with T.block("rxplaceholder_red"):
                v_ax0, v_ax1, v_ax2, v_ax3, v_k0, v_k1, v_k2, v_k3 = T.axis.remap("SSSSRRRR", [ax0, ax1, ax2, ax3, k0, k1, k2, k3])
                T.reads(rxplaceholder[v_k0, v_k1, v_k2, v_k3])
                T.writes(rxplaceholder_red[v_ax0, v_ax1, v_ax2, v_ax3])
                with T.init():
                    rxplaceholder_red[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
                rxplaceholder_red[v_ax0, v_ax1, v_ax2, v_ax3] = rxplaceholder_red[v_ax0, v_ax1, v_ax2, v_ax3] + rxplaceholder[v_k0, v_k1, v_k2, v_k3]
        for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(1), T.int64(1), T.int64(1)):
            with T.block("T_divide"):
                v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
                T.reads(rxplaceholder_red[v_ax0, v_ax1, v_ax2, v_ax3])
                T.writes(T_divide[v_ax0, v_ax1, v_ax2, v_ax3])
                T_divide[v_ax0, v_ax1, v_ax2, v_ax3] = rxplaceholder_red[v_ax0, v_ax1, v_ax2, v_ax3] / T.Cast("float32", a * b * c * d)
        for ax0, ax1, ax2, ax3 in T.grid(a, b, c, d):
            with T.block("T_subtract"):
                v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
                T.reads(rxplaceholder[v_ax0, v_ax1, v_ax2, v_ax3], T_divide[T.int64(0), T.int64(0), T.int64(0), T.int64(0)])
                T.writes(T_subtract[v_ax0, v_ax1, v_ax2, v_ax3])
                T_subtract[v_ax0, v_ax1, v_ax2, v_ax3] = rxplaceholder[v_ax0, v_ax1, v_ax2, v_ax3] - T_divide[T.int64(0), T.int64(0), T.int64(0), T.int64(0)]
        for ax0, ax1, ax2, ax3 in T.grid(a, b, c, d):
            with T.block("T_multiply"):
                v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
                T.reads(T_subtract[v_ax0, v_ax1, v_ax2, v_ax3])
                T.writes(T_multiply[v_ax0, v_ax1, v_ax2, v_ax3])
                T_multiply[v_ax0, v_ax1, v_ax2, v_ax3] = T_subtract[v_ax0, v_ax1, v_ax2, v_ax3] * T_subtract[v_ax0, v_ax1, v_ax2, v_ax3]
        for k0, k1, k2, k3 in T.grid(a, b, c, d):
            with T.block("T_multiply_red"):
                v_k0, v_k1, v_k2, v_k3 = T.axis.remap("RRRR", [k0, k1, k2, k3])
                T.reads(T_multiply[v_k0, v_k1, v_k2, v_k3])
                T.writes(T_multiply_red[()])
                with T.init():
                    T_multiply_red[()] = T.float32(0)
                T_multiply_red[()] = T_multiply_red[()] + T_multiply[v_k0, v_k1, v_k2, v_k3]
        with T.block("T_divide_1"):
            vi = T.axis.spatial(1, T.int64(0))
            T.reads(T_multiply_red[()])
            T.writes(T_divide_1[()])
            T_divide_1[()] = T_multiply_red[()] / T.Cast("float32", a * b * c * d)
        with T.block("compute"):
            vi = T.axis.spatial(1, T.int64(0))
            T.reads(T_divide_1[()])
            T.writes(compute[()])
            compute[()] = T.sqrt(T_divide_1[()])

    @R.function
    def main(x: R.Tensor(("a", "b", "c", "d"), dtype="float32")) -> R.Tensor((), dtype="float32"):
        a = T.int64()
        b = T.int64()
        c = T.int64()
        d = T.int64()
        cls = Expected
        gv = R.call_tir(cls.std, (x,), out_sinfo=R.Tensor((), dtype="float32"))
        return gv
