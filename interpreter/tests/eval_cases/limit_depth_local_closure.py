# rule: eval.limit.depth eval.closure.recursive
# limit: max_call_depth=10
# arg: int64 () [20]
# expect_error: E0908
from tvm.script import ir as I, relax as R, tir as T


# Calls of a local closure count as well.
@I.ir_module
class Module:
    @R.function
    def main(n: R.Tensor((), "int64")) -> R.Tensor((), "int64"):
        @R.function
        def down(k: R.Tensor((), "int64")) -> R.Tensor((), "int64"):
            stop = R.less_equal(k, R.const(0, "int64"))
            if stop:
                r = k
            else:
                r = down(R.subtract(k, R.const(1, "int64")))
            return r

        out = down(n)
        return out
