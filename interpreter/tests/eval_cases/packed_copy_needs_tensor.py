# rule: eval.packed.fail eval.packed.builtins
# expect_error: E3010
from tvm.script import ir as I, relax as R, tir as T


# vm.builtin.copy takes a tensor; a shape is an argument kind its entry does not allow.
@I.ir_module
class Module:
    @R.function(pure=False)
    def main():
        r = R.call_packed("vm.builtin.copy", R.shape([1, 2]), sinfo_args=R.Object)
        return r
