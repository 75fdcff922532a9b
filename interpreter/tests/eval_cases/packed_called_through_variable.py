# rule: eval.call eval.call.packed eval.global-var eval.value.packed
# arg: float32 (2,) [1.0, 2.0]
# expect: [2.0, 3.0]
from tvm.script import ir as I, relax as R, tir as T


# A variable holding a packed function (from a GlobalVar naming an ExternFunc member) is called
# by eval.call.packed; without sinfo_args nothing is checked.
@I.ir_module
class Module:
    addone = R.ExternFunc("test.add_one")

    @R.function(pure=False)
    def main(x: R.Tensor((2,), "float32")):
        f = Module.addone
        r = f(x)
        return r
