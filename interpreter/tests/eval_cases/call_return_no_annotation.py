# rule: eval.call.return eval.call.closure
# arg: float32 (2,) [1.0, 2.0]
# expect: [1.0, 2.0]
from tvm.script import ir as I, relax as R, tir as T


# A function without a return annotation checks nothing on exit.
@I.ir_module
class Module:
    @R.function(pure=False)
    def anything(a: R.Tensor((2,), "float32")):
        o = R.call_packed("rlx.identity", a, sinfo_args=R.Object)
        return o

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        r = Module.anything(x)
        return r
