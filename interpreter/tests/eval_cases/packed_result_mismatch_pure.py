# rule: eval.call.packed eval.packed.fail eval.call.op
# arg: float32 (2,) [1.0, 2.0]
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# R.call_pure_packed checks the result against sinfo_args too: a float32 tensor is not int32.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        r = R.call_pure_packed("test.identity", x, sinfo_args=R.Tensor((2,), "int32"))
        return r
