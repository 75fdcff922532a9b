# rule: eval.value.tensor eval.print.value eval.constant
# expect: ([-128, 127], [18446744073709551615, 0], [-9223372036854775808])
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function
    def main():
        a = R.const([-128, 127], "int8")
        b = R.const([18446744073709551615, 0], "uint64")
        c = R.const([-9223372036854775808], "int64")
        return (a, b, c)
