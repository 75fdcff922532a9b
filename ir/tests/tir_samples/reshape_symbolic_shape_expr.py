# source: apache/tvm tests/python/relax/test_transform_legalize_ops_manipulate.py@beac1b22200ad0ebbcd6396fb527ed01e79f573e, test_reshape_symbolic (module Expected3)
# Printer-style prim_func (tuple shapes, "# with T.block("root"):"), Black-formatted multi-line
# T.reads / subscript, `lv: R.Shape([5, b * 2]) = R.shape([5, b * 2])` in Relax.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Expected3:
    @T.prim_func(private=True)
    def reshape(var_rxplaceholder: T.handle, var_T_reshape: T.handle):
        T.func_attr({"tir.noalias": True})
        b = T.int64()
        rxplaceholder = T.match_buffer(var_rxplaceholder, (T.int64(10), b))
        T_reshape = T.match_buffer(var_T_reshape, (T.int64(5), b * T.int64(2)))
        # with T.block("root"):
        for ax0, ax1 in T.grid(T.int64(5), b * T.int64(2)):
            with T.block("T_reshape"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(
                    rxplaceholder[
                        (v_ax0 * b * T.int64(2) + v_ax1) // b % T.int64(10),
                        (v_ax0 * b * T.int64(2) + v_ax1) % b,
                    ]
                )
                T.writes(T_reshape[v_ax0, v_ax1])
                T_reshape[v_ax0, v_ax1] = rxplaceholder[
                    (v_ax0 * b * T.int64(2) + v_ax1) // b % T.int64(10),
                    (v_ax0 * b * T.int64(2) + v_ax1) % b,
                ]

    @R.function
    def main(
        x: R.Tensor((10, "b"), dtype="float32")
    ) -> R.Tensor((5, "b * 2"), dtype="float32"):
        b = T.int64()
        lv: R.Shape([5, b * 2]) = R.shape([5, b * 2])
        gv = R.call_tir(
            Expected3.reshape, (x,), out_sinfo=R.Tensor((5, b * 2), dtype="float32")
        )
        return gv
