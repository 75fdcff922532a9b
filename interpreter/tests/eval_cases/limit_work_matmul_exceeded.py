# rule: eval.limit.work
# limit: max_work=3059
# expect_error: E0910
from tvm.script import ir as I, relax as R, tir as T


# As limit_work_matmul.py: after the bindings (3,000) and the operands (18 + 18), R.matmul's 24
# multiply-adds make 3,060 > 3,059, counted before it computes anything.
@I.ir_module
class Module:
    @R.function
    def main():
        a = R.ones(R.shape([2, 3]), dtype="float32")
        b = R.ones(R.shape([3, 4]), dtype="float32")
        c = R.matmul(a, b)
        return c
