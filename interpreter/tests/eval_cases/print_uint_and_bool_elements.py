# rule: eval.print.value
# arg: uint64 (2,) [18446744073709551615, 9223372036854775808]
# arg: bool () [false]
# expect_print: [18446744073709551615, 9223372036854775808] False
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# uint64 elements print unsigned; a 0-d bool tensor prints its element.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((2,), "uint64"), b: R.Tensor((), "bool")):
        u = R.print(x, b)
        return u
