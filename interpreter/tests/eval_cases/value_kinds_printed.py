# rule: eval.value.kinds eval.print eval.print.value eval.print.format
# arg: float32 (2,) [0.5, -1.0]
# expect_print: [0.5, -1.0] (1, 2) R.shape([4]) 9 text float64 <function helper> <packed test.identity> None
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# One value of each kind of eval.value.kinds, printed with an empty format (joined by spaces).
@I.ir_module
class Module:
    ext = R.ExternFunc("test.identity")

    @R.function
    def helper(x: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
        return x

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        t = (R.prim_value(1), R.prim_value(2))
        s = R.shape([4])
        p = R.prim_value(9)
        st = R.str("text")
        dt = R.dtype("float64")
        f = Module.helper
        pk = Module.ext
        nl = R.null_value()
        u = R.print(x, t, s, p, st, dt, f, pk, nl)
        return u
