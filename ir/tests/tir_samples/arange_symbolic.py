# source: apache/tvm tests/python/relax/test_transform_legalize_ops_create_datatype.py@267d3076bcf343d6d403c0c4d33e1739f2620ddd, test_arange_symbolic
# `tir_vars=R.shape([n])` + scalar param `n: T.int64` as the LAST prim_func param; no inputs
# (R.tuple()); `cls = Expected` bound before `n = T.int64()`; `for ax0 in range(extent)`;
# T.axis.spatial; a block with NO T.reads/T.writes (parser infers them); match_buffer with
# 1-tuple shape `(n // T.int64(2),)` and positional dtype "int64".
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor(["n"], "float32")):
        cls = Expected
        n = T.int64()
        gv = R.call_tir(cls.arange, R.tuple(), out_sinfo=R.Tensor((n // 2,), dtype="int64"), tir_vars=R.shape([n]))
        return gv

    @T.prim_func(private=True)
    def arange(var_T_arange: T.handle, n: T.int64):
        T.func_attr({"tir.noalias": T.bool(True)})
        T_arange = T.match_buffer(var_T_arange, (n // T.int64(2),), "int64")
        for ax0 in range(n // T.int64(2)):
            with T.block("T_arange"):
                v_ax0 = T.axis.spatial(n // T.int64(2), ax0)
                T_arange[v_ax0] = v_ax0 * T.int64(2) + T.int64(1)
