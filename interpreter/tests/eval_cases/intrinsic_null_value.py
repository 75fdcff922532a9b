# rule: eval.value.null eval.call.packed
# expect: None
from tvm.script import ir as I, relax as R, tir as T


# The null value passed to and returned by a packed function.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        n = R.null_value()
        r = R.call_packed("rlx.identity", n, sinfo_args=R.Object)
        return r
