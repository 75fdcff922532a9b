# rule: eval.call.param eval.match-cast
# arg: float32 (5,) [1.0, 2.0, 3.0, 4.0, 5.0]
# arg: float32 (2, 3) [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
# expect_error: E3002
from tvm.script import ir as I, relax as R, tir as T


# As call_param_later_binding.py with x of shape (5,): 5 is not n * m = 6, checked at the entry's
# boundary (E3002 naming x).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n * m",), "float32"), y: R.Tensor(("n", "m"), "float32")) -> R.Tensor(("n * m",), "float32"):
        return x
