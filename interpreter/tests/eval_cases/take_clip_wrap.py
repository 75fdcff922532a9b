# rule: eval.trap.index
# arg: float32 (3,) [4.0, 5.0, 6.0]
# arg: int64 (4,) [2, 0, 3, -1]
# expect: ([6.0, 4.0, 6.0, 4.0], [6.0, 4.0, 4.0, 6.0])
from tvm.script import ir as I, relax as R, tir as T


# "clip" clamps to [0, n - 1]; "wrap" takes the index modulo n with a remainder in [0, n).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((3,), "float32"), i: R.Tensor((4,), "int64")):
        c = R.take(x, i, axis=0, mode="clip")
        w = R.take(x, i, axis=0, mode="wrap")
        return (c, w)
