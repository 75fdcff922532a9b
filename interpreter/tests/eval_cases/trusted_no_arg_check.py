# rule: eval.trusted eval.call.packed
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect: [1.0, 2.0, 3.0]
from tvm.script import ir as I, relax as R, tir as T


# A call through a trusted ExternFunc struct info checks neither the arguments against its
# params nor (without sinfo_args) the result against its ret: the params say (2,), the argument
# has extent 3 (statically only "n", so the checker leaves it open), and nothing traps. The
# reading: a packed function has no boundary, so eval.call.param never applies to it
# (eval.call.packed: "the arguments are not checked").
@I.ir_module
class Module:
    takes2 = R.ExternFunc("rlx.identity", R.Callable((R.Tensor((2,), "float32"),), R.Tensor((2,), "float32"), False))

    @R.function(pure=False)
    def main(x: R.Tensor(("n",), "float32")):
        y = Module.takes2(x)
        return y
