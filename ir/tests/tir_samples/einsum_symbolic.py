# source: apache/tvm tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py@46e7f0ef78355eac1792e3f68c923a04bb350fd5, test_einsum_symbolic
# Black-formatted: parameter lists split over lines with trailing commas, and a parenthesised
# multi-line RHS `x = (\n a\n + b\n)`; the parser must join lines inside brackets.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Expected:
    @R.function
    def main(
        x: R.Tensor(("a", "b"), dtype="float32"),
        y: R.Tensor(("b", "c"), dtype="float32"),
    ) -> R.Tensor(("a", "c"), dtype="float32"):
        a = T.int64()
        c = T.int64()
        b = T.int64()
        cls = Expected
        gv = R.call_tir(cls.einsum, (x, y), out_sinfo=R.Tensor((a, c), dtype="float32"))
        return gv

    @T.prim_func(private=True)
    def einsum(
        var_rxplaceholder: T.handle,
        var_rxplaceholder_1: T.handle,
        var_T_einsum: T.handle,
    ):
        T.func_attr({"tir.noalias": T.bool(True)})
        a, b = T.int64(), T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, (a, b))
        c = T.int64()
        rxplaceholder_1 = T.match_buffer(var_rxplaceholder_1, (b, c))
        T_einsum = T.match_buffer(var_T_einsum, (a, c))
        for ax0, ax1, j in T.grid(a, c, b):
            with T.block("T_einsum"):
                v_ax0, v_ax1, v_j = T.axis.remap("SSR", [ax0, ax1, j])
                T.reads(rxplaceholder[v_ax0, v_j], rxplaceholder_1[v_j, v_ax1])
                T.writes(T_einsum[v_ax0, v_ax1])
                with T.init():
                    T_einsum[v_ax0, v_ax1] = T.float32(0)
                T_einsum[v_ax0, v_ax1] = (
                    T_einsum[v_ax0, v_ax1]
                    + rxplaceholder[v_ax0, v_j] * rxplaceholder_1[v_j, v_ax1]
                )
