/* Calls the library `rlx compile scale_add.py -o libscale_add.so` makes, through the header it
 * generates (run_example.sh builds and runs this; the tests do too). Checks every value, and
 * that a trap in the compiled code comes back as an error with the interpreter's code. */
#include <stdio.h>
#include <string.h>

#include "libscale_add.h"

static DLTensor Tensor(void* data, int ndim, int64_t* shape, uint8_t code) {
  DLTensor t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.device.device_type = kDLCPU;
  t.ndim = ndim;
  t.dtype.code = code;
  t.dtype.bits = 32;
  t.dtype.lanes = 1;
  t.shape = shape;
  return t;
}

int main(void) {
  float x[3][4], b[4] = {1, 2, 3, 4};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 4; ++j) x[i][j] = (float)(i * 4 + j);
  }
  int64_t x_shape[2] = {3, 4}, b_shape[1] = {4};
  DLTensor inputs[2] = {Tensor(x, 2, x_shape, kDLFloat), Tensor(b, 1, b_shape, kDLFloat)};
  DLManagedTensor* outputs[4];
  int n = 0;
  if (scale_add_main(inputs, 2, outputs, 4, &n) != 0) {
    printf("main failed: %s\n", scale_add_last_error());
    return 1;
  }
  if (n != 2 || outputs[0]->dl_tensor.ndim != 2 || outputs[0]->dl_tensor.shape[0] != 3 ||
      outputs[1]->dl_tensor.ndim != 1 || outputs[1]->dl_tensor.shape[0] != 3) {
    printf("main returned %d tensors of unexpected shapes\n", n);
    return 1;
  }
  const float* y = (const float*)outputs[0]->dl_tensor.data;
  const float* s = (const float*)outputs[1]->dl_tensor.data;
  for (int i = 0; i < 3; ++i) {
    float sum = 0;
    for (int j = 0; j < 4; ++j) {
      const float want = 2 * x[i][j] + b[j];  /* exact: small integers */
      if (y[i * 4 + j] != want) {
        printf("y[%d][%d] = %g, expected %g\n", i, j, y[i * 4 + j], want);
        return 1;
      }
      sum += want;
    }
    if (s[i] != sum) {
      printf("s[%d] = %g, expected %g\n", i, s[i], sum);
      return 1;
    }
  }
  for (int k = 0; k < n; ++k) outputs[k]->deleter(outputs[k]);
  /* An integer division by zero traps (E3006), in compiled code as in the interpreter. */
  int32_t a[2] = {7, -7}, d[2] = {2, 0};
  int64_t shape2[1] = {2};
  DLTensor pair[2] = {Tensor(a, 1, shape2, kDLInt), Tensor(d, 1, shape2, kDLInt)};
  if (scale_add_ratio(pair, 2, outputs, 4, &n) == 0) {
    printf("ratio did not trap\n");
    return 1;
  }
  if (strncmp(scale_add_last_error(), "E3006", 5) != 0) {
    printf("ratio failed with %s, expected E3006\n", scale_add_last_error());
    return 1;
  }
  d[1] = -2;
  if (scale_add_ratio(pair, 2, outputs, 4, &n) != 0) {
    printf("ratio failed: %s\n", scale_add_last_error());
    return 1;
  }
  const int32_t* q = (const int32_t*)outputs[0]->dl_tensor.data;
  if (n != 1 || q[0] != 3 || q[1] != 3) {
    printf("ratio gave %d, %d, expected 3, 3\n", q[0], q[1]);
    return 1;
  }
  outputs[0]->deleter(outputs[0]);
  printf("ok\n");
  return 0;
}
