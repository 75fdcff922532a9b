# rule: eval.trap.assert
# arg: bool () [true]
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# A bool 0-d tensor condition that is true: unit value, nothing else happens.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main(c: R.Tensor((), "bool")):
        u = R.assert_op(c, c, format="failed with {}")
        return u
