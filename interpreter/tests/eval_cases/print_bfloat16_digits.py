# rule: eval.print.float eval.num.astype
# arg: float32 (2,) [3.140625, 256.0]
# expect_print: [3.14, 256.0]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# bfloat16 3.140625: "3.1" rounds to 3.09375, "3.14" rounds back to 3.140625 (3 digits).
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        h = R.astype(x, "bfloat16")
        u = R.print(h)
        return u
