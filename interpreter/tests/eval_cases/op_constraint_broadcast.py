# rule: eval.op.constraint eval.call.op eval.value.sinfo eval.runtime-check
# arg: float32 (2,) [1.0, 2.0]
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_error: E3005
from tvm.script import ir as I, relax as R, tir as T


# Broadcasting n against m is left to run time; with n = 2 and m = 3 the op's constraint is
# false on the exact struct info of the values.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32"), y: R.Tensor(("m",), "float32")):
        z = R.add(x, y)
        return z
