# A pre-norm transformer block (multi-head self-attention and an MLP) over a sequence of
# symbolic length s, bounded by 128: the bound lets a compiler size every buffer statically.
from tvm.script import ir as I, relax as R, tir as T


@I.ir_module
class TransformerBlock:
    @R.function
    def main(
        x: R.Tensor(("s", 256), "float32"),
        ln1_g: R.Tensor((256,), "float32"),
        ln1_b: R.Tensor((256,), "float32"),
        w_qkv: R.Tensor((256, 768), "float32"),
        w_out: R.Tensor((256, 256), "float32"),
        ln2_g: R.Tensor((256,), "float32"),
        ln2_b: R.Tensor((256,), "float32"),
        w_up: R.Tensor((256, 1024), "float32"),
        w_down: R.Tensor((1024, 256), "float32"),
    ) -> R.Tensor(("s", 256), "float32"):
        s = T.int64()
        R.func_attr({"tir_var_upper_bound": {"s": 128}, "tir_var_lower_bound": {"s": 1}})
        with R.dataflow():
            h = R.nn.layer_norm(x, ln1_g, ln1_b, axes=[-1])
            qkv = R.matmul(h, w_qkv)
            heads = R.permute_dims(R.reshape(qkv, R.shape([s, 3, 4, 64])), axes=[1, 2, 0, 3])
            q = R.squeeze(R.strided_slice(heads, axes=[0], begin=[0], end=[1]), axis=[0])
            k = R.squeeze(R.strided_slice(heads, axes=[0], begin=[1], end=[2]), axis=[0])
            v = R.squeeze(R.strided_slice(heads, axes=[0], begin=[2], end=[3]), axis=[0])
            scores = R.multiply(R.matmul(q, R.permute_dims(k, axes=[0, 2, 1])), R.const(0.125, "float32"))
            weights = R.nn.softmax(scores, axis=-1)
            attended = R.reshape(R.permute_dims(R.matmul(weights, v), axes=[1, 0, 2]), R.shape([s, 256]))
            x1 = R.add(x, R.matmul(attended, w_out))
            h2 = R.nn.layer_norm(x1, ln2_g, ln2_b, axes=[-1])
            up = R.nn.gelu(R.matmul(h2, w_up))
            out = R.add(x1, R.matmul(up, w_down))
            R.output(out)
        return out
