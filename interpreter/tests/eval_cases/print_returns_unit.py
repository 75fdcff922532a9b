# rule: eval.print eval.value.tuple
# expect_print: hi
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        u = R.print(format="hi")
        return u
