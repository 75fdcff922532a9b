# rule: eval.closure.recursive eval.function eval.alias
# arg: float32 (2,) [1.0, 2.0]
# arg: int64 () [3]
# expect: [4.0, 8.0]
from tvm.script import ir as I, relax as R, tir as T


# The control_flow example: a recursive local function that also captures x (acc + x, k times).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32"), steps: R.Tensor((), "int64")) -> R.Tensor((2,), "float32"):
        @R.function
        def repeat(k: R.Tensor((), "int64"), acc: R.Tensor((2,), "float32")) -> R.Tensor((2,), "float32"):
            stop = R.less_equal(k, R.const(0, "int64"))
            if stop:
                r = acc
            else:
                r = repeat(R.subtract(k, R.const(1, "int64")), R.add(acc, x))
            return r

        out = repeat(steps, x)
        return out
