# source: apache/tvm tests/python/relax/test_transform_legalize_ops_manipulate.py@beac1b22200ad0ebbcd6396fb527ed01e79f573e, test_split_by_indices
# Multiple outputs: out_sinfo given positionally as a *list* of R.Tensor (dtype positional, no
# `dtype=`), three sibling loop nests writing three output buffers; R.Tuple([...]) list form.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((2, 10, 4), "float32")) -> R.Tuple([R.Tensor((2, 3, 4), "float32"), R.Tensor((2, 4, 4), "float32"), R.Tensor((2, 3, 4), "float32")]):
        gv = R.call_tir(Expected.split, (x,), [R.Tensor((2, 3, 4), "float32"), R.Tensor((2, 4, 4), "float32"), R.Tensor((2, 3, 4), "float32")])
        return gv

    @T.prim_func(private=True)
    def split(rxplaceholder: T.Buffer((T.int64(2), T.int64(10), T.int64(4)), "float32"), T_split: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_split_1: T.Buffer((T.int64(2), T.int64(4), T.int64(4)), "float32"), T_split_2: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32")):
        T.func_attr({"tir.noalias": True})
        for i0, i1, i2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
            with T.block("T_split"):
                ax0, ax1, ax2 = T.axis.remap("SSS", [i0, i1, i2])
                T.reads(rxplaceholder[ax0, ax1, ax2])
                T.writes(T_split[ax0, ax1, ax2])
                T_split[ax0, ax1, ax2] = rxplaceholder[ax0, ax1, ax2]
        for i0, i1, i2 in T.grid(T.int64(2), T.int64(4), T.int64(4)):
            with T.block("T_split_1"):
                ax0, ax1, ax2 = T.axis.remap("SSS", [i0, i1, i2])
                T.reads(rxplaceholder[ax0, ax1 + T.int64(3), ax2])
                T.writes(T_split_1[ax0, ax1, ax2])
                T_split_1[ax0, ax1, ax2] = rxplaceholder[ax0, ax1 + T.int64(3), ax2]
        for i0, i1, i2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
            with T.block("T_split_2"):
                ax0, ax1, ax2 = T.axis.remap("SSS", [i0, i1, i2])
                T.reads(rxplaceholder[ax0, ax1 + T.int64(7), ax2])
                T.writes(T_split_2[ax0, ax1, ax2])
                T_split_2[ax0, ax1, ax2] = rxplaceholder[ax0, ax1 + T.int64(7), ax2]
