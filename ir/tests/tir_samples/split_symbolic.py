# source: apache/tvm tests/python/relax/test_transform_legalize_ops_manipulate.py@beac1b22200ad0ebbcd6396fb527ed01e79f573e, test_split_by_indices_n_section_divisible_symbolic
# `tir_vars=(n,)` as a Python tuple (the printer emits `tir_vars=R.shape([n])`); scalar param
# `n: T.int64`; fully parenthesised string dims like "((n * 3) // 3)" in R.Tensor annotations.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(dumb_param: R.Tensor(("n",)), x: R.Tensor(("m", "(n * 3)"), "float32")) -> R.Tuple(R.Tensor(("m", "((n * 3) // 3)"), "float32"), R.Tensor(("m", "((((n * 3) // 3) * 2) - ((n * 3) // 3))"), "float32"), R.Tensor(("m", "((n * 3) - (((n * 3) // 3) * 2))"), "float32")):
        m = T.int64()
        n = T.int64()
        gv = R.call_tir(Expected.split, (x,), [R.Tensor((m, ((n * 3) // 3)), "float32"), R.Tensor((m, ((((n * 3) // 3) * 2) - ((n * 3) // 3))), "float32"), R.Tensor((m, ((n * 3) - (((n * 3) // 3) * 2))), "float32")], tir_vars=(n,))
        return gv

    @T.prim_func(private=True)
    def split(var_rxplaceholder: T.handle, var_T_split_sections: T.handle, var_T_split_sections_1: T.handle, var_T_split_sections_2: T.handle, n: T.int64):
        T.func_attr({"tir.noalias": True})
        m = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, [m, n * T.int64(3)], dtype="float32")
        T_split_sections = T.match_buffer(var_T_split_sections, [m, n * T.int64(3) // T.int64(3)], dtype="float32")
        T_split_sections_1 = T.match_buffer(var_T_split_sections_1, [m, n * T.int64(3) // T.int64(3) * T.int64(2) - n * T.int64(3) // T.int64(3)], dtype="float32")
        T_split_sections_2 = T.match_buffer(var_T_split_sections_2, [m, n * T.int64(3) - n * T.int64(3) // T.int64(3) * T.int64(2)], dtype="float32")
        for i0, i1 in T.grid(m, n):
            with T.block("T_split_sections"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[ax0, ax1])
                T.writes(T_split_sections[ax0, ax1])
                T_split_sections[ax0, ax1] = rxplaceholder[ax0, ax1]
        for i0, i1 in T.grid(m, n):
            with T.block("T_split_sections_1"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[ax0, n + ax1])
                T.writes(T_split_sections_1[ax0, ax1])
                T_split_sections_1[ax0, ax1] = rxplaceholder[ax0, n + ax1]
        for i0, i1 in T.grid(m, n):
            with T.block("T_split_sections_2"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                T.reads(rxplaceholder[ax0, n * T.int64(2) + ax1])
                T.writes(T_split_sections_2[ax0, ax1])
                T_split_sections_2[ax0, ax1] = rxplaceholder[ax0, n * T.int64(2) + ax1]
