# rule: eval.match-cast eval.match-cast.func eval.value.packed
# expect: <packed test.add_one>
from tvm.script import ir as I, relax as R, tir as T


# A packed function value matches a Callable.
@I.ir_module
class Module:
    addone = R.ExternFunc("test.add_one")

    @R.function(pure=False)
    def main():
        o = R.call_packed("rlx.identity", Module.addone, sinfo_args=R.Object)
        f = R.match_cast(o, R.Callable)
        return f
