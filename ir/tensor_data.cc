#include "ir/tensor_data.h"

#include <cstdlib>
#include <cstring>
#include <new>

#include "ir/base/check.h"
#include "ir/base/float_bits.h"
#include "ir/tensor_bytes.h"

namespace rlx {
namespace {

template <class T>
T Load(const uint8_t* b, int64_t i) {
  T v;
  std::memcpy(&v, b + i * sizeof(T), sizeof(T));
  return v;
}

template <class T>
void Store(uint8_t* b, int64_t i, T v) {
  std::memcpy(b + i * sizeof(T), &v, sizeof(T));
}

}  // namespace

TensorData::TensorData(DataType dtype, std::vector<int64_t> shape, Uninitialized)
    : dtype_(dtype), shape_(std::move(shape)) {
  AllocateBytes(false);
}

TensorData::TensorData(DataType dtype, std::vector<int64_t> shape) : dtype_(dtype), shape_(std::move(shape)) {
  AllocateBytes(true);
}

void TensorData::AllocateBytes(bool zeroed) {
  CountElements();
  bytes_ = std::unique_ptr<uint8_t[], Free>(AllocateTensorBytes(nbytes_, zeroed), Free(nbytes_));
  data_ = bytes_.get();
}

TensorData::TensorData(DataType dtype, std::vector<int64_t> shape, std::shared_ptr<TensorData> base,
                       size_t offset)
    : dtype_(dtype), shape_(std::move(shape)), base_(std::move(base)) {
  CountElements();
  RLX_CHECK(base_ && offset <= base_->nbytes_ && nbytes_ <= base_->nbytes_ - offset)
      << "a view beyond its base's bytes";
  data_ = base_->data_ + offset;
}

void TensorData::CountElements() {
  RLX_CHECK(dtype_ != DataType::kVoid) << "tensor data needs a dtype";
  num_elements_ = 1;
  for (int64_t d : shape_) {
    RLX_CHECK(d >= 0) << "negative dimension";
    if (d == 0) num_elements_ = 0;
  }
  // With a zero extent the others may multiply past int64 (a (2^62, 4, 0) tensor is empty).
  for (int64_t d : shape_) {
    if (num_elements_ == 0) break;
    RLX_CHECK(!__builtin_mul_overflow(num_elements_, d, &num_elements_))
        << "more than 2^63 elements";
  }
  nbytes_ = static_cast<size_t>(num_elements_) * DataTypeBytes(dtype_);
}

TensorData::TensorData(const TensorData& other)
    : TensorData(other.dtype_, other.shape_, Uninitialized{}) {
  std::memcpy(data_, other.data_, nbytes_);
}

double TensorData::GetDouble(int64_t i) const {
  switch (dtype_) {
    case DataType::kFloat16: return HalfBitsToDouble(Load<uint16_t>(data_, i));
    case DataType::kBFloat16: return BFloat16BitsToDouble(Load<uint16_t>(data_, i));
    case DataType::kFloat32: return Load<float>(data_, i);
    case DataType::kFloat64: return Load<double>(data_, i);
    case DataType::kFloat8E4M3FN: return Float8E4M3FNBitsToDouble(Load<uint8_t>(data_, i));
    case DataType::kFloat8E5M2: return Float8E5M2BitsToDouble(Load<uint8_t>(data_, i));
    case DataType::kUInt64: return static_cast<double>(Load<uint64_t>(data_, i));
    default: return static_cast<double>(GetInt(i));
  }
}

int64_t TensorData::GetInt(int64_t i) const {
  switch (dtype_) {
    case DataType::kBool: return Load<uint8_t>(data_, i) != 0;
    case DataType::kInt8: return Load<int8_t>(data_, i);
    case DataType::kInt16: return Load<int16_t>(data_, i);
    case DataType::kInt32: return Load<int32_t>(data_, i);
    case DataType::kInt64: return Load<int64_t>(data_, i);
    case DataType::kUInt8: return Load<uint8_t>(data_, i);
    case DataType::kUInt16: return Load<uint16_t>(data_, i);
    case DataType::kUInt32: return Load<uint32_t>(data_, i);
    case DataType::kUInt64: return static_cast<int64_t>(Load<uint64_t>(data_, i));
    default: return static_cast<int64_t>(GetDouble(i));
  }
}

void TensorData::SetDouble(int64_t i, double v) {
  switch (dtype_) {
    case DataType::kFloat16: Store<uint16_t>(data_, i, DoubleToHalfBits(v)); return;
    case DataType::kBFloat16: Store<uint16_t>(data_, i, DoubleToBFloat16Bits(v)); return;
    case DataType::kFloat32: Store<float>(data_, i, static_cast<float>(v)); return;
    case DataType::kFloat64: Store<double>(data_, i, v); return;
    case DataType::kFloat8E4M3FN: Store<uint8_t>(data_, i, DoubleToFloat8E4M3FNBits(v)); return;
    case DataType::kFloat8E5M2: Store<uint8_t>(data_, i, DoubleToFloat8E5M2Bits(v)); return;
    default: SetInt(i, static_cast<int64_t>(v)); return;
  }
}

void TensorData::SetInt(int64_t i, int64_t v) {
  switch (dtype_) {
    case DataType::kBool: Store<uint8_t>(data_, i, v != 0); return;
    case DataType::kInt8: Store<int8_t>(data_, i, static_cast<int8_t>(v)); return;
    case DataType::kInt16: Store<int16_t>(data_, i, static_cast<int16_t>(v)); return;
    case DataType::kInt32: Store<int32_t>(data_, i, static_cast<int32_t>(v)); return;
    case DataType::kInt64: Store<int64_t>(data_, i, v); return;
    case DataType::kUInt8: Store<uint8_t>(data_, i, static_cast<uint8_t>(v)); return;
    case DataType::kUInt16: Store<uint16_t>(data_, i, static_cast<uint16_t>(v)); return;
    case DataType::kUInt32: Store<uint32_t>(data_, i, static_cast<uint32_t>(v)); return;
    case DataType::kUInt64: Store<uint64_t>(data_, i, static_cast<uint64_t>(v)); return;
    default: SetDouble(i, static_cast<double>(v)); return;
  }
}

void TensorData::Free::operator()(uint8_t* p) const { ReleaseTensorBytes(p, bytes); }

bool TensorData::SameAs(const TensorData& other) const {
  return dtype_ == other.dtype_ && shape_ == other.shape_ &&
         std::memcmp(data_, other.data_, nbytes_) == 0;
}

}  // namespace rlx
