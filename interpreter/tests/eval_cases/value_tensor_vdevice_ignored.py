# rule: eval.value.tensor eval.match-cast.tensor eval.call.param
# arg: float32 (2,) [1.0, 2.0]
# expect: [1.0, 2.0]
from tvm.script import ir as I, relax as R, tir as T


# Every tensor is on the host; a vdevice in a struct info names it whatever its text, so it never
# makes a parameter check or a match fail at run time.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2,), "float32", vdevice="cuda:0")):
        y = R.match_cast(x, R.Tensor((2,), "float32", vdevice="llvm:1:global"))
        return y
