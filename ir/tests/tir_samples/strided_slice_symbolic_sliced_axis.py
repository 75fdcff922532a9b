# source: apache/tvm tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py@46e7f0ef78355eac1792e3f68c923a04bb350fd5, test_strided_slice_symbolic_sliced_axis
# Printer-generated (v0.15+ style): T.bool(True) in func_attr, `m, n = T.int64(), T.int64()` where
# `m` is only used by a match_buffer, the Relax main declares `n` before `m`, and `cls = Expected`.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Expected:
    @T.prim_func(private=True)
    def strided_slice(var_A: T.handle, var_T_dynamic_strided_slice_with_axes: T.handle):
        T.func_attr({"tir.noalias": T.bool(True)})
        m, n = T.int64(), T.int64()
        A = T.match_buffer(var_A, (m, n))
        T_dynamic_strided_slice_with_axes = T.match_buffer(var_T_dynamic_strided_slice_with_axes, (T.int64(3), n))
        # with T.block("root"):
        for ax0, ax1 in T.grid(T.int64(3), n):
            with T.block("T_dynamic_strided_slice_with_axes"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(A[v_ax0 * T.int64(3) + T.int64(1), v_ax1])
                T.writes(T_dynamic_strided_slice_with_axes[v_ax0, v_ax1])
                T_dynamic_strided_slice_with_axes[v_ax0, v_ax1] = A[v_ax0 * T.int64(3) + T.int64(1), v_ax1]

    @R.function
    def main(x: R.Tensor(("m", "n"), dtype="float32")) -> R.Tensor((3, "n"), dtype="float32"):
        n = T.int64()
        m = T.int64()
        cls = Expected
        gv = R.call_tir(cls.strided_slice, (x,), out_sinfo=R.Tensor((3, n), dtype="float32"))
        return gv
