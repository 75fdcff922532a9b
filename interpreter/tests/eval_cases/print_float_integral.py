# rule: eval.print.float eval.print.value
# arg: float64 (7,) [1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1e+20]
# expect_print: [1.0, 10.0, 100.0, 1000.0, 10000.0, 1e+05, 1e+20]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# Shortest digits, then the shorter of fixed and exponent notation (fixed on a tie), ".0"
# appended when the text has neither "." nor "e": 10000.0 is "10000" (5) vs "1e+04" (5), a tie,
# so fixed; 100000.0 is "100000" (6) vs "1e+05" (5), so exponent, which gets no ".0".
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(x: R.Tensor((7,), "float64")):
        u = R.print(x)
        return u
