# rule: tir.eval.call
# arg: int32 (3,) [1, 2, 3]
# expect: [11, 12, 13]
from tvm.script import ir as I, relax as R, tir as T


# The packed function writes x + 10 into the output the call allocated.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "int32")) -> R.Tensor((3,), "int32"):
        y = R.call_dps_packed("rlx.add_into", (x, R.const(10, "int32")), out_sinfo=R.Tensor((3,), dtype="int32"))
        return y
