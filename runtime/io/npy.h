// NumPy .npy files (format versions 1.0, 2.0 and 3.0): reading any array of a dtype rlx has
// (either byte order, C or Fortran order) and writing little-endian C-order version 1.0 files
// that numpy reads back unchanged. bfloat16 and the float8 types, which numpy lacks, are written as float32 (exact).
#pragma once

#include <memory>
#include <string>

#include "ir/tensor_data.h"

namespace rlx::runtime {

/// Parses .npy bytes; nullptr with `error` set on a malformed or unsupported file. Arrays
/// larger than `max_bytes` are rejected too.
std::shared_ptr<TensorData> ReadNpy(const std::string& bytes, std::string* error,
                                    int64_t max_bytes = int64_t{1} << 30);
/// Reads the .npy file at `path`: its header first, checked against `max_bytes`, then exactly
/// the data bytes it declares (a longer file, or one that never ends, is an error, never read
/// whole). nullptr with `error` set ("cannot read 'P': ..." or "'P': why") otherwise.
std::shared_ptr<TensorData> ReadNpyFile(const std::string& path, std::string* error,
                                        int64_t max_bytes = int64_t{1} << 30);
/// The .npy bytes of a tensor.
std::string WriteNpy(const TensorData& t);

}  // namespace rlx::runtime
