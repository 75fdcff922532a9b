# rule: eval.value.prim eval.prim-value eval.print.value eval.print.float
# expect: (-5, 255, True, 2.5, 0.1)
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main():
        a = R.prim_value(T.int8(-5))
        b = R.prim_value(T.uint8(255))
        c = R.prim_value(True)
        d = R.prim_value(T.float32(2.5))
        e = R.prim_value(0.1)
        return (a, b, c, d, e)
