# rule: eval.call.param eval.match-cast.tensor
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# n is bound by the first dimension (2) and compared in the second (3).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", "n"), "float32")):
        return x
