# source: apache/tvm tests/python/relax/test_transform_legalize_ops_ccl.py@28cd4e7296f78e1d7657663525de26c7a5d6376a, test_allreduce
# No prim_func at all: R.call_dps_packed with a *list* argument tuple `[x, R.shape([0])]`
# (the printer would emit a tuple `(x, R.shape([0]))`); annotated bindings `gv0: R.Tensor(...) = ...`.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class Expected:
    @R.function
    def main(x: R.Tensor((10, 10), dtype="float32")) -> R.Tensor((10, 10), dtype="float32"):
        gv0: R.Tensor((10, 10), dtype="float32") = R.call_dps_packed("runtime.disco.allreduce", [x, R.shape([0])], out_sinfo=R.Tensor((10, 10), dtype="float32"))
        gv1: R.Tensor((10, 10), dtype="float32") = R.call_dps_packed("runtime.disco.allreduce", [x, R.shape([1])], out_sinfo=R.Tensor((10, 10), dtype="float32"))
        gv2: R.Tensor((10, 10), dtype="float32") = R.call_dps_packed("runtime.disco.allreduce", [x, R.shape([2])], out_sinfo=R.Tensor((10, 10), dtype="float32"))
        gv3: R.Tensor((10, 10), dtype="float32") = R.call_dps_packed("runtime.disco.allreduce", [x, R.shape([3])], out_sinfo=R.Tensor((10, 10), dtype="float32"))
        gv4: R.Tensor((10, 10), dtype="float32") = R.call_dps_packed("runtime.disco.allreduce", [x, R.shape([4])], out_sinfo=R.Tensor((10, 10), dtype="float32"))
        return x
