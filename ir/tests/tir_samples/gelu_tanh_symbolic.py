# source: apache/tvm tests/python/relax/test_transform_legalize_ops_nn.py@03a16937915e2283cc89397410d33eef2e5e025b, test_gelu_tanh_symbolic
# Printer style: T.func_attr({"tir.noalias": T.bool(True)}), `m, n = T.int64(), T.int64()`,
# T.match_buffer(h, (m, n)) with default float32 dtype omitted, T.pow, T.tanh.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(("m", "n"), dtype="float32")) -> R.Tensor(("m", "n"), dtype="float32"):
        m = T.int64()
        n = T.int64()
        gv = R.call_tir(Expected.gelu_tanh, (x,), out_sinfo=R.Tensor((m, n), dtype="float32"))
        return gv

    @T.prim_func
    def gelu_tanh(var_A: T.handle, var_T_multiply: T.handle):
        T.func_attr({"tir.noalias": T.bool(True)})
        m, n = T.int64(), T.int64()
        A = T.match_buffer(var_A, (m, n))
        T_multiply = T.match_buffer(var_T_multiply, (m, n))
        T_power = T.alloc_buffer((m, n))
        T_multiply_1 = T.alloc_buffer((m, n))
        T_add = T.alloc_buffer((m, n))
        T_multiply_2 = T.alloc_buffer((m, n))
        compute = T.alloc_buffer((m, n))
        T_add_1 = T.alloc_buffer((m, n))
        for ax0, ax1 in T.grid(m, n):
            with T.block("T_power"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(A[v_ax0, v_ax1])
                T.writes(T_power[v_ax0, v_ax1])
                T_power[v_ax0, v_ax1] = T.pow(A[v_ax0, v_ax1], T.float32(3))
        for ax0, ax1 in T.grid(m, n):
            with T.block("T_multiply"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_power[v_ax0, v_ax1])
                T.writes(T_multiply_1[v_ax0, v_ax1])
                T_multiply_1[v_ax0, v_ax1] = T.float32(0.044714999999999998) * T_power[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(m, n):
            with T.block("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(A[v_ax0, v_ax1], T_multiply_1[v_ax0, v_ax1])
                T.writes(T_add[v_ax0, v_ax1])
                T_add[v_ax0, v_ax1] = A[v_ax0, v_ax1] + T_multiply_1[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(m, n):
            with T.block("T_multiply_1"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_add[v_ax0, v_ax1])
                T.writes(T_multiply_2[v_ax0, v_ax1])
                T_multiply_2[v_ax0, v_ax1] = T.float32(0.79788456080286541) * T_add[v_ax0, v_ax1]
        for i0, i1 in T.grid(m, n):
            with T.block("compute"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_multiply_2[v_i0, v_i1])
                T.writes(compute[v_i0, v_i1])
                compute[v_i0, v_i1] = T.tanh(T_multiply_2[v_i0, v_i1])
        for ax0, ax1 in T.grid(m, n):
            with T.block("T_add_1"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(compute[v_ax0, v_ax1])
                T.writes(T_add_1[v_ax0, v_ax1])
                T_add_1[v_ax0, v_ax1] = T.float32(1) + compute[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(m, n):
            with T.block("T_multiply_2"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_add_1[v_ax0, v_ax1])
                T.writes(T_multiply[v_ax0, v_ax1])
                T_multiply[v_ax0, v_ax1] = T.float32(0.5) * T_add_1[v_ax0, v_ax1]
