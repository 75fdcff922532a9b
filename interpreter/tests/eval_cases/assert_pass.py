# rule: eval.trap.assert
# arg: float32 (3,) [1.0, 2.0, 3.0]
# expect_print: done
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# A true condition does nothing and gives the unit value; the (malformed) format is not read.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor(("n",), "float32")):
        n = T.int64()
        u = R.assert_op(n > 0, x, format="bad { format")
        R.print(format="done")
        return u
