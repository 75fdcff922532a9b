# rule: eval.call.op eval.match-cast.shape
# arg: float32 (2, 3) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
# expect: [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
from tvm.script import ir as I, relax as R, tir as T


# shape_of, shape_to_tensor, a reversed copy via take, tensor_to_shape, then a reshape to it.
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3), "float32")):
        s = R.shape_of(x)
        t = R.shape_to_tensor(s)
        rev = R.take(t, R.const([1, 0], "int64"), axis=0)
        s2 = R.tensor_to_shape(rev)
        a = T.int64()
        b = T.int64()
        s3 = R.match_cast(s2, R.Shape([a, b]))
        y = R.reshape(x, s3)
        return y
