# rule: tir.eval.direct-call tir.eval.bind
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# The caller's output has 3 elements where the PrimFunc's buffer has 2: binding traps, as it
# does under R.call_tir.
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def copy(A: T.Buffer((T.int64(2),), "float32"), B: T.Buffer((T.int64(2),), "float32")):
        for i in range(T.int64(2)):
            B[i] = A[i]

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")) -> R.Tensor((3,), "float32"):
        cls = Module
        out = R.builtin.alloc_tensor(R.shape([3]), R.dtype("float32"), R.prim_value(0), R.str("global"))
        cls.copy(x, out)
        return out
