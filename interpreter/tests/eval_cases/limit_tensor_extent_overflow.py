# rule: eval.limit.tensor
# expect_error: E0906
from tvm.script import ir as I, relax as R, tir as T


# Two empty (2^62, 0) tensors joined along their first axis would have an extent of 2^63, which
# does not fit in int64: too large, not a wrapped (negative) extent.
@I.ir_module
class Module:
    @R.function
    def main():
        e = R.eye(4611686018427387904, 0)
        c = R.concat((e, e), axis=0)
        return c
