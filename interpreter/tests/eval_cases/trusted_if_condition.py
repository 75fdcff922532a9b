# rule: eval.trusted eval.if.cond
# arg: float32 () [1.0]
# expect_error: E3013
from tvm.script import ir as I, relax as R, tir as T


# The trusted struct info claims a bool 0-d tensor; the value is a float32 0-d tensor.
@I.ir_module
class Module:
    asbool = R.ExternFunc("rlx.identity", R.Callable((R.Object,), R.Tensor((), "bool"), False))

    @R.function(pure=False)
    def main(x: R.Tensor((), "float32")):
        c = Module.asbool(x)
        if c:
            r = R.prim_value(1)
        else:
            r = R.prim_value(2)
        return r
