# rule: eval.global-var eval.call.closure
# arg: int64 () [100]
# expect: 5050
from tvm.script import ir as I, relax as R, tir as T


# The control_flow example: accumulate 100 + 99 + ... + 1, 101 nested activations (within the
# default depth limit of 1000).
@I.ir_module
class Module:
    @R.function
    def countdown(i: R.Tensor((), "int64"), acc: R.Tensor((), "int64")) -> R.Tensor((), "int64"):
        done = R.less_equal(i, R.const(0, "int64"))
        if done:
            r = acc
        else:
            next_i = R.subtract(i, R.const(1, "int64"))
            next_acc = R.add(acc, i)
            r = Module.countdown(next_i, next_acc)
        return r

    @R.function
    def main(n: R.Tensor((), "int64")) -> R.Tensor((), "int64"):
        r = Module.countdown(n, R.const(0, "int64"))
        return r
