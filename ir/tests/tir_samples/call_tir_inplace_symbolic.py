# source: apache/tvm tests/python/relax/test_dataflow_inplace.py@a3683e79976930c28cce944568403f35496eb075, test_dynamic (module Expected)
# NOT a legalize test (added for R.call_tir_inplace coverage). Printer ordering of kwargs:
# out_sinfo= then inplace_indices=[...]; prim_funcs with no return buffer (outputs written in
# place); `a, b = T.int64(), T.int64()`; Relax var `a_1` renamed to avoid clashing with TIR var `a`;
# Black-formatted multi-line calls inside R.dataflow().
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Expected:
    @T.prim_func(private=True)
    def add_inplace(var_A: T.handle, var_B: T.handle):
        T.func_attr({"tir.noalias": T.bool(True)})
        a, b = T.int64(), T.int64()
        A = T.match_buffer(var_A, (a, b))
        B = T.match_buffer(var_B, (a, b))
        for ax0, ax1 in T.grid(a, b):
            with T.block("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(A[v_ax0, v_ax1], B[v_ax0, v_ax1])
                T.writes(A[v_ax0, v_ax1])
                A[v_ax0, v_ax1] = A[v_ax0, v_ax1] + B[v_ax0, v_ax1]

    @T.prim_func(private=True)
    def subtract_inplace(var_A: T.handle, var_B: T.handle):
        T.func_attr({"tir.noalias": T.bool(True)})
        a, b = T.int64(), T.int64()
        A = T.match_buffer(var_A, (a, b))
        B = T.match_buffer(var_B, (a, b))
        for ax0, ax1 in T.grid(a, b):
            with T.block("T_subtract"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(A[v_ax0, v_ax1], B[v_ax0, v_ax1])
                T.writes(B[v_ax0, v_ax1])
                B[v_ax0, v_ax1] = A[v_ax0, v_ax1] - B[v_ax0, v_ax1]

    @R.function
    def main(
        x: R.Tensor(("a", "b"), dtype="float32"), y: R.Tensor(("a", "b"), dtype="float32")
    ) -> R.Tensor(("a", "b"), dtype="float32"):
        a = T.int64()
        b = T.int64()
        cls = Expected
        with R.dataflow():
            z = R.add(x, y)
            a_1 = R.call_tir_inplace(
                cls.add_inplace,
                (z, y),
                out_sinfo=R.Tensor((a, b), dtype="float32"),
                inplace_indices=[0],
            )
            s = R.call_tir_inplace(
                cls.subtract_inplace,
                (a_1, a_1),
                out_sinfo=R.Tensor((a, b), dtype="float32"),
                inplace_indices=[1],
            )
            R.output(s)
        return s
