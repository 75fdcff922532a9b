# rule: eval.limit.work
# limit: max_work=2015
# expect_error: E0910
from tvm.script import ir as I, relax as R, tir as T


# As limit_work_exact.py with a limit of one operation less: R.add's result makes 2,016 > 2,015.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.ones(R.shape([4]), dtype="float32")
        b = R.add(a, a)
        return b
