# rule: eval.num.reduce eval.trap.value
# arg: int32 (0, 3) []
# expect: []
from tvm.script import ir as I, relax as R, tir as T


# A reduction whose result has no element computes nothing and never traps (max over axis 1 of
# a (0, 3) tensor has shape (0,)).
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", "m"), "int32")):
        r = R.max(x, axis=1)
        return r
