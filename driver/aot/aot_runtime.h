// The runtime of modules compiled ahead of time (`rlx compile FILE -o lib.so`, spec
// codegen.cpu.aot): what the library `rlx compile` links calls. The library's generated entry
// points (one per Relax function, declared in its generated C header) call rlx_aot_run with the
// image of the object file's tables (compiler/codegen/cpu_object.h); the first call parses the
// module text, checks it and lays it out, so that the compiled code's sites are this module's.
#pragma once

#include <dlpack/dlpack.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The tables of one compiled object (cpu_object.h), as the generated C file collects them.
typedef struct RlxAotImage {
  const char* module_text;
  void* const* functions;
  const int64_t* num_functions;
  void* const* kernels;
  const char* const* kernel_names;
  const int64_t* num_kernels;
  const int64_t* layout;
} RlxAotImage;

/// Runs Relax function `function` of the image's module on `inputs` (one per parameter: a
/// tensor's DLTensor; a 0-d tensor for an R.Prim, a 1-d int64 tensor for an R.Shape; CPU,
/// compact). Returns 0 with the result's tensors in outputs[0, *num_outputs) (a tuple's fields in
/// order, nested tuples flattened; a prim value as a 0-d tensor, a shape as a 1-d int64 tensor;
/// each released by calling its deleter), or 1 with *error set to "CODE: message" (valid until
/// the thread's next call): a trap, an exhaustion, or an argument that does not fit.
int rlx_aot_run(const RlxAotImage* image, const char* function, const DLTensor* inputs, int num_inputs,
                DLManagedTensor** outputs, int max_outputs, int* num_outputs, const char** error);

#ifdef __cplusplus
}
#endif
