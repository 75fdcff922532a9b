# rule: eval.bound eval.op.constraint
# arg: float32 (3, 2) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# arg: prim int64 -1
# expect_error: E3011
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main(tokens: R.Tensor(("n", 2), "float32"), valid: R.Prim("int64")):
        n = T.int64()
        r = R.set_dimension_size(tokens, valid, axis=0)
        return r
