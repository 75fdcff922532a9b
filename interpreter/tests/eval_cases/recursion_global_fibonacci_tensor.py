# rule: eval.global-var eval.call.closure eval.if
# arg: int64 () [10]
# expect: 55
from tvm.script import ir as I, relax as R, tir as T


# Fibonacci on 0-d int64 tensors, two recursive calls per activation.
@I.ir_module
class Module:
    @R.function
    def fib(n: R.Tensor((), "int64")) -> R.Tensor((), "int64"):
        small = R.less(n, R.const(2, "int64"))
        if small:
            r = n
        else:
            a = Module.fib(R.subtract(n, R.const(1, "int64")))
            b = Module.fib(R.subtract(n, R.const(2, "int64")))
            r = R.add(a, b)
        return r

    @R.function
    def main(n: R.Tensor((), "int64")) -> R.Tensor((), "int64"):
        r = Module.fib(n)
        return r
