# rule: tir.eval.call
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (4,) [0.0, 0.0, 0.0, 0.0]
# expect: ([1.0, 2.0, 0.0, 0.0], 28.0)
from tvm.script import ir as I, relax as R, tir as T


# An output of extent m written by a loop over [0, n), n = 2 < m = 4: the extents look the same up
# to renaming, but the last two elements are never written and keep the zero every fresh output
# starts with — also where a compiler reuses the storage of a dead tensor (here the 7s of `full`;
# the bounds let a memory plan share storage).
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def fill(b: T.handle):
        m = T.int64()
        B = T.match_buffer(b, (m,), "float32")
        for i in range(m):
            B[i] = T.float32(7)

    @T.prim_func(private=True)
    def partial(a: T.handle, b: T.handle):
        n, m = T.int64(), T.int64()
        A = T.match_buffer(a, (n,), "float32")
        B = T.match_buffer(b, (m,), "float32")
        for i in range(n):
            with T.block("B"):
                vi = T.axis.spatial(n, i)
                B[vi] = A[vi]

    @R.function
    def main(x: R.Tensor(("n",), "float32"), y: R.Tensor(("m",), "float32")):
        n = T.int64()
        m = T.int64()
        R.func_attr({"tir_var_upper_bound": {"m": 16, "n": 16}})
        cls = Module
        full = R.call_tir(cls.fill, (), out_sinfo=R.Tensor((m,), "float32"))
        s = R.sum(full)
        z = R.call_tir(cls.partial, (x,), out_sinfo=R.Tensor((m,), "float32"))
        return (z, s)
