# rule: tir.eval.direct-call tir.func.sinfo
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# expect: [[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]
from tvm.script import ir as I, relax as R, tir as T


# The lowered form that call-tir-rewrite writes (TVM's too): the caller allocates the output and
# calls the PrimFunc directly, a statement whose value is the empty tuple; the function is pure
# by relax.force_pure.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def double(A: T.Buffer((T.int64(2), T.int64(3)), "float32"), B: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(3)):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] + A[vi, vj]

    @R.function
    def main(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        R.func_attr({"relax.force_pure": True})
        cls = Module
        out = R.builtin.alloc_tensor(R.shape([2, 3]), R.dtype("float32"), R.prim_value(0), R.str("global"))
        cls.double(x, out)
        return out
