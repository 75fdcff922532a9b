# rule: eval.match-cast.object eval.match-cast
# expect: (None, hi, int8)
from tvm.script import ir as I, relax as R, tir as T


# Object matches every value (null, strings, data types included).
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.match_cast(R.null_value(), R.Object)
        b = R.match_cast(R.str("hi"), R.Object)
        c = R.match_cast(R.dtype("int8"), R.Object)
        return (a, b, c)
