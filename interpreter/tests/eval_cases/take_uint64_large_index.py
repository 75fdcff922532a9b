# rule: eval.trap.index
# arg: float32 (3,) [4.0, 5.0, 6.0]
# arg: uint64 (1,) [18446744073709551615]
# expect: [6.0]
from tvm.script import ir as I, relax as R, tir as T


# A uint64 index above 2^63 - 1 is a large positive index (not -1): "clip" gives n - 1.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "float32"), i: R.Tensor((1,), "uint64")):
        r = R.take(x, i, axis=0, mode="clip")
        return r
