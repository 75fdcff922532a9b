# rule: eval.num.argmax eval.call.op
# arg: float32 (4,) [1.0, nan, 3.0, nan]
# expect: (1, 1, 1, 1, 1, [1, 0])
from tvm.script import ir as I, relax as R, tir as T


# The first NaN wins for argmax and for argmin; ties go to the first index; for bool
# False < True; along an axis, each row's first maximum ([[1, 7, 7], [9, 5, 6]] gives [1, 0]).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((4,), "float32")):
        a = R.argmax(x)
        b = R.argmin(x)
        c = R.argmax(R.const([7, 9, 9], "int32"))
        d = R.argmin(R.const([2, 1, 1], "int32"))
        e = R.argmax(R.const([False, True, True], "bool"))
        f = R.argmax(R.const([[1, 7, 7], [9, 5, 6]], "int32"), axis=1)
        return (a, b, c, d, e, f)
