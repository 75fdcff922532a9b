# rule: eval.num.int-wrap eval.call.op
# arg: int8 (2,) [127, -128]
# arg: int8 (2,) [1, -1]
# expect: ([-128, 127], [24464], [-128], [-128, 5], [0], 44, -128, [255])
from tvm.script import ir as I, relax as R, tir as T


# Integer ops wrap modulo 2^bits: int8 add; int16 300 * 300 = 90000 - 65536; negative and abs
# of -128 are -128; int8 square 16 * 16 = 256 -> 0; int8 sum 100 + 100 + 100 = 300 -> 44;
# primitive operands wrap too (int8 127 + 1); uint8 0 - 1 = 255.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((2,), "int8"), b: R.Tensor((2,), "int8")):
        s = R.add(a, b)
        m = R.multiply(R.const([300], "int16"), R.const([300], "int16"))
        n = R.negative(R.const([-128], "int8"))
        ab = R.abs(R.const([-128, -5], "int8"))
        sq = R.square(R.const([16], "int8"))
        su = R.sum(R.const([100, 100, 100], "int8"))
        p = R.add(R.prim_value(T.int8(127)), R.prim_value(T.int8(1)))
        u = R.subtract(R.const([0], "uint8"), R.const([1], "uint8"))
        return (s, m, n, ab, sq, su, p, u)
