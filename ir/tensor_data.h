// The payload of a Constant: a dense row-major tensor of one data type.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ir/dtype.h"

namespace rlx {

/// An immutable-once-built dense tensor value (row-major, little-endian element bytes;
/// bool is one byte 0/1; float16 and bfloat16 are stored as their 16-bit patterns).
class TensorData {
 public:
  /// A zero-filled tensor.
  TensorData(DataType dtype, std::vector<int64_t> shape);
  /// A tensor whose bytes are left uninitialized, for producers that write every element.
  struct Uninitialized {};
  TensorData(DataType dtype, std::vector<int64_t> shape, Uninitialized);
  /// A view: `shape` elements of `dtype` in `base`'s bytes from byte `offset` on, which must lie
  /// within them. Writes through either are seen by both; the view keeps `base` alive.
  TensorData(DataType dtype, std::vector<int64_t> shape, std::shared_ptr<TensorData> base, size_t offset);
  /// A copy that owns its bytes (also of a view).
  TensorData(const TensorData& other);
  TensorData& operator=(const TensorData&) = delete;

  DataType dtype() const { return dtype_; }
  const std::vector<int64_t>& shape() const { return shape_; }
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t num_elements() const { return num_elements_; }
  /// The element bytes, for typed kernels (the interpreter's tensors are mutable values).
  const uint8_t* data() const { return data_; }
  uint8_t* mutable_data() { return data_; }
  /// The tensor whose bytes a view shares, or null for a tensor that owns its bytes.
  const std::shared_ptr<TensorData>& base() const { return base_; }
  /// The number of element bytes.
  size_t nbytes() const { return nbytes_; }

  /// Element i as a double (exact for every float type; integers converted).
  double GetDouble(int64_t i) const;
  /// Element i as a signed integer (uint64 values keep their bits).
  int64_t GetInt(int64_t i) const;
  /// Stores a floating value, rounded once to the dtype (floats) or truncated (ints).
  void SetDouble(int64_t i, double v);
  /// Stores an integer value, wrapping to the dtype's width (bool: v != 0).
  void SetInt(int64_t i, int64_t v);

  /// Bitwise equality of dtype, shape and bytes (so NaN payloads and -0.0 count).
  bool SameAs(const TensorData& other) const;

  /// Frees the element buffer of `bytes` bytes (tensor_bytes.h).
  struct Free {
    Free() : bytes(0) {}
    explicit Free(size_t n) : bytes(n) {}
    void operator()(uint8_t* p) const;
    size_t bytes;
  };

 private:
  DataType dtype_;
  std::vector<int64_t> shape_;
  int64_t num_elements_;
  size_t nbytes_;
  std::unique_ptr<uint8_t[], Free> bytes_;  // owned bytes (none for a view)
  std::shared_ptr<TensorData> base_;        // a view's base
  uint8_t* data_ = nullptr;                 // the first element byte
  void CountElements();
  void AllocateBytes(bool zeroed);
};

}  // namespace rlx
