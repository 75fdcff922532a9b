# rule: eval.value.closure eval.print.value eval.closure.recursive
# expect_print: <function local_fn> <function helper>
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# A local function's closure is named after the variable it is bound to; a module function's
# closure after its global name.
@I.ir_module
class Module:
    @R.function
    def helper(a: R.Prim("int64")) -> R.Prim("int64"):
        return a

    @R.function(pure=False)
    def main():
        @R.function
        def local_fn(a: R.Prim("int64")) -> R.Prim("int64"):
            return a

        g = Module.helper
        u = R.print(local_fn, g)
        return u
