# source: apache/tvm tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py@46e7f0ef78355eac1792e3f68c923a04bb350fd5, test_dynamic_strided_slice_symbolic
# Black-formatted multi-line expressions (deeply nested T.Select / T.min / T.max, binary operators at
# line starts inside parentheses, `//` after a closing paren), buffer *region* reads written with spaces
# around the slice colon `A[T.int64(0) : T.int64(2)]`, a shape function, R.call_pure_packed and
# R.match_cast in the Relax function, and output extents (s, s_1) that are only defined by match_buffer.
import tvm
from tvm.script import ir as I, relax as R, tir as T


@tvm.script.ir_module
class Expected:
    @T.prim_func(private=True)
    def dynamic_strided_slice(
        var_rxplaceholder: T.handle,
        rxplaceholder: T.Buffer((T.int64(2),), "int64"),
        rxplaceholder_1: T.Buffer((T.int64(2),), "int64"),
        rxplaceholder_2: T.Buffer((T.int64(2),), "int64"),
        var_T_strided_slice_dynamic: T.handle,
    ):
        T.func_attr({"tir.noalias": T.bool(True)})
        n = T.int64()
        rxplaceholder_3 = T.match_buffer(var_rxplaceholder, (T.int64(10), n))
        s, s_1 = T.int64(), T.int64()
        T_strided_slice_dynamic = T.match_buffer(var_T_strided_slice_dynamic, (s, s_1))
        # with T.block("root"):
        for ax0, ax1 in T.grid(s, s_1):
            with T.block("T_strided_slice_dynamic"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(
                    rxplaceholder_3[
                        T.min(rxplaceholder[T.int64(0)], T.int64(9))
                        + v_ax0 * rxplaceholder_2[T.int64(0)],
                        T.min(rxplaceholder[T.int64(1)], n - T.int64(1))
                        + v_ax1 * rxplaceholder_2[T.int64(1)],
                    ],
                    rxplaceholder[T.int64(0) : T.int64(2)],
                    rxplaceholder_2[T.int64(0) : T.int64(2)],
                )
                T.writes(T_strided_slice_dynamic[v_ax0, v_ax1])
                T_strided_slice_dynamic[v_ax0, v_ax1] = rxplaceholder_3[
                    T.min(rxplaceholder[T.int64(0)], T.int64(9))
                    + v_ax0 * rxplaceholder_2[T.int64(0)],
                    T.min(rxplaceholder[T.int64(1)], n - T.int64(1))
                    + v_ax1 * rxplaceholder_2[T.int64(1)],
                ]

    @T.prim_func(private=True)
    def shape_func(
        var_rxplaceholder: T.handle,
        rxplaceholder: T.Buffer((T.int64(2),), "int64"),
        rxplaceholder_1: T.Buffer((T.int64(2),), "int64"),
        rxplaceholder_2: T.Buffer((T.int64(2),), "int64"),
        T_shape_func_strided_slice_dynamic: T.Buffer((T.int64(2),), "int64"),
    ):
        T.func_attr({"tir.noalias": T.bool(True)})
        n = T.int64()
        rxplaceholder_3 = T.match_buffer(var_rxplaceholder, (T.int64(10), n))
        # with T.block("root"):
        for i in range(T.int64(2)):
            with T.block("T_shape_func_strided_slice_dynamic"):
                v_i = T.axis.spatial(T.int64(2), i)
                T.reads(rxplaceholder_2[v_i], rxplaceholder[v_i], rxplaceholder_1[v_i])
                T.writes(T_shape_func_strided_slice_dynamic[v_i])
                T_shape_func_strided_slice_dynamic[v_i] = T.Select(
                    rxplaceholder_2[v_i] < T.int64(0),
                    (
                        T.min(
                            T.max(
                                T.Select(
                                    rxplaceholder[v_i] < T.int64(0),
                                    rxplaceholder[v_i]
                                    + T.Select(
                                        v_i == T.int64(1),
                                        n,
                                        T.Select(
                                            v_i == T.int64(0), T.int64(10), T.int64(-1)
                                        ),
                                    ),
                                    rxplaceholder[v_i],
                                ),
                                T.int64(-1),
                            ),
                            T.Select(
                                v_i == T.int64(1),
                                n,
                                T.Select(v_i == T.int64(0), T.int64(10), T.int64(-1)),
                            )
                            - T.int64(1),
                        )
                        - T.min(
                            T.max(
                                T.Select(
                                    rxplaceholder_1[v_i] < T.int64(0),
                                    rxplaceholder_1[v_i]
                                    + T.Select(
                                        v_i == T.int64(1),
                                        n,
                                        T.Select(
                                            v_i == T.int64(0), T.int64(10), T.int64(-1)
                                        ),
                                    ),
                                    rxplaceholder_1[v_i],
                                ),
                                T.int64(-1),
                            ),
                            T.Select(
                                v_i == T.int64(1),
                                n,
                                T.Select(v_i == T.int64(0), T.int64(10), T.int64(-1)),
                            )
                            - T.int64(1),
                        )
                        - rxplaceholder_2[v_i]
                        - T.int64(1)
                    )
                    // (rxplaceholder_2[v_i] * T.int64(-1)),
                    (
                        T.min(
                            T.max(
                                T.Select(
                                    rxplaceholder_1[v_i] < T.int64(0),
                                    rxplaceholder_1[v_i]
                                    + T.Select(
                                        v_i == T.int64(1),
                                        n,
                                        T.Select(
                                            v_i == T.int64(0), T.int64(10), T.int64(-1)
                                        ),
                                    ),
                                    rxplaceholder_1[v_i],
                                ),
                                T.int64(0),
                            ),
                            T.Select(
                                v_i == T.int64(1),
                                n,
                                T.Select(v_i == T.int64(0), T.int64(10), T.int64(-1)),
                            ),
                        )
                        + rxplaceholder_2[v_i]
                        - T.min(
                            T.max(
                                T.Select(
                                    rxplaceholder[v_i] < T.int64(0),
                                    rxplaceholder[v_i]
                                    + T.Select(
                                        v_i == T.int64(1),
                                        n,
                                        T.Select(
                                            v_i == T.int64(0), T.int64(10), T.int64(-1)
                                        ),
                                    ),
                                    rxplaceholder[v_i],
                                ),
                                T.int64(0),
                            ),
                            T.Select(
                                v_i == T.int64(1),
                                n,
                                T.Select(v_i == T.int64(0), T.int64(10), T.int64(-1)),
                            ),
                        )
                        - T.int64(1)
                    )
                    // rxplaceholder_2[v_i],
                )

    @R.function
    def main(
        x: R.Tensor((10, "n"), dtype="float32"),
        begin: R.Tensor((2,), dtype="int64"),
        end: R.Tensor((2,), dtype="int64"),
        strides: R.Tensor((2,), dtype="int64"),
    ) -> R.Tensor(dtype="float32", ndim=2):
        n = T.int64()
        s = T.int64()
        s_1 = T.int64()
        gv = R.call_tir(
            Expected.shape_func,
            (x, begin, end, strides),
            out_sinfo=R.Tensor((2,), dtype="int64"),
        )
        gv1: R.Shape(ndim=2) = R.call_pure_packed(
            "vm.builtin.tensor_to_shape", gv, sinfo_args=(R.Shape(ndim=2),)
        )
        gv2: R.Shape([s, s_1]) = R.match_cast(gv1, R.Shape([s, s_1]))
        gv_1 = R.call_tir(
            Expected.dynamic_strided_slice,
            (x, begin, end, strides),
            out_sinfo=R.Tensor((s, s_1), dtype="float32"),
        )
        return gv_1
