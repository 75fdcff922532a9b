# rule: eval.call.op eval.value.prim eval.num.int-div-zero
# arg: prim int64 -7
# arg: prim int64 2
# expect: (-5, -14, -3, -4, -1, 1)
from tvm.script import ir as I, relax as R, tir as T


# Ops on two primitive values give primitive values.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Prim("int64"), b: R.Prim("int64")):
        s = R.add(a, b)
        m = R.multiply(a, b)
        d = R.divide(a, b)
        fd = R.floor_divide(a, b)
        md = R.mod(a, b)
        fm = R.floor_mod(a, b)
        return (s, m, d, fd, md, fm)
