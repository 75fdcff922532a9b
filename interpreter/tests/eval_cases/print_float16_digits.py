# rule: eval.print.float eval.num.astype
# arg: float32 (3,) [65504.0, 0.1, 1.5]
# expect_print: [65500.0, 0.1, 1.5]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# float16 65504 has the shortest text "65500" (which rounds to 65504 in float16), with ".0"
# appended; float16(0.1) = 0.0999755859375 prints "0.1".
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((3,), "float32")):
        h = R.astype(x, "float16")
        u = R.print(h)
        return u
