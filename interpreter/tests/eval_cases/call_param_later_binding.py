# rule: eval.call.param eval.match-cast eval.call.return
# entry: main
# arg: float32 (6,) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: float32 (2, 3) [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
# expect: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
from tvm.script import ir as I, relax as R, tir as T


# The example of eval.call.return: the first parameter uses n and m, which the second binds
# (pass 2 binds n = 2, m = 3 from y; pass 3 compares 6 with n * m).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n * m",), "float32"), y: R.Tensor(("n", "m"), "float32")) -> R.Tensor(("n * m",), "float32"):
        return x
