# rule: eval.print.value eval.string
# expect_print: say "hi"	now
# expect: ()
from tvm.script import ir as I, relax as R, tir as T


# A string value prints as its characters (the \t is a real tab character in the line).
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        s = R.str("say \"hi\"\tnow")
        u = R.print(s)
        return u
